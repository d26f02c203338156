"""Bots that see only a seat's view. ``make(name, game)`` builds one by name:

- ``random`` — uniform among the legal actions;
- ``easy``, ``medium`` — the game's heuristic player (easy forgets and blunders);
- ``hard`` — ISMCTS guided by the game's heuristic, bounded by time per move;
- ``ismcts:N`` — ISMCTS with exactly N simulations per move (for experiments).

Per-game knowledge lives in ``cardtable.bots.<game>`` modules, found by game name: each
may define ``easy(game)``, ``medium(game)``, ``rollout_policy`` and ``evaluate``."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from cardtable.bots.base import Bot, RandomBot
from cardtable.bots.ismcts import SearchLimits, random_policy
from cardtable.bots.search import IsmctsBot
from cardtable.core import Game, InvalidOptions

LEVELS = ("easy", "medium", "hard")
NAMES = ("random", *LEVELS, "ismcts:N")
HARD_SECONDS = 1.0


def heuristics(game: Game[Any]) -> ModuleType | None:
    """The game's heuristic module, if it has one."""
    try:
        return importlib.import_module(f"cardtable.bots.{game.name}")
    except ModuleNotFoundError as error:
        if error.name != f"cardtable.bots.{game.name}":
            raise
        return None


def make(name: str, game: Game[Any], seconds: float | None = None) -> Bot:
    """The bot called ``name`` for ``game``; ``seconds`` caps a search bot's time per move.
    An unknown name raises ``InvalidOptions``."""
    if not isinstance(name, str):
        raise InvalidOptions(f"A bot name must be text, one of: {', '.join(NAMES)}")
    if name == "random":
        return RandomBot()
    module = heuristics(game)
    if name in ("easy", "medium") and module is not None and hasattr(module, name):
        bot: Bot = getattr(module, name)(game)
        return bot
    if name == "hard" or name.startswith("ismcts:"):
        return search_bot(name, game, module, seconds)
    raise InvalidOptions(f"Unknown bot {name!r}; the bots are: {', '.join(available(game))}")


def search_bot(name: str, game: Game[Any], module: ModuleType | None, seconds: float | None) -> Bot:
    policy = getattr(module, "rollout_policy", random_policy)
    evaluate = getattr(module, "evaluate", None)
    # Optional per-game search knobs (see ismcts.py): where rollouts stop (a horizon, a
    # number of steps), what the tree tells apart, and hard's simulation budget (the time
    # cap stays a safety net).
    extra: dict[str, Any] = {
        "horizon": getattr(module, "rollout_horizon", None),
        "observe": getattr(module, "observe", None),
        "depth": getattr(module, "tree_depth", None),
        "root_actions": getattr(module, "root_actions", None),
        "sample": getattr(module, "determinize", None),
        "exploration": getattr(module, "exploration", None),
        # A flat search may compare root actions on common random numbers (see ismcts.py).
        "paired": bool(getattr(module, "paired", False)),
        "confidence": float(getattr(module, "confidence", 0.0)),
    }
    if name == "hard":
        budget = getattr(module, "hard_iterations", SearchLimits.iterations)  # or per game
        limits = SearchLimits(
            iterations=budget(game) if callable(budget) else budget,
            seconds=HARD_SECONDS if seconds is None else seconds,
            rollout_steps=getattr(module, "rollout_steps", SearchLimits.rollout_steps),
        )
        return IsmctsBot("hard", game, limits, policy, evaluate, **extra)
    count = name.partition(":")[2]
    if not count.isdigit() or int(count) < 1:
        raise InvalidOptions(f"ismcts:N needs a positive whole number of simulations, got {name!r}")
    limits = SearchLimits(
        iterations=int(count),
        seconds=float("inf") if seconds is None else seconds,
        rollout_steps=getattr(module, "rollout_steps", SearchLimits.rollout_steps),
    )
    return IsmctsBot(name, game, limits, policy, evaluate, **extra)


def available(game: Game[Any]) -> list[str]:
    """The bot names this game offers."""
    module = heuristics(game)
    levels = [lvl for lvl in ("easy", "medium") if module is not None and hasattr(module, lvl)]
    return ["random", *levels, "hard", "ismcts:N"]


__all__ = ["LEVELS", "NAMES", "Bot", "RandomBot", "available", "make"]

"""Bots that see only a seat's view. ``make(name, game)`` builds one by name:

- ``random`` — uniform among the legal actions;
- ``easy``, ``medium`` — the game's heuristic player (easy forgets and blunders);
- ``hard`` — ISMCTS guided by the game's heuristic, bounded by time per move;
- ``ismcts:N`` — ISMCTS with exactly N simulations per move (for experiments).

A caller that runs bots for others (the server) passes ``Caps``: the most simulations and
seconds of search one move may cost, whatever the name asks for.

Per-game knowledge comes from the game's package (``cardtable.games.package``): its bot
``levels`` and the ``SearchHooks`` that guide the search."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable import games
from cardtable.bots.base import Bot, RandomBot
from cardtable.bots.ismcts import SearchLimits, random_policy
from cardtable.bots.search import IsmctsBot
from cardtable.core import Game, InvalidOptions
from cardtable.core.package import BotFactory, SearchHooks

LEVELS = ("easy", "medium", "hard")
NAMES = ("random", *LEVELS, "ismcts:N")
HARD_SECONDS = 1.0
SEARCH_PREFIX = "ismcts:"
# ismcts:N with a longer N is refused before it is read as a number (Python refuses to read
# over 4,300 digits, and no search runs 10**18 simulations).
MAX_DIGITS = 18


@dataclass(frozen=True)
class Caps:
    """The most one bot move may cost: simulations and seconds of search. A name asking
    for more (``ismcts:N``) is held to them; a cap of ``seconds`` also bounds ``hard``."""

    simulations: int
    seconds: float


def levels(game: Game[Any]) -> dict[str, BotFactory]:
    """The game's heuristic bot levels by name."""
    return dict(games.package(game.name).levels)


def hooks(game: Game[Any]) -> SearchHooks:
    """What guides the search for this game."""
    return games.package(game.name).search


def make(
    name: str,
    game: Game[Any],
    seconds: float | None = None,
    *,
    caps: Caps | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Bot:
    """The bot called ``name`` for ``game``; ``seconds`` caps a search bot's time per move,
    ``caps`` (if given) bounds what any search may cost, and a search reads ``clock`` for
    its time cap. An unknown name raises ``InvalidOptions``."""
    if not isinstance(name, str):
        raise InvalidOptions(f"A bot name must be text, one of: {', '.join(NAMES)}")
    if name == "random":
        return RandomBot()
    heuristic = levels(game).get(name) if name in ("easy", "medium") else None
    if heuristic is not None:
        bot: Bot = heuristic(game)
        return bot
    if name == "hard" or name.startswith(SEARCH_PREFIX):
        found = hooks(game)
        return search_bot(name, game, found, limits(name, game, found, seconds, caps), clock)
    raise InvalidOptions(
        f"Unknown bot {shorten(name)!r}; the bots are: {', '.join(available(game))}"
    )


def simulations(name: str) -> int | None:
    """The N of ``ismcts:N`` (None for any other name); a malformed N raises
    ``InvalidOptions``."""
    if not name.startswith(SEARCH_PREFIX):
        return None
    count = name[len(SEARCH_PREFIX) :]
    # isdigit alone lets through digits int() refuses (superscripts) or reads (other
    # scripts): only ASCII digits are a number of simulations.
    if not (count.isascii() and count.isdigit()) or len(count) > MAX_DIGITS or int(count) < 1:
        raise InvalidOptions(
            f"ismcts:N needs a positive whole number of simulations (at most {MAX_DIGITS} "
            f"digits), got {shorten(name)!r}"
        )
    return int(count)


def shorten(text: str, most: int = 40) -> str:
    """``text`` cut to ``most`` characters for an error message: a refusal must not echo
    a client's megabyte back."""
    return text if len(text) <= most else f"{text[:most]}…"


def limits(
    name: str, game: Game[Any], hooks: SearchHooks, seconds: float | None, caps: Caps | None
) -> SearchLimits:
    """What the search bot ``name`` may spend per move, held to ``caps``."""
    steps = SearchLimits.rollout_steps if hooks.rollout_steps is None else hooks.rollout_steps
    asked = simulations(name)
    if asked is None:  # hard: the game's simulation budget (the time cap is a safety net)
        budget = SearchLimits.iterations if hooks.hard_iterations is None else hooks.hard_iterations
        asked = budget(game) if callable(budget) else budget
        time_cap = HARD_SECONDS if seconds is None else seconds
    else:  # ismcts:N runs its N simulations, unless told a time cap
        time_cap = float("inf") if seconds is None else seconds
    if caps is not None:
        asked, time_cap = min(asked, caps.simulations), min(time_cap, caps.seconds)
    return SearchLimits(iterations=asked, seconds=time_cap, rollout_steps=steps)


def search_bot(
    name: str,
    game: Game[Any],
    hooks: SearchHooks,
    limits: SearchLimits,
    clock: Callable[[], float] = time.perf_counter,
) -> Bot:
    # The game's search knobs (see ismcts.py): where rollouts stop (a horizon, a number
    # of steps), what the tree tells apart, and a flat search on common random numbers.
    return IsmctsBot(
        name,
        game,
        limits,
        hooks.rollout_policy or random_policy,
        hooks.evaluate,
        horizon=hooks.rollout_horizon,
        observe=hooks.observe,
        depth=hooks.tree_depth,
        root_actions=hooks.root_actions,
        sample=hooks.determinize,
        exploration=hooks.exploration,
        paired=hooks.paired,
        confidence=hooks.confidence,
        clock=clock,
    )


def available(game: Game[Any]) -> list[str]:
    """The bot names this game offers."""
    own = levels(game)
    return ["random", *(lvl for lvl in ("easy", "medium") if lvl in own), "hard", "ismcts:N"]


__all__ = ["LEVELS", "NAMES", "Bot", "Caps", "RandomBot", "available", "make", "simulations"]

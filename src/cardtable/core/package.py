"""A game package: the one typed record the registry hands out for each game
(``cardtable.games.package(name)``), so that generic code (the search, the research
adapters, the server, the CLI, the web shell) reaches what a game knows through it and
never by importing a module named after the game (docs/architecture.md, "A game package").

Core imports nothing above it, so the record names its adapters by type only where the
type lives here; an adapter that needs the research extras (numpy) is named by a string
``"module:attr"`` and imported on first use (``resolve``), so loading a game or its bots
never imports numpy."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.core.game import Game, State

# The search's hooks, as ``cardtable.bots.ismcts`` and ``cardtable.bots.search`` read them
# (declared here because core may not import bots).

# A rollout policy picks an action for ``seat`` in a *sampled* state; it may look at the
# whole sample (it is the bot's own imagination, drawn from its view).
RolloutPolicy = Callable[[State[Any], int, Sequence[Any], random.Random], Any]
# A sampler draws the full states a search imagines from the bot's view; by default the
# game's own ``determinize`` (a game's knowledge may weight the draw, e.g. by what other
# players are likely to have kept, as long as every sample stays consistent with the view).
Sampler = Callable[[Game[Any], Mapping[str, Any], int, random.Random], State[Any]]
# An evaluation gives every seat a reward in [0, 1] for a sampled state that is not over
# (a rollout cut short) or is over.
Evaluator = Callable[[State[Any]], Sequence[float]]
# A horizon names the stretch of play a state is in (a round, a hand): a rollout stops as
# soon as it changes from the iteration's start, and ``evaluate`` values the state there.
Horizon = Callable[[State[Any]], Hashable]
# What the seat about to act has privately observed that the tree should tell apart (a
# card it has just drawn), or None: below the root, the tree keeps one node per
# observation, so a decision made after a chance event is not averaged over its outcomes.
Observer = Callable[[State[Any], int], Hashable | None]
# The root actions worth searching, chosen from the bot's view among the legal ones (a
# game's knowledge may leave out moves it knows are never good); never empty.
RootActions = Callable[[Game[Any], Mapping[str, Any], Sequence[Any]], Sequence[Any]]
# The steps in which a person picks an action in the terminal (``cardtable.cli.menu.Paths``):
# ``(legal, limit) -> (action, path)`` pairs.
MenuPaths = Callable[[Sequence[Any], int], Iterable[tuple[Any, Any]]]
# A bot level builds a bot (``cardtable.bots.base.Bot``: ``act(view, legal, rng)``) for a game.
BotFactory = Callable[[Game[Any]], Any]


@dataclass(frozen=True)
class SearchHooks:
    """What guides the generic ISMCTS of ``hard`` and ``ismcts:N`` for one game; every
    field is optional and None means the search's own default (see ``bots/ismcts.py``)."""

    rollout_policy: RolloutPolicy | None = None
    evaluate: Evaluator | None = None
    # where rollouts stop: a change of horizon, or a number of steps
    rollout_horizon: Horizon | None = None
    rollout_steps: int | None = None
    observe: Observer | None = None
    tree_depth: int | None = None
    root_actions: RootActions | None = None
    determinize: Sampler | None = None
    exploration: float | None = None
    # a flat search comparing root actions on common random numbers, keeping the
    # heuristic's choice unless another is better with this confidence
    paired: bool = False
    confidence: float = 0.0
    # hard's simulation budget (a number, or one worked out from the game's options)
    hard_iterations: int | Callable[[Game[Any]], int] | None = None


# A review's value of one rollout for ``seat``, in the game's own units: ``root`` is the
# state at the decision (a sample drawn from the seat's view, or the true state for the
# hindsight line) and ``end`` where the rollout stopped (over, past the horizon, or cut
# after ``ReviewSpec.steps`` moves).
ReviewValue = Callable[[State[Any], State[Any], int], float]


@dataclass(frozen=True)
class ReviewSpec:
    """How ``cardtable.review`` values and marks a seat's decisions in this game
    (docs/review.md): the unit of its values, which way is better, the marks' thresholds
    and how a rollout is valued. The default (a game that says nothing, such as
    tests/fifth_game) is the seat's chance to win, rollouts played to the end."""

    unit: str = "win probability"
    higher_is_better: bool = True
    # The most value a decision may lose against the best one found and still be marked
    # best, good, inaccuracy, mistake (in ``unit``); a greater loss is a blunder.
    thresholds: tuple[float, float, float, float] = (0.01, 0.03, 0.08, 0.16)
    # None: the seat's share of the win at the end (its search evaluation if cut short)
    value: ReviewValue | None = None
    # a rollout stops when this changes from the decision's (a round, a hand) and is
    # valued there; None: at the end of the game
    horizon: Horizon | None = None
    # a rollout is cut after this many moves and valued where it stands
    steps: int = 400
    # the imagined states a review draws from the seat's view; None: the game's search
    # sampler. A game whose search models the bots it meets (Cambio's hard) gives one
    # that plays every seat as its reference player, so that a mark measures the move,
    # not a guess about who the opponent was.
    determinize: Sampler | None = None


@dataclass(frozen=True)
class Lab:
    """One calculator of a game's learn pages, served at ``POST /api/labs/<game>/<id>``:
    ``body`` is the request body's model (a pydantic model class, which caps every number
    and list a client sends) and ``run`` answers a valid body, raising ``ValueError`` that
    names a bad input (the server answers 422 ``bad_lab_input``)."""

    body: type[Any]
    run: Callable[[Any], dict[str, Any]]


@dataclass(frozen=True)
class GamePackage:
    """Everything generic code may know of one game."""

    name: str
    game: type[Game[Any]]
    # the heuristic bot levels by name ("easy", "medium"); "random" and the search
    # levels are generic and need no entry
    levels: Mapping[str, BotFactory] = field(default_factory=dict)
    search: SearchHooks = SearchHooks()
    # a long menu chosen in steps in the terminal (None: a flat, paged list)
    menu_paths: MenuPaths | None = None
    # "module:attr" of the research encoder's class (imports numpy: loaded on first use)
    encoder: str | None = None
    # "module:attr" of the learn pages' calculators by id (a ``Mapping[str, Lab]``)
    labs: str | None = None
    # "module:attr" of the tutorial scenarios (a list of ``Scenario``)
    scenarios: str | None = None
    # the browser renderer and rules content, served at /games/<name>/
    static: Path | None = None
    # where the home page and the lobby list it (lower first; ties by name)
    order: int = 100
    # the fan of cards on its home-page tile, as the browser's cards.js names them ("Kh",
    # "??" for a face-down card, a game's own codes such as Cabo's numbers)
    sample_cards: tuple[str, ...] = ()
    # the gauntlet's opponent styles by name (``cardtable gauntlet``, docs/bots/gauntlet.md);
    # never bot levels: ``bots.make``, the server and ``play`` do not read them. An
    # opponent with a ``watch(state)`` method reads the true state (the cheater).
    opponents: Mapping[str, BotFactory] = field(default_factory=dict)
    # how a game review values and marks decisions (``cardtable.review``, docs/review.md)
    review: ReviewSpec = ReviewSpec()


def resolve(reference: str) -> Any:
    """The object a ``"module:attr"`` reference names, imported now."""
    module_name, _, attr = reference.partition(":")
    return getattr(importlib.import_module(module_name), attr)

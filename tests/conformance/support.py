"""Shared machinery of the conformance suite: seeded random playouts and snapshots of
everything a state shows, so "changes nothing" can be checked exactly."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardtable import games
from cardtable.core import Game, Option, State

# Random playouts must end; a game that does not end within this many decisions is a bug
# (no game here needs more than a few thousand, Cabo's rounds to 100 included).
MAX_STEPS = 20_000


def option_cases(name: str) -> list[dict[str, object]]:
    """The default options, then every declared value of every option, one at a time."""
    cases: list[dict[str, object]] = [{}]
    for option in games.game_class(name).OPTIONS:
        for value in option.values():
            if value != option.default:
                cases.append({option.name: value})
    return cases


def random_options(name: str, rng: random.Random) -> dict[str, object]:
    """A random combination of every option of a game."""
    return {o.name: rng.choice(o.values()) for o in games.game_class(name).OPTIONS}


def options_of(name: str) -> tuple[Option, ...]:
    return games.game_class(name).OPTIONS


@dataclass
class Step:
    index: int
    state: State[Any]
    seat: int
    action: Any


def choose(state: State[Any], rng: random.Random) -> tuple[int, Any]:
    """A uniformly random seat among those to act, and a uniformly random legal action."""
    seats = state.to_act
    assert seats, "a game that is not over must have a seat to act"
    seat = rng.choice(seats)
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is to act but has no legal action"
    return seat, rng.choice(legal)


def playout(state: State[Any], rng: random.Random) -> Iterator[Step]:
    """Play random legal actions to the end, yielding each step *before* its action is
    applied."""
    for index in range(MAX_STEPS):
        if state.is_over():
            return
        seat, action = choose(state, rng)
        yield Step(index, state, seat, action)
        state.apply(seat, action)
    raise AssertionError(f"game did not end within {MAX_STEPS} random decisions")


def views(state: State[Any]) -> list[dict[str, Any]]:
    """Every seat's view and the spectator's."""
    return [state.view(seat) for seat in [*range(state.players), None]]


def snapshot(state: State[Any]) -> str:
    """Everything observable about a state, as one comparable string."""
    legal = {
        seat: [state.game.action_to_json(a) for a in state.legal_actions(seat)]
        for seat in range(state.players)
    }
    everything = {
        "full": state.full_view(),
        "views": views(state),
        "to_act": list(state.to_act),
        "over": state.is_over(),
        "legal": legal,
    }
    return json.dumps(everything, sort_keys=True)


def json_round_trip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def new_game(name: str, options: dict[str, object]) -> Game[Any]:
    return games.load(name, **options)

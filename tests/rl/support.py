"""Option sets the research tests run over: each game's defaults plus the variants that
change the encoding or the index space (players, snapping, decks, caravan depth)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cardtable.core import State

CASES: list[tuple[str, dict[str, object]]] = [
    ("cambio", {}),
    ("cambio", {"snap": "anytime", "players": 3}),
    ("cambio", {"players": 2, "initial_peek": "choose_two", "king_any_order": True}),
    ("cambio", {"players": 6, "snap": "anytime", "lock_caller": True}),
    ("cabo", {}),
    ("cabo", {"players": 2, "initial_peek": "choose_two", "deck_out": "reshuffle"}),
    ("cabo", {"players": 5, "lock_caller": True, "rounds": 2}),
    ("gandengyan", {}),
    ("gandengyan", {"players": 2}),
    ("gandengyan", {"players": 3, "triple_is_bomb": True, "min_consecutive_pairs": 3}),
    ("caravan", {}),
    ("caravan", {"double_deck": True, "queen_anywhere": True}),
    ("caravan", {"short_deck": True, "reshuffle": True, "unlimited_attachments": True}),
]

# One option set per game, for the slower framework checks.
DEFAULTS: list[tuple[str, dict[str, object]]] = [
    ("cambio", {"snap": "anytime"}),
    ("cabo", {"players": 3}),
    ("gandengyan", {}),
    ("caravan", {}),
]


def case_id(case: tuple[str, dict[str, object]]) -> str:
    name, options = case
    return name + "".join(f"-{k}={v}" for k, v in options.items())


def random_walk(state: State[Any], rng: random.Random, limit: int = 5000) -> Iterator[None]:
    """Random legal moves to the end (a random seat among those to act), yielding before
    each move."""
    for _ in range(limit):
        if state.is_over():
            return
        yield
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, rng.choice(legal))

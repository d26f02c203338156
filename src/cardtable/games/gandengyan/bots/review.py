"""How a game review values Gan Deng Yan's decisions (docs/review.md): the points the hand
adds to the seat's total (higher is better). A match runs over several hands; each
decision is valued over the rest of its own hand."""

from __future__ import annotations

from typing import Any

from cardtable.core import State
from cardtable.core.package import ReviewSpec
from cardtable.games.gandengyan.bots.search import own


def value(root: State[Any], end: State[Any], seat: int) -> float:
    """What the seat's total gained since the decision (0 for a rollout cut inside the
    hand, which the step cap makes rare: a hand ends within a few dozen plays)."""
    return float(own(end).totals[seat] - own(root).totals[seat])


def horizon(state: State[Any]) -> int:
    return own(state).hand_no


SPEC = ReviewSpec(
    unit="points this hand (higher is better)",
    higher_is_better=True,
    # A loser pays a point per card left, doubled by bombs and jokers: a few points
    # separate a careful play from a careless one.
    thresholds=(0.25, 1.0, 2.5, 5.0),
    value=value,
    horizon=horizon,
    steps=400,
)

"""How a game review values Cabo's decisions (docs/review.md): the points the round adds
to the seat's total (lower is better). A game runs over many rounds; each decision is
valued over the rest of its own round, which is what it can change."""

from __future__ import annotations

from typing import Any

from cardtable.core import State
from cardtable.core.package import ReviewSpec
from cardtable.games.cabo.bots.search import own, reference_sample


def value(root: State[Any], end: State[Any], seat: int) -> float:
    """What the seat's total gained since the decision; a rollout cut inside the round
    counts the seat's row as it stands (the round scored now)."""
    before, after = own(root), own(end)
    if after.round != before.round or after.is_over():
        return float(after.totals[seat] - before.totals[seat])
    return float(sum(after.rows[seat]))


def horizon(state: State[Any]) -> int:
    return own(state).round


SPEC = ReviewSpec(
    unit="points this round (lower is better)",
    higher_is_better=False,
    thresholds=(0.25, 1.0, 3.0, 6.0),
    value=value,
    horizon=horizon,
    steps=300,
    # against medium at every seat, as Cambio's review: not hard's guess at the opponents'
    # styles, so that a mark does not change with the population hard was fitted on
    determinize=reference_sample,
)

"""How a game review values Cambio's decisions (docs/review.md): the seat's card total at
the end of the game, lower is better, rollouts played to the end (one round: a call ends
it within a turn of every seat)."""

from __future__ import annotations

from typing import Any

from cardtable.core import State
from cardtable.core.package import ReviewSpec
from cardtable.games.cambio.bots.search import own, reference_sample


def value(root: State[Any], end: State[Any], seat: int) -> float:
    """The seat's card total where the rollout stopped (its score if the game is over)."""
    return float(own(end).scores()[seat])


SPEC = ReviewSpec(
    unit="points (card total, lower is better)",
    higher_is_better=False,
    # Valued at the end of the game, a poor card kept is mostly put right later (at the
    # cost of a turn): keeping a drawn King of spades (10) over a known Ace (1) costs
    # about 1 point of the final total (measured: 1.00 ± 0.19), a mistake.
    thresholds=(0.1, 0.25, 0.5, 1.0),
    value=value,
    steps=600,
    # against medium at every seat, not hard's guess at the opponents' styles: with the
    # gauntlet's mix of styles the same blunder read about half as costly, and a mark
    # would change with the population the bots were tuned on
    determinize=reference_sample,
)

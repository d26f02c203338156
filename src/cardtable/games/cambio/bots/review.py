"""How a game review values Cambio's decisions (docs/review.md): the seat's card total at
the end of the game, lower is better, rollouts played to the end (one round: a call ends
it within a turn of every seat)."""

from __future__ import annotations

from typing import Any

from cardtable.core import State
from cardtable.core.package import ReviewSpec
from cardtable.games.cambio.bots.search import own


def value(root: State[Any], end: State[Any], seat: int) -> float:
    """The seat's card total where the rollout stopped (its score if the game is over)."""
    return float(own(end).scores()[seat])


SPEC = ReviewSpec(
    unit="points (card total, lower is better)",
    higher_is_better=False,
    # A card total runs about 0 to 40; keeping a King of spades (10) over a known Ace (1)
    # costs about 9 points, a blunder.
    thresholds=(0.25, 1.0, 2.5, 5.0),
    value=value,
    steps=600,
)

"""How a game review values Caravan's decisions (docs/review.md): the seat's chance to
win. A game is long and a heuristic's rollout to the end slow and noisy, so a rollout
plays ``STEPS`` moves and the search's own evaluation gives the chance from there."""

from __future__ import annotations

from typing import Any

from cardtable.core import State
from cardtable.core.package import ReviewSpec
from cardtable.games.caravan.bots.search import ROLLOUT_PLIES, determinize, evaluate

# The hard bot's own rollout length: measured against 24 moves (docs/review.md), the
# values' standard errors fell from about 0.035 to 0.01 at the same budget, a third of
# the CPU; with no moves the review only repeats the heuristic's pick.
STEPS = ROLLOUT_PLIES


def value(root: State[Any], end: State[Any], seat: int) -> float:
    return float(evaluate(end)[seat])


SPEC = ReviewSpec(
    unit="win probability",
    higher_is_better=True,
    thresholds=(0.01, 0.03, 0.08, 0.16),
    value=value,
    steps=STEPS,
    # the search's sample without the opponent's style (search.sample): the review
    # values a decision against medium, as it always has
    determinize=determinize,
)

"""How a game review values Gan Deng Yan's decisions (docs/review.md): the points the hand
adds to the seat's total (higher is better). A match runs over several hands; each
decision is valued over the rest of its own hand.

A rollout plays ``STEPS`` moves (a few tricks) and, if the hand is still on, values it as
its expected points: each seat's chance to go out first (the search's own evaluation)
times what the seat would then collect or pay for the cards held now. Played to the
hand's end, one rollout's points spread over tens (a loser's cards, doubled per bomb and
joker), so a decision's value needed thousands of rollouts to settle; the expectation at a
few tricks spreads far less (measured in docs/review.md)."""

from __future__ import annotations

from typing import Any

from cardtable.core import State
from cardtable.core.package import ReviewSpec
from cardtable.games.gandengyan.bots.search import determinize, evaluate, own
from cardtable.games.gandengyan.scoring import hand_payment, is_shut_out
from cardtable.games.gandengyan.state import GanDengYanState

# Two plays a seat: measured against 12 and a full hand (docs/review.md), the fewer moves
# the steadier the values; with none the review only repeats the rollout heuristic's pick.
STEPS = 4


def value(root: State[Any], end: State[Any], seat: int) -> float:
    """What the seat's total gained since the decision: the real points when the hand
    ended, else the hand's expected points from where the rollout stopped."""
    before, after = own(root), own(end)
    if after.is_over() or after.hand_no != before.hand_no:
        return float(after.totals[seat] - before.totals[seat])
    return expected_points(after, seat)


def expected_points(state: GanDengYanState, seat: int) -> float:
    """Σ over winners w of P(w goes out first) × the seat's points if w does, paid on the
    cards every loser holds now (the bombs so far; shut out if it has not played)."""
    chances = evaluate(state)
    pays = [
        hand_payment(
            state.hands[s],
            state.bombs,
            is_shut_out(s == state.dealer, state.plays[s]),
            state.gdy.scoring,
        )
        for s in range(state.players)
    ]
    total = 0.0
    for winner, chance in enumerate(chances):
        if winner == seat:
            total += chance * sum(p for s, p in enumerate(pays) if s != seat)
        else:
            total -= chance * pays[seat]
    return total


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
    steps=STEPS,
    # against medium at every seat (the plain sample, not search.sample_with_styles), as
    # in the other games: a mark must not change with the population hard imagines
    determinize=determinize,
)

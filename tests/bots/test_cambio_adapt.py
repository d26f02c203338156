"""Cambio's hard adapts (issue #24): its opponent model moves on what the view shows an
opponent has done, its rollouts play each opponent in a style drawn from that model, and
it all depends on the view alone (the same view and seed, the same choice)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import bots, games
from cardtable.games.cambio.actions import DRAW, Snap
from cardtable.games.cambio.bots import adapt, search
from cardtable.games.cambio.bots.knowledge import FULL_DECK, HAND

from .support import assert_reproducible, pure_view

OPTIONS = {"players": 2, "snap": "own_turn", "lock_caller": True}


def position(turns: int, opponent_cards: int = HAND, caller: int | None = None) -> Any:
    """A deal after about ``turns`` turns each (the cards drawn gone to the discard), seat 1
    holding ``opponent_cards`` (penalty cards from the deck) and ``caller`` having called."""
    state = games.load("cambio", **OPTIONS).new_state(seed=3)
    for _ in range(opponent_cards - HAND):
        state.hands[1].append(state.deck.pop())
        state.known[1].append(0)
    state.discard.extend(state.deck[: 2 * turns])
    del state.deck[: 2 * turns]
    state.caller = caller
    return state


def table(turns: int, opponent_cards: int = HAND, caller: int | None = None) -> dict[str, Any]:
    """Seat 0's view of ``position``."""
    return pure_view(position(turns, opponent_cards, caller), 0)


def weight(view: dict[str, Any], style: str) -> float:
    return adapt.posterior(view, 1)[adapt.NAMES.index(style)]


def test_with_nothing_shown_the_model_is_its_prior() -> None:
    assert adapt.posterior(table(0), 1) == pytest.approx(adapt.PRIOR)
    assert adapt.likeliest(table(0), 1) == "medium"


def test_an_opponent_whose_hand_keeps_growing_reads_swap_blind() -> None:
    # Three penalty cards in four turns: wrong snaps, which only swap_blind makes.
    assert weight(table(4, opponent_cards=HAND + 3), "swap_blind") > 0.95
    assert weight(table(4), "swap_blind") < 0.05


def test_an_opponent_that_has_not_called_by_its_tenth_turn_reads_greedy_or_cautious() -> None:
    late = table(10)
    assert adapt.likeliest(late, 1) == "greedy"
    # not calling is weak evidence (medium calls late too): it moves the weights, no more
    assert weight(late, "greedy") + weight(late, "cautious") > 0.6
    odds = [weight(view, "medium") / weight(view, "greedy") for view in (table(2), late)]
    assert odds[1] < odds[0] < adapt.PRIOR[0] / adapt.PRIOR[1]


def test_an_early_call_rules_out_the_cautious_player() -> None:
    early = table(3, caller=1)
    assert weight(early, "cautious") < 0.05
    assert adapt.likeliest(early, 1) in ("medium", "snapper", "swap_blind")
    # called at its eighth turn: the first a cautious player may call on
    assert weight(table(8, caller=1), "cautious") > weight(table(8), "cautious")


def test_an_opponent_whose_hand_shrinks_fast_reads_more_like_the_seer() -> None:
    # The seer snaps every match it sees (0.166 cards a turn against medium's 0.106): two
    # cards snapped away in four turns move weight its way; none, away from it.
    shrunk = table(4)
    shrunk["hands"][1][:2] = [None, None]
    prior = adapt.PRIOR[adapt.NAMES.index("seer")]
    assert weight(shrunk, "seer") > prior > weight(table(4), "seer")


def test_the_model_reads_only_the_view() -> None:
    """Two deals that differ only in cards seat 0 has not seen give the same posterior."""
    game = games.load("cambio", **OPTIONS)
    views = [pure_view(game.new_state(seed=seed), 0) for seed in (1, 2)]
    for view in views:  # the same public traces on different hidden cards
        view["deck"] -= 8
        view["hands"][1] = view["hands"][1] + ["??"]
    assert adapt.read_table(views[0]) == adapt.read_table(views[1])


def test_rollouts_play_the_styles_drawn_from_the_posterior() -> None:
    game = games.load("cambio", **OPTIONS)
    view = table(4, opponent_cards=HAND + 3)
    assert len(view["hands"][1]) == HAND + 3
    drawn = [
        search.style_of(search.determinize(game, view, 0, random.Random(seed)), 1).name
        for seed in range(40)
    ]
    assert drawn.count("swap_blind") >= 36
    # the searching seat plays its own rollouts as medium
    sample = search.determinize(game, view, 0, random.Random(1))
    assert search.style_of(sample, 0).name == "medium"
    assert search.style_of(sample.clone(), 1) == search.style_of(sample, 1)


def test_a_seer_rollout_player_snaps_a_card_it_never_saw() -> None:
    """The seer style reads every card of the sample, as the gauntlet's seer and cheater
    read the table: at its turn it snaps its own 5, which matches the discard, though it
    never looked at it, where medium, knowing only its K and Q, draws. The sample's own
    knowledge bits are left as they were."""
    game = games.load("cambio", **OPTIONS)
    mine, theirs = ["5c", "8c", "Kd", "Qs"], ["2s", "3s", "4s", "6s"]
    rest = [c for c in FULL_DECK if c not in (*mine, *theirs, "5h")]
    state = game.new_state(seed=1, deck=[*mine, *theirs, "5h", *rest])
    assert state.current == 0 and state.discard == ["5h"]
    assert state.known[0] == [0, 0, 1, 1]  # seat 0 has seen its K and Q only
    known = [list(row) for row in state.known]
    legal = state.legal_actions(0)
    seer, medium = (adapt.STYLES[adapt.NAMES.index(name)] for name in ("seer", "medium"))
    state.search_styles = (seer, medium)
    assert search.rollout_policy(state, 0, legal, random.Random(1)) == Snap(seat=0, slot=0)
    assert state.known == known
    state.search_styles = (medium, medium)
    assert search.rollout_policy(state, 0, legal, random.Random(1)) == DRAW


def call_position(turns: float) -> Any:
    """A sample where seat 0 holds a known 2-point hand at its turn, ``turns`` in."""
    return known_hand(["Ah", "Ac", "As", "Kh"], turns)  # 1 + 1 + 1 - 1 = 2 points


def test_a_cautious_rollout_player_does_not_call_before_its_eighth_turn() -> None:
    cautious = adapt.STYLES[adapt.NAMES.index("cautious")]
    greedy = adapt.STYLES[adapt.NAMES.index("greedy")]
    early, late = call_position(2), call_position(9)
    for state in (early, late):
        assert state.phase == "turn" and state.current == 0
    mind = search.Mindset(early, 0)
    assert search._should_call(mind, greedy) is True
    assert search._should_call(mind, cautious) is False
    assert search._should_call(search.Mindset(late, 0), cautious) is True
    # a greedy player's memory has faded by then: it no longer calls on what it knew
    assert search._should_call(search.Mindset(late, 0), greedy) is False


def test_hard_is_reproducible_with_a_seed_on_the_adapting_search() -> None:
    game = games.load("cambio", **OPTIONS)
    state = game.new_state(seed=5)
    assert_reproducible(game, "ismcts:60", [state], lambda _state: 0, seed=9)


def root(state: Any, seat: int = 0) -> list[dict[str, Any]]:
    game = state.game
    view = pure_view(state, seat)
    return [
        game.action_to_json(a) for a in search.root_actions(game, view, state.legal_actions(seat))
    ]


def known_hand(cards: list[str], turns: float) -> Any:
    """A deal where seat 0 knows its whole hand (``cards``) at its turn, ``turns`` in."""
    game = games.load("cambio", **OPTIONS)
    rest = [c for c in FULL_DECK if c not in cards]
    state = game.new_state(seed=1, deck=[*cards, *rest])
    state.known[0] = [0b11] * HAND
    drop = round(turns * 2)
    state.discard.extend(state.deck[:drop])
    del state.deck[:drop]
    return state


def test_hard_calls_only_where_medium_calls() -> None:
    """Issue #24: the calls hard's search added to medium's lost to greedy players (0.942
    against medium's 0.955). Where medium calls, the search may hold the call back by
    drawing; where it does not, a call is not searched, even a likely winning one."""
    seven = known_hand(["3h", "2c", "Ac", "As"], turns=3)  # 3 + 2 + 1 + 1
    assert root(seven) == [{"type": "call"}, {"type": "draw"}]
    eight = known_hand(["3h", "3c", "Ac", "As"], turns=3)  # a point over medium's ceiling
    assert root(eight) == [{"type": "draw"}]


def test_hard_never_weighs_a_call_at_a_high_expected_total() -> None:
    """Issue #24: hard called on its fourth turn holding 12 points. 11 points (4 + 5
    known, two unseen) at a table of a player who has not called in ten turns (greedy or
    cautious, most likely) is not even searched: hard draws."""
    game = games.load("cambio", **OPTIONS)
    high = ["4h", "5c", "Ac", "As"]
    rest = [c for c in FULL_DECK if c not in high]
    state = game.new_state(seed=1, deck=[*high, *rest])
    state.known[0] = [0b11, 0b11, 0b10, 0b10]  # seat 0 knows its 4 and 5 only
    state.discard.extend(state.deck[:20])
    del state.deck[:20]
    view = pure_view(state, 0)
    assert adapt.likeliest(view, 1) in ("greedy", "cautious")
    assert {"type": "call"} not in root(state)
    hard = bots.make("ismcts:60", game)
    action = hard.act(view, state.legal_actions(0), random.Random(3))
    assert game.action_to_json(action) == {"type": "draw"}

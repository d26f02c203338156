"""High card's rules, one scenario each (rule ids of ``rules.md``)."""

from __future__ import annotations

import random

import pytest

from cardtable import IllegalAction, games


def stacked(*deck: str, hand: int = 3):
    return games.load("highcard", hand=hand).new_state(seed=1, deck=list(deck))


def test_hc1_deal_and_hidden_rest() -> None:
    """HC-1: seat 0's hand first, the rest unseen by anybody."""
    state = stacked("As", "2s", "3s", "Ks", "Qs", "Js")
    assert state.view(0)["hand"] == ["2s", "3s", "As"]
    assert state.view(1)["hand"] == ["Js", "Qs", "Ks"]
    assert "rest" not in state.view(0) and len(state.full_view()["rest"]) == 7


def test_hc2_a_face_down_card_is_seen_by_its_owner_only() -> None:
    """HC-2: the leader's card is face down: the other sees that it was played, not which."""
    state = stacked("As", "2s", "3s", "Ks", "Qs", "Js")
    events = state.apply(0, {"type": "play", "card": "As"})
    assert events[0].for_seat(1) == {"type": "play", "seat": 0}
    assert events[0].for_seat(0)["card"] == "As"
    assert "As" not in str(state.view(1)) and state.view(1)["played"] == [0]
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(0, {"type": "play", "card": "2s"})
    with pytest.raises(IllegalAction, match="do not hold"):
        state.apply(1, {"type": "play", "card": "2s"})


def test_hc3_hc4_the_higher_card_takes_the_trick_and_leads() -> None:
    """HC-3: both turned up, the higher (ace high) takes it; HC-4: the taker leads next."""
    state = stacked("2s", "3s", "4s", "As", "Ks", "Qs")
    state.apply(0, {"type": "play", "card": "4s"})
    state.apply(1, {"type": "play", "card": "As"})
    assert state.view(0)["tricks"] == [{"cards": ["4s", "As"], "leader": 0, "winner": 1}]
    assert state.to_act == (1,)


def test_hc5_most_tricks_wins_and_an_even_split_ties() -> None:
    """HC-5: the most tricks wins; 1-1 with two cards each is a tie."""
    state = stacked("2s", "As", "Ks", "3s", hand=2)
    rng = random.Random(0)
    while not state.is_over():
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[-1] if seat == 0 else rng.choice(legal))
    outcome = state.outcome()
    assert sum(outcome.scores) == 2
    assert outcome.winners == (
        (0, 1) if outcome.scores == (1.0, 1.0) else (outcome.scores.index(2.0),)
    )

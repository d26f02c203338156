"""The cards and their powers (CA-1, CA-2)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable import games

from .helpers import act, cards, kinds, of_type, play_round, public, row, table, wire_legal

HANDS = (["1", "2", "3", "4"], ["5", "6", "0", "13"])


def test_the_deck_has_52_cards_valued_0_to_13() -> None:
    """CA-1: two 0s, two 13s, four each of 1-12, whatever the seed."""
    expected = Counter({"0": 2, "13": 2, **{str(v): 4 for v in range(1, 13)}})
    for seed in range(5):
        state = games.load("cabo").new_state(seed=seed)
        assert Counter(state.all_cards()) == expected
        assert sum(expected.values()) == 52


def test_a_card_scores_its_number() -> None:
    """CA-1: a player's round score is the plain sum of its card numbers (seats 1 and 2
    here; seat 0 is the caller, scored by CA-15)."""
    state = table(["13", "12", "11", "10"], ["0", "1", "2", "3"], ["4", "5", "6", "7"])
    play_round(state, caller=0)
    last = public(state)["last_round"]
    assert last["sums"] == [46, 6, 22]
    assert last["scores"][1:] == [6, 22]


@pytest.mark.parametrize("power_card", ["7", "8"])
def test_a_drawn_7_or_8_lets_you_look_at_one_of_your_own_cards(power_card: str) -> None:
    """CA-2: 7 and 8 peek: the legal looks are exactly your own four slots, plus skip."""
    state = table(*HANDS, deck=[power_card])
    act(state, 0, "draw")
    act(state, 0, "discard")
    assert public(state)["power"] == "peek"
    assert wire_legal(state, 0) == [
        *({"type": "peek", "seat": 0, "slot": i} for i in range(4)),
        {"type": "skip"},
    ]
    assert cards(state, 0, 0) == ["1", "2", None, None]
    events = act(state, 0, "peek", seat=0, slot=3)
    assert cards(state, 0, 0) == ["1", "2", None, "4"]
    assert cards(state, 1, 0) == [None] * 4, "nobody else learns it"
    assert events[0].for_seat(0)["card"] == "4"
    assert "card" not in events[0].for_seat(1)
    assert public(state)["turn"] == 1, "the look ends the turn"


@pytest.mark.parametrize("power_card", ["9", "10"])
def test_a_drawn_9_or_10_lets_you_look_at_another_players_card(power_card: str) -> None:
    """CA-2: 9 and 10 spy: only other players' cards may be looked at."""
    state = table(*HANDS, ["8", "8", "9", "9"], deck=[power_card])
    act(state, 0, "draw")
    act(state, 0, "discard")
    assert public(state)["power"] == "spy"
    targets = [(a["seat"], a["slot"]) for a in wire_legal(state, 0) if a["type"] == "peek"]
    assert targets == [(s, i) for s in (1, 2) for i in range(4)]
    events = act(state, 0, "peek", seat=2, slot=3)
    assert cards(state, 0, 2) == [None, None, None, "9"]
    assert cards(state, 2, 2) == ["8", "8", None, None], "the owner does not see it"
    assert cards(state, 1, 2) == [None] * 4
    assert events[0].for_seat(0)["card"] == "9" and "card" not in events[0].for_seat(2)
    assert public(state)["rows"][2][3]["seen_by"] == [0]


@pytest.mark.parametrize("power_card", ["11", "12"])
def test_a_drawn_11_or_12_swaps_your_card_with_another_players_unseen(power_card: str) -> None:
    """CA-2: 11 and 12 swap one of yours with another player's, both face down; whoever
    knew a card still knows where it went."""
    state = table(*HANDS, deck=[power_card])
    act(state, 0, "draw")
    act(state, 0, "discard")
    assert public(state)["power"] == "swap"
    swaps = [a for a in wire_legal(state, 0) if a["type"] == "swap"]
    assert len(swaps) == 16
    assert all([a["a"][0], a["b"][0]].count(0) == 1 for a in swaps)
    act(state, 0, "swap", a=[0, 0], b=[1, 2])
    assert row(state, 0) == ["0", "2", "3", "4"]
    assert row(state, 1) == ["5", "6", "1", "13"]
    # Seat 0 knew its slot 0 (a 1): it now knows the 1 sits in seat 1's slot 2, and does
    # not know the card it received. Seat 1 saw nothing.
    assert cards(state, 0, 0) == [None, "2", None, None]
    assert cards(state, 0, 1) == [None, None, "1", None]
    assert cards(state, 1, 1) == ["5", "6", None, None]


@pytest.mark.parametrize("plain", ["0", "1", "2", "3", "4", "5", "6", "13"])
def test_other_cards_have_no_power(plain: str) -> None:
    """CA-2: only 7-12 have powers; discarding any other card simply ends the turn."""
    state = table(*HANDS, deck=[plain])
    act(state, 0, "draw")
    events = act(state, 0, "discard")
    assert events[0].data["power"] is None
    assert public(state)["turn"] == 1 and public(state)["phase"] == "start"


def test_the_power_is_optional() -> None:
    """CA-2, CA-6: a power card may be discarded without using its power."""
    state = table(*HANDS, deck=["9"])
    act(state, 0, "draw")
    act(state, 0, "discard")
    assert "skip" in kinds(state, 0)
    events = act(state, 0, "skip")
    assert of_type(events, "skip") and public(state)["turn"] == 1
    assert cards(state, 0, 1) == [None] * 4

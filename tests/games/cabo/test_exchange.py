"""The multi-card exchange (CA-9, CA-10, CA-11)."""

from __future__ import annotations

from .helpers import act, cards, public, row, table, wire_legal

OTHER = ["8", "8", "9", "9"]


def test_an_exchange_names_two_to_four_of_your_own_cards() -> None:
    """CA-9: with a card in hand the choices are discard, one slot (replace) or any 2, 3 or
    4 of your slots (6 + 4 + 1 for a row of four)."""
    state = table(["5", "5", "3", "4"], OTHER, deck=["0"])
    act(state, 0, "draw")
    slots = [a["slots"] for a in wire_legal(state, 0) if a["type"] == "replace"]
    assert sum(len(s) == 1 for s in slots) == 4
    assert sum(len(s) == 2 for s in slots) == 6
    assert sum(len(s) == 3 for s in slots) == 4
    assert [s for s in slots if len(s) == 4] == [[0, 1, 2, 3]]


def test_an_exchange_turns_the_named_cards_face_up() -> None:
    """CA-9: the named cards are shown to everyone, whatever the result."""
    state = table(["5", "2", "5", "4"], OTHER, deck=["0"])
    act(state, 0, "draw")
    events = act(state, 0, "replace", slots=[0, 2])
    assert events[0].for_seat(1)["cards"] == ["5", "5"]
    assert events[0].for_seat(None)["slots"] == [0, 2]


def test_equal_cards_are_discarded_and_the_row_shrinks() -> None:
    """CA-10: two equal cards go to the discard pile; the drawn card goes face down into
    the first named slot, known to its owner only."""
    state = table(["5", "2", "5", "4"], OTHER, deck=["0"])
    act(state, 0, "draw")
    events = act(state, 0, "replace", slots=[2, 0])
    assert events[0].data["success"] is True and events[0].data["slot"] == 0
    assert row(state, 0) == ["0", "2", "4"]
    assert public(state)["discard"] == ["5", "5"]
    assert cards(state, 0, 0) == ["0", "2", None]
    assert cards(state, 1, 0) == [None, None, None]


def test_three_or_four_equal_cards_can_go_at_once() -> None:
    """CA-10: four equal cards leave a row of one; three equal leave a row of two."""
    state = table(["6", "6", "6", "6"], OTHER, deck=["1"])
    act(state, 0, "draw")
    act(state, 0, "replace", slots=[0, 1, 2, 3])
    assert row(state, 0) == ["1"]
    assert public(state)["discard"] == ["6", "6", "6", "6"]
    state2 = table(["3", "6", "3", "3"], OTHER, deck=["0"])
    act(state2, 0, "draw")
    act(state2, 0, "replace", slots=[0, 2, 3])
    assert row(state2, 0) == ["0", "6"]


def test_an_exchange_with_the_taken_discard_puts_a_public_card_in_the_row() -> None:
    """CA-10, CA-7: exchanging with the top discard works the same way, and everyone
    knows the card that went in."""
    state = table(["7", "7", "3", "4"], OTHER, deck=["2", "0"])
    act(state, 0, "draw")
    act(state, 0, "discard")  # a 2 on the pile
    act(state, 1, "draw")
    act(state, 1, "discard")  # a 0 on top
    act(state, 0, "take_discard")
    act(state, 0, "replace", slots=[0, 1])
    assert row(state, 0) == ["0", "3", "4"]
    assert public(state)["discard"] == ["2", "7", "7"]
    assert cards(state, 1, 0) == ["0", None, None]
    assert public(state)["power"] is None, "exchanged 7s never peek"


def test_unequal_cards_go_back_known_and_the_new_card_is_a_penalty() -> None:
    """CA-11: the named cards go back face down, now known to everyone; the drawn card
    goes into a new slot known to its owner only; the row grows by one."""
    state = table(["5", "2", "6", "4"], OTHER, deck=["0"])
    act(state, 0, "draw")
    events = act(state, 0, "replace", slots=[0, 2])
    assert events[0].data["success"] is False and events[0].data["slot"] == 4
    assert row(state, 0) == ["5", "2", "6", "4", "0"]
    assert public(state)["discard"] == []
    assert cards(state, 0, 0) == ["5", "2", "6", None, "0"]
    assert cards(state, 1, 0) == ["5", None, "6", None, None]
    assert cards(state, None, 0) == ["5", None, "6", None, None]
    slots = public(state)["rows"][0]
    assert [s["public"] for s in slots] == [True, False, True, False, False]
    assert slots[4]["seen_by"] == [0]
    # The next turn's choices follow the bigger row.
    act(state, 1, "call")
    act(state, 0, "draw")
    replaces = [a for a in wire_legal(state, 0) if a["type"] == "replace"]
    assert len(replaces) == 5 + 10 + 10 + 5


def test_a_failed_exchange_with_the_taken_discard_shows_the_penalty_card_to_all() -> None:
    """CA-11, CA-7: a taken discard that becomes a penalty card stays public."""
    state = table(["5", "2", "6", "4"], OTHER, deck=["3"])
    act(state, 0, "draw")
    act(state, 0, "discard")
    act(state, 1, "take_discard")
    act(state, 1, "replace", slots=[0, 1, 2])
    assert row(state, 1) == ["8", "8", "9", "9", "3"]
    assert cards(state, 0, 1) == ["8", "8", "9", None, "3"]

"""A turn: draw, take the top discard, or call (CA-6, CA-7, CA-8)."""

from __future__ import annotations

from .helpers import act, cards, kinds, of_type, public, rejected, row, table, wire_legal

HANDS = (["1", "2", "3", "4"], ["5", "6", "7", "8"])


def test_a_drawn_card_is_seen_only_by_the_drawer() -> None:
    """CA-6: the drawer sees the card; the others only see that a card was drawn."""
    state = table(*HANDS, deck=["0"])
    events = act(state, 0, "draw")
    assert events[0].for_seat(0) == {"type": "draw", "seat": 0, "card": "0"}
    assert events[0].for_seat(1) == {"type": "draw", "seat": 0}
    assert events[0].for_seat(None) == {"type": "draw", "seat": 0}
    assert state.view(0)["holding"] == {"seat": 0, "from": "deck", "card": "0"}
    assert state.view(1)["holding"] == {"seat": 0, "from": "deck", "card": None}
    assert public(state)["deck"] == 43
    assert kinds(state, 0)[0] == "discard"


def test_a_drawn_card_can_be_discarded_face_up() -> None:
    """CA-6: discarding puts the drawn card face up on the pile; the row is unchanged."""
    state = table(*HANDS, deck=["5"])
    act(state, 0, "draw")
    act(state, 0, "discard")
    assert public(state)["discard"] == ["5"]
    assert row(state, 0) == ["1", "2", "3", "4"]
    assert public(state)["turn"] == 1


def test_a_drawn_card_can_replace_one_of_yours() -> None:
    """CA-6: the old card goes face up to the discard pile; the new card is face down and
    known only to its owner."""
    state = table(*HANDS, deck=["0"])
    act(state, 0, "draw")
    events = act(state, 0, "replace", slots=[2])
    assert events[0].data == {"seat": 0, "slot": 2, "discarded": "3", "from": "deck"}
    assert row(state, 0) == ["1", "2", "0", "4"]
    assert public(state)["discard"] == ["3"]
    assert cards(state, 0, 0) == ["1", "2", "0", None]
    assert cards(state, 1, 0) == [None] * 4
    assert public(state)["rows"][0][2]["seen_by"] == [0]


def test_replacing_out_a_power_card_gives_no_power() -> None:
    """CA-6, CA-2: a 9 replaced out of the row is discarded without its power."""
    state = table(["9", "2", "3", "4"], HANDS[1], deck=["0"])
    act(state, 0, "draw")
    act(state, 0, "replace", slots=[0])
    assert public(state)["discard"] == ["9"]
    assert public(state)["power"] is None
    assert public(state)["turn"] == 1 and kinds(state, 1) == ["draw", "take_discard", "call"]


def test_the_top_discard_is_taken_face_up_and_must_go_into_the_row() -> None:
    """CA-7: everyone sees the taken card and where it goes; it cannot be discarded."""
    state = table(*HANDS, deck=["6", "0"])
    act(state, 0, "draw")
    act(state, 0, "discard")  # a 6 on the pile
    events = act(state, 1, "take_discard")
    assert events[0].for_seat(0) == {"type": "take_discard", "seat": 1, "card": "6"}
    assert state.view(0)["holding"] == {"seat": 1, "from": "discard", "card": "6"}
    assert "discard" not in kinds(state, 1)
    rejected(state, 1, {"type": "discard"}, "cannot be discarded again")
    act(state, 1, "replace", slots=[3])
    assert row(state, 1) == ["5", "6", "7", "6"]
    assert public(state)["discard"] == ["8"]
    for seat in (0, 1, None):
        assert cards(state, seat, 1)[3] == "6", "a taken discard is public"


def test_a_taken_power_card_has_no_power() -> None:
    """CA-7: a 9 taken from the discard pile replaces a card and never spies."""
    state = table(*HANDS, deck=["9", "0"])
    act(state, 0, "draw")
    act(state, 0, "discard")
    act(state, 0, "skip")
    act(state, 1, "take_discard")
    act(state, 1, "replace", slots=[0])
    view = public(state)
    assert view["power"] is None and view["phase"] == "start" and view["turn"] == 0
    assert not [a for a in wire_legal(state, 0) if a["type"] == "peek"]


def test_calling_cabo_draws_nothing_and_ends_the_turn() -> None:
    """CA-8: the caller takes no card; the deck and the rows are unchanged."""
    state = table(*HANDS)
    events = act(state, 0, "call")
    assert of_type(events, "call")[0].data == {"seat": 0}
    view = public(state)
    assert view["deck"] == 44 and view["caller"] == 0 and view["turn"] == 1
    assert view["holding"] is None
    assert row(state, 0) == ["1", "2", "3", "4"]

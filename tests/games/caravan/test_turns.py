"""A turn after the opening: play and draw (CV-5), discard and draw (CV-6), disband
without a draw (CV-7), and any number card starting an empty caravan (CV-9)."""

from __future__ import annotations

from cardtable.games.caravan import CaravanState

from .helpers import caravan, disband, discard, idle, legal_wire, numbers, opening, play, put, table

P0 = ["7h", "2c", "9d", "8h", "Ks", "4c", "Qd", "3s", "6s", "5s", "Th"]
P1 = ["4s", "5h", "6d", "Kd", "8c", "Tc", "2d", "Jc", "9h"]


def opened() -> CaravanState:
    state = table(P0, P1)
    opening(state, ["7h", "2c", "9d"], ["4s", "5h", "6d"])
    return state


def test_playing_a_number_card_draws_one() -> None:
    """CV-5: a number card on your caravan, then draw: the hand stays at five."""
    state = opened()
    events = play(state, 0, "8h", 0)
    assert [e.type for e in events] == ["play", "draw"]
    assert events[1].for_seat(0)["card"] == "6s"
    assert "card" not in events[1].for_seat(1) and "card" not in events[1].for_seat(None)
    assert numbers(state, 0, 0) == ["7h", "8h"]
    assert state.view(None)["hand_sizes"] == [5, 5] and state.view(None)["deck_sizes"] == [45, 46]
    assert state.to_act == (1,)


def test_a_face_card_goes_on_any_caravan_and_draws() -> None:
    """CV-5: a face card on a number card of either player's caravan, then draw."""
    state = opened()
    put(state, 0, "Ks", 1, 2, 0)  # onto the opponent's 6
    put(state, 1, "Kd", 1, 0, 0)  # onto its own 4
    assert caravan(state, 1, 2)["cards"] == [{"card": "6d", "attached": [{"card": "Ks", "by": 0}]}]
    assert caravan(state, 1, 0)["cards"][0]["attached"] == [{"card": "Kd", "by": 1}]
    assert state.view(None)["hand_sizes"] == [5, 5]
    assert state.hands[0][-1] == "6s"


def test_discarding_puts_a_card_on_your_pile_and_draws() -> None:
    """CV-6: discard a card onto your own discard pile, then draw."""
    state = opened()
    events = discard(state, 0, "Qd")
    assert [e.type for e in events] == ["discard", "draw"]
    assert state.view(None)["discards"] == [["Qd"], []]
    assert "Qd" not in state.hands[0] and "6s" in state.hands[0]
    assert len(state.hands[0]) == 5


def test_disbanding_empties_a_caravan_without_drawing() -> None:
    """CV-7: disband a non-empty caravan: its cards go to the discard piles; no draw. Each
    card goes to its owner's pile, so the opponent's king goes back to them."""
    state = opened()
    play(state, 0, "8h", 0)
    put(state, 1, "Kd", 0, 0, 1)  # the opponent's king on my 8
    put(state, 0, "Ks", 0, 0, 0)  # my king on my 7
    idle(state, 1)
    hand = list(state.hands[0])
    events = disband(state, 0, 0)
    assert [e.type for e in events] == ["disband"]
    assert sorted(events[0].data["cards"]) == sorted(["7h", "Ks", "8h", "Kd"])
    assert caravan(state, 0, 0) == {"cards": [], "value": 0, "direction": None, "suit": None}
    assert state.hands[0] == hand  # no draw
    piles = state.view(None)["discards"]
    assert sorted(piles[0]) == ["7h", "8h", "Ks"]
    assert "Kd" in piles[1]
    assert state.to_act == (1,)


def test_only_your_own_non_empty_caravans_can_be_disbanded() -> None:
    """CV-7: the disband moves are your non-empty caravans only."""
    state = opened()
    disband(state, 0, 1)
    idle(state, 1)
    assert [a for a in legal_wire(state, 0) if a["type"] == "disband"] == [
        {"type": "disband", "caravan": 0},
        {"type": "disband", "caravan": 2},
    ]


def test_any_number_card_starts_an_empty_caravan() -> None:
    """CV-9: after a disband, any number card may start the empty caravan again."""
    state = opened()
    disband(state, 0, 1)
    idle(state, 1)
    starters = {
        a["card"]
        for a in legal_wire(state, 0)
        if a.get("caravan") == 1 and a["type"] == "play" and "seat" not in a
    }
    assert starters == {c for c in state.hands[0] if c[0] in "A23456789T"}
    play(state, 0, "3s", 1)
    assert numbers(state, 0, 1) == ["3s"]

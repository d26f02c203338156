"""The opening: three number cards onto empty caravans, no face cards, discards,
disbanding or drawing (CV-3), and the discard-and-draw escape with no number card (CV-4)."""

from __future__ import annotations

from .helpers import legal_wire, opening, play, put, rejected, table

P0 = ["7h", "Ks", "2c", "9d", "RJ", "Qh", "Ah", "3s"]
P1 = ["4s", "5h", "6d", "Jc", "8c", "Tc", "2d", "Kd"]


def test_the_opening_offers_only_number_cards_onto_empty_caravans() -> None:
    """CV-3: each opening turn puts one number card on one of your empty caravans."""
    state = table(P0, P1)
    legal = legal_wire(state, 0)
    assert {a["type"] for a in legal} == {"play"}
    assert {a["card"] for a in legal} == {"7h", "2c", "9d", "Ah", "3s"}
    assert {a["caravan"] for a in legal} == {0, 1, 2}
    assert all("seat" not in a for a in legal)
    play(state, 0, "9d", 1)
    play(state, 1, "4s", 0)
    assert {a["caravan"] for a in legal_wire(state, 0)} == {0, 2}
    assert state.view(None)["opening"] == [2, 2]


def test_the_opening_draws_nothing_and_leaves_five_cards() -> None:
    """CV-3: no drawing during the opening, so afterwards a hand has 5 cards."""
    state = table(P0, P1)
    opening(state, ["7h", "2c", "9d"], ["4s", "5h", "6d"])
    view = state.view(None)
    assert view["hand_sizes"] == [5, 5] and view["deck_sizes"] == [46, 46]
    assert view["opening"] == [0, 0]
    assert state.hands[0] == ["Ks", "RJ", "Qh", "Ah", "3s"]
    kinds = {a["type"] for a in legal_wire(state, 0)}
    assert kinds == {"play", "discard", "disband"}


def test_the_opening_refuses_face_cards_discards_disbanding_and_full_caravans() -> None:
    """CV-3: no face cards, discards or disbanding in the opening; only empty caravans."""
    state = table(P0, P1)
    play(state, 0, "7h", 0)
    play(state, 1, "4s", 0)
    rejected(state, 0, {"type": "play", "card": "2c", "caravan": 0}, "caravan 1 already has")
    rejected(
        state,
        0,
        {"type": "play", "card": "Ks", "seat": 0, "caravan": 0, "index": 0},
        "During the opening you may only start your caravans with number cards",
    )
    rejected(
        state,
        0,
        {"type": "play", "card": "RJ", "seat": 1, "caravan": 0, "index": 0},
        "During the opening",
    )
    rejected(state, 0, {"type": "discard", "card": "Ks"}, "you may discard only when you hold none")
    rejected(
        state, 0, {"type": "disband", "caravan": 0}, "cannot disband a caravan during the opening"
    )


def test_the_opponent_may_not_attack_during_its_own_opening() -> None:
    """CV-3: the opening is each player's own; face cards wait until it is over."""
    state = table(P0, P1)
    opening(state, ["7h", "2c", "9d"], ["4s", "5h", "6d"])
    put(state, 0, "Ks", 1, 0, 0)  # after the opening, a face card on the opponent's 4
    assert state.view(None)["caravans"][1][0]["value"] == 8


def test_a_hand_without_number_cards_discards_and_draws_instead() -> None:
    """CV-4: with no number card in the opening hand, discard one card and draw one; the
    opening goes on until three caravans are started."""
    faces = ["Ks", "Kh", "Kd", "Kc", "Qs", "Qh", "Qd", "Qc", "5h", "Jh"]
    state = table(faces, P1)
    legal = legal_wire(state, 0)
    assert legal == [{"type": "discard", "card": c} for c in faces[:8]]
    events = state.apply(0, {"type": "discard", "card": "Qc"})
    assert [e.type for e in events] == ["discard", "draw"]
    assert events[1].for_seat(0)["card"] == "5h" and "card" not in events[1].for_seat(1)
    assert len(state.hands[0]) == 8 and state.view(None)["discards"][0] == ["Qc"]
    assert state.view(None)["opening"] == [3, 3]
    play(state, 1, "4s", 0)
    assert {a["card"] for a in legal_wire(state, 0)} == {"5h"}  # now it must start a caravan
    play(state, 0, "5h", 2)
    assert state.view(None)["opening"] == [2, 2]
    assert len(state.hands[0]) == 7

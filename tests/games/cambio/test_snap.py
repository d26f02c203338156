"""Snaps: CB-4, CB-20…CB-23."""

from __future__ import annotations

import pytest

from .helpers import CambioTable, act, can, events_of, hand, rejected, table, wire_legal

P1 = ["Ah", "2h", "3h", "4h"]
P2 = ["Ad", "2d", "3d", "4d"]
P3 = ["Ac", "2c", "3c", "4c"]


@pytest.mark.parametrize(
    "top,card,match",
    [
        ("7h", "7c", True),  # same rank, suit ignored
        ("Ks", "Kh", True),  # all kings match: black and red
        ("Kd", "Kc", True),
        ("RJ", "BJ", True),  # the two jokers match each other
        ("Td", "Ts", True),
        ("Jh", "Qh", False),  # J and Q are both worth 10 but do not match
        ("Qs", "Js", False),
        ("RJ", "7h", False),  # a joker matches nothing else
        ("Ks", "BJ", False),
        ("6h", "9h", False),
    ],
)
def test_rank_matching(top: str, card: str, match: bool) -> None:
    """CB-4: same rank, suit ignored; kings match kings, jokers match jokers, J ≠ Q, and a
    joker matches nothing else."""
    state = table([card, "5s", "5h", "5d"], P1, start=top, deck=["6c"])
    (snap, *_) = act(state, 0, "snap", seat=0, slot=0)
    assert snap.for_seat(1)["success"] is match


def test_own_turn_snap_only_on_your_turn_before_drawing_with_your_cards() -> None:
    """CB-20: standard snapping: only the player whose turn it is, only before drawing,
    only with their own face-down cards."""
    state = table(["7s", "Ks", "5s", "5h"], ["7c", *P1[1:]], start="7d", deck=["6c", "6d"])
    assert [a for a in wire_legal(state, 0) if a["type"] == "snap"] == [
        {"type": "snap", "seat": 0, "slot": i} for i in range(4)
    ]
    assert wire_legal(state, 1) == [] and state.to_act == (0,)
    rejected(state, 1, {"type": "snap", "seat": 1, "slot": 0}, "only snap on your own turn")
    rejected(state, 0, {"type": "snap", "seat": 1, "slot": 0}, "only your own cards")
    act(state, 0, "draw")
    assert not can(state, 0, "snap", seat=0, slot=0)
    rejected(state, 0, {"type": "snap", "seat": 0, "slot": 0}, "only snap before drawing")


def test_a_successful_snap_empties_the_slot_for_good() -> None:
    """CB-21: the matching card is revealed and goes face up onto the pile; its slot stays
    empty (null in every view), no replacement; the hand shrinks (CB-6)."""
    state = table(["As", "7s", "3s", "4s"], P1, start="7d", deck=["6c"])
    (snap,) = act(state, 0, "snap", seat=0, slot=1)
    assert snap.for_seat(1) == {
        "type": "snap",
        "seat": 0,
        "target": [0, 1],
        "card": "7s",
        "success": True,
    }
    for seat in (0, 1, None):
        assert state.view(seat)["hands"][0][1] is None
        assert state.view(seat)["discard"] == ["7d", "7s"]
    assert state.view(1)["known_by"][0][1] == []
    assert hand(state, 0) == ["As", None, "3s", "4s"]
    assert state.to_act == (0,)  # still before drawing
    act(state, 0, "draw")
    assert not can(state, 0, "replace", slot=1)


def test_a_successful_snap_may_be_followed_by_another() -> None:
    """CB-21: while another of your cards matches the new top card you may snap again."""
    state = table(["7s", "As", "7h", "7c"], P1, start="7d", deck=["6c"])
    for slot in (0, 2, 3):
        (snap,) = act(state, 0, "snap", seat=0, slot=slot)
        assert snap.data["success"]
    assert hand(state, 0) == [None, "As", None, None]
    assert state.view(1)["discard"] == ["7d", "7s", "7h", "7c"]


def test_a_failed_snap_shows_the_card_and_costs_a_penalty_card() -> None:
    """CB-22 (seed: "若实际翻出来是 8，就要把 8 放回…新牌不能查看"): the card is shown to
    all and goes back face down into its slot; the snapper takes the top deck card face
    down into a new slot at the end; nobody sees the penalty card."""
    state = table(["As", "8s", "3s", "4s"], P1, start="7d", deck=["Qh", "6c"])
    events = act(state, 0, "snap", seat=0, slot=1)
    assert [e.for_seat(1) for e in events] == [
        {"type": "snap", "seat": 0, "target": [0, 1], "card": "8s", "success": False},
        {"type": "penalty", "seat": 0, "slot": 4},
    ]
    assert [e.for_seat(0) for e in events] == [e.for_seat(1) for e in events]  # no secret
    assert hand(state, 0) == ["As", "8s", "3s", "4s", "Qh"]
    for seat in (0, 1, None):
        assert state.view(seat)["hands"][0][1] == "8s"  # everyone saw it
        assert state.view(seat)["hands"][0][4] == "??"  # nobody saw this one
    assert state.view(0)["known_by"][0] == [[], [0, 1], [0], [0], []]
    assert state.view(0)["discard"] == ["7d"]
    assert state.view(0)["deck"] == 54 - 8 - 1 - 1
    assert state.to_act == (0,)


def test_snap_off_has_no_snaps() -> None:
    """CB-20 (snap=off): no snap is ever legal."""
    state = table(["7s", *P1[1:]], P2, start="7d", deck=["6c"], snap="off")
    assert wire_legal(state, 0) == [{"type": "draw"}, {"type": "call"}]
    rejected(state, 0, {"type": "snap", "seat": 0, "slot": 0}, "Snapping is off")


def anytime_table(**options: object) -> CambioTable:
    """Seat 0 discards a 6; seats 1 and 3 hold sixes; seat 2 holds a known 3d in slot 3."""
    state = table(
        ["As", "2s", "3s", "4s"],
        ["6c", *P1[1:]],
        P2,
        ["Ac", "2c", "3c", "6d"],
        start="5c",
        deck=["6h", "8c", "8d", "9h"],
        snap="anytime",
        **options,
    )
    act(state, 0, "draw")
    act(state, 0, "discard")
    return state


def test_anytime_anyone_may_snap_any_card_while_the_discard_is_on_top() -> None:
    """CB-23 (snap=anytime): after a discard and until the next draw every seat may act:
    each may snap any card on the table, its own or an opponent's."""
    state = anytime_table()
    assert state.to_act == (1, 2, 3, 0)  # the seat to play first, then the others in order
    for seat in (0, 2, 3):
        snaps = wire_legal(state, seat)
        assert len(snaps) == 16 and all(a["type"] == "snap" for a in snaps)
    assert wire_legal(state, 1)[:2] == [{"type": "draw"}, {"type": "call"}]
    act(state, 3, "snap", seat=3, slot=3)  # seat 3 snaps its own 6
    assert hand(state, 3) == ["Ac", "2c", "3c", None]
    assert state.to_act == (1,)  # the first correct snap wins: the window closes


def test_anytime_the_first_correct_snap_wins_the_race() -> None:
    """CB-23: two seats snap the same discard; the server's arrival order decides, and a
    snapped card cannot itself be snapped."""
    state = anytime_table()
    act(state, 1, "snap", seat=1, slot=0)
    assert state.to_act == (1,)
    rejected(state, 3, {"type": "snap", "seat": 3, "slot": 3}, "was itself snapped")
    rejected(state, 1, {"type": "snap", "seat": 3, "slot": 3}, "was itself snapped")


def test_anytime_a_wrong_snap_by_another_seat_costs_that_seat_a_card() -> None:
    """CB-23 with CB-22: a seat that snaps wrongly out of turn takes the penalty card; the
    discard stays on top and the window stays open."""
    state = anytime_table()
    act(state, 2, "snap", seat=0, slot=0)
    assert hand(state, 2) == [*P2, "8c"] and hand(state, 0) == ["As", "2s", "3s", "4s"]
    assert state.view(1)["hands"][0][0] == "As"
    assert state.to_act == (1, 2, 3, 0)
    act(state, 2, "snap", seat=1, slot=0)
    assert hand(state, 1)[0] is None


def test_anytime_snapping_an_opponent_card_gives_them_one_of_yours() -> None:
    """CB-23: after snapping an opponent's card the snapper moves one of their own cards,
    their choice, face down into the opponent's empty slot; knowledge goes with it."""
    state = anytime_table()
    act(state, 2, "snap", seat=3, slot=3)
    assert state.to_act == (2,)
    assert state.view(0)["give"] == {"seat": 2, "to": [3, 3]}
    assert wire_legal(state, 2) == [{"type": "give", "slot": i} for i in range(4)]
    rejected(state, 1, {"type": "draw"}, "waiting for seat 2")
    rejected(state, 2, {"type": "draw"}, r"First give one of your cards into seat 3's empty slot 4")
    (give,) = act(state, 2, "give", slot=2)
    assert give.for_seat(0) == {"type": "give", "seat": 2, "slot": 2, "to": [3, 3]}
    assert hand(state, 2) == ["Ad", "2d", None, "4d"]
    assert hand(state, 3) == ["Ac", "2c", "3c", "3d"]
    assert state.view(2)["hands"][3] == ["??", "??", "??", "3d"]  # seat 2 knows where it went
    assert state.view(3)["hands"][3] == ["??", "??", "3c", "??"]  # seat 3 does not
    assert state.to_act == (1,)
    rejected(state, 1, {"type": "give", "slot": 0}, "only after snapping")


def test_anytime_the_window_closes_at_the_next_draw() -> None:
    """CB-23: "before the next draw": once the next player draws nobody may snap."""
    state = anytime_table()
    act(state, 1, "draw")
    assert state.to_act == (1,)
    rejected(state, 3, {"type": "snap", "seat": 3, "slot": 3}, "a card has been drawn")


def test_anytime_snaps_during_a_power() -> None:
    """CB-23, CB-14: the window is open while the discarder resolves a power; a snapped
    card fires nothing and the power goes on."""
    state = table(
        ["As", "2s", "3s", "4s"],
        ["9c", *P1[1:]],
        start="5c",
        deck=["9h"],
        snap="anytime",
    )
    act(state, 0, "draw")
    act(state, 0, "discard")
    assert state.to_act == (0, 1) and state.view(1)["step"] == "peek_opponent"
    events = act(state, 1, "snap", seat=1, slot=0)
    assert not events_of(events, "power")
    assert state.to_act == (0,) and state.view(0)["step"] == "peek_opponent"
    assert not can(state, 0, "peek", seat=1, slot=0)  # the snapped slot is empty now
    act(state, 0, "peek", seat=1, slot=1)
    assert state.to_act == (1,)


def test_anytime_the_start_card_can_be_snapped() -> None:
    """CB-23, CB-7: the start card is a discard on top before the first draw."""
    state = table(["As", "2s", "3s", "4s"], ["5h", *P1[1:]], start="5c", snap="anytime")
    assert state.to_act == (0, 1)
    act(state, 1, "snap", seat=1, slot=0)
    assert hand(state, 1)[0] is None


def test_lock_caller_protects_the_callers_cards_from_snaps() -> None:
    """CB-23 with lock_caller: after the call nobody else may snap the caller's cards (a
    successful snap would move a card into the locked hand); the caller still may."""
    state = table(
        ["6s", "2s", "3s", "4s"],
        ["6c", *P1[1:]],
        P2,
        start="5c",
        deck=["6h", "8c"],
        snap="anytime",
        lock_caller=True,
    )
    act(state, 0, "call")
    act(state, 1, "draw")
    act(state, 1, "discard")
    assert state.to_act == (2, 0, 1)
    assert not can(state, 1, "snap", seat=0, slot=0)
    rejected(state, 1, {"type": "snap", "seat": 0, "slot": 0}, "Seat 0 called Cambio")
    assert can(state, 1, "snap", seat=1, slot=0) and can(state, 0, "snap", seat=0, slot=0)
    assert len(wire_legal(state, 2)) == 1 + 8  # draw (no call now), seats 1 and 2 cards

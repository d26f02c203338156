"""A turn: CB-10…CB-14."""

from __future__ import annotations

import pytest

from cardtable.games.cambio import DRAW, Draw

from .helpers import act, can, events_of, hand, rejected, table, wire_legal

P0 = ["As", "2s", "3s", "4s"]
P1 = ["Ah", "2h", "3h", "4h"]
P2 = ["Ad", "2d", "3d", "4d"]


def test_before_drawing_a_player_may_snap_then_call() -> None:
    """CB-10: before drawing, the player may snap (CB-20) and then call Cambio (CB-30)."""
    state = table(["5s", *P0[1:]], P1, start="5d", deck=["6c"])
    assert wire_legal(state, 0) == [
        {"type": "draw"},
        {"type": "call"},
        *({"type": "snap", "seat": 0, "slot": i} for i in range(4)),
    ]
    act(state, 0, "snap", seat=0, slot=0)
    assert can(state, 0, "call") and can(state, 0, "draw")
    act(state, 0, "call")
    assert state.to_act == (1,)
    assert state.view(1)["caller"] == 0


def test_the_drawn_card_is_seen_by_its_drawer_only() -> None:
    """CB-11: the drawer takes the top deck card and alone sees it."""
    state = table(P0, P1, P2, start="Ks", deck=["6h", "5c"])
    events = act(state, 0, "draw")
    (draw,) = events_of(events, "draw")
    assert draw.for_seat(0) == {"type": "draw", "seat": 0, "card": "6h"}
    assert draw.for_seat(1) == {"type": "draw", "seat": 0}
    assert draw.for_seat(None) == {"type": "draw", "seat": 0}
    assert state.view(0)["drawn"] == "6h"
    assert state.view(1)["drawn"] == "??" and state.view(None)["drawn"] == "??"
    assert state.view(2)["deck"] == 54 - 12 - 1 - 1
    assert state.view(0)["phase"] == "drawn"


def test_keeping_the_drawn_card_replaces_a_slot() -> None:
    """CB-12 (keep): the drawn card goes face down into the chosen slot and its drawer
    knows it; the old card goes face up onto the pile."""
    state = table(P0, P1, start="Ks", deck=["6h"])
    act(state, 0, "draw")
    assert wire_legal(state, 0) == [
        {"type": "discard"},
        *({"type": "replace", "slot": i} for i in range(4)),
    ]
    events = act(state, 0, "replace", slot=1)
    assert [e.for_seat(1) for e in events] == [
        {"type": "replace", "seat": 0, "slot": 1, "card": "2s"}
    ]
    assert hand(state, 0) == ["As", "6h", "3s", "4s"]
    assert state.view(0)["hands"][0] == ["??", "6h", "3s", "4s"]
    assert state.view(1)["hands"][0] == ["??", "??", "??", "??"]
    assert state.view(1)["known_by"][0][1] == [0]
    assert state.view(1)["discard"] == ["Ks", "2s"]
    assert state.view(1)["drawn"] is None
    assert state.to_act == (1,)


def test_discarding_the_drawn_card() -> None:
    """CB-12 (discard): the drawn card goes face up onto the pile; the hand is unchanged."""
    state = table(P0, P1, start="Ks", deck=["6h"])
    act(state, 0, "draw")
    act(state, 0, "discard")
    assert hand(state, 0) == P0
    assert state.view(1)["discard"] == ["Ks", "6h"]
    assert state.to_act == (1,)


def test_only_a_slot_that_holds_a_card_can_take_the_drawn_card() -> None:
    """CB-12: the replaced slot must hold a card; a snapped (empty) slot cannot."""
    state = table(["5s", *P0[1:]], P1, start="5d", deck=["6h"])
    act(state, 0, "snap", seat=0, slot=0)
    act(state, 0, "draw")
    assert not can(state, 0, "replace", slot=0)
    rejected(state, 0, {"type": "replace", "slot": 0}, "Your slot 1 is empty")
    rejected(state, 0, {"type": "replace", "slot": 4}, r"You have no slot 5 \(slots are 1 to 4\)")


@pytest.mark.parametrize("path", ["discard", "replace"])
def test_either_path_fires_the_discarded_power(path: str) -> None:
    """CB-13: whichever card CB-12 puts on the pile triggers its power — the drawn card
    when discarded, the old card when replaced."""
    if path == "discard":
        state = table(P0, P1, start="Ks", deck=["9h"])
        act(state, 0, "draw")
        events = act(state, 0, "discard")
    else:
        state = table(["9h", *P0[1:]], P1, start="Ks", deck=["6c"])
        act(state, 0, "draw")
        events = act(state, 0, "replace", slot=0)
    (power,) = events_of(events, "power")
    assert power.for_seat(1) == {"type": "power", "seat": 0, "card": "9h", "step": "peek_opponent"}
    view = state.view(1)
    assert (view["phase"], view["step"], view["power"]) == ("power", "peek_opponent", "9h")
    assert state.to_act == (0,)


def test_a_kept_power_card_triggers_nothing() -> None:
    """CB-14: a drawn card that is kept (a 9 into a slot) fires nothing, nor does the
    non-power card it replaced: the turn passes."""
    state = table(P0, P1, start="Ks", deck=["9h"])
    act(state, 0, "draw")
    events = act(state, 0, "replace", slot=0)
    assert not events_of(events, "power")
    assert state.to_act == (1,) and state.view(1)["phase"] == "turn"


def test_a_snapped_power_card_triggers_nothing() -> None:
    """CB-14: a 9 that reaches the pile by a snap fires no power; the snapper's turn goes
    on before its draw."""
    state = table(["9s", *P0[1:]], P1, start="9d", deck=["6c"])
    events = act(state, 0, "snap", seat=0, slot=0)
    assert not events_of(events, "power")
    assert state.view(0)["discard"] == ["9d", "9s"]
    assert state.view(0)["phase"] == "turn" and state.to_act == (0,)


def test_a_swapped_power_card_triggers_nothing() -> None:
    """CB-14: cards moved by a swap fire nothing: a J swapping a Q into another hand just
    ends the turn."""
    state = table(["Qs", *P0[1:]], P1, start="Ks", deck=["Jh"])
    act(state, 0, "draw")
    act(state, 0, "discard")
    events = act(state, 0, "swap", a=[0, 0], b=[1, 0])
    assert not events_of(events, "power")
    assert hand(state, 1)[0] == "Qs"
    assert state.to_act == (1,) and state.view(1)["phase"] == "turn"


def test_actions_are_plain_values_or_wire_dicts() -> None:
    """CB-11: a draw may be given as the action value or its wire dict, with the same
    effect."""
    one = table(P0, P1, start="Ks", deck=["6h"])
    two = table(P0, P1, start="Ks", deck=["6h"])
    assert Draw() == DRAW and DRAW in one.legal_actions(0)
    one.apply(0, DRAW)
    two.apply(0, {"type": "draw"})
    assert one.full_view() == two.full_view()

"""Calling Cambio and the end of the round: CB-30…CB-36."""

from __future__ import annotations

from collections import Counter

from cardtable.core.cards import standard_deck

from .helpers import CambioTable, act, can, events_of, rejected, table, wire_legal

P0 = ["As", "2s", "3s", "4s"]  # 10
P1 = ["Ah", "2h", "3h", "5h"]  # 11
P2 = ["Ad", "2d", "3d", "6d"]  # 12


def turn(state: CambioTable, seat: int) -> None:
    """Draw and discard, skipping any power step."""
    act(state, seat, "draw")
    act(state, seat, "discard")
    while not state.is_over() and state.view(seat)["phase"] == "power":
        act(state, seat, "skip")


def test_calling_ends_the_callers_turn_at_once() -> None:
    """CB-30: on your turn, before drawing, you may call Cambio; your turn ends at once."""
    state = table(P0, P1, P2, start="Ks", deck=["6c"])
    deck = state.view(0)["deck"]
    (call,) = act(state, 0, "call")
    assert call.for_seat(2) == {"type": "call", "seat": 0}
    assert state.to_act == (1,)
    view = state.view(2)
    assert view["caller"] == 0 and view["turn"] == 1 and view["deck"] == deck


def test_cambio_can_be_called_only_before_drawing_and_only_once() -> None:
    """CB-30, CB-31: not after drawing; and once called, nobody else may call."""
    state = table(P0, P1, P2, start="Ks", deck=["6c", "6h"])
    act(state, 0, "draw")
    rejected(state, 0, {"type": "call"}, "only before drawing")
    act(state, 0, "discard")
    act(state, 1, "call")
    assert wire_legal(state, 2)[0] == {"type": "draw"} and not can(state, 2, "call")
    rejected(state, 2, {"type": "call"}, "already been called by seat 1")


def test_every_other_player_takes_one_more_full_turn_then_all_is_revealed() -> None:
    """CB-31: after the call each other player takes exactly one more full turn, powers
    included, in seat order; then every card is revealed and scored."""
    state = table(P0, P1, P2, start="Ks", deck=["6c", "9h", "6h"])
    turn(state, 0)
    act(state, 1, "call")
    act(state, 2, "draw")
    act(state, 2, "discard")  # the 9: a last turn includes its power
    assert state.view(2)["step"] == "peek_opponent"
    act(state, 2, "peek", seat=1, slot=0)
    assert state.to_act == (0,) and not state.is_over()
    events = act(state, 0, "draw") + act(state, 0, "discard")
    assert state.is_over() and state.to_act == ()
    (end,) = events_of(events, "end")
    assert end.for_seat(None) == {
        "type": "end",
        "reason": "cambio",
        "hands": [P0, P1, P2],
        "scores": [10, 11, 12],
        "winners": [0],
    }
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert view["over"] and view["hands"] == [P0, P1, P2] and view["scores"] == [10, 11, 12]
    assert all(state.legal_actions(seat) == [] for seat in range(3))
    rejected(state, 1, {"type": "draw"}, "The game is over")


def test_the_lowest_total_wins_and_ties_share_the_win() -> None:
    """CB-32: each score is the sum of the remaining cards; lowest wins; all tied for
    lowest win ("同分视为平局")."""
    state = table(P0, ["Ah", "2h", "3h", "4h"], P2, start="Ks", deck=["6c", "6h"])
    act(state, 0, "call")
    turn(state, 1)
    turn(state, 2)
    outcome = state.outcome()
    assert outcome.scores == (10.0, 10.0, 12.0)
    assert outcome.winners == (0, 1)
    assert outcome.details["reason"] == "cambio" and outcome.details["caller"] == 0


def test_a_player_without_cards_ends_the_round_at_once() -> None:
    """CB-34: a player with no cards left ends the round at once, and it is scored."""
    state = table(["7s", "7h", "7c", "As"], ["2h", "3h", "4h", "5h"], start="7d", deck=["6c", "Ad"])
    for slot in range(3):
        act(state, 0, "snap", seat=0, slot=slot)  # CB-21: three sevens in a row
    turn(state, 0)
    turn(state, 1)  # seat 1 discards the Ad: seat 0's last card matches it
    events = act(state, 0, "snap", seat=0, slot=3)
    assert [e.type for e in events] == ["snap", "end"]
    assert events[1].data["reason"] == "empty_hand"
    assert state.is_over() and state.to_act == ()
    assert state.outcome().scores == (0.0, 14.0) and state.outcome().winners == (0,)


def test_giving_away_your_last_card_ends_the_round() -> None:
    """CB-34 with CB-23: a snapper who gives their last card away has no cards left."""
    state = table(
        ["2s", "3s", "4s", "5s"],
        ["5h", "Ad", "Jd", "Qd"],
        start="Kc",
        deck=["6c", "2h", "6d", "3h", "6h", "4h", "5d"],
        snap="anytime",
    )
    for slot in range(3):  # seat 1 discards a 2, a 3, a 4: seat 0 snaps its own each time
        turn(state, 0)
        turn(state, 1)
        act(state, 0, "snap", seat=0, slot=slot)
    assert state.full_view()["hands"][0] == [None, None, None, "5s"]
    turn(state, 0)  # the 5d: seat 0 snaps seat 1's 5h and must give its last card
    act(state, 0, "snap", seat=1, slot=0)
    events = act(state, 0, "give", slot=3)
    assert [e.type for e in events] == ["give", "end"]
    assert state.outcome().details["reason"] == "empty_hand"
    assert state.outcome().details["hands"] == [[], ["5s", "Ad", "Jd", "Qd"]]


def drained(players: int = 2, last: tuple[str, ...] = ()) -> CambioTable:
    """A table whose seat 0 has failed snaps until only ``last`` remains in the deck: each
    failure took a penalty card (CB-22)."""
    hands = [P0, P1, P2][:players]
    used = {c for h in hands for c in h} | {"5c", *last}
    rest = [c for c in standard_deck(jokers=True) if c not in used]
    state = table(*hands, start="5c", deck=[*rest, *last])
    for _ in rest:
        act(state, 0, "snap", seat=0, slot=0)  # As never matches the 5c on top
    assert state.view(0)["deck"] == len(last)
    return state


def test_the_round_ends_when_a_draw_is_needed_and_nothing_can_refill_the_deck() -> None:
    """CB-34: the deck is empty and the pile holds only its top card: the draw that is
    needed ends the round at once, and it is scored."""
    state = drained()
    assert state.view(0)["discard"] == ["5c"]
    (end,) = act(state, 0, "draw")
    assert end.type == "end" and end.data["reason"] == "deck_exhausted"
    assert state.is_over() and state.outcome().details["reason"] == "deck_exhausted"
    assert len(end.data["hands"][0]) == 4 + 54 - 9


def test_a_penalty_card_that_cannot_be_drawn_ends_the_round() -> None:
    """CB-34: a failed snap needs a penalty card; with nothing to draw the round ends."""
    state = drained()
    events = act(state, 0, "snap", seat=0, slot=0)
    assert [e.type for e in events] == ["snap", "end"]
    assert state.outcome().details["reason"] == "deck_exhausted"


def test_an_empty_deck_is_rebuilt_from_the_pile_below_its_top_card() -> None:
    """CB-35: when a card must be drawn from an empty deck, the top discard stays and the
    rest of the pile is shuffled face down into a new deck; nobody knows its order."""
    state = drained(last=("6c", "6d", "6h", "6s", "5d"))
    turn(state, 0)  # 6c
    turn(state, 1)  # 6d
    turn(state, 0)  # 6h
    turn(state, 1)  # 6s
    turn(state, 0)  # 5d: the deck is empty now
    assert state.view(1)["deck"] == 0
    assert state.view(1)["discard"] == ["5c", "6c", "6d", "6h", "6s", "5d"]
    cards = Counter(state.all_cards())
    events = act(state, 1, "draw")
    assert [e.type for e in events] == ["reshuffle", "draw"]
    assert events[0].for_seat(0) == {"type": "reshuffle", "deck": 5}
    view = state.view(1)
    assert view["discard"] == ["5d"] and view["deck"] == 4
    assert view["drawn"] in {"5c", "6c", "6d", "6h", "6s"}
    assert Counter(state.all_cards()) == cards
    assert set(state.full_view()["deck_cards"]) | {view["drawn"]} == {"5c", "6c", "6d", "6h", "6s"}
    assert "6c" not in str(state.view(0)["hands"])  # the rebuilt deck is unknown to all


def test_there_is_no_cap_on_the_number_of_rounds_of_turns() -> None:
    """CB-36: without a call (or an empty hand, or an empty deck and pile) play goes on:
    here 400 turns, the deck rebuilt from the pile many times (CB-35)."""
    state = table(P0, P1, start="Ks")
    reshuffles = 0
    for n in range(400):
        seat = n % 2
        assert state.to_act == (seat,)
        events = act(state, seat, "draw")
        reshuffles += len(events_of(events, "reshuffle"))
        act(state, seat, "discard")
        while state.view(seat)["phase"] == "power":
            act(state, seat, "skip")
    assert not state.is_over() and reshuffles >= 8

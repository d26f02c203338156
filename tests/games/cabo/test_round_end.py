"""Calling Cabo and the end of a round (CA-12, CA-13, CA-14)."""

from __future__ import annotations

from cardtable import games

from .helpers import (
    act,
    deck_ending_with,
    kinds,
    of_type,
    pass_turn,
    public,
    rejected,
    run_deck_down,
    table,
    wire_legal,
)

HANDS3 = (["1", "2", "3", "4"], ["5", "6", "7", "8"], ["9", "10", "0", "0"])


def test_after_a_call_everyone_else_has_exactly_one_more_turn_in_seat_order() -> None:
    """CA-12: seat 1 calls; seats 2 and 0 each play once, then the round ends."""
    state = table(*HANDS3, starter=1)
    act(state, 1, "call")
    assert public(state)["turn"] == 2 and public(state)["final_turns"] == 2
    pass_turn(state, 2)
    assert public(state)["turn"] == 0 and public(state)["final_turns"] == 1
    events = pass_turn(state, 0)
    ended = of_type(events, "round_end")
    assert ended and ended[0].data["reason"] == "cabo" and ended[0].data["caller"] == 1
    assert public(state)["round"] == 2 and public(state)["caller"] is None


def test_only_one_call_per_round() -> None:
    """CA-12: once someone has called, nobody else may call this round."""
    state = table(*HANDS3)
    act(state, 0, "call")
    assert "call" not in kinds(state, 1)
    rejected(state, 1, {"type": "call"}, "seat 0 has already called this round")
    pass_turn(state, 1)
    assert "call" not in kinds(state, 2)


def test_the_caller_may_call_on_the_first_turn_and_a_new_round_allows_a_new_call() -> None:
    """CA-12: a call is allowed at any turn, and the next round starts without one."""
    state = table(["0", "0", "1", "1"], ["5", "6", "7", "8"])
    act(state, 0, "call")
    pass_turn(state, 1)
    assert public(state)["round"] == 2
    starter = public(state)["turn"]
    assert "call" in kinds(state, starter)


def test_lock_caller_forbids_swapping_with_the_caller() -> None:
    """CA-13: with lock_caller, an 11 drawn after the call cannot touch the caller's
    cards; without it, it can."""
    for locked in (False, True):
        state = table(*HANDS3, deck=["11"], lock_caller=locked)
        act(state, 0, "call")
        act(state, 1, "draw")
        act(state, 1, "discard")
        owners = {a[end][0] for a in wire_legal(state, 1) if a["type"] == "swap" for end in "ab"}
        assert owners == ({1, 2} if locked else {0, 1, 2})
        swap = {"type": "swap", "a": [0, 0], "b": [1, 0]}
        if locked:
            rejected(state, 1, swap, "Seat 0 has called Cabo: nobody may swap with their cards")
        else:
            act(state, 1, "swap", a=[0, 0], b=[1, 0])


def test_lock_caller_leaves_only_skip_when_the_caller_is_the_only_other_player() -> None:
    """CA-13: two players, seat 0 called: seat 1's 12 has nothing to swap with."""
    state = table(["1", "2", "3", "4"], ["5", "6", "7", "8"], deck=["12"], lock_caller=True)
    act(state, 0, "call")
    act(state, 1, "draw")
    act(state, 1, "discard")
    assert kinds(state, 1) == ["skip"]


def test_the_round_ends_when_the_last_card_is_drawn() -> None:
    """CA-14: the deck is empty at the end of a turn: no reshuffle, the round ends."""
    state = table(["1", "2", "3", "4"], ["5", "6", "7", "8"])
    run_deck_down(state, 1)
    assert public(state)["round"] == 1
    events = pass_turn(state, state.to_act[0])
    ended = of_type(events, "round_end")
    assert ended and ended[0].data["reason"] == "deck_out" and ended[0].data["caller"] is None
    assert ended[0].data["scores"] == [10, 26], "no caller: everyone scores their sum"
    assert not of_type(events, "reshuffle")
    assert public(state)["round"] == 2 and public(state)["deck"] == 44


def test_the_round_ends_after_the_power_of_the_last_card() -> None:
    """CA-14: the last card is a 7: its power is used, then the turn and the round end."""
    hands = (["1", "2", "3", "4"], ["5", "6", "7", "8"])
    state = games.load("cabo", players=2).new_state(seed=1, deck=deck_ending_with(*hands, last="7"))
    run_deck_down(state, 1)
    seat = state.to_act[0]
    act(state, seat, "draw")
    act(state, seat, "discard")
    assert public(state)["power"] == "peek" and public(state)["round"] == 1
    events = act(state, seat, "peek", seat=seat, slot=3)
    assert of_type(events, "round_end")[0].data["reason"] == "deck_out"


def test_reshuffle_keeps_the_top_discard_and_shuffles_the_rest_into_a_new_deck() -> None:
    """CA-14 (deck_out=reshuffle): the round goes on with a new deck of the old pile."""
    hands = (["1", "2", "3", "4"], ["5", "6", "7", "8"])
    game = games.load("cabo", players=2, deck_out="reshuffle")
    state = game.new_state(seed=1, deck=deck_ending_with(*hands, last="0"))
    run_deck_down(state, 1)
    pile = list(public(state)["discard"])
    assert public(state)["reshuffles"] == 0
    seat = state.to_act[0]
    act(state, seat, "draw")
    events = act(state, seat, "discard")
    assert of_type(events, "reshuffle")[0].data == {"deck": len(pile)}
    view = public(state)
    assert view["round"] == 1 and view["turn"] == 1 - seat
    assert view["discard"] == ["0"] and view["deck"] == len(pile)
    assert sorted(state.full_view()["deck_cards"]) == sorted(pile)
    # Everyone sees the refill (the count a player reads how long the round has run from),
    # and a new round starts the count again.
    assert view["reshuffles"] == 1 and state.view(seat)["reshuffles"] == 1
    assert f"Deck: {len(pile)} cards, refilled once " in game.render_text(state.view(seat))
    act(state, 1 - seat, "call")
    pass_turn(state, seat)
    assert public(state)["round"] == 2 and public(state)["reshuffles"] == 0


def test_a_call_still_gives_last_turns_but_the_deck_running_out_ends_the_round() -> None:
    """CA-14, CA-12: seat 0 calls with one card left; seat 1 draws it and the round ends
    there, before seat 2's last turn."""
    state = table(*HANDS3, starter=0)
    run_deck_down(state, 1)
    assert state.to_act == (0,), "40 cards, 39 turns: seat 0 is next"
    act(state, 0, "call")
    events = pass_turn(state, 1)
    ended = of_type(events, "round_end")[0].data
    assert ended["reason"] == "deck_out" and ended["caller"] == 0
    assert ended["scores"] == [0, 26, 19], "the caller's 10 is still the lowest"
    assert public(state)["round"] == 2

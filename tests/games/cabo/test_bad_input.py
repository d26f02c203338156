"""Bad input is refused with a message a player understands, and changes nothing
(the issue's list first, then the other ways a move can be wrong). Rule ids are those
whose limits are being enforced."""

from __future__ import annotations

import pytest

from cardtable import IllegalAction, games
from cardtable.games.cabo.actions import Peek, Replace, Swap

from .helpers import act, public, rejected, table

HANDS = (["5", "5", "3", "4"], ["8", "8", "9", "9"])


def holding(deck: list[str] | None = None, **options: object):  # type: ignore[no-untyped-def]
    state = table(*HANDS, deck=deck or ["0"], **options)
    act(state, 0, "draw")
    return state


def test_an_exchange_naming_a_slot_twice_is_refused() -> None:
    """CA-9: each named card is named once."""
    state = holding()
    rejected(state, 0, {"type": "replace", "slots": [1, 1]}, "You named slot 1 twice")
    rejected(state, 0, Replace((1, 1)), "You named slot 1 twice")


def test_an_empty_slot_list_is_refused() -> None:
    """CA-6, CA-9: a replace names one slot, an exchange 2 to 4."""
    state = holding()
    rejected(state, 0, {"type": "replace", "slots": []}, "Name at least one of your slots")
    rejected(state, 0, Replace(()), "Name at least one of your slots")


def test_more_slots_than_the_row_has_are_refused() -> None:
    """CA-9, CA-10: after an exchange the row has 3 cards; naming 4 is refused, as is
    naming 5 at any time and a slot the row does not have."""
    state = table(*HANDS, deck=["0", "1", "2"])
    act(state, 0, "draw")
    act(state, 0, "replace", slots=[0, 1])  # two 5s: the row shrinks to 3
    act(state, 1, "draw")
    act(state, 1, "discard")
    act(state, 0, "draw")
    rejected(state, 0, {"type": "replace", "slots": [0, 1, 2, 3]}, "You named 4 slots but your row")
    rejected(
        state, 0, {"type": "replace", "slots": [3]}, "You have no slot 3: your slots are 0 to 2"
    )
    rejected(state, 0, {"type": "replace", "slots": [0, 1, 2, 3, 4]}, "2, 3 or 4 cards, not 5")
    rejected(state, 0, {"type": "replace", "slots": [-1]}, "You have no slot -1")


def test_taking_from_an_empty_discard_pile_is_refused() -> None:
    """CA-7, CA-5: the pile starts empty."""
    state = table(*HANDS)
    rejected(
        state, 0, {"type": "take_discard"}, "You cannot take from the discard pile: it is empty"
    )


def test_calling_twice_is_refused() -> None:
    """CA-12: the caller cannot call again (it is not their turn), nor can anyone else."""
    state = table(*HANDS, ["1", "2", "3", "4"])
    act(state, 0, "call")
    rejected(state, 0, {"type": "call"}, "It is not your turn")
    rejected(state, 1, {"type": "call"}, "seat 0 has already called this round")


def test_moves_out_of_their_moment_are_refused() -> None:
    """CA-6, CA-7, CA-2: no discard without a drawn card, no second draw, no power
    without a power card."""
    state = table(*HANDS, deck=["0"])
    rejected(state, 0, {"type": "discard"}, "You have no drawn card to discard")
    rejected(state, 0, {"type": "replace", "slots": [0]}, "no card in hand")
    rejected(state, 0, {"type": "skip"}, "You have no power to skip")
    rejected(state, 0, {"type": "peek", "seat": 0, "slot": 2}, "only a 7 or 8")
    rejected(state, 0, {"type": "swap", "a": [0, 0], "b": [1, 0]}, "only an 11 or 12")
    act(state, 0, "draw")
    rejected(state, 0, {"type": "draw"}, "You have drawn a card: discard it or put it in your row")
    rejected(state, 0, {"type": "call"}, "You have drawn a card")


def test_powers_are_refused_on_the_wrong_cards() -> None:
    """CA-2: a 7 looks at your own cards, a 9 at another's, an 11 swaps yours with
    another's; seats and slots must exist."""
    state = holding(["7"])
    act(state, 0, "discard")
    rejected(state, 0, {"type": "peek", "seat": 1, "slot": 0}, "one of your own cards")
    rejected(state, 0, {"type": "peek", "seat": 0, "slot": 7}, "Seat 0 has no slot 7")
    rejected(state, 0, {"type": "swap", "a": [0, 0], "b": [1, 0]}, "Use the peek power")
    state = holding(["9"])
    act(state, 0, "discard")
    rejected(state, 0, {"type": "peek", "seat": 0, "slot": 0}, "another player's card")
    rejected(state, 0, {"type": "peek", "seat": 4, "slot": 0}, "There is no seat 4")
    state = holding(["11"])
    act(state, 0, "discard")
    rejected(state, 0, {"type": "swap", "a": [0, 0], "b": [0, 1]}, "one of your own cards")
    rejected(state, 0, {"type": "swap", "a": [1, 0], "b": [1, 1]}, "one of your own cards")
    rejected(state, 0, {"type": "swap", "a": [0, 9], "b": [1, 1]}, "Seat 0 has no slot 9")
    rejected(state, 0, Swap((1, 0), (0, 0)), "is not an action of Cabo")  # not canonical
    rejected(state, 0, {"type": "peek", "seat": 1, "slot": 0}, "Use the swap power")
    act(state, 0, "swap", b=[0, 0], a=[1, 0])  # either order on the wire
    assert public(state)["turn"] == 1


@pytest.mark.parametrize(
    "wire,message",
    [
        (None, "must be a JSON object"),
        ({}, 'needs a "type"'),
        ({"type": "fold"}, "Unknown action type 'fold'"),
        ({"type": "draw", "slots": [1]}, "Unexpected field 'slots'"),
        ({"type": "replace"}, "needs 'slots' as a list of numbers"),
        ({"type": "replace", "slots": "0"}, "needs 'slots' as a list of numbers"),
        ({"type": "replace", "slots": [True]}, "needs 'slots' as a list of numbers"),
        ({"type": "peek", "seat": 1}, "needs 'slot' as a whole number"),
        ({"type": "peek", "seat": "1", "slot": 0}, "needs 'seat' as a whole number"),
        ({"type": "swap", "a": [0], "b": [1, 0]}, r"needs 'a' as \[seat, slot\]"),
        ({"type": "swap", "a": [0, 0]}, r"needs 'b' as \[seat, slot\]"),
    ],
)
def test_malformed_actions_are_refused_by_name(wire: object, message: str) -> None:
    """CA-6: the wire form of every action is checked field by field."""
    game = games.load("cabo")
    with pytest.raises(IllegalAction, match=message):
        game.action_from_json(wire)
    if isinstance(wire, dict):
        rejected(holding(), 0, wire, message)


def test_things_that_are_not_actions_are_refused() -> None:
    """CA-6: values that are not Cabo actions are refused by name."""
    state = holding()
    rejected(state, 0, None, "None is not an action of Cabo")
    rejected(state, 0, ("fold",), "is not an action of Cabo")
    rejected(state, 0, Peek(0, 0), "You have drawn a card")

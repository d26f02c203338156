"""Bad input everywhere gets a clear InvalidOptions / IllegalAction and changes nothing;
the wire form of every action (spec: "Actions on the wire")."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable import IllegalAction, InvalidOptions, games
from cardtable.games.cambio import CALL, DISCARD, DRAW, SKIP, Give, Peek, Replace, Snap, swap

from .helpers import act, rejected, table

P0 = ["As", "2s", "3s", "4s"]
P1 = ["Ah", "2h", "3h", "4h"]


def test_unknown_game() -> None:
    """CB-5: the table is asked for by name; a wrong name lists the games."""
    with pytest.raises(InvalidOptions, match=r"Unknown game 'cambia'; the games are: .*cambio"):
        games.load("cambia")


def test_unknown_option_is_named_with_the_options() -> None:
    """CB-23: options are the spec's variants; an unknown one is named."""
    with pytest.raises(InvalidOptions, match=r"cambio has no option 'snapping'.*snap, lock_caller"):
        games.load("cambio", snapping="anytime")


@pytest.mark.parametrize(
    "option,value,allowed",
    [
        ("snap", "sometimes", "'own_turn', 'anytime', 'off'"),
        ("first_player", 1, "'seat0', 'random'"),
        ("initial_peek", "all", "'near_two', 'choose_two'"),
        ("scoring", "golf", "'sum', 'pairs_cancel'"),
        ("king_any_order", "maybe", "true, false"),
        ("lock_caller", 2, "true, false"),
        ("memory_aid", None, "true, false"),
        ("red_king", 11, "a whole number from -10 to 10"),
        ("joker", "zero", "a whole number from -10 to 10"),
        ("players", 0, "a whole number from 2 to 6"),
    ],
)
def test_bad_option_values_name_the_allowed_values(
    option: str, value: object, allowed: str
) -> None:
    """CB-9, CB-8, CB-18, CB-20, CB-23, CB-3, CB-2, CB-5: each variant option refuses a
    value it does not have, listing those it has."""
    with pytest.raises(InvalidOptions, match=f"Option '{option}' cannot be .*: allowed values are"):
        games.load("cambio", **{option: value})
    with pytest.raises(InvalidOptions) as caught:
        games.load("cambio", **{option: value})
    assert str(caught.value).endswith(allowed)


def test_option_strings_from_a_command_line_are_understood() -> None:
    """CB-23: ``snap=anytime`` and ``lock_caller=true`` as typed on a command line."""
    game = games.load("cambio", snap="anytime", lock_caller="true", players="3", red_king="-2")
    assert game.options["snap"] == "anytime" and game.options["lock_caller"] is True
    assert game.options["players"] == 3 and game.options["red_king"] == -2


MALFORMED: list[tuple[object, str]] = [
    (None, "must be a JSON object"),
    ("draw", "must be a JSON object"),
    ([], "must be a JSON object"),
    ({}, 'needs a "type"'),
    ({"type": 3}, 'needs a "type"'),
    ({"type": "fly"}, "Unknown action type 'fly'; this game knows: draw, replace"),
    ({"type": "draw", "slot": 1}, "Unexpected field 'slot' in a 'draw' action"),
    ({"type": "replace"}, "'replace' action needs 'slot' as a whole number"),
    ({"type": "replace", "slot": "1"}, "needs 'slot' as a whole number"),
    ({"type": "replace", "slot": True}, "needs 'slot' as a whole number"),
    ({"type": "replace", "slot": 1.5}, "needs 'slot' as a whole number"),
    ({"type": "peek", "seat": 1}, "'peek' action needs 'slot'"),
    ({"type": "snap", "slot": 1}, "'snap' action needs 'seat'"),
    ({"type": "give"}, "'give' action needs 'slot'"),
    ({"type": "swap", "a": [0, 1]}, r"needs 'b' as \[seat, slot\]"),
    ({"type": "swap", "a": [0, 1, 2], "b": [1, 1]}, r"needs 'a' as \[seat, slot\]"),
    ({"type": "swap", "a": "0,1", "b": [1, 1]}, r"needs 'a' as \[seat, slot\]"),
    ({"type": "swap", "a": [0, 1], "b": [0, 1]}, "two different cards"),
    ({"type": "call", "now": True}, "Unexpected field 'now'"),
]


@pytest.mark.parametrize("wire,message", MALFORMED, ids=[str(w) for w, _ in MALFORMED])
def test_malformed_actions_are_refused_and_change_nothing(wire: object, message: str) -> None:
    """CB-11, CB-12, CB-17, CB-20, CB-23, CB-30: every malformed wire action is refused
    with a message naming the problem, and the table is unchanged."""
    state = table(P0, P1, start="Ks")
    with pytest.raises(IllegalAction, match=message):
        state.game.action_from_json(wire)
    rejected(state, 0, wire, message)


@pytest.mark.parametrize("seat", [-1, 2, "0", None, 1.0, True])
def test_no_such_seat(seat: object) -> None:
    """CB-5: seats are 0…n−1; anything else is refused and changes nothing."""
    state = table(P0, P1, start="Ks")
    rejected(state, seat, {"type": "draw"}, r"There is no seat .* \(seats are 0 to 1\)")


def test_out_of_turn_is_refused_and_changes_nothing() -> None:
    """CB-5, CB-9: only the seat whose turn it is may act."""
    state = table(P0, P1, start="Ks", deck=["6c"])
    rejected(state, 1, {"type": "draw"}, "It is not your turn: waiting for seat 0")
    rejected(state, 1, {"type": "call"}, "It is not your turn: waiting for seat 0")
    rejected(state, 1, DRAW, "It is not your turn")


@pytest.mark.parametrize(
    "wire,message",
    [
        ({"type": "peek", "seat": 9, "slot": 0}, r"There is no seat 9 .*\(seats are 0 to 1\)"),
        ({"type": "peek", "seat": 0, "slot": -1}, r"You have no slot 0 \(slots are 1 to 4\)"),
        ({"type": "peek", "seat": 1, "slot": 4}, r"Seat 1 has no slot 5 \(slots are 1 to 4\)"),
        ({"type": "peek", "seat": 0, "slot": 0}, "lets you peek only at an opponent's card"),
        ({"type": "discard"}, "First use or skip the power of the 9♥"),
        ({"type": "draw"}, "First use or skip the power of the 9♥"),
        ({"type": "call"}, "First use or skip the power of the 9♥"),
        ({"type": "swap", "a": [0, 0], "b": [1, 0]}, "now asks for a peek"),
        ({"type": "give", "slot": 0}, "only after snapping"),
        ({"type": "snap", "seat": 0, "slot": 0}, "only snap before drawing"),
    ],
)
def test_impossible_moves_during_a_power_say_why(wire: dict[str, Any], message: str) -> None:
    """CB-16: while the 9's peek is pending only a peek at an opponent (or a skip) is
    possible; everything else is refused with the reason, changing nothing."""
    state = table(P0, P1, start="Ks", deck=["9h"])
    act(state, 0, "draw")
    act(state, 0, "discard")
    rejected(state, 0, wire, message)


def test_every_action_round_trips_through_its_wire_form() -> None:
    """CB-11…CB-30: the wire form of each action, 0-based seats and slots."""
    cases = [
        (DRAW, {"type": "draw"}),
        (Replace(2), {"type": "replace", "slot": 2}),
        (DISCARD, {"type": "discard"}),
        (Peek(1, 3), {"type": "peek", "seat": 1, "slot": 3}),
        (swap((2, 0), (0, 3)), {"type": "swap", "a": [0, 3], "b": [2, 0]}),
        (SKIP, {"type": "skip"}),
        (Snap(0, 1), {"type": "snap", "seat": 0, "slot": 1}),
        (Give(0), {"type": "give", "slot": 0}),
        (CALL, {"type": "call"}),
    ]
    game = games.load("cambio")
    for action, wire in cases:
        assert game.action_to_json(action) == wire
        assert game.action_from_json(wire) == action
    # Kinds never compare equal to each other, though their fields may.
    assert Replace(1) != Give(1) and Peek(0, 1) != Snap(0, 1) and DRAW != CALL


def test_a_swap_may_name_its_cards_in_either_order() -> None:
    """CB-17: a swap is unordered: b-before-a is the same swap, as a dict or a value."""
    state = table(P0, P1, start="Ks", deck=["Jh"])
    act(state, 0, "draw")
    act(state, 0, "discard")
    twin = state.clone()
    act(state, 0, "swap", a=[1, 2], b=[0, 1])
    twin.apply(0, type(swap((0, 0), (0, 1)))((1, 2), (0, 1)))
    assert state.full_view() == twin.full_view()


def test_describe_action_uses_the_rules_numbering() -> None:
    """CB-6: people count slots from 1, as the rules do."""
    game = games.load("cambio")
    assert game.describe_action(DRAW) == "Draw a card"
    assert game.describe_action(CALL) == "Call Cambio"
    assert game.describe_action(Replace(0)) == "Keep the drawn card: replace your card in slot 1"
    assert game.describe_action(Peek(2, 3)) == "Peek at seat 2's slot 4"
    assert game.describe_action(swap((0, 0), (1, 1))) == "Swap seat 0's slot 1 with seat 1's slot 2"
    assert game.describe_action(Snap(1, 0)) == "Snap seat 1's slot 1"
    assert game.describe_action(Give(3)) == "Give your card in slot 4"
    assert game.describe_action(SKIP) == "Skip this power step"
    assert game.describe_action(DISCARD) == "Discard the drawn card"


@pytest.mark.parametrize(
    "wire,message",
    [
        ({"type": "swap", "a": [0, 0], "b": [7, 0]}, "There is no seat 7"),
        ({"type": "swap", "a": [0, 0], "b": [1, 9]}, "Seat 1 has no slot 10"),
        ({"type": "peek", "seat": 1, "slot": 0}, "now asks for a swap, not a peek"),
    ],
)
def test_impossible_swaps_say_why(wire: dict[str, Any], message: str) -> None:
    """CB-17: a J's swap must name two real cards."""
    state = table(P0, P1, start="Ks", deck=["Jh"])
    act(state, 0, "draw")
    act(state, 0, "discard")
    rejected(state, 0, wire, message)


@pytest.mark.parametrize(
    "power,action,message",
    [
        ("", ("draw",), "must be a JSON object"),  # a bare tuple equals Draw() but is not one
        ("", (), "must be a JSON object"),
        ("6c", Replace("x"), "Slots are whole numbers, not 'x'"),  # type: ignore[arg-type]
        ("9c", Peek("1", 0), "Seats are whole numbers, not '1'"),  # type: ignore[arg-type]
        ("Jh", type(swap((0, 0), (0, 1)))(1, 2), r"\(seat, slot\) pairs, not 1"),  # type: ignore[arg-type]
    ],
)
def test_odd_python_values_are_refused_too(power: str, action: object, message: str) -> None:
    """CB-11, CB-12, CB-16, CB-17: values built in Python that are not well-formed actions
    get an IllegalAction with a reason, never a crash, and change nothing."""
    state = table(P0, P1, start="Ks", deck=[power or "6c"])
    if power:
        act(state, 0, "draw")
    if power and power != "6c":
        act(state, 0, "discard")
    rejected(state, 0, action, message)


@pytest.mark.parametrize("seat", [True, 1.0])
def test_a_value_equal_to_a_listed_action_is_that_action(seat: object) -> None:
    """CB-16: Python equality makes ``Peek(True, 0) == Peek(1, 0)``; the engine then plays
    the listed action itself, so events and views carry plain numbers."""
    state = table(P0, P1, start="Ks", deck=["9c"])
    act(state, 0, "draw")
    act(state, 0, "discard")
    state.legal_actions(0)  # the fast path, too
    (peek,) = state.apply(0, Peek(seat, 0))  # type: ignore[arg-type]
    assert peek.for_seat(0) == {"type": "peek", "seat": 0, "target": [1, 0], "card": "Ah"}
    assert type(peek.data["target"][0]) is int

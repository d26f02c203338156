"""Bad input is refused with a message a player understands and changes nothing: the
issue's list first (cards not in hand, a reading that does not match, a lone joker led, a
pass by the leader), then malformed wire forms and hand-built actions."""

from __future__ import annotations

import pytest

from cardtable import IllegalAction
from cardtable.games.gandengyan import GanDengYanGame, Pass, Play

from .helpers import legal, rejected, run, table

HANDS = ("3s 5h RJ 7s 9d 9c", "4h 6h 8h Th Qh", "4d 6d 8d Td Qd", "4c 6c 8c Tc Qc")


@pytest.mark.parametrize(
    "move,message",
    [
        ("Ks", "You do not hold Ks"),
        ("9d 9d", "You hold only one 9d, not 2"),
        ("3s 4s", "You do not hold 4s"),
    ],
)
def test_cards_not_in_hand_are_refused(move: str, message: str) -> None:
    """GD-6: a play is made of cards the player holds."""
    rejected(table(*HANDS), 0, move, message)


@pytest.mark.parametrize(
    "wire,message",
    [
        ({"type": "play", "cards": ["5h", "RJ", "7s"], "as": ["5", "8", "9"]}, "7s is a 7"),
        ({"type": "play", "cards": ["5h", "RJ", "7s"], "as": ["5", "6"]}, "3 cards but 2 ranks"),
        ({"type": "play", "cards": ["9d", "RJ"], "as": ["9", "2"]}, "cannot stand for a 2"),
        ({"type": "play", "cards": ["5h", "RJ"], "as": ["5", "1"]}, "'1' is not a rank"),
        (
            {"type": "play", "cards": ["5h", "RJ", "7s"], "as": ["5", "8", "7"]},
            "5 7 8 is not a play",
        ),
    ],
)
def test_a_reading_that_does_not_match_the_cards_is_refused(
    wire: dict[str, object], message: str
) -> None:
    """GD-10: a reading gives each card its own rank, jokers any rank but 2, and must make
    a play."""
    rejected(table(*HANDS), 0, wire, message)


def test_a_lone_joker_lead_is_refused() -> None:
    """GD-3: a joker is never played alone."""
    rejected(table(*HANDS), 0, "RJ", "A joker cannot be played alone")
    rejected(table(*HANDS), 0, "RJ=5", "A joker cannot be played alone")


def test_a_pass_by_the_leader_is_refused() -> None:
    """GD-11: the leader of a trick must play."""
    rejected(table(*HANDS), 0, "pass", "You cannot pass: you lead this trick")


def test_a_play_that_does_not_beat_is_refused_with_what_would() -> None:
    """GD-7, GD-8: the message says what the answer must be."""
    state = table(*HANDS)
    run(state, "3s")
    rejected(
        state,
        1,
        "6h",
        r"A single 6 does not beat a single 3: play exactly one rank "
        r"higher \(a single 4 or a single 2\) or a bomb",
    )
    rejected(state, 1, "4h 6h", "is not a play")


def test_acting_out_of_turn_or_after_the_end_is_refused() -> None:
    """GD-5: only the seat to act may act; nobody acts once the game is over (GD-15)."""
    state = table(*HANDS)
    rejected(state, 1, "4h", "It is not your turn: waiting for seat 0")
    rejected(state, 7, "3s", "There is no seat 7")
    done = table("3h 4h 5h 6h 7h 8h", "3s 3d 3c 9d 9s")
    run(done, "3h 4h 5h 6h 7h 8h")
    rejected(done, 1, "9d", "The game is over")


@pytest.mark.parametrize(
    "wire,message",
    [
        (None, "must be a JSON object"),
        ({}, 'needs a "type"'),
        ({"type": "bid"}, "Unknown action type 'bid'; this game knows: play, pass"),
        ({"type": "pass", "cards": ["3s"]}, "Unexpected field 'cards'"),
        ({"type": "play"}, "needs 'cards' as a list of texts"),
        ({"type": "play", "cards": "3s"}, "needs 'cards' as a list of texts"),
        ({"type": "play", "cards": [3]}, "needs 'cards' as a list of texts"),
        ({"type": "play", "cards": []}, "A play needs at least one card"),
        ({"type": "play", "cards": ["Xx"]}, "'Xx' is not a card"),
        ({"type": "play", "cards": ["3s"], "as": []}, '"as" must give the rank'),
        ({"type": "play", "cards": ["3s"], "as": "3"}, "needs 'as' as a list of texts"),
        ({"type": "play", "cards": ["RJ", "BJ"], "as": ["5", "5"]}, "only jokers is a joker bomb"),
        ({"type": "play", "cards": ["3s"], "how": 1}, "Unexpected field 'how'"),
    ],
)
def test_malformed_wire_forms_are_refused(wire: object, message: str) -> None:
    """GD-10: the wire form of plays (cards, then "as" for jokers) is checked field by
    field; the state never changes."""
    game = GanDengYanGame()
    with pytest.raises(IllegalAction, match=message):
        game.action_from_json(wire)
    if isinstance(wire, dict):
        rejected(table(*HANDS), 0, wire, message)


@pytest.mark.parametrize(
    "action,message",
    [
        (Play(("3s",), ("4",)), "3s is a 3"),
        (Play((), ()), "at least one card"),
        (Play(("Zz",), ()), "'Zz' is not a card"),
        (Play(3, ()), "card codes"),  # type: ignore[arg-type]
        (("3s",), "not a Gan Deng Yan action"),
    ],
)
def test_hand_built_actions_are_checked_too(action: object, message: str) -> None:
    """GD-6, GD-10: actions built in Python go through the same checks."""
    rejected(table(*HANDS), 0, action, message)


def test_hand_built_plays_in_any_order_and_copy_are_accepted() -> None:
    """GD-2, GD-10: a play built in another order, or without a reading, is understood."""
    state = table(*HANDS)
    state.apply(0, Play(("7s", "RJ", "5h")))  # read as 5-6-7, the only reading
    assert state.view(None)["to_beat"]["as"] == ["5", "6", "7"]
    assert Pass() in state.legal_actions(1)
    assert "pass" in legal(state)

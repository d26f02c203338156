"""Bad input is refused with a message a player understands and changes nothing: the
issue's list first, then malformed wire forms. Rule ids are those whose limits are
being enforced."""

from __future__ import annotations

import pytest

from cardtable import IllegalAction, games
from cardtable.games.caravan import Attach, CaravanState, Disband, Play

from .helpers import disband, idle, opening, put, rejected, table

P0 = ["7h", "9c", "4d", "Ks", "Qh", "Jc", "Kh", "8h"]
P1 = ["4s", "5h", "6d", "Kd", "8c", "Tc", "2d", "Jd"]


def opened() -> CaravanState:
    state = table(P0, P1)
    opening(state, P0[:3], P1[:3])
    return state


def test_a_face_card_on_an_empty_caravan() -> None:
    """CV-5: a face card goes on a number card; an empty caravan has none."""
    state = opened()
    disband(state, 0, 2)
    idle(state, 1)
    wire = {"type": "play", "card": "Ks", "seat": 0, "caravan": 2, "index": 0}
    rejected(state, 0, wire, "A face card goes on a number card, and your caravan 3 is empty")


def test_a_queen_not_on_the_last_card() -> None:
    """CV-15: a queen only goes on the last card of a caravan."""
    state = opened()
    idle(state, 0, keep=["Qh"])
    state.apply(1, {"type": "play", "card": "8c", "caravan": 0})  # 4♠ 8♣
    wire = {"type": "play", "card": "Qh", "seat": 1, "caravan": 0, "index": 0}
    rejected(state, 0, wire, "A queen can only go on the last card of a caravan")


@pytest.mark.parametrize(
    "wire",
    [
        {"type": "play", "card": "2c", "caravan": 0},
        {"type": "play", "card": "Kc", "seat": 0, "caravan": 0, "index": 0},
        {"type": "discard", "card": "As"},
        {"type": "play", "card": "7h", "caravan": 1},  # on the table already, not in hand
    ],
    ids=lambda w: f"{w['type']}-{w['card']}",
)
def test_a_card_not_in_hand(wire: dict[str, object]) -> None:
    """CV-5, CV-6: only a card in your hand can be played or discarded."""
    state = opened()
    rejected(state, 0, wire, "You have no .* in your hand")


def test_disbanding_an_empty_caravan() -> None:
    """CV-7: only a non-empty caravan can be disbanded."""
    state = opened()
    disband(state, 0, 1)
    idle(state, 1)
    rejected(state, 0, {"type": "disband", "caravan": 1}, "Your caravan 2 is empty")


def test_disbanding_during_the_opening() -> None:
    """CV-3, CV-7: no disbanding in the opening, even a started caravan."""
    state = table(P0, P1)
    state.apply(0, {"type": "play", "card": "7h", "caravan": 0})
    state.apply(1, {"type": "play", "card": "4s", "caravan": 0})
    rejected(state, 0, {"type": "disband", "caravan": 0}, "during the opening")


def test_a_fourth_face_card() -> None:
    """CV-14: a number card with three face cards takes no fourth, not even a jack."""
    state = opened()
    for card in ("Ks", "Kh", "Qh"):
        put(state, 0, card, 0, 0, 0)
        idle(state, 1)
    wire = {"type": "play", "card": "Jc", "seat": 0, "caravan": 0, "index": 0}
    rejected(state, 0, wire, "already carries three face cards")


def test_a_move_out_of_turn() -> None:
    """CV-5: only the player on move plays (resigning aside)."""
    state = opened()
    rejected(state, 1, {"type": "discard", "card": "Kd"}, "It is not your turn")


@pytest.mark.parametrize(
    "action,match",
    [
        (Play("Ks", 0), "K♠ goes on a number card: say which with 'seat', 'caravan' and 'index'"),
        (Attach("8h", 0, 0, 0), "A number card goes on one of your own caravans"),
        (Attach("Ks", 3, 0, 0), "'seat' must be 0 to 1, not 3"),
        (Play("8h", 7), "'caravan' must be 0 to 2, not 7"),
        (Disband(9), "'caravan' must be 0 to 2, not 9"),
        (("8h", 0, 0), "is not an action of Caravan"),
    ],
    ids=str,
)
def test_impossible_action_values(action: object, match: str) -> None:
    """CV-5, CV-7: actions built in Python are checked as strictly as wire ones."""
    rejected(opened(), 0, action, match)


def test_a_card_beyond_the_end_of_a_caravan() -> None:
    """CV-5: a face card goes on a number card that is there."""
    rejected(
        opened(),
        0,
        Attach("Ks", 0, 0, 5),
        r"Your caravan 1 has only 1 number card \(index 0 to 0\)",
    )


@pytest.mark.parametrize(
    "wire,match",
    [
        (None, "must be a JSON object"),
        ("discard 8h", "must be a JSON object"),
        ({"card": "7h"}, 'needs a "type"'),
        ({"type": "draw"}, "Unknown action type 'draw'"),
        ({"type": "play", "caravan": 0}, "needs 'card'"),
        ({"type": "play", "card": "7x", "caravan": 0}, "'7x' is not a card"),
        ({"type": "play", "card": "8h"}, "needs 'caravan'"),
        ({"type": "play", "card": "8h", "caravan": 3}, "'caravan' must be 0 to 2, not 3"),
        ({"type": "play", "card": "8h", "caravan": True}, "needs 'caravan' as a whole number"),
        ({"type": "play", "card": "8h", "caravan": 0, "seat": 0}, "give only 'card' and 'caravan'"),
        ({"type": "play", "card": "Ks", "caravan": 0}, "'seat' is missing"),
        (
            {"type": "play", "card": "Ks", "seat": 2, "caravan": 0, "index": 0},
            "'seat' must be 0 to 1",
        ),
        (
            {"type": "play", "card": "Ks", "seat": 0, "caravan": 0, "index": -1},
            "'index' must be 0 or more",
        ),
        ({"type": "play", "card": "Ks", "seat": 0, "caravan": 0, "index": "0"}, "whole number"),
        ({"type": "discard", "card": "8h", "caravan": 0}, "Unexpected field 'caravan'"),
        ({"type": "disband"}, "needs 'caravan'"),
        ({"type": "resign", "seat": 1}, "Unexpected field 'seat'"),
    ],
    ids=str,
)
def test_malformed_wire_forms_name_the_problem(wire: object, match: str) -> None:
    """CV-5: a malformed action is refused before anything happens, naming the problem."""
    game = games.load("caravan")
    with pytest.raises(IllegalAction, match=match):
        game.action_from_json(wire)
    if isinstance(wire, dict):
        rejected(opened(), 0, wire, match)

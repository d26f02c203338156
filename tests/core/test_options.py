"""Options: defaults, conversion of command-line text, and messages that name the problem."""

from __future__ import annotations

import pytest

from cardtable import InvalidOptions
from cardtable.core.options import Option, parse_assignments, resolve

OPTIONS = (
    Option("players", 4, "seats", low=2, high=6),
    Option("snap", "own_turn", "when", choices=("own_turn", "anytime", "off")),
    Option("lock", False, "lock"),
    Option("decks", "auto", "decks", choices=("auto", 1, 2)),
)


def test_defaults() -> None:
    assert resolve("g", OPTIONS, {}) == {
        "players": 4,
        "snap": "own_turn",
        "lock": False,
        "decks": "auto",
    }


def test_text_values_are_converted() -> None:
    got = resolve("g", OPTIONS, {"players": "3", "lock": "on", "decks": "2", "snap": "off"})
    assert got == {"players": 3, "snap": "off", "lock": True, "decks": 2}


@pytest.mark.parametrize(
    "given,message",
    [
        (
            {"players": 7},
            "Option 'players' cannot be 7: allowed values are a whole number from 2 to 6",
        ),
        ({"players": True}, "Option 'players' cannot be true"),
        (
            {"snap": "sometimes"},
            "Option 'snap' cannot be 'sometimes': allowed values are 'own_turn', 'anytime', 'off'",
        ),
        ({"lock": "maybe"}, "Option 'lock' cannot be maybe: allowed values are true, false"),
        ({"decks": 3}, "Option 'decks' cannot be 3"),
        (
            {"colour": "red"},
            "g has no option 'colour'; its options are: players, snap, lock, decks",
        ),
    ],
)
def test_bad_options_are_named(given: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptions) as caught:
        resolve("g", OPTIONS, given)
    assert str(caught.value).startswith(message)


def test_parse_assignments() -> None:
    assert parse_assignments(["snap=anytime", " players = 3 "]) == {
        "snap": "anytime",
        "players": "3",
    }
    with pytest.raises(InvalidOptions, match="NAME=VALUE"):
        parse_assignments(["snap"])

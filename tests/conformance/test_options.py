"""Bad games, options, values and decks are refused with a message that names them."""

from __future__ import annotations

import pytest

from cardtable import InvalidOptions, games

from .support import options_of


def test_unknown_game_names_the_games() -> None:
    with pytest.raises(InvalidOptions, match=r"Unknown game 'poker'.*cambio"):
        games.load("poker")


@pytest.mark.parametrize("name", games.names())
def test_unknown_option_is_named(name: str) -> None:
    with pytest.raises(InvalidOptions, match="no option 'colour'"):
        games.load(name, colour="blue")


@pytest.mark.parametrize(
    "name,option",
    [(name, option.name) for name in games.names() for option in options_of(name)],
)
def test_bad_option_value_is_named(name: str, option: str) -> None:
    with pytest.raises(InvalidOptions, match=f"Option '{option}' cannot be"):
        games.load(name, **{option: "definitely-not-a-value"})


@pytest.mark.parametrize("name", games.names())
def test_every_declared_value_is_accepted(name: str) -> None:
    for option in options_of(name):
        for value in option.values():
            game = games.load(name, **{option.name: value})
            assert game.options[option.name] == value
            assert (
                games.load(name, **{option.name: str(value).lower()}).options[option.name] == value
            )


@pytest.mark.parametrize("name", games.names())
def test_impossible_deck_is_refused(name: str) -> None:
    game = games.load(name)
    with pytest.raises(InvalidOptions):
        game.new_state(seed=1, deck=["ZZ"])


@pytest.mark.parametrize("name", games.names())
def test_errors_are_value_errors(name: str) -> None:
    with pytest.raises(ValueError):
        games.load(name, players=99)

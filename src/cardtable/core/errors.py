"""The errors every layer raises for bad input. Both are ``ValueError`` so callers that
only know the standard library still catch them."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not allowed now, or a malformed one. The state is unchanged.

    The message is written for the player: "You cannot snap now: it is not your turn".
    """


class InvalidOptions(ValueError):
    """A game, option, option value or stacked deck that cannot be used. Names the problem
    and, where there is a list, the allowed values."""


class GameNotOver(ValueError):
    """``outcome()`` was asked for before the game ended."""

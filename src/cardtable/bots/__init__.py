"""Bots that see only a seat's view. ``make(name, game)`` builds one by name."""

from __future__ import annotations

from typing import Any

from cardtable.bots.base import Bot, RandomBot
from cardtable.core import Game, InvalidOptions

LEVELS = ("random",)


def make(name: str, game: Game[Any]) -> Bot:
    """The bot called ``name`` for ``game`` (``InvalidOptions`` for an unknown name)."""
    if name == "random":
        return RandomBot()
    raise InvalidOptions(f"Unknown bot {name!r}; the bots are: {', '.join(LEVELS)}")


__all__ = ["LEVELS", "Bot", "RandomBot", "make"]

"""The game registry: every other layer reaches a game only through it, by the game's
``GamePackage`` (``cardtable.core.package``). A new game is one package
(``games/<game>/``, whose ``package.py`` builds the record) and one line in ``_PACKAGES``."""

from __future__ import annotations

from functools import cache
from typing import Any

from cardtable.core import Game, InvalidOptions
from cardtable.core.package import GamePackage, resolve

_PACKAGES: dict[str, str] = {
    "cambio": "cardtable.games.cambio.package:PACKAGE",
    "cabo": "cardtable.games.cabo.package:PACKAGE",
    "caravan": "cardtable.games.caravan.package:PACKAGE",
    "gandengyan": "cardtable.games.gandengyan.package:PACKAGE",
}


def names() -> list[str]:
    """The registered games, sorted."""
    return sorted(_PACKAGES)


@cache
def package(name: str) -> GamePackage:
    """The package of the game ``name`` (``InvalidOptions`` if there is none)."""
    if not isinstance(name, str) or name not in _PACKAGES:
        raise InvalidOptions(f"Unknown game {name!r}; the games are: {', '.join(names())}")
    found = resolve(_PACKAGES[name])
    assert isinstance(found, GamePackage) and found.name == name, _PACKAGES[name]
    return found


def game_class(name: str) -> type[Game[Any]]:
    return package(name).game


def load(name: str, **options: object) -> Game[Any]:
    """The game ``name`` with ``options`` validated (``InvalidOptions`` on any problem)."""
    return game_class(name)(**options)

"""The game registry: every other layer reaches a game only through ``load``. A new game
is one package and one line in ``_GAMES``."""

from __future__ import annotations

import importlib
from typing import Any

from cardtable.core import Game, InvalidOptions

_GAMES: dict[str, str] = {
    "cambio": "cardtable.games.cambio:CambioGame",
    "cabo": "cardtable.games.cabo:CaboGame",
    "caravan": "cardtable.games.caravan:CaravanGame",
    "gandengyan": "cardtable.games.gandengyan:GanDengYanGame",
}


def names() -> list[str]:
    """The registered games, sorted."""
    return sorted(_GAMES)


def game_class(name: str) -> type[Game[Any]]:
    if not isinstance(name, str) or name not in _GAMES:
        raise InvalidOptions(f"Unknown game {name!r}; the games are: {', '.join(names())}")
    module_name, _, class_name = _GAMES[name].partition(":")
    cls: type[Game[Any]] = getattr(importlib.import_module(module_name), class_name)
    return cls


def load(name: str, **options: object) -> Game[Any]:
    """The game ``name`` with ``options`` validated (``InvalidOptions`` on any problem)."""
    return game_class(name)(**options)

"""One game object per game and options, shared by every table that plays them (issue 20,
memory per idle table): a game object holds only the rules and what they prebuild (Cambio's
action tables, card values), the same for every table of those options, and it was the
largest part of an idle table. Held weakly: the last table of some options frees them."""

from __future__ import annotations

import json
from typing import Any
from weakref import WeakValueDictionary

from cardtable.core import Game

_games: WeakValueDictionary[str, Game[Any]] = WeakValueDictionary()


def shared(game: Game[Any]) -> Game[Any]:
    """The game object already serving ``game``'s name and options, or ``game`` itself."""
    key = f"{game.name}\n{json.dumps(dict(game.options), sort_keys=True, default=str)}"
    found = _games.get(key)
    if found is None:
        _games[key] = found = game
    return found

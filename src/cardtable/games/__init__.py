"""The game registry: every other layer reaches a game only through it, by the game's
``GamePackage`` (``cardtable.core.package``). A house game is one package
(``games/<game>/``, whose ``package.py`` builds the record) and one line in ``_PACKAGES``.

A game from elsewhere is one package and one line too, in either of two places
(docs/architecture.md, "A game from outside the house"):

- an installed distribution declares the entry point ``<game> = "module:PACKAGE"`` in the
  group ``cardtable.games`` (``[project.entry-points."cardtable.games"]`` in its
  pyproject): every process that imports cardtable (the server's bot workers, ``sim
  --jobs``) finds it, with nothing to configure;
- a program (a test, a notebook) calls ``register("<game>", "module:PACKAGE")`` for its
  own process."""

from __future__ import annotations

import logging
import re
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from cardtable.core import Game, InvalidOptions
from cardtable.core.package import GamePackage, resolve

ENTRY_POINTS = "cardtable.games"
# A game's name is a URL segment (/games/<name>/, /api/labs/<name>/…) and a module-ish
# identifier (python_cardtable_<name> in OpenSpiel): lower-case letters, digits, "_".
NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")

_PACKAGES: dict[str, str] = {
    "cambio": "cardtable.games.cambio.package:PACKAGE",
    "cabo": "cardtable.games.cabo.package:PACKAGE",
    "caravan": "cardtable.games.caravan.package:PACKAGE",
    "gandengyan": "cardtable.games.gandengyan.package:PACKAGE",
}
# Registered by ``register`` in this process.
_REGISTERED: dict[str, str] = {}

log = logging.getLogger("cardtable.games")


@cache
def _installed() -> dict[str, str]:
    """The games installed distributions declare (entry points, read once). A house game's
    name cannot be taken over: such an entry point is ignored, with a warning."""
    found: dict[str, str] = {}
    for point in entry_points(group=ENTRY_POINTS):
        if point.name in _PACKAGES or not NAME.fullmatch(point.name):
            log.warning("ignored game entry point %r (%s)", point.name, point.value)
            continue
        found[point.name] = point.value
    return found


def _references() -> dict[str, str]:
    return {**_installed(), **_REGISTERED, **_PACKAGES}


def register(name: str, reference: str) -> None:
    """Make the game ``name`` known to this process: ``reference`` is ``"module:attr"`` of
    its ``GamePackage`` (imported on first use). A house game's name, a malformed name or
    a second registration of a name under another reference raises ``ValueError``."""
    if not NAME.fullmatch(name):
        raise ValueError(f"A game's name is lower-case letters, digits and _, not {name!r}")
    if _references().get(name, reference) != reference:
        raise ValueError(f"The game {name!r} is already registered")
    _REGISTERED[name] = reference


def unregister(name: str) -> None:
    """Forget a game ``register`` added (a test cleaning up after itself)."""
    _REGISTERED.pop(name, None)
    package.cache_clear()


def names() -> list[str]:
    """The registered games, sorted."""
    return sorted(_references())


@cache
def package(name: str) -> GamePackage:
    """The package of the game ``name`` (``InvalidOptions`` if there is none)."""
    references = _references()
    if not isinstance(name, str) or name not in references:
        raise InvalidOptions(f"Unknown game {name!r}; the games are: {', '.join(names())}")
    found = resolve(references[name])
    if not isinstance(found, GamePackage) or found.name != name:
        raise InvalidOptions(f"{references[name]} is not the GamePackage of {name!r}")
    return found


def game_class(name: str) -> type[Game[Any]]:
    return package(name).game


def load(name: str, **options: object) -> Game[Any]:
    """The game ``name`` with ``options`` validated (``InvalidOptions`` on any problem)."""
    return game_class(name)(**options)

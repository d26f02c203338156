"""The bot contract (docs/architecture.md): ``bot.act(view, legal_actions, rng) -> action``.

A bot gets one seat's view and that seat's legal actions, never a state, so it cannot cheat
by construction. A bot call is a plain synchronous function: the server runs it in a
worker so think time never blocks an event loop."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Bot(Protocol):
    name: str

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal``, chosen from what ``view`` shows."""
        ...


class RandomBot:
    """Uniformly random among the legal actions: the baseline every other bot must beat."""

    name = "random"

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]

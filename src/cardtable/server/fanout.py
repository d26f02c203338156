"""Fan-out: how a table's changes reach the connections watching it.

The table's writer publishes one ``Update`` per change; the fan-out hands each subscriber
the messages of its own audience (a seat, or ``None`` for spectators). Messages are
rendered per audience and at most once, so a table with a hundred spectators builds the
spectator view once.

``InProcessFanout`` is the default: subscribers live in this process. A Redis pub/sub
fan-out for several server processes implements the same two methods: ``publish`` renders
every audience (``Update.all_audiences``) and publishes them on the table's channel; each
process delivers to its local subscribers. See docs/server.md."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

Audience = int | None  # a seat, or None for a spectator
Deliver = Callable[[list[str]], None]


class Update:
    """One change of one table: the JSON texts each audience receives, rendered lazily by
    ``render`` while the table is still at this version (``publish`` is synchronous for
    that reason)."""

    def __init__(
        self,
        table_id: str,
        version: int,
        audiences: list[Audience],
        render: Callable[[Audience], list[str]],
    ) -> None:
        self.table_id = table_id
        self.version = version
        self.audiences = audiences
        self._render = render
        self._cache: dict[Audience, list[str]] = {}

    def messages(self, audience: Audience) -> list[str]:
        cached = self._cache.get(audience)
        if cached is None:
            cached = self._cache[audience] = self._render(audience)
        return cached

    def all_audiences(self) -> dict[Audience, list[str]]:
        """Every audience's messages (what a cross-process fan-out must ship)."""
        return {audience: self.messages(audience) for audience in self.audiences}


class Fanout(Protocol):
    def publish(self, update: Update) -> None:
        """Deliver ``update`` to every subscriber of its table. Must render what it needs
        before returning: the table moves on right after."""

    def subscribe(self, table_id: str, audience: Audience, deliver: Deliver) -> Callable[[], None]:
        """Receive the table's updates for ``audience``; returns the unsubscribe function."""

    def watchers(self, table_id: str) -> int:
        """How many subscribers this process has for the table."""


class InProcessFanout:
    def __init__(self) -> None:
        self._subscribers: dict[str, dict[int, tuple[Audience, Deliver]]] = {}
        self._next = 0

    def publish(self, update: Update) -> None:
        for audience, deliver in list(self._subscribers.get(update.table_id, {}).values()):
            deliver(update.messages(audience))

    def subscribe(self, table_id: str, audience: Audience, deliver: Deliver) -> Callable[[], None]:
        self._next += 1
        key = self._next
        self._subscribers.setdefault(table_id, {})[key] = (audience, deliver)

        def unsubscribe() -> None:
            table = self._subscribers.get(table_id, {})
            table.pop(key, None)
            if not table:
                self._subscribers.pop(table_id, None)

        return unsubscribe

    def watchers(self, table_id: str) -> int:
        return len(self._subscribers.get(table_id, {}))

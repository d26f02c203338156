"""Finished tables' replays, built once and kept: a bounded LRU of gzip-compressed JSON.

A finished game's replay never changes, and building one replays the whole log through
the engine (a 1,417-version replay: 3 MiB of JSON, 160 ms); twenty at once held another
table's ping up for 464 ms. So a replay is built off the event loop (a thread), at most
``BUILDS`` at a time, once for everyone who asks for it at the same time, and a finished
table's is kept compressed (about a tenth of its size) until ``MAX_BYTES`` of others push
it out. A live table's replay grows with every move: built each time, never kept."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable

BUILDS = 2  # replays built at once (threads); more wait their turn
MAX_BYTES = 64 * 1024 * 1024  # compressed replays kept, in all
# "hit": answered from the cache, "miss": built for this request, "shared": built once for
# this request and others that came meanwhile (a client or an operator can tell; the tests
# count builds with it).
REPLAY_CACHE_HEADER = "X-Replay-Cache"


class ReplayCache:
    def __init__(self, max_bytes: int = MAX_BYTES, builds: int = BUILDS) -> None:
        self.max_bytes = max_bytes
        self._kept: OrderedDict[Hashable, bytes] = OrderedDict()
        self._size = 0
        self._building: dict[Hashable, asyncio.Task[bytes]] = {}
        self._slots = asyncio.Semaphore(builds)
        self.builds = 0

    async def get(
        self, key: Hashable, make: Callable[[], Awaitable[bytes]], keep: bool
    ) -> tuple[bytes, str]:
        """The bytes for ``key`` and where they came from (``REPLAY_CACHE_HEADER``);
        ``make`` builds them if they are not kept (once for every caller waiting on the
        same key), kept afterwards if ``keep``."""
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept, "hit"
        if not keep:
            return await self._build(make), "miss"
        task = self._building.get(key)
        source = "shared" if task is not None else "miss"
        if task is None:
            task = asyncio.create_task(self._build(make))
            self._building[key] = task
            task.add_done_callback(lambda _: self._building.pop(key, None))
        packed = await asyncio.shield(task)
        self._keep(key, packed)
        return packed, source

    async def _build(self, make: Callable[[], Awaitable[bytes]]) -> bytes:
        async with self._slots:
            self.builds += 1
            return await make()

    def _keep(self, key: Hashable, packed: bytes) -> None:
        if key in self._kept or len(packed) > self.max_bytes:
            return
        self._kept[key] = packed
        self._size += len(packed)
        while self._size > self.max_bytes:
            _, old = self._kept.popitem(last=False)
            self._size -= len(old)

"""The lobby's index across the processes of one house (``--redis``): every process lists
every public table, whichever process owns it (docs/scaling.md, "Shared across processes").

Each owner keeps its own tables' ``LobbyIndex`` as in one process (it decides what is
listed, and where) and mirrors it into Redis: ``{ns}:lobby:open`` (a sorted set, scored by
when the table opened: a table keeps its place while open), ``{ns}:lobby:playing``
(scored by its last change) and ``{ns}:lobby:sum`` (table -> its summary, JSON). Changes
are gathered and written by one task, a table's latest state once per round, in one
pipelined round trip. A page reads the sets and the summaries it shows; an entry whose
table nobody owns any more (its process died) is skipped and taken out, and the failover's
new owner lists the table again."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis

from cardtable.server.lease import holder, lease_key
from cardtable.server.listing import LobbyIndex
from cardtable.server.tables_api import TableSummary, summary

if TYPE_CHECKING:
    from cardtable.server.live import LiveTable

log = logging.getLogger("cardtable.server")

FLUSH_EVERY = 0.1  # seconds: how stale another process's lobby may be, at most (plus Redis)
PRUNE_EVERY = 5.0  # seconds between looks for abandoned tables among this owner's


class SharedLobby(LobbyIndex):
    def __init__(self, redis: Redis, namespace: str) -> None:
        super().__init__()
        self.redis = redis
        self.keys = {w: f"{namespace}:lobby:{w}" for w in ("open", "playing", "sum")}
        self._pending: dict[str, LiveTable | None] = {}  # None: take it out
        # When each of this owner's open tables was listed open: its score, so tables of two
        # processes list in the order they opened, not in the order their owners flushed.
        self._opened: dict[str, float] = {}
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._flush_every(), name="lobby mirror")

    async def close(self) -> None:
        """Take this process's tables out (their next owner lists them again)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        for table_id in [*self.open, *self.playing]:
            self._pending[table_id] = None
        with contextlib.suppress(Exception):
            await self._flush()

    # -- the owner's side: mirror the local index ------------------------------------
    def update(self, table: LiveTable) -> None:
        super().update(table)
        if table.id in self.open:
            self._opened.setdefault(table.id, time.time())
        else:
            self._opened.pop(table.id, None)
        listed = table.id in self.open or table.id in self.playing
        self._pending[table.id] = table if listed else None

    def remove(self, table_id: str) -> None:
        super().remove(table_id)
        self._opened.pop(table_id, None)
        self._pending[table_id] = None

    def prune(self) -> int:
        before = set(self.playing)
        pruned = super().prune()
        for table_id in before - set(self.playing):
            self._pending[table_id] = None
        return pruned

    async def _flush_every(self) -> None:
        pruned = time.monotonic()
        while True:
            await asyncio.sleep(FLUSH_EVERY)
            if time.monotonic() - pruned > PRUNE_EVERY:
                pruned = time.monotonic()
                self.prune()
            try:
                await self._flush()
            except Exception:
                log.exception("lobby: writing to Redis failed")

    async def _flush(self) -> None:
        if not self._pending:
            return
        pending, self._pending = self._pending, {}
        now = time.time()
        keys = self.keys
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id, table in pending.items():
                if table is None or (table.id not in self.open and table.id not in self.playing):
                    pipe.zrem(keys["open"], table_id)
                    pipe.zrem(keys["playing"], table_id)
                    pipe.hdel(keys["sum"], table_id)
                    continue
                which, other = ("open", "playing") if table.id in self.open else ("playing", "open")
                opened = which == "open"
                score = self._opened.get(table_id, now) if opened else now
                pipe.zadd(keys[which], {table_id: score}, nx=opened)
                pipe.zrem(keys[other], table_id)
                made = summary(table.record, list(table.state.to_act), table.names)
                pipe.hset(keys["sum"], table_id, made.model_dump_json())
            await pipe.execute()

    # -- any process: read a page ----------------------------------------------------
    async def page_of(self, which: str, offset: int, limit: int) -> list[TableSummary]:
        """``limit`` summaries of ``which`` after ``offset``, newest first."""
        raw: Any = await self.redis.zrevrange(self.keys[which], offset, offset + limit - 1)
        ids = [i.decode() for i in raw]
        if not ids:
            return []
        texts = await self.redis.hmget(self.keys["sum"], ids)
        owners = await self.redis.mget([lease_key(i) for i in ids])
        found, gone = [], []
        for table_id, text, owner in zip(ids, texts, owners, strict=True):
            if text is None or holder(owner) is None:
                gone.append(table_id)
            else:
                found.append(TableSummary.model_validate_json(text))
        if gone:  # their owner died (or let them go): the failover lists them again
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.zrem(self.keys[which], *gone)
                pipe.hdel(self.keys["sum"], *gone)
                await pipe.execute()
        return found

    async def total(self, which: str) -> int:
        return int(await self.redis.zcard(self.keys[which]))

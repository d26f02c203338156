""" "Your turn" across the processes of one house (``--redis``): ``GET /api/my/turns`` on any
process lists the person's tables whoever owns them (docs/scaling.md, "Shared across
processes").

Each owner keeps its tables' ``TurnIndex`` as in one process and mirrors, per person, the
turns waiting on them into the hash ``{ns}:turns:{user}`` (table id -> the turn, JSON,
with its deadline as a wall-clock time): a person's poll reads one hash. Changes are
gathered and written by one task, a table's latest state once per round, in one pipelined
round trip, as the lobby's mirror. An entry whose table nobody owns any more (its process
died) is skipped and taken out; the failover's new owner writes it again."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis

from cardtable.server.lease import holder, lease_key
from cardtable.server.turnindex import TurnIndex
from cardtable.server.turns import Turn, waiting

if TYPE_CHECKING:
    from cardtable.server.live import LiveTable

log = logging.getLogger("cardtable.server")

FLUSH_EVERY = 0.1  # seconds: how stale another process's answer may be, at most (plus Redis)


class SharedTurns(TurnIndex):
    def __init__(self, redis: Redis, namespace: str) -> None:
        super().__init__()
        self.redis = redis
        self.prefix = f"{namespace}:turns:"
        self._pending: dict[str, LiveTable | None] = {}  # None: the table is let go
        self._written: dict[str, set[str]] = {}  # table id -> people it is written under
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._flush_every(), name="turns mirror")

    async def close(self) -> None:
        """Take this process's tables out (their next owner writes them again)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        for table_id in self._written:
            self._pending[table_id] = None
        with contextlib.suppress(Exception):
            await self._flush()

    # -- the owner's side ------------------------------------------------------------
    def update(self, table: LiveTable) -> None:
        super().update(table)
        self._pending[table.id] = table

    def remove(self, table_id: str) -> None:
        super().remove(table_id)
        self._pending[table_id] = None

    async def _flush_every(self) -> None:
        while True:
            await asyncio.sleep(FLUSH_EVERY)
            try:
                await self._flush()
            except Exception:
                log.exception("turns: writing to Redis failed")

    async def _flush(self) -> None:
        if not self._pending:
            return
        pending, self._pending = self._pending, {}
        now = time.time()
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id, table in pending.items():
                before = self._written.pop(table_id, set())
                seated = set(self._people.get(table_id, set())) if table is not None else set()
                for user in before - seated:
                    pipe.hdel(self.prefix + user, table_id)
                for user in seated:
                    assert table is not None
                    turn = waiting(table, user)
                    if turn is None:
                        pipe.hdel(self.prefix + user, table_id)
                        continue
                    stored = turn.model_dump()
                    if turn.deadline is not None:  # seconds left, kept as the moment
                        stored["deadline"] = now + turn.deadline
                    pipe.hset(self.prefix + user, table_id, json.dumps(stored))
                if seated:
                    self._written[table_id] = seated
            await pipe.execute()

    # -- any process: a person's turns -----------------------------------------------
    async def turns_of(self, user_id: str) -> list[Turn]:
        stored: dict[Any, Any] = await self.redis.hgetall(self.prefix + user_id)
        if not stored:
            return []
        ids = [table_id.decode() for table_id in stored]
        owners = await self.redis.mget([lease_key(i) for i in ids])
        now, found, gone = time.time(), [], []  # type: tuple[float, list[Turn], list[bytes]]
        for (raw_id, text), owner in zip(stored.items(), owners, strict=True):
            if holder(owner) is None:
                gone.append(raw_id)
                continue
            turn = Turn.model_validate_json(text)
            if turn.deadline is not None:
                turn.deadline = max(0.0, turn.deadline - now)
            found.append(turn)
        if gone:  # their owner died: the failover's owner writes them again
            await self.redis.hdel(self.prefix + user_id, *gone)
        return found

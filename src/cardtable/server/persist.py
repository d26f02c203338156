"""The store, called from the event loop: every call runs in the store's own worker
threads so a commit never blocks the loop. SQLite gets one writer thread (it takes one
writer at a time anyway); PostgreSQL a few.

Appends are group-committed: while one group of actions is being written, the actions of
other tables queue up and go together in the next transaction. Each table still waits for
its own action's commit before publishing it; under load a commit serves many tables."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar, cast

from cardtable.store import Append, Store, TableRecord
from cardtable.store.online import OnlineSql

T = TypeVar("T")


class AsyncStore:
    def __init__(self, store: Store, workers: int) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="store")
        self._queued: list[tuple[Append, asyncio.Future[None]]] = []
        self._writing = False

    async def _call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, partial(fn, *args, **kwargs))

    async def create(self, table: TableRecord) -> None:
        await self._call(self.store.create, table)

    async def get(self, table_id: str, *, actions: bool = False) -> TableRecord | None:
        return await self._call(self.store.get, table_id, actions=actions)

    async def append(
        self,
        table_id: str,
        seq: int,
        seat: int,
        action: dict[str, Any],
        outcome: dict[str, Any] | None,
        clock_state: dict[str, Any] | None = None,
    ) -> None:
        """Return once the action (with the table's clocks after it, if any) is committed
        (``WriteConflict`` if it was refused)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = Append(table_id, seq, seat, action, outcome, clock_state)
        self._queued.append((entry, done))
        if not self._writing:
            self._writing = True
            asyncio.get_running_loop().create_task(self._write_groups())
        await done

    async def _write_groups(self) -> None:
        try:
            while self._queued:
                group, self._queued = self._queued, []
                results: list[Exception | None]
                try:
                    stored = await self._call(self.store.append_many, [a for a, _ in group])
                    results = list(stored)
                except Exception as error:  # the database itself failed: nobody is stored
                    results = [error] * len(group)
                for (_, done), problem in zip(group, results, strict=True):
                    if done.done():
                        continue
                    if problem is None:
                        done.set_result(None)
                    else:
                        done.set_exception(problem)
        finally:
            self._writing = False

    async def claim(
        self, table_id: str, seat: int, token_hash: str, user_id: str | None = None
    ) -> bool:
        return await self._call(self.store.claim, table_id, seat, token_hash, user_id)

    @property
    def sql(self) -> OnlineSql:
        """The online-play part of the store (users, ratings, chat, lobby): call its
        methods through ``run``."""
        return cast(OnlineSql, self.store)

    async def set_status(self, table_id: str, status: str) -> None:
        await self._call(self.store.set_status, table_id, status)

    async def unfinished(self) -> list[str]:
        return await self._call(self.store.unfinished)

    async def ping(self) -> None:
        await self._call(self.store.ping)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Any other blocking work that belongs with the store (replaying a log)."""
        return await self._call(fn, *args)

    def close(self) -> None:
        self._pool.shutdown(wait=True)
        self.store.close()

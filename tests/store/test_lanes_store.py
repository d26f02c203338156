"""The server's store calls (``server/persist.AsyncStore``) through the lanes, on a real
database (SQLite always, PostgreSQL when configured): a move is committed before the
creates queued ahead of it, a table's create before its first move, and one failure
costs nobody else."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Iterator
from typing import Any

import pytest

from cardtable.server.persist import AsyncStore
from cardtable.store import WriteConflict, open_store
from tests.store.test_store import new_table

WAIT = 10.0


@pytest.fixture(params=[1, 4], ids=["1-thread", "4-threads"])
def async_store(request: pytest.FixtureRequest, store_url: str) -> Iterator[AsyncStore]:
    made = AsyncStore(open_store(store_url), request.param)
    yield made
    made.close()


async def _hold(store: AsyncStore) -> tuple[threading.Event, asyncio.Task[bool]]:
    """Occupy one store thread until the returned gate is set."""
    gate, holding = threading.Event(), threading.Event()

    def wait() -> bool:
        holding.set()
        return gate.wait(WAIT)

    task = asyncio.create_task(store.run(wait))
    assert await asyncio.to_thread(holding.wait, WAIT)
    return gate, task


def _move(seq: int) -> dict[str, Any]:
    return {"type": "draw", "n": seq}


def test_a_move_is_committed_before_the_creates_queued_ahead_of_it(store_url: str) -> None:
    store = AsyncStore(open_store(store_url), 1)  # one thread: SQLite's set-up
    try:
        asyncio.run(_move_ahead(store))
    finally:
        store.close()


async def _move_ahead(store: AsyncStore) -> None:
    await store.create(new_table("playing"))
    finished: list[str] = []

    def noted(name: str, work: Awaitable[None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(work)
        task.add_done_callback(lambda _: finished.append(name))
        return task

    gate, held = await _hold(store)
    creates = [noted(f"new{i}", store.create(new_table(f"new{i}"))) for i in range(30)]
    move = noted("move", store.append("playing", 1, 0, _move(1), None))
    await asyncio.sleep(0)  # every call is queued behind the held thread
    gate.set()
    await asyncio.gather(held, move, *creates)
    assert finished[0] == "move"
    assert finished[1:] == [f"new{i}" for i in range(30)]
    record = await store.get("playing", actions=True)
    assert record is not None and [a.seq for a in record.actions] == [1]
    assert all([await store.get(f"new{i}") for i in range(30)])


def test_a_tables_first_moves_made_with_its_create_are_stored_after_it(
    async_store: AsyncStore,
) -> None:
    asyncio.run(_create_and_move(async_store))


async def _create_and_move(async_store: AsyncStore) -> None:
    # The server awaits a create before the table can move; this is the lanes' own
    # guarantee should a caller not: nothing is refused for a table not yet stored.
    work: list[Awaitable[Any]] = []
    for i in range(20):
        work.append(async_store.create(new_table(f"t{i}")))
        work.append(async_store.append(f"t{i}", 1, 0, _move(1), None))
    await asyncio.gather(*work)
    for i in range(20):
        record = await async_store.get(f"t{i}", actions=True)
        assert record is not None and [a.seq for a in record.actions] == [1]


def test_a_failure_costs_nobody_else(async_store: AsyncStore) -> None:
    asyncio.run(_failures(async_store))


async def _failures(async_store: AsyncStore) -> None:
    await async_store.create(new_table("t"))

    def broken() -> None:
        raise RuntimeError("replay failed")

    gate, held = await _hold(async_store)
    failing = asyncio.ensure_future(async_store.run(broken))
    wrong = asyncio.ensure_future(async_store.append("t", 5, 0, _move(5), None))  # not next
    right = asyncio.ensure_future(async_store.append("t", 1, 0, _move(1), None))
    claimed = asyncio.ensure_future(async_store.claim("t", 1, "b" * 64))
    gate.set()
    await held
    with pytest.raises(RuntimeError, match="replay failed"):
        await failing
    with pytest.raises(WriteConflict):
        await wrong
    await right
    assert await claimed
    record = await async_store.get("t", actions=True)
    assert record is not None
    assert [a.seq for a in record.actions] == [1] and record.seats[1].claimed

"""Idle tables forget their move history (issue 20, memory per idle table, docs/scaling.md):
a real house on a real SQLite store, tables played straight through their writers."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from cardtable.server.autoplay import BotWorkers
from cardtable.server.fanout import InProcessFanout
from cardtable.server.house import House
from cardtable.server.live import LiveTable
from cardtable.server.persist import AsyncStore
from cardtable.server.seating import plan_table
from cardtable.store import open_store


async def move(table: LiveTable, rng: random.Random) -> None:
    state = table.writer.state
    seat = state.to_act[0]
    action = table.writer.game.action_to_json(rng.choice(state.legal_actions(seat)))
    await table.writer.submit(seat, table.writer.version, action)


async def two_tables(folder: Path) -> tuple[House, list[LiveTable]]:
    store = AsyncStore(open_store(f"sqlite:///{folder / 'house.db'}"), 1)
    house = House(store, InProcessFanout(), BotWorkers(0.0, 1, 0))
    tables = []
    for _ in range(2):
        ticket = await house.create(plan_table("cambio", {}, ["human", "human"]), hold=True)
        await house.claim(ticket.table_id, 1)
        tables.append(house.live[ticket.table_id])
    return house, tables


def test_an_unwatched_table_forgets_its_history_and_catches_up_again_after(
    tmp_path: Path,
) -> None:
    """Rested: nobody watches the first table, someone watches the second. The first
    forgets its events (a reconnect from before gets the state alone, one from now gets
    nothing missed) and keeps the next moves' events for catch-up; the second keeps all."""

    async def check() -> dict[str, Any]:
        house, (quiet, watched) = await two_tables(tmp_path)
        rng = random.Random(4)
        got: list[Any] = []
        leave = watched.join(0, got.extend)
        for table in (quiet, watched):
            for _ in range(3):
                await move(table, rng)
        rested = house.rest(0.0)
        found = {
            "rested": rested,
            "quiet_from_start": quiet.events_since(0),
            "quiet_from_now": quiet.events_since(quiet.version),
            "watched_from_start": watched.events_since(0),
        }
        before = quiet.version
        await move(quiet, rng)
        found["quiet_after_a_move"] = quiet.events_since(before)
        found["version"] = quiet.version
        leave()
        await house.close()
        return found

    found = asyncio.run(check())
    assert found["rested"] == 1
    assert found["quiet_from_start"] is None  # forgotten: the state alone
    assert found["quiet_from_now"] == []
    assert {v for v, _ in found["watched_from_start"]} == {1, 2, 3}
    assert found["quiet_after_a_move"], "the move after the rest is caught up"
    assert {v for v, _ in found["quiet_after_a_move"]} == {found["version"]}

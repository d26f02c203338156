"""Memory per idle live table (issue 20 asks for at most 10 KiB): N tables made in one
house in this process, every seat taken by a person who then went quiet (no connection,
no clock: what a table waiting on people holds between moves), a few moves played first
with ``--moves``. Reported: Python's allocations per table (``tracemalloc``, what the
house keeps), the process's resident memory per table (``VmRSS``, what the machine pays,
allocator slack included), and the load average beside them (the machine is shared).

    PYTHONPATH=src .venv/bin/python bench/idle_memory.py --tables 2000 --game cambio
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import tempfile
import tracemalloc
from pathlib import Path

from cardtable.server.autoplay import BotWorkers
from cardtable.server.fanout import InProcessFanout
from cardtable.server.house import House
from cardtable.server.persist import AsyncStore
from cardtable.server.seating import plan_table
from cardtable.store import open_store

WARM = 20  # tables made before the baseline: imports, caches and pools are paid by then


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def make(house: House, game: str, moves: int, rng: random.Random) -> None:
    ticket = await house.create(plan_table(game, {}, ["human", "human"]), hold=True)
    await house.claim(ticket.table_id, 1)
    table = house.live[ticket.table_id]
    for _ in range(moves):  # whoever may act plays at random, straight to the writer
        state = table.writer.state
        if table.over or not state.to_act:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = table.writer.game.action_to_json(rng.choice(legal))
        await table.writer.submit(seat, table.writer.version, action)


async def measure(tables: int, game: str, moves: int) -> dict[str, float]:
    folder = tempfile.mkdtemp(prefix="idle-memory-")
    store = AsyncStore(open_store(f"sqlite:///{folder}/cardtable.db"), 1)
    house = House(store, InProcessFanout(), BotWorkers(0.0, 1, 0))
    rng = random.Random(1)
    for _ in range(WARM):
        await make(house, game, moves, rng)
    gc.collect()
    tracemalloc.start()
    before, rss_before = tracemalloc.get_traced_memory()[0], rss_kib()
    for _ in range(tables):
        await make(house, game, moves, rng)
    await asyncio.sleep(0.2)  # the writers' tasks settle
    # As the house's sweep does to tables nobody watched for REST_AFTER (here at once):
    # idle tables forget their move history (the log keeps the moves).
    rested = house.rest(0.0)
    assert rested >= tables, rested
    gc.collect()
    after, rss_after = tracemalloc.get_traced_memory()[0], rss_kib()
    top = tracemalloc.take_snapshot().statistics(os.environ.get("BY", "lineno"))[
        : int(os.environ.get("TOP", "12"))
    ]
    tracemalloc.stop()
    print("largest allocation sites over the measured tables:")
    for stat in top:
        print(f"  {stat.size / tables / 1024:7.2f} KiB/table  {stat.traceback}")
    await house.close()
    return {
        "tables": tables,
        "traced_kib_per_table": round((after - before) / tables / 1024, 2),
        "rss_kib_per_table": round((rss_after - rss_before) / tables, 2),
        "load_average_1m": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--game", default="cambio")
    parser.add_argument("--moves", type=int, default=4, help="moves played before going idle")
    args = parser.parse_args()
    print(asyncio.run(measure(args.tables, args.game, args.moves)))


if __name__ == "__main__":
    main()

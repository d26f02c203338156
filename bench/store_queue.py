"""How long a move's commit waits in the store, under the mix of calls 1,000 tables make.

The store's side of ``bench/load.py --tables 1000`` without the WebSockets: N tables
(coroutines) on one ``AsyncStore`` over a fresh SQLite file, each making a move every
think time (0.75-1.25 of ``--think``) and, every ``--moves`` moves, a new table (a create
and two claims, what a finished game's replacement costs the store). Reported: the time
from ``append`` to its return (the act's wait for its commit, p50/p99/max) and the
create's, and the event loop's lag (a 10 ms sleep's overshoot). The loop does almost
nothing else, so the figures are the store's queueing, with less of the machine's noise
than the whole house's. Run it on two trees to compare them (``PYTHONPATH`` picks which
``cardtable`` is measured):

    PYTHONPATH=src .venv/bin/python bench/store_queue.py --tables 1000 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path

from cardtable.server.persist import AsyncStore
from cardtable.store import SeatRecord, TableRecord, open_store


def _table(table_id: str) -> TableRecord:
    return TableRecord(
        id=table_id,
        game="cambio",
        options={"players": 2},
        seed=random.getrandbits(62),
        seats=[SeatRecord(0, "human"), SeatRecord(1, "human")],
    )


class Run:
    def __init__(self, store: AsyncStore, args: argparse.Namespace) -> None:
        self.store, self.args = store, args
        self.appends: list[float] = []
        self.creates: list[float] = []
        self.lags: list[float] = []
        self.measuring = False
        self.stop = False
        self.made = 0

    async def _new(self) -> str:
        self.made += 1
        table_id = f"t{self.made}"
        began = time.perf_counter()
        await self.store.create(_table(table_id))
        if self.measuring:
            self.creates.append(time.perf_counter() - began)
        for seat in (0, 1):
            await self.store.claim(table_id, seat, f"{seat}" * 64)
        return table_id

    async def table(self) -> None:
        think = self.args.think
        await asyncio.sleep(random.uniform(0, think))  # not all in step
        while not self.stop:
            table_id = await self._new()
            for seq in range(1, self.args.moves + 1):
                await asyncio.sleep(think * random.uniform(0.75, 1.25))
                if self.stop:
                    return
                began = time.perf_counter()
                await self.store.append(table_id, seq, seq % 2, {"n": seq}, None)
                if self.measuring:
                    self.appends.append(time.perf_counter() - began)

    async def watch_loop(self) -> None:
        while not self.stop:
            began = time.perf_counter()
            await asyncio.sleep(0.01)
            if self.measuring:
                self.lags.append(time.perf_counter() - began - 0.01)


def _ms(values: list[float], q: float) -> str:
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.1f}"


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp())
    store = AsyncStore(open_store(f"sqlite:///{folder / 'queue.db'}"), 1)
    run = Run(store, args)
    tasks = [asyncio.create_task(run.table()) for _ in range(args.tables)]
    tasks.append(asyncio.create_task(run.watch_loop()))
    await asyncio.sleep(args.warmup)
    run.measuring = True
    cpu = time.process_time()
    await asyncio.sleep(args.seconds)
    run.measuring = False
    cpu = time.process_time() - cpu
    run.stop = True
    await asyncio.gather(*tasks)
    store.close()
    a, c, lag = run.appends, run.creates, run.lags
    print(
        f"{args.tables} tables, {len(a) / args.seconds:.0f} appends/s, "
        f"{len(c) / args.seconds:.0f} creates/s; process CPU {cpu / args.seconds:.0%}; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    print(f"  append: p50 {_ms(a, 0.5)} ms, p99 {_ms(a, 0.99)} ms, max {_ms(a, 1.0)} ms")
    print(f"  create: p50 {_ms(c, 0.5)} ms, p99 {_ms(c, 0.99)} ms, max {_ms(c, 1.0)} ms")
    print(f"  loop lag: p50 {_ms(lag, 0.5)} ms, p99 {_ms(lag, 0.99)} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--think", type=float, default=0.8)
    parser.add_argument("--moves", type=int, default=24, help="moves a game lasts")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    asyncio.run(main(parser.parse_args()))

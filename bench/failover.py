"""Kill -9 one of two processes under load (issue 20; docs/scaling.md, "Failover under
load"): two ``cardtable serve --redis`` on a fresh PostgreSQL schema, N two-player Cambio
tables played by real WebSocket clients at a think time, half of them made on (and so
owned by) each process, each table's two seats connected one to each process (so half the
traffic takes the Redis hop). After ``--before`` seconds the first process is killed with
SIGKILL. A client whose connection drops reconnects (with ``since``) to the same process,
or to the other when that one refuses, as nginx would send it; its first act after a
reconnect is made at once, so the take-over is not hidden in a think time.

Reported, for each table the killed process owned and that was in play: the time from the
kill to its first move accepted by its new owner (a state newer than the first state of a
connection opened after the kill): p50, p99, max, and how many never came back. Then,
against the action log in PostgreSQL: lost moves (a version a client was shown that the
log lacks, or a client shown an older state after a newer one) and doubled moves (a log
entry that is not an act a client sent at the version before it), which must all be 0.

    CARDTABLE_TEST_POSTGRES_URL=$(cat /tmp/pgurl) \\
    CARDTABLE_TEST_REDIS_URL=$(bash scripts/test-redis.sh) \\
      PYTHONPATH=src:. .venv/bin/python bench/failover.py --tables 200
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from bench.cluster import House, house
from bench.load import RACES, create_and_claim, percentile
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

GAME = "cambio"
PLAYERS = 2
PAUSE = 0.2  # between a failed connection and the next try


@dataclass
class Played:
    """One table: where it was made, its seats' tokens, and what its clients saw."""

    id: str
    owner: int
    tokens: list[str]
    seen: int = 0  # the newest version any of its clients was shown
    over: bool = False  # a client was shown its end
    at_kill: int | None = None  # None: not in play on the killed process at the kill
    resumed: float | None = None  # seconds from the kill to its new owner's first move
    regressions: int = 0
    sent: dict[tuple[int, int], list[Any]] = field(default_factory=dict)  # (seat, v) -> acts


@dataclass
class Run:
    ws: list[str]
    think: float
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    killed: int | None = None
    killed_at: float | None = None
    tables: list[Played] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    reconnects: int = 0
    acts: int = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


@dataclass
class Connection:
    """One connection of one seat: the newest state it was shown, the version it acted on
    (reset by a reconnect, so an act the dead owner never committed is sent again, at the
    same version: the log's fence makes that safe), and whether it opened after the kill."""

    fresh: bool
    hurry: bool
    newest: dict[str, Any] | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    acted_on: int = -1
    first: int | None = None


async def seat_loop(run: Run, table: Played, seat: int, via: int, rng: random.Random) -> None:
    """Hold one seat until its game ends, reconnecting after a drop."""
    since: int | None = None
    reconnect = False
    while not run.stop.is_set():
        query = f"?token={table.tokens[seat]}" + (f"&since={since}" if since else "")
        try:
            ws = await connect(f"{run.ws[via]}/ws/tables/{table.id}{query}", max_size=None)
        except (OSError, TimeoutError, InvalidHandshake):
            via = 1 - via  # refused: the balancer sends it to the other process
            await asyncio.sleep(PAUSE)
            continue
        if reconnect:
            run.reconnects += 1
        conn = Connection(fresh=run.killed_at is not None, hurry=reconnect)
        try:
            if await play(ws, run, table, seat, conn, rng):
                return
        except ConnectionClosed:
            pass
        finally:
            await ws.close()
        since = conn.newest["version"] if conn.newest else since
        reconnect = True
        await asyncio.sleep(PAUSE)


async def play(
    ws: ClientConnection, run: Run, table: Played, seat: int, conn: Connection, rng: random.Random
) -> bool:
    """Read one connection's messages (an actor answers the newest state); True when the
    game is over."""
    actor = asyncio.create_task(act_loop(ws, run, table, seat, conn, rng))
    try:
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error" and message["code"] not in RACES:
                run.error(message["code"])
            elif message["type"] == "state":
                shown(run, table, conn, message)
                if message["over"]:
                    table.over = True
                    return True
        return False
    finally:
        actor.cancel()


def shown(run: Run, table: Played, conn: Connection, message: dict[str, Any]) -> None:
    version = message["version"]
    if conn.newest is not None and version < conn.newest["version"]:
        table.regressions += 1
    if conn.first is None:
        conn.first = version
        if version < table.seen and conn.fresh:
            # A reconnect shown an older version than some client was: moves lost.
            table.regressions += 1
        if message["over"] and conn.fresh and table.resumed is None:
            table.at_kill = None  # it ended before the kill: nothing to take over
    elif conn.fresh and version > conn.first and table.at_kill is not None:
        assert run.killed_at is not None  # a fresh connection opened after it
        if table.resumed is None:
            table.resumed = time.perf_counter() - run.killed_at
    table.seen = max(table.seen, version)
    conn.newest = message
    conn.changed.set()


async def act_loop(
    ws: ClientConnection, run: Run, table: Played, seat: int, conn: Connection, rng: random.Random
) -> None:
    while True:
        await conn.changed.wait()
        conn.changed.clear()
        message = conn.newest
        if message is None or not message["legal"] or message["version"] <= conn.acted_on:
            continue
        if run.think > 0 and not conn.hurry:
            await asyncio.sleep(run.think * rng.uniform(0.75, 1.25))
            if conn.changed.is_set():
                continue
        conn.hurry = False
        conn.acted_on = message["version"]
        action = rng.choice(message["legal"])
        table.sent.setdefault((seat, conn.acted_on), []).append(action)
        run.acts += 1
        await ws.send(json.dumps({"type": "act", "version": conn.acted_on, "action": action}))


async def table_loop(run: Run, http: list[httpx.AsyncClient], index: int) -> None:
    """Keep one table in play: when a game ends, make another on a living process."""
    rng = random.Random(index)
    made = index
    while not run.stop.is_set():
        owner = made % 2 if run.killed is None else 1 - run.killed
        made += 1
        try:
            table_id, *tokens = await create_and_claim(http[owner], GAME, PLAYERS)
        except httpx.HTTPError as error:
            run.error(f"create: {error!r}"[:80])
            await asyncio.sleep(PAUSE)
            continue
        table = Played(table_id, owner, tokens)
        run.tables.append(table)
        seats = [seat_loop(run, table, s, (owner + s) % 2, rng) for s in range(PLAYERS)]
        await asyncio.gather(*seats)


def kill(run: Run, cluster: House, victim: int) -> None:
    process = cluster.servers[victim].process
    assert process is not None
    for table in run.tables:
        if table.owner == victim and not table.over:
            table.at_kill = table.seen
    run.killed, run.killed_at = victim, time.perf_counter()
    process.send_signal(signal.SIGKILL)
    process.wait(10)


async def drive(cluster: House, args: argparse.Namespace) -> tuple[Run, dict[str, float]]:
    run = Run([s.ws for s in cluster.servers], args.think)
    clients = [httpx.AsyncClient(base_url=s.http, timeout=60) for s in cluster.servers]
    loops = [asyncio.create_task(table_loop(run, clients, i)) for i in range(args.tables)]
    await asyncio.sleep(args.before)
    load = {"at_kill": os.getloadavg()[0]}
    kill(run, cluster, 0)
    waited = 0.0
    while waited < args.deadline and any(
        t.at_kill is not None and t.resumed is None for t in run.tables
    ):
        await asyncio.sleep(0.5)
        waited += 0.5
    await asyncio.sleep(args.after)
    load["at_end"] = os.getloadavg()[0]
    run.stop.set()
    for loop in loops:
        loop.cancel()
    await asyncio.gather(*loops, return_exceptions=True)
    for client in clients:
        await client.aclose()
    return run, load


def audit(run: Run, cluster: House) -> dict[str, int]:
    """Lost and doubled moves, against the log."""
    log = cluster.log([t.id for t in run.tables])
    lost = doubled = gaps = 0
    for table in run.tables:
        entries = log[table.id]
        if [seq for seq, _, _ in entries] != list(range(1, len(entries) + 1)):
            gaps += 1
        lost += max(0, table.seen - len(entries)) + table.regressions
        for seq, seat, action in entries:
            if action not in table.sent.get((seat, seq - 1), []):
                doubled += 1
    return {"lost_moves": lost, "doubled_or_unsent_moves": doubled, "tables_with_gaps": gaps}


def report(run: Run, load: dict[str, float], audited: dict[str, int], args: Any) -> dict[str, Any]:
    owned = [t for t in run.tables if t.at_kill is not None]
    times = [t.resumed * 1000 for t in owned if t.resumed is not None]
    return {
        "tables": args.tables,
        "think_seconds": args.think,
        "tables_owned_by_the_killed_process": len(owned),
        "taken_over": len(times),
        "not_taken_over": len(owned) - len(times),
        "takeover_ms": {
            "p50": round(percentile(times, 0.50)),
            "p99": round(percentile(times, 0.99)),
            "max": round(max(times, default=float("nan"))),
        },
        **audited,
        "acts_sent": run.acts,
        "reconnects": run.reconnects,
        "errors": run.errors,
        "load_average_1m": load,
        "cpus": os.cpu_count(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=0.8, help="mean seconds before an act")
    parser.add_argument("--before", type=float, default=15.0, help="seconds played before")
    parser.add_argument("--after", type=float, default=5.0, help="seconds played after all")
    parser.add_argument("--deadline", type=float, default=60.0, help="most seconds to wait")
    args = parser.parse_args()
    with house(2) as cluster:
        run, load = asyncio.run(drive(cluster, args))
        audited = audit(run, cluster)
    result = report(run, load, audited, args)
    print(json.dumps(result, indent=1))
    bad = result["lost_moves"] or result["doubled_or_unsent_moves"] or result["not_taken_over"]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

"""The measured cost of one move in a house of two processes (issue 20; docs/scaling.md,
"The cost of one move"): two ``cardtable serve --redis`` on a fresh PostgreSQL schema,
two-player Cambio games played to the end by random clients, once with both seats
connected to the table's owner and once with both connected to the other process.
Counted over the games' moves, divided by them: the processes' CPU (``/proc/PID/stat``),
Redis commands (``INFO commandstats`` deltas, this script's own INFO calls taken out),
PostgreSQL row writes (``pg_stat_user_tables`` of the schema) and the bytes of JSON the
clients received. Background work (lease renewals, mirrors) counts in, as it does in
production; the load average is printed beside the figures (the machine is shared).

    CARDTABLE_TEST_POSTGRES_URL=postgresql://… CARDTABLE_TEST_REDIS_URL=redis://…/15 \\
      PYTHONPATH=src:. .venv/bin/python bench/move_cost.py --games 6
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import tempfile
import time
from pathlib import Path
from typing import Any

import redis
from sqlalchemy import create_engine, text
from tests.server.support import Server, open_table
from tests.store.conftest import postgres_schema_url

from cardtable.store import normalize_url

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def redis_calls(client: redis.Redis) -> int:
    stats = client.info("commandstats")
    return sum(int(v["calls"]) for k, v in stats.items() if k != "cmdstat_info")


def pg_writes(engine: Any, schema: str) -> int:
    query = text(
        "SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) FROM pg_stat_user_tables"
        " WHERE schemaname = :s"
    )
    with engine.connect() as connection:
        connection.execute(text("SELECT pg_stat_clear_snapshot()"))
        return int(connection.execute(query, {"s": schema}).scalar_one())


async def play(owner: Server, via: Server, seed: int) -> tuple[int, int]:
    """One game made on ``owner``, both seats connected to ``via``: (moves, bytes)."""
    ticket = owner.create("cambio", ["human", "human"])
    other = owner.claim(ticket["id"], 1)
    async with (
        open_table(via, ticket["id"], ticket["token"]) as zero,
        open_table(via, ticket["id"], other["token"]) as one,
    ):
        rng = [random.Random(seed), random.Random(seed + 1)]
        finals = await asyncio.gather(zero.play_randomly(rng[0]), one.play_randomly(rng[1]))
        received = sum(len(json.dumps(m)) for t in (zero, one) for m in t.received)
    return int(finals[0]["version"]), received


def measure(servers: list[Server], via: Server, games: int, rds: Any, pg: Any, schema: str):
    pids = [s.process.pid for s in servers if s.process]
    time.sleep(11.0)  # an idle backend sends its statistics within 10 s (PostgreSQL 15+)
    cpu0, calls0, rows0 = [cpu_seconds(p) for p in pids], redis_calls(rds), pg_writes(pg, schema)
    started, moves, received = time.monotonic(), 0, 0
    for game in range(games):
        made, got = asyncio.run(play(servers[0], via, 100 * game))
        moves, received = moves + made, received + got
    seconds = time.monotonic() - started
    time.sleep(11.0)
    cpu = [cpu_seconds(p) - c for p, c in zip(pids, cpu0, strict=True)]
    return {
        "moves": moves,
        "seconds": round(seconds, 1),
        "cpu_ms_per_move_owner": round(1000 * cpu[0] / moves, 2),
        "cpu_ms_per_move_other": round(1000 * cpu[1] / moves, 2),
        "redis_commands_per_move": round((redis_calls(rds) - calls0 - 1) / moves, 2),
        "pg_row_writes_per_move": round((pg_writes(pg, schema) - rows0) / moves, 2),
        "client_bytes_per_move": round(received / moves),
        "load_average_1m": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    pg_url, redis_url = (
        os.environ["CARDTABLE_TEST_POSTGRES_URL"],
        os.environ["CARDTABLE_TEST_REDIS_URL"],
    )
    schema = f"bench_{secrets.token_hex(4)}"
    admin = create_engine(normalize_url(pg_url))
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    folder = Path(tempfile.mkdtemp(prefix="move-cost-"))
    options = ["--redis", redis_url, "--redis-namespace", schema, "--farm-workers", "0"]
    url = postgres_schema_url(pg_url, schema)
    servers = [Server(url, folder / f"{n}.log", options=options) for n in "ab"]
    try:
        for server in servers:
            server.start()
        rds = redis.Redis.from_url(redis_url)
        for name, via in (("seats on the owner", servers[0]), ("seats on the other", servers[1])):
            print(name, measure(servers, via, args.games, rds, admin, schema))
    finally:
        for server in servers:
            server.stop()
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))


if __name__ == "__main__":
    main()

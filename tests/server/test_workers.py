"""``cardtable serve --workers N`` (docs/scaling.md): uvicorn runs N processes on one
port, each a node of one house through Redis. Real processes, one PostgreSQL schema, one
Redis, real WebSocket clients; the test reads Redis only to learn which process holds a
table's lease."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.server.lease import lease_key

from .support import Server, open_table, poll, run
from .test_scale import REDIS_URL, schema_url  # noqa: F401 (a fixture)

GAME = "cambio"
TRIES = 40  # tables made at most to find both processes (inside the per-address limit)


@pytest.fixture
def two_workers(schema_url: str, tmp_path: Path) -> Iterator[Server]:  # noqa: F811
    pytest.importorskip("redis", reason="the 'redis' extra is not installed")
    if not REDIS_URL:
        pytest.skip("set CARDTABLE_TEST_REDIS_URL=redis://… (scripts/test-redis.sh)")
    server = Server(
        schema_url, tmp_path / "serve.log", options=["--redis", REDIS_URL, "--workers", "2"]
    )
    try:
        yield server.start()
    finally:
        server.stop()


def owner_of(table_id: str) -> str:
    import redis

    with redis.Redis.from_url(REDIS_URL or "") as client:
        value = client.get(lease_key(table_id))
    assert value is not None, f"nobody holds table {table_id}"
    return value.decode().split()[0]


def test_two_workers_each_hold_tables_and_a_game_plays_across_them(two_workers: Server) -> None:
    """Tables made through the one port land on both processes; a game on each is played
    to the end by connections that reach either process, and stored as finished."""
    server = two_workers
    by_owner: dict[str, dict[str, str]] = {}
    for _ in range(TRIES):  # the kernel hands each new connection to either process
        ticket = server.create(GAME, ["human", "bot:random"])
        by_owner.setdefault(owner_of(ticket["id"]), ticket)
        if len(by_owner) == 2:
            break
    assert len(by_owner) == 2, "every table was made by one process"

    async def play(ticket: dict[str, str], seed: int) -> dict[str, object]:
        async with open_table(server, ticket["id"], ticket["token"]) as table:
            return await table.play_randomly(random.Random(seed))

    for seed, ticket in enumerate(by_owner.values()):
        final = run(play(ticket, seed))
        assert final["over"]
        summary = server.get(f"/api/tables/{ticket['id']}").json()
        assert summary["status"] == "finished" and summary["version"] == final["version"]


def test_stopping_the_server_stops_its_worker_processes(two_workers: Server) -> None:
    """SIGTERM to ``cardtable serve`` ends its worker processes too: none is left holding
    the port or its tables."""
    workers = two_workers.children()
    assert len(workers) >= 2, workers
    two_workers.stop()
    poll(lambda: not any(Path(f"/proc/{pid}").exists() for pid in workers), "workers gone")

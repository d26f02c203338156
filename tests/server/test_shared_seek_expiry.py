"""A Play-now seek's end reaches every process (#20): its ten minutes run out on the process
holding it, or its owner's page closed on another process, and the lobby sockets of both
processes and the owner's socket wherever it is are told. Two real servers on the test
clock (time moves only when the test says), one PostgreSQL schema, one Redis, real
WebSocket clients; the test reads Redis only to know when a server saw a socket close."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

from cardtable.server.sharedseeks import SWEEP_EVERY

from .support import TIMEOUT, Server, poll, run
from .test_scale import REDIS_URL, schema_url  # noqa: F401 (a fixture)
from .test_shared import next_of, person, seek

GRACE = 15  # seeks.DETACHED_GRACE
TTL = 600  # seeks.SEEK_TTL


@pytest.fixture
def clocked_pair(schema_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server, str]]:  # noqa: F811
    """Two processes of one house, each on its own test clock; and their namespace."""
    pytest.importorskip("redis", reason="the 'redis' extra is not installed")
    if not REDIS_URL:
        pytest.skip("set CARDTABLE_TEST_REDIS_URL=redis://… (scripts/test-redis.sh)")
    space = f"t{secrets.token_hex(4)}"
    options = ["--redis", REDIS_URL, "--redis-namespace", space]
    env = {"CARDTABLE_TEST_CLOCK": "1"}
    servers = [Server(schema_url, tmp_path / f"{n}.log", env=env, options=options) for n in "ab"]
    try:
        for server in servers:
            server.start()
        yield servers[0], servers[1], space
    finally:
        for server in servers:
            server.stop()
    for server in servers:
        assert "Traceback" not in server.log(), server.log()


def advance(server: Server, seconds: float) -> None:
    assert server.post("/api/test/clock", {"seconds": seconds}).status_code == 200


def owner_url(server: Server, answer: dict[str, Any]) -> str:
    return f"{server.ws}/ws/lobby?seek={answer['seek']['id']}&token={answer['token']}"


def fetch(server: Server, answer: dict[str, Any]) -> httpx.Response:
    params = {"token": answer["token"]}
    return httpx.get(f"{server.http}/api/seeks/{answer['seek']['id']}", params=params)


def listed(server: Server) -> list[str]:
    return [s["id"] for s in server.get("/api/seeks").json()["seeks"]]


async def until_listed(lobby: ClientConnection, seek_id: str, shown: bool) -> None:
    """Reads a lobby socket's lists until ``seek_id`` is in one (or, ``shown=False``, out)."""
    while True:
        message = await next_of(lobby, "seeks")
        if (seek_id in {s["id"] for s in message["seeks"]}) == shown:
            return


def sockets_open(space: str) -> int:
    """The lobby and table sockets the house counts for 127.0.0.1 (every process): a server
    frees its place after the socket's seek bookkeeping is done."""
    import redis

    with redis.Redis.from_url(REDIS_URL or "") as client:
        counts = client.hvals(f"{space}:sock:127.0.0.1")
    return sum(int(count) for count in counts)


def test_ten_minutes_run_out_on_the_holder_and_every_process_is_told(
    clocked_pair: tuple[Server, Server, str],
) -> None:
    """Carol seeks on A and watches her seek from B; Dan watches the lobby on B, Erin on A.
    A minute short of ten, nothing happens; at ten, A's timer ends it: Carol's socket on B
    is told it expired, both lobbies drop it, and neither process answers for it again."""
    a, b, _ = clocked_pair
    carol = person(a)
    mine = seek(carol).json()
    seek_id = mine["seek"]["id"]

    async def scenario() -> dict[str, Any]:
        async with (
            connect(f"{b.ws}/ws/lobby", open_timeout=TIMEOUT) as dan,
            connect(f"{a.ws}/ws/lobby", open_timeout=TIMEOUT) as erin,
            connect(owner_url(b, mine), open_timeout=TIMEOUT) as owner,
        ):
            for lobby in (dan, erin, owner):
                await until_listed(lobby, seek_id, shown=True)
            advance(a, TTL - 60)
            advance(b, TTL - 60)
            assert fetch(a, mine).json()["status"] == "open"
            assert listed(b) == [seek_id]
            advance(a, 61)
            ended = await next_of(owner, "seek_ended")
            await until_listed(dan, seek_id, shown=False)
            await until_listed(erin, seek_id, shown=False)
            return ended

    ended = run(scenario())
    assert ended == {"type": "seek_ended", "seek": seek_id, "reason": "expired"}
    for server in (a, b):
        assert fetch(server, mine).status_code == 404
        assert seek_id not in listed(server)
    assert seek(carol).status_code == 201  # her one seek is free again


def test_the_grace_after_the_page_closed_counts_the_owner_on_every_process(
    clocked_pair: tuple[Server, Server, str],
) -> None:
    """Carol seeks on A, watches from A and from B, and closes A's page: her socket on B
    still keeps the seek (A's time moves well past the grace: still open). She closes B's
    page too: B's grace ends it, A (which holds it) drops it, and Erin's lobby on A is
    told."""
    a, b, space = clocked_pair
    carol = person(a)
    mine = seek(carol).json()
    seek_id = mine["seek"]["id"]

    async def scenario() -> None:
        async with connect(f"{a.ws}/ws/lobby", open_timeout=TIMEOUT) as erin:
            await until_listed(erin, seek_id, shown=True)
            async with connect(owner_url(b, mine), open_timeout=TIMEOUT) as on_b:
                await until_listed(on_b, seek_id, shown=True)
                async with connect(owner_url(a, mine), open_timeout=TIMEOUT) as on_a:
                    await until_listed(on_a, seek_id, shown=True)
                await asyncio.to_thread(poll, lambda: sockets_open(space) == 2, "A saw it close")
                for server in (a, b):
                    advance(server, 4 * GRACE)
                for server in (a, b):
                    assert fetch(server, mine).json()["status"] == "open"
                    assert listed(server) == [seek_id]
                with pytest.raises(asyncio.TimeoutError):  # nothing ended it
                    await asyncio.wait_for(next_of(on_b, "seek_ended"), 1)
            await asyncio.to_thread(poll, lambda: sockets_open(space) == 1, "B saw it close")
            advance(b, GRACE + 1)
            await until_listed(erin, seek_id, shown=False)

    run(scenario())
    for server in (a, b):  # A, which held it, answers for it no more either
        assert fetch(server, mine).status_code == 404
    assert listed(a) == []


def test_a_seek_whose_holder_died_ends_at_its_time_and_the_owner_is_told(
    clocked_pair: tuple[Server, Server, str],
) -> None:
    """Carol seeks on A and watches her seek from B; A is killed (SIGKILL: its ten-minute
    timer dies with it). Before ten minutes B still lists it (it can still be paired); once
    they pass, B's sweep ends it: Carol is told it expired, Dan's lobby on B drops it, and
    her one seek is free again."""
    a, b, _ = clocked_pair
    carol = person(a)
    mine = seek(carol).json()
    seek_id = mine["seek"]["id"]

    async def scenario() -> dict[str, Any]:
        async with (
            connect(f"{b.ws}/ws/lobby", open_timeout=TIMEOUT) as dan,
            connect(owner_url(b, mine), open_timeout=TIMEOUT) as owner,
        ):
            for lobby in (dan, owner):
                await until_listed(lobby, seek_id, shown=True)
            a.kill()
            advance(b, TTL - 60)
            assert listed(b) == [seek_id]
            advance(b, 60 + SWEEP_EVERY)
            ended = await next_of(owner, "seek_ended")
            await until_listed(dan, seek_id, shown=False)
            return ended

    ended = run(scenario())
    assert ended == {"type": "seek_ended", "seek": seek_id, "reason": "expired"}
    assert fetch(b, mine).status_code == 404
    assert seek_id not in listed(b)
    at_b = httpx.Client(base_url=b.http, cookies=carol.cookies, headers=carol.headers)
    assert seek(at_b).status_code == 201  # her one seek is free again

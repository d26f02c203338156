"""What the processes of one house share through Redis besides tables (docs/scaling.md,
"Shared across processes"): rate limits, the socket cap per address, the lobby and Play
now's seeks. Real servers on one PostgreSQL schema and one Redis, real clients."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect as connect_ws
from websockets.exceptions import ConnectionClosed

from .support import POLL_EVERY, POLLS, TIMEOUT, Server, open_table, poll, run
from .test_online_accounts import browser_at, fresh_address
from .test_pace import move, seat_to_move, turn_table
from .test_pace import person as guest
from .test_scale import REDIS_URL, schema_url  # noqa: F401 (a fixture)

GAME = "cambio"


def start_pair(url: str, tmp_path: Path, extra: list[str]) -> list[Server]:
    pytest.importorskip("redis", reason="the 'redis' extra is not installed")
    if not REDIS_URL:
        pytest.skip("set CARDTABLE_TEST_REDIS_URL=redis://… (scripts/test-redis.sh)")
    # A namespace of its own: the limits and the lobby of other tests stay apart.
    options = ["--redis", REDIS_URL, "--redis-namespace", f"t{secrets.token_hex(4)}", *extra]
    servers = [Server(url, tmp_path / f"{n}.log", options=options) for n in "ab"]
    try:
        for server in servers:
            server.start()
    except BaseException:
        for server in servers:
            server.stop()
        raise
    return servers


@pytest.fixture
def limited(schema_url: str, tmp_path: Path) -> Iterator[list[Server]]:  # noqa: F811
    """Two processes allowing three new tables per address (refilled once in ~17 min) and
    two WebSocket connections per address, in all."""
    servers = start_pair(
        schema_url,
        tmp_path,
        ["--rate", "create_address=3:0.001", "--max-sockets-per-address", "2"],
    )
    yield servers
    for server in servers:
        server.stop()


def test_a_rate_limit_counts_requests_to_both_processes(limited: list[Server]) -> None:
    """Three tables from one address, two through A and one through B: the fourth is
    refused by either process, with Retry-After, and makes no table."""
    a, b = limited
    for server in (a, b, a):
        server.create(GAME, ["human", "human"])
    for server in (b, a):
        refused = server.post("/api/tables", {"game": GAME, "seats": ["human", "human"]})
        assert refused.status_code == 429, refused.text
        assert refused.json()["code"] == "rate_limited"
        assert int(refused.headers["Retry-After"]) >= 1


def test_the_socket_cap_counts_connections_to_both_processes(limited: list[Server]) -> None:
    """Two connections per address in all: one to A and one to B hold both; a third, to
    either, is refused with too_many_connections; one closed frees a place for the next."""
    a, b = limited
    ticket = a.create(GAME, ["human", "human"])

    async def connect() -> None:
        async with (
            open_table(a, ticket["id"]) as first,
            open_table(b, ticket["id"]) as second,
        ):
            # A server counts a connection after the handshake, before its first state:
            # both states read, both connections are counted.
            await first.next_state()
            await second.next_state()
            for server in (a, b):
                async with connect_ws(f"{server.ws}/ws/tables/{ticket['id']}") as third:
                    refused = json.loads(await third.recv())
                    assert refused["code"] == "too_many_connections", refused
                    with pytest.raises(ConnectionClosed) as closed:
                        await third.recv()
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        # Both closed: room again, once the servers have counted the closes (a close
        # reaches the server's count a moment after the client lets go).
        for _ in range(POLLS):
            async with connect_ws(f"{b.ws}/ws/tables/{ticket['id']}") as again:
                first_message = json.loads(await again.recv())
            if first_message.get("code") != "too_many_connections":
                assert first_message["type"] == "state", first_message
                return
            await asyncio.sleep(POLL_EVERY)
        raise AssertionError("the closed connections never made room")

    run(connect())


@pytest.fixture
def pair(schema_url: str, tmp_path: Path) -> Iterator[list[Server]]:  # noqa: F811
    servers = start_pair(schema_url, tmp_path, [])
    yield servers
    for server in servers:
        server.stop()


def lobby_ids(server: Server, which: str) -> list[str]:
    return [t["id"] for t in server.get("/api/lobby").json()[which]]


def test_the_lobby_of_either_process_lists_a_table_made_on_the_other(
    pair: list[Server],
) -> None:
    """A public table created on A is listed open on B, newest first; once its last seat
    is taken (through B) B lists it as being played, not open; a table A made private is
    listed by neither."""
    a, b = pair
    first = a.create(GAME, ["human", "human"])["id"]
    second = b.create(GAME, ["human", "human"])["id"]
    hidden = a.post("/api/tables", {"game": GAME, "seats": ["human", "human"], "public": False})
    assert hidden.status_code == 201, hidden.text
    poll(lambda: lobby_ids(b, "open") == [second, first], "B lists both open tables")
    assert lobby_ids(a, "open") == [second, first]
    assert b.get("/api/lobby").json()["open_total"] == 2

    b.claim(first, 1)
    poll(lambda: lobby_ids(b, "playing") == [first], "B lists A's full table as played")
    assert lobby_ids(b, "open") == [second]
    shown = b.get("/api/lobby").json()["playing"][0]
    assert shown["game"] == GAME and shown["version"] == 0 and shown["to_act"]


def test_a_seek_on_one_process_pairs_with_a_seek_on_the_other_once(pair: list[Server]) -> None:
    """Alice seeks on A; both processes list her seek. Bob (on B) and Carol (on A) seek the
    same game at once: exactly one of them is paired with her, into one table where she
    holds seat 0, and her lobby socket on A is told her seat; the other's seek stays open."""
    a, b = pair
    alice, bob, carol = person(a), person(b), person(a)

    async def scenario() -> None:
        first = seek(alice)
        assert first.status_code == 201 and first.json()["status"] == "open", first.text
        mine = first.json()
        poll(
            lambda: [s["id"] for s in b.get("/api/seeks").json()["seeks"]] == [mine["seek"]["id"]],
            "B lists Alice's seek",
        )
        url = f"{a.ws}/ws/lobby?seek={mine['seek']['id']}&token={mine['token']}"
        async with connect_ws(url, open_timeout=TIMEOUT) as owner:
            await next_of(owner, "seeks")
            with ThreadPoolExecutor(2) as pool:
                answers = [r.json() for r in pool.map(seek, [bob, carol])]
            paired = [x for x in answers if x["status"] == "paired"]
            assert len(paired) == 1, answers
            told = await next_of(owner, "paired")
        ticket = paired[0]["ticket"]
        assert told["ticket"]["id"] == ticket["id"]
        assert (told["ticket"]["seat"], ticket["seat"]) == (0, 1)
        still = [x for x in answers if x["status"] == "open"]
        assert len(still) == 1
        listed = lambda: [s["id"] for s in a.get("/api/seeks").json()["seeks"]]  # noqa: E731
        poll(lambda: listed() == [still[0]["seek"]["id"]], "only the other seek is open")
        again = alice.get(f"/api/seeks/{mine['seek']['id']}", params={"token": mine["token"]})
        assert again.json()["status"] == "paired" and again.json()["ticket"]["seat"] == 0

    run(scenario())


def person(server: Server) -> httpx.Client:
    client, _ = browser_at(server, fresh_address())
    return client


def seek(client: httpx.Client) -> httpx.Response:
    clock = {"kind": "timed", "bank": 300, "increment": 5}
    return client.post("/api/seeks", json={"game": GAME, "clock": clock})


async def next_of(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        if message["type"] == kind:
            return message


def test_my_turns_on_either_process_lists_a_table_the_other_owns(pair: list[Server]) -> None:
    """A turn-based table made on A: asked on B, "your turn" lists it for the person to
    move (with the day's deadline) and for nobody else; after their move it moves to the
    other person, on B too."""
    a, b = pair
    alice, bob = guest(a), guest(a)
    first, second = turn_table(a, alice, bob)
    seat = seat_to_move(a, first["id"])
    on_b = {n: as_client_of(b, c) for n, c in enumerate((alice, bob))}
    tokens = {0: first["token"], 1: second["token"]}

    def turns(client: httpx.Client) -> list[tuple[str, int]]:
        response = client.get("/api/my/turns")
        assert response.status_code == 200, response.text
        return [(t["id"], t["seat"]) for t in response.json()["turns"]]

    poll(lambda: turns(on_b[seat]) == [(first["id"], seat)], "B lists the mover's turn")
    deadline = on_b[seat].get("/api/my/turns").json()["turns"][0]["deadline"]
    assert 86_400 - 60 < deadline <= 86_400
    assert turns(on_b[1 - seat]) == []
    assert b.get("/healthz").json()["live_tables"] == 0  # B answers from Redis alone

    async def play() -> None:
        async with open_table(b, first["id"], tokens[seat]) as table:
            await move(table, random.Random(21))

    run(play())
    poll(lambda: turns(on_b[1 - seat]) == [(first["id"], 1 - seat)], "B lists the next turn")
    assert turns(on_b[seat]) == [] and turns(alice) + turns(bob) == [(first["id"], 1 - seat)]


def as_client_of(server: Server, client: httpx.Client) -> httpx.Client:
    """The same browser (session cookie, CSRF header) asking ``server``."""
    other = httpx.Client(base_url=server.http, timeout=TIMEOUT, cookies=client.cookies)
    other.headers["X-CSRF-Token"] = client.headers["X-CSRF-Token"]
    return other


def test_a_seek_is_fetched_watched_and_cancelled_through_the_other_process(
    pair: list[Server],
) -> None:
    """Alice seeks on A and watches her seek from B; B answers her seek (a wrong token
    gets 404); Bob pairs with her on A: her socket on B is told her seat and B gives her
    ticket. Carol seeks on B and cancels through A (a wrong token first: refused, nothing
    changes): her socket on B is told, neither process lists it, a second cancel is 404,
    and a cancel of Alice's paired seek through B is refused as paired."""
    a, b = pair
    alice, bob, carol = person(a), person(a), person(b)

    def fetch(server: Server, answer: dict[str, Any], token: str | None = None) -> httpx.Response:
        params = {"token": token or answer["token"]}
        return httpx.get(f"{server.http}/api/seeks/{answer['seek']['id']}", params=params)

    def cancel(server: Server, answer: dict[str, Any], token: str | None = None) -> httpx.Response:
        client = alice if server is a else carol  # any session: the seek's token proves it
        path = f"/api/seeks/{answer['seek']['id']}/cancel"
        return client.post(f"{server.http}{path}", json={"token": token or answer["token"]})

    async def scenario() -> None:
        mine = seek(alice).json()
        assert fetch(b, mine).json()["status"] == "open"
        assert fetch(b, mine, "wrong").status_code == 404
        url = f"{b.ws}/ws/lobby?seek={mine['seek']['id']}&token={mine['token']}"
        async with connect_ws(url, open_timeout=TIMEOUT) as watcher:
            await next_of(watcher, "seeks")
            assert seek(bob).json()["status"] == "paired"
            told = await next_of(watcher, "paired")
        assert told["ticket"]["seat"] == 0
        fetched = fetch(b, mine).json()
        assert fetched["status"] == "paired" and fetched["ticket"] == told["ticket"]
        assert cancel(b, mine).status_code == 409

        theirs = seek(carol).json()
        assert theirs["status"] == "open"
        url = f"{b.ws}/ws/lobby?seek={theirs['seek']['id']}&token={theirs['token']}"
        async with connect_ws(url, open_timeout=TIMEOUT) as owner:
            await next_of(owner, "seeks")
            assert cancel(a, theirs, "wrong").status_code == 404
            assert fetch(a, theirs).json()["status"] == "open"
            assert cancel(a, theirs).status_code == 200
            ended = await next_of(owner, "seek_ended")
        assert ended == {"type": "seek_ended", "seek": theirs["seek"]["id"], "reason": "cancelled"}
        for server in (a, b):
            poll(lambda s=server: s.get("/api/seeks").json()["seeks"] == [], "nothing listed")
        assert cancel(a, theirs).status_code == 404 and fetch(b, theirs).status_code == 404

    run(scenario())

"""Issue 18: floods of requests against a real server. Table creation is rate limited per
address and per person (429 ``rate_limited`` with Retry-After), request bodies are capped
(413 ``too_large`` before the body is read whole, declared or chunked), refused WebSocket
messages are counted per address (reconnecting does not refill them), and a finished
table's replay is built once and sent compressed. The lobby's index: test_lobby_index.py."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .support import TIMEOUT, Server, any_game, open_table, poll, run


def browser(server: Server) -> httpx.Client:
    """A client with a guest cookie (and its CSRF header), as a browser."""
    client = httpx.Client(base_url=server.http, timeout=TIMEOUT)
    client.headers["X-CSRF-Token"] = client.get("/api/me").json()["csrf"]
    return client


def new_table(client: httpx.Client | None, server: Server) -> httpx.Response:
    body = {"game": any_game(), "seats": ["human", "human"]}
    if client is None:  # a script without a cookie
        return httpx.post(f"{server.http}/api/tables", json=body, timeout=TIMEOUT)
    return client.post("/api/tables", json=body)


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Server]:
    """A server whose creation buckets hardly refill during the test: six tables per
    address, three per person."""
    live = Server(tmp_path / "cardtable.db", tmp_path / "server.log")
    live.options = ["--rate", "create_address=6:0.001", "--rate", "create_person=3:0.001"]
    yield live.start()
    live.stop()


def assert_rate_limited(response: httpx.Response) -> None:
    assert response.status_code == 429, response.text
    assert response.json()["code"] == "rate_limited"
    assert "new tables" in response.json()["detail"]
    assert int(response.headers["Retry-After"]) >= 1


def test_table_creation_is_limited_per_person_and_per_address(limited: Server) -> None:
    ada, bob, cy = browser(limited), browser(limited), browser(limited)
    assert [new_table(ada, limited).status_code for _ in range(3)] == [201] * 3
    assert_rate_limited(new_table(ada, limited))  # Ada's own allowance is spent
    # ... not Bob's: the address still has room for his three.
    assert [new_table(bob, limited).status_code for _ in range(3)] == [201] * 3
    # Six from this address: a new cookie, or none at all, does not get round it.
    assert_rate_limited(new_table(cy, limited))
    assert_rate_limited(new_table(None, limited))
    # The refusals made nothing: the lobby lists the six tables, no more.
    lobby = httpx.get(f"{limited.http}/api/lobby", timeout=TIMEOUT).json()
    assert len(lobby["open"]) == 6
    assert "Traceback" not in limited.log(), limited.log()


def test_a_script_without_a_cookie_cannot_create_tables_without_end(
    fresh_server: Server,
) -> None:
    """The attack as it was found, against the default limits: a client without a cookie
    creating tables as fast as it can (273 a second before). It is refused after the
    address's 60, give or take the one a second that comes back meanwhile."""
    fresh_server.start()
    started = time.monotonic()
    created = 0
    with httpx.Client(base_url=fresh_server.http, timeout=TIMEOUT) as client:
        for _ in range(200):
            answer = client.post(
                "/api/tables", json={"game": any_game(), "seats": ["human", "human"]}
            )
            if answer.status_code != 201:
                break
            created += 1
    assert_rate_limited(answer)
    assert created <= 60 + (time.monotonic() - started) + 1, created


def raw_request(server: Server, head: str, chunks: list[bytes]) -> tuple[int, bytes]:
    """Send a request head and the body's first chunks (never all of it), then read the
    answer: the server must answer without waiting for the rest."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) as s:
        s.sendall(head.encode())
        for chunk in chunks:
            try:
                s.sendall(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break  # the server answered and closed: what follows reads its answer
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            part = s.recv(65536)
            if not part:
                break
            answer += part
    status = int(answer.split(b" ", 2)[1])
    return status, answer.split(b"\r\n\r\n", 1)[1]


def test_a_body_declared_over_the_limit_is_refused_before_it_is_read(server: Server) -> None:
    head = (
        "POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {200 * 1024 * 1024}\r\n\r\n"
    )
    status, body = raw_request(server, head, [b'{"game": "' + b"x" * 1024])
    assert status == 413, body
    assert b'"code":"too_large"' in body.replace(b" ", b"")


def test_a_chunked_body_is_cut_off_once_it_passes_the_limit(server: Server) -> None:
    head = (
        "POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n"
    )
    piece = b"[" * 16384
    chunk = f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
    # 160 KiB, and the last chunk never comes: only counting while it streams answers.
    status, body = raw_request(server, head, [chunk] * 10)
    assert status == 413, body
    assert b'"code":"too_large"' in body.replace(b" ", b"")
    # A body within the limit is read as before.
    ok = server.post("/api/tables", {"game": any_game(), "seats": ["human", "bot:random"]})
    assert ok.status_code == 201, ok.text


def test_reconnecting_does_not_refill_the_allowance_of_refused_messages(
    tmp_path: Path,
) -> None:
    """Each connection may have 20 messages refused before it is rate limited; the address
    has 30 across its connections, refilled at one a second here. Five connections in a
    row, 25 junk acts each: without the address's count 100 would be looked at."""
    live = Server(tmp_path / "cardtable.db", tmp_path / "server.log")
    live.options = ["--rate", "refused_address=30:1"]
    live.start()
    try:
        ticket = live.create("caravan", ["human", "human"])
        # Both seats taken: a table that has not begun refuses every act as
        # waiting_for_players before reading it (#19 item 5).
        live.claim(ticket["id"], 1)
        started = time.monotonic()

        async def flood() -> list[list[str]]:
            codes = []
            for _ in range(5):
                async with open_table(live, ticket["id"], ticket["token"]) as table:
                    await table.next_state()
                    for _ in range(25):
                        await table.act({"type": "conjure"})
                    codes.append([(await table.error())["code"] for _ in range(25)])
            return codes

        codes = run(flood())
        elapsed = time.monotonic() - started
        looked_at = sum(c.count("malformed_action") for c in codes)
        assert all(set(c) <= {"malformed_action", "rate_limited"} for c in codes), codes
        # 30 at once, then one a second however the client reconnects.
        assert looked_at <= 30 + elapsed + 1, (looked_at, elapsed, codes)
        assert "rate_limited" in codes[-1], codes
        assert "Traceback" not in live.log(), live.log()
    finally:
        live.stop()


def finished_table(server: Server) -> str:
    """A game the server's bots play to the end at once."""
    table_id: str = server.create(any_game(), ["bot:random", "bot:random"])["id"]
    poll(
        lambda: server.get(f"/api/tables/{table_id}").json()["status"] != "playing",
        "the bots did not finish",
    )
    return table_id


def test_a_finished_replay_is_built_once_and_sent_compressed(server: Server) -> None:
    table_id = finished_table(server)
    url = f"{server.http}/api/tables/{table_id}/replay"

    async def at_once(count: int) -> list[httpx.Response]:
        async with httpx.AsyncClient(timeout=TIMEOUT) as client:
            return list(await asyncio.gather(*(client.get(url) for _ in range(count))))

    # Ten at once: one build, shared by those that came while it ran.
    first = run(at_once(10))
    assert all(r.status_code == 200 for r in first), [r.text for r in first]
    sources = [r.headers["X-Replay-Cache"] for r in first]
    assert sources.count("miss") == 1 and set(sources) <= {"miss", "shared", "hit"}, sources
    # Then kept: nobody builds it again.
    again = run(at_once(3))
    assert [r.headers["X-Replay-Cache"] for r in again] == ["hit"] * 3
    assert again[0].json() == first[0].json()
    body = first[0].json()
    assert body["over"] and len(body["steps"]) == body["version"] + 1
    # Compressed for a client that accepts gzip, plain for one that does not.
    raw = httpx.get(url, headers={"Accept-Encoding": "gzip"}, timeout=TIMEOUT)
    assert raw.headers["Content-Encoding"] == "gzip"
    assert int(raw.headers["Content-Length"]) * 3 < len(raw.content)  # decoded by httpx
    plain = httpx.get(url, headers={"Accept-Encoding": "identity"}, timeout=TIMEOUT)
    assert "Content-Encoding" not in plain.headers and plain.json() == body
    # Another audience is another replay, built once too.
    seat = httpx.get(url, params={"seat": "all"}, timeout=TIMEOUT)
    assert seat.headers["X-Replay-Cache"] == "miss"
    assert (
        httpx.get(url, params={"seat": "all"}, timeout=TIMEOUT).headers["X-Replay-Cache"] == "hit"
    )

"""Issue 8: table chat over the table's WebSocket, against a real server. A line from a seat
or a named spectator is stored and reaches everyone at the table, as plain text; bad lines
(empty, too long, control characters) and floods are refused and change nothing; a
connection that comes back gets the recent conversation."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
from websockets.asyncio.client import connect

from .support import TIMEOUT, Server, Table, open_table, run


def two_people(server: Server) -> tuple[dict[str, Any], dict[str, Any]]:
    first = server.create("caravan", ["human", "human"])
    return first, server.claim(first["id"], 1)


def guest(server: Server, name: str) -> str:
    """A browser identity with a chosen name: its session cookie."""
    with httpx.Client(base_url=server.http, timeout=TIMEOUT) as client:
        me = client.get("/api/me").json()
        answer = client.post(
            "/api/me/name", json={"name": name}, headers={"X-CSRF-Token": me["csrf"]}
        )
        assert answer.status_code == 200, answer.text
        return client.cookies["ct_sid"]


@asynccontextmanager
async def spectator(
    server: Server, table_id: str, session: str, origin: str | None = None
) -> AsyncIterator[Table]:
    """A spectator whose browser holds a session cookie (a page of this site by default)."""
    headers = {"Cookie": f"ct_sid={session}", "Origin": origin or server.http}
    url = f"{server.ws}/ws/tables/{table_id}"
    async with connect(url, additional_headers=headers, open_timeout=TIMEOUT) as ws:
        yield Table(ws)


async def next_chat(table: Table) -> dict[str, Any]:
    while True:
        message = await table.recv()
        if message["type"] == "chat":
            return message


async def chats_until_pong(table: Table) -> list[dict[str, Any]]:
    """The chat lines that arrive before the answer to a ping (everything sent is in)."""
    start = len(table.received)
    await table.quiet_version()
    return [m for m in table.received[start:] if m["type"] == "chat"]


def stored_lines(server: Server, table_id: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(server.db.removeprefix("sqlite:///")) as db:
        query = "SELECT seat, name, text FROM chat WHERE table_id = ? ORDER BY id"
        return list(db.execute(query, (table_id,)))


def test_a_line_reaches_the_seats_and_the_spectators_and_comes_back_on_reconnect(
    server: Server,
) -> None:
    first, second = two_people(server)
    watcher = guest(server, "Watcher Wu")

    async def talk() -> None:
        async with (
            open_table(server, first["id"], first["token"]) as a,
            open_table(server, first["id"], second["token"]) as b,
            spectator(server, first["id"], watcher) as w,
            open_table(server, first["id"]) as anonymous,
        ):
            for table in (a, b, w, anonymous):
                await table.next_state()
            await a.send({"type": "chat", "text": "  good luck  "})
            heard = [await next_chat(t) for t in (a, b, w, anonymous)]
            assert all(h == heard[0] for h in heard)
            line = heard[0]
            assert line["seat"] == 0 and line["text"] == "good luck" and line["name"] == "Seat 0"
            assert line["version"] == 0 and line["at"] and isinstance(line["id"], int)

            await w.send({"type": "chat", "text": "enjoy the game"})
            from_watcher = await next_chat(b)
            assert from_watcher["seat"] is None and from_watcher["name"] == "Watcher Wu"

            # A spectator nobody knows cannot speak: no name to show.
            await anonymous.send({"type": "chat", "text": "hi"})
            assert (await anonymous.error())["code"] == "no_name"
            assert await chats_until_pong(b) == []

        # Coming back: the state, then the recent conversation, in order.
        async with open_table(server, first["id"], second["token"]) as again:
            await again.next_state()
            replay = [await next_chat(again), await next_chat(again)]
            assert [m["text"] for m in replay] == ["good luck", "enjoy the game"]
            assert [m["id"] for m in replay] == [line["id"], from_watcher["id"]]
            assert all(m["missed"] for m in replay) and "missed" not in line

    run(talk())
    assert stored_lines(server, first["id"]) == [
        (0, "Seat 0", "good luck"),
        (None, "Watcher Wu", "enjoy the game"),
    ]


def test_markup_is_carried_as_plain_text(server: Server) -> None:
    first, second = two_people(server)
    markup = '<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b>'

    async def talk() -> None:
        async with (
            open_table(server, first["id"], first["token"]) as a,
            open_table(server, first["id"], second["token"]) as b,
        ):
            await a.next_state()
            await b.next_state()
            await a.send({"type": "chat", "text": markup})
            assert (await next_chat(b))["text"] == markup

    run(talk())


def test_bad_lines_are_refused_and_nobody_hears_them(server: Server) -> None:
    first, second = two_people(server)
    refused = [
        ("", "empty"),
        (" \n\t ", "empty"),
        ("x" * 301, "limited to 300"),
        ("null\x00byte", "U+0000"),
        ("bell\x07", "U+0007"),
        ("\u202ereversed", "U+202E"),
        (42, "a string"),
        (None, "a string"),
    ]

    async def talk() -> None:
        async with (
            open_table(server, first["id"], first["token"]) as a,
            open_table(server, first["id"], second["token"]) as b,
        ):
            await a.next_state()
            await b.next_state()
            for text, why in refused:
                await a.send({"type": "chat", "text": text})
                error = await a.error()
                assert error["code"] == "bad_chat" and why in error["message"], (text, error)
                assert error["about"] == "chat"  # a page tells it from a refused move
            assert await chats_until_pong(b) == []
            # The limits are on the trimmed text; line breaks become spaces.
            longest = "  " + "y" * 300 + "\n"
            await a.send({"type": "chat", "text": longest})
            assert (await next_chat(b))["text"] == "y" * 300
            await a.send({"type": "chat", "text": "two\nlines"})
            assert (await next_chat(b))["text"] == "two lines"

    run(talk())
    assert [text for _, _, text in stored_lines(server, first["id"])] == ["y" * 300, "two lines"]


def test_a_chat_flood_is_refused_per_person_and_changes_nothing(server: Server) -> None:
    first, second = two_people(server)

    async def talk() -> None:
        async with (
            open_table(server, first["id"], first["token"]) as a,
            open_table(server, first["id"], first["token"]) as a_again,
            open_table(server, first["id"], second["token"]) as b,
        ):
            for table in (a, a_again, b):
                await table.next_state()
            for n in range(5):
                await a.send({"type": "chat", "text": f"line {n}"})
            await a.send({"type": "chat", "text": "one too many"})
            error = await a.error()
            assert error["code"] == "rate_limited" and error["retry"] >= 1
            # Another connection of the same seat shares the person's allowance.
            await a_again.send({"type": "chat", "text": "from my other tab"})
            assert (await a_again.error())["code"] == "rate_limited"
            heard = await chats_until_pong(b)
            assert [m["text"] for m in heard] == [f"line {n}" for n in range(5)]
            # The other seat is not held back by it.
            await b.send({"type": "chat", "text": "my turn to speak"})
            assert (await next_chat(a))["text"] == "my turn to speak"

    run(talk())
    assert len(stored_lines(server, first["id"])) == 6


def test_another_sites_page_cannot_chat_in_a_visitors_name(server: Server) -> None:
    first = server.create("caravan", ["human", "human"])
    session = guest(server, "Victim")

    async def talk() -> None:
        async with spectator(server, first["id"], session, origin="https://evil.example") as w:
            await w.next_state()
            await w.send({"type": "chat", "text": "sent by another site"})
            assert (await w.error())["code"] == "no_name"

    run(talk())
    assert stored_lines(server, first["id"]) == []

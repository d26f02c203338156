"""Issue 8: rate limits on acts, against a real server. A connection that floods its table
with messages the table refuses is cut off with ``rate_limited`` (and how long to wait)
before its messages are looked at; nothing changes, other connections are not held back,
pings are still answered, and the allowance comes back with time. Accepted moves are never
counted."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from cardtable.server.ratelimit import OpenCount

from .support import Server, open_table, run


def test_a_flood_of_refused_acts_is_rate_limited_and_changes_nothing(server: Server) -> None:
    first = server.create("caravan", ["human", "human"])
    second = server.claim(first["id"], 1)

    async def flood() -> None:
        async with (
            open_table(server, first["id"], first["token"]) as a,
            open_table(server, first["id"], second["token"]) as b,
        ):
            state = await a.next_state()
            await b.next_state()
            junk = {"type": "conjure", "card": "??"}
            for _ in range(30):
                await a.act(junk)
            codes = [(await a.error())["code"] for _ in range(30)]
            assert codes[:20] == ["malformed_action"] * 20, codes
            assert set(codes[20:]) == {"rate_limited"}, codes
            await a.act(junk)
            error = await a.error()
            assert error["code"] == "rate_limited" and error["retry"] >= 1
            assert "wait" in error["message"]
            assert await a.quiet_version() == state["version"] == await b.quiet_version()

            # The limit is this connection's: the other seat's acts are still read.
            await b.act(junk)
            assert (await b.error())["code"] == "malformed_action"

            # Once the wait is over there is room again, and the game goes on.
            await asyncio.sleep(error["retry"])
            mover, idle = (a, b) if a.state and a.state["legal"] else (b, a)
            assert mover.state is not None and mover.state["legal"]
            await mover.act(random.Random(1).choice(mover.state["legal"]))
            assert (await idle.next_state())["version"] == state["version"] + 1

    run(flood())


def test_fast_legal_play_is_never_rate_limited(server: Server) -> None:
    """A script playing bots that move at once makes far more than 20 moves a second.
    Three hands, so that the game is long whatever the deal (a single hand of random
    play can end after three moves)."""
    ticket = server.create("gandengyan", ["human", "bot:random"], hands=3)

    async def play() -> None:
        async with open_table(server, ticket["id"], ticket["token"]) as table:
            final = await table.play_randomly(random.Random(3))
            assert final["over"] and final["version"] > 20
            assert not [m for m in table.received if m.get("code") == "rate_limited"]

    run(play())


def test_leave_over_http_is_rate_limited_per_address(fresh_server: Server) -> None:
    server = fresh_server.start()  # its own limits: the shared server's tests leave too
    ticket = server.create("cambio", ["human", "human"])
    answers = [
        server.post(f"/api/tables/{ticket['id']}/leave", {"token": f"guess{i}"}).status_code
        for i in range(12)
    ]
    # Guessed tokens are refused; past the burst the address waits, whatever it sends.
    assert set(answers[:10]) == {403} and answers[10:] == [429, 429]
    limited = server.post(f"/api/tables/{ticket['id']}/leave", {"token": ticket["token"]})
    assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
    assert server.get(f"/api/tables/{ticket['id']}").json()["status"] == "playing"


def test_one_address_holds_a_capped_number_of_connections(tmp_path: Path) -> None:
    """Past ``--max-sockets-per-address`` a connection is refused with
    ``too_many_connections`` and closed (1013: try again later); the open ones go on
    being served, and a closed one makes room again, refused ones included."""
    live = Server(tmp_path / "cardtable.db", tmp_path / "server.log")
    live.options = ["--max-sockets-per-address", "3"]
    live.start()
    try:
        ticket = live.create("cabo", ["human", "bot:random"])

        async def scenario() -> None:
            async with contextlib.AsyncExitStack() as stack:
                seat = await stack.enter_async_context(
                    open_table(live, ticket["id"], ticket["token"])
                )
                watchers = [
                    await stack.enter_async_context(open_table(live, ticket["id"]))
                    for _ in range(2)
                ]
                version = (await seat.next_state())["version"]
                for watcher in watchers:  # a connection is counted before its first state
                    await watcher.next_state()
                for _ in range(2):  # refused each time, and refusals free what they took
                    async with open_table(live, ticket["id"]) as extra:
                        error = await extra.recv()
                        assert error["code"] == "too_many_connections"
                        assert "3 connections" in error["message"]
                        with pytest.raises(ConnectionClosed) as closed:
                            await extra.recv()
                        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
                assert await seat.quiet_version() == version
                assert await watchers[0].quiet_version() == version
                await watchers.pop().ws.close()
                for _ in range(100):  # room again once the server has seen it close
                    async with open_table(live, ticket["id"]) as again:
                        first = await again.recv()
                        if first.get("code") != "too_many_connections":
                            assert first["type"] == "state" and first["version"] == version
                            break
                    await asyncio.sleep(0.02)
                else:
                    raise AssertionError("the closed connection's place never came back")

        run(scenario())
        assert "Traceback" not in live.log(), live.log()
    finally:
        live.stop()


def test_open_counts_are_per_address_and_forgotten_when_closed() -> None:
    count = OpenCount(2)
    assert count.take("10.0.0.1") and count.take("10.0.0.1")
    assert not count.take("10.0.0.1")  # refused, and not counted
    assert count.take("10.0.0.2")  # another address has its own
    count.give_back("10.0.0.1")
    assert count.held("10.0.0.1") == 1 and count.take("10.0.0.1")
    for key in ("10.0.0.1", "10.0.0.1", "10.0.0.2"):
        count.give_back(key)
    assert count._open == {}  # addresses that left hold no memory
    unlimited = OpenCount(0)
    assert all(unlimited.take("10.0.0.3") for _ in range(1000))

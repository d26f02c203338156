"""Issue 8: rate limits on acts, against a real server. A connection that floods its table
with messages the table refuses is cut off with ``rate_limited`` (and how long to wait)
before its messages are looked at; nothing changes, other connections are not held back,
pings are still answered, and the allowance comes back with time. Accepted moves are never
counted."""

from __future__ import annotations

import asyncio
import random

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

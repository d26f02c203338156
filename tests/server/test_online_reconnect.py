"""Issue 8, step 1: a client that comes back names the last version it saw (``?since=V``)
and gets the events it missed, each in its own seat's version, then the state; ``since=0``
gives a reloaded page its whole log; the state message carries the table's options; the
game list names the bot levels; a finished table opens one shared rematch."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from cardtable import games

from .support import Server, any_game, open_table, run


async def connect_since(
    server: Server, table_id: str, token: str | None, since: int | str
) -> list[dict[str, Any]]:
    """Everything a fresh connection with ``?since=`` gets before the first state."""
    query = f"since={since}" + (f"&token={token}" if token else "")
    async with open_table(server, f"{table_id}?{query}") as table:
        messages = []
        while True:
            message = await table.recv()
            messages.append(message)
            if message["type"] == "state":
                return messages


def test_missed_events_come_back_in_each_seats_own_version(server: Server) -> None:
    name = any_game()
    players = games.load(name).players
    # medium, not random: a random Cambio bot snaps wrongly again and again on its turn
    # (most of its moves are snaps at a four-seat table), two events a time, and could take
    # the game past what a catch-up from the deal sends (MAX_CATCH_UP events) before the
    # last reconnect below: that one then gets the state alone, as it should.
    first = server.create(name, ["human", "human", *["bot:medium"] * (players - 2)])
    second = server.claim(first["id"], 1)
    rng = random.Random(3)
    live: dict[int | None, list[dict[str, Any]]] = {0: [], 1: [], None: []}

    async def play() -> int:
        async with (
            open_table(server, first["id"], first["token"]) as a,
            open_table(server, first["id"], second["token"]) as b,
            open_table(server, first["id"]) as watcher,
        ):
            conns = {0: a, 1: b, None: watcher}
            for conn in conns.values():
                await conn.next_state()
            for _ in range(400):  # a good stretch of the game, then stop
                for conn in (a, b):
                    await conn.quiet_version()
                acting = [c for c in (a, b) if c.state and c.state["legal"]]
                if not acting or any(c.state and c.state["over"] for c in (a, b)):
                    break
                chosen = rng.choice(acting)
                assert chosen.state is not None
                # No call: a game that ends here logs its scoring too, past what a catch-up
                # sends (it would then get the state alone, marked skipped).
                legal = chosen.state["legal"]
                await chosen.act(rng.choice([a for a in legal if a.get("type") != "call"] or legal))
                await chosen.next_state()
                if chosen.state["version"] >= 12:
                    break
            version = await watcher.quiet_version()
            for seat, conn in conns.items():
                await conn.state_at_least(version)
                live[seat] = [m for m in conn.received if m["type"] == "event"]
            return version

    version = run(play())
    assert version > 3
    tokens = {0: first["token"], 1: second["token"], None: None}
    for seat, token in tokens.items():
        since = 2
        got = run(connect_since(server, first["id"], token, since))
        state = got[-1]
        # Bots may have moved on since: compare what both saw, up to ``version``.
        assert state["version"] >= version and state["seat"] == seat
        missed = got[:-1]
        assert all(m["type"] == "event" and m["missed"] for m in missed)
        expected = [m for m in live[seat] if m["version"] > since]
        assert [(m["version"], m["event"]) for m in missed if m["version"] <= version] == [
            (m["version"], m["event"]) for m in expected
        ]
        # since=0: the whole game's log, as this seat saw it.
        whole = run(connect_since(server, first["id"], token, 0))[:-1]
        assert [m["event"] for m in whole if since < m["version"] <= version] == [
            m["event"] for m in expected
        ]


def test_a_since_the_table_cannot_answer_gets_the_state_only(server: Server) -> None:
    name = any_game()
    players = games.load(name).players
    ticket = server.create(name, ["human", *["bot:random"] * (players - 1)])
    for since in (10**6, -1, "x"):
        got = run(connect_since(server, ticket["id"], ticket["token"], since))
        assert [m["type"] for m in got] == ["state"]
        assert got[0]["options"]["players"] == players


def test_state_carries_options_and_games_list_levels(server: Server) -> None:
    for info in server.get("/api/games").json():
        assert set(info["levels"]) <= {"random", "easy", "medium", "hard"}
        assert "hard" in info["levels"] and "random" in info["levels"]


def test_rematch_opens_one_table_for_both_players(server: Server) -> None:
    name = any_game()
    players = games.load(name).players
    first = server.create(name, ["human", "human", *["bot:random"] * (players - 2)])
    second = server.claim(first["id"], 1)
    early = server.post(f"/api/tables/{first['id']}/rematch", {"token": first["token"]})
    assert early.status_code == 409 and early.json()["code"] == "not_over"

    async def finish() -> None:
        async with (
            open_table(server, first["id"], first["token"]) as a,
            open_table(server, first["id"], second["token"]) as b,
        ):
            await asyncio.gather(
                a.play_randomly(random.Random(1)), b.play_randomly(random.Random(2))
            )

    run(finish())
    bad = server.post(f"/api/tables/{first['id']}/rematch", {"token": "nope"})
    assert bad.status_code == 403
    one = server.post(f"/api/tables/{first['id']}/rematch", {"token": second["token"]})
    two = server.post(f"/api/tables/{first['id']}/rematch", {"token": first["token"]})
    assert one.status_code == two.status_code == 201, (one.text, two.text)
    assert one.json()["id"] == two.json()["id"] != first["id"]
    assert (one.json()["seat"], two.json()["seat"]) == (1, 0)
    again = server.post(f"/api/tables/{first['id']}/rematch", {"token": first["token"]})
    assert again.status_code == 409
    # The rematch is its players' only (issue 18): a seat token shows it.
    summary = server.get(f"/api/tables/{one.json()['id']}?token={one.json()['token']}").json()
    assert summary["options"] == server.get(f"/api/tables/{first['id']}").json()["options"]

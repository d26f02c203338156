"""Issue 8, step 3: clocks kept by the server, on a real server whose time moves only when
the test says so (CARDTABLE_TEST_CLOCK=1, POST /api/test/clock): a timed bank running out,
CV-22 (no first move: cancelled; away a minute, or five minutes on one untimed move: the
seat loses, Caravan resigning for it), and a leaver at a bigger table replaced by a bot that
finishes the game."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.server.clocks import SeatClocks

from .support import Server, Table, advance, clocked_server, open_table, run


@pytest.fixture(scope="module")
def clocked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with clocked_server(tmp_path_factory.mktemp("clocked")) as live:
        yield live


def two_seats(server: Server, clock: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    body = {"game": "caravan", "seats": ["human", "human"], "clock": clock}
    response = server.post("/api/tables", body)
    assert response.status_code == 201, response.text
    first = response.json()
    return first, server.claim(first["id"], 1)


async def settle(*tables: Table) -> None:
    for table in tables:
        await table.quiet_version()


async def first_moves(a: Table, b: Table, rng: random.Random) -> None:
    """Each seat makes its first move (whoever may act, in turn)."""
    moved: set[int] = set()
    while len(moved) < 2:
        await settle(a, b)
        for table in (a, b):
            state = table.state
            assert state is not None and not state["over"], state
            if state["legal"]:
                await table.act(rng.choice(state["legal"]))
                moved.add(state["seat"])
                await table.next_state()
                break


async def ended(table: Table) -> dict[str, Any]:
    while table.state is None or not table.state["over"]:
        await table.next_state()
    return table.state


def test_a_timed_bank_runs_out_and_the_seat_loses(clocked: Server) -> None:
    first, second = two_seats(clocked, {"kind": "timed", "bank": 30, "increment": 5})

    async def play() -> None:
        async with (
            open_table(clocked, first["id"], first["token"]) as a,
            open_table(clocked, first["id"], second["token"]) as b,
        ):
            await settle(a, b)
            assert a.state is not None
            clock = a.state["clock"]
            assert clock["started"] and clock["remaining"] == {"0": 30.0, "1": 30.0}
            assert clock["running"] and clock["deadline"]
            await first_moves(a, b, random.Random(5))
            advance(clocked, 10)
            await settle(a, b)
            running = a.state["clock"]["running"]
            assert len(running) == 1
            loser = running[0]
            # The seat that moved got the increment back.
            remaining = a.state["clock"]["remaining"]
            assert remaining[str(1 - loser)] > 30.0 - 1e-6 or remaining[str(loser)] < 30.0
            advance(clocked, 25)  # the loser's bank (30 minus what it already spent) is out
            final = await ended(a)
            assert final["outcome"]["winners"] == [1 - loser]

    run(play())


def test_no_first_move_within_a_minute_cancels_the_game(clocked: Server) -> None:
    first, second = two_seats(clocked, {"kind": "untimed"})

    async def play() -> None:
        async with (
            open_table(clocked, first["id"], first["token"]) as a,
            open_table(clocked, first["id"], second["token"]) as b,
        ):
            await settle(a, b)
            advance(clocked, 59)
            await settle(a, b)
            assert a.state is not None and not a.state["over"]
            advance(clocked, 2)
            final = await ended(a)
            assert final["outcome"]["details"]["cancelled"] is True
            assert final["outcome"]["winners"] == [] and final["legal"] == []

    run(play())
    assert clocked.get(f"/api/tables/{first['id']}").json()["status"] == "cancelled"


def test_away_a_minute_loses_by_resignation(clocked: Server) -> None:
    first, second = two_seats(clocked, {"kind": "untimed"})

    async def play() -> None:
        async with open_table(clocked, first["id"], first["token"]) as a:
            async with open_table(clocked, first["id"], second["token"]) as b:
                await first_moves(a, b, random.Random(6))
            # Seat 1 is gone: a minute later it has lost.
            await settle(a)
            advance(clocked, 30)
            await settle(a)
            assert a.state is not None and not a.state["over"]
            # Published when the seat went away (clients count down from there).
            assert a.state["clock"]["away"] == {"1": 60.0}
            advance(clocked, 31)
            final = await ended(a)
            assert final["outcome"]["winners"] == [0]
            assert any(m["type"] == "event" and m["event"]["type"] == "resign" for m in a.received)

    run(play())
    summary = clocked.get(f"/api/tables/{first['id']}").json()
    assert summary["status"] == "finished" and summary["outcome"]["winners"] == [0]


def test_five_minutes_on_one_untimed_move_loses(clocked: Server) -> None:
    first, second = two_seats(clocked, {"kind": "untimed"})

    async def play() -> None:
        async with (
            open_table(clocked, first["id"], first["token"]) as a,
            open_table(clocked, first["id"], second["token"]) as b,
        ):
            await first_moves(a, b, random.Random(7))
            await settle(a, b)
            assert a.state is not None
            (slow,) = a.state["clock"]["running"]
            assert a.state["clock"]["deadline"][str(slow)] == 300.0
            advance(clocked, 299)
            await settle(a, b)
            assert not a.state["over"]
            advance(clocked, 2)
            final = await ended(a)
            assert final["outcome"]["winners"] == [1 - slow]

    run(play())


def test_a_leaver_at_four_seats_is_replaced_by_a_bot_that_finishes(clocked: Server) -> None:
    response = clocked.post(
        "/api/tables",
        {"game": "cambio", "options": {"players": 3}, "seats": ["human", "human", "human"]},
    )
    assert response.status_code == 201, response.text
    first = response.json()
    tickets = [first, clocked.claim(first["id"], 1), clocked.claim(first["id"], 2)]
    bad = clocked.post(f"/api/tables/{first['id']}/leave", {"token": "nope"})
    assert bad.status_code == 403

    async def play() -> None:
        async with (
            open_table(clocked, first["id"], tickets[0]["token"]) as a,
            open_table(clocked, first["id"], tickets[1]["token"]) as b,
            open_table(clocked, first["id"], tickets[2]["token"]) as c,
        ):
            await settle(a, b, c)
            await c.send({"type": "leave"})
            while True:
                message = await a.recv()
                if message["type"] == "seats" and message["seats"][2].get("left"):
                    break
            assert message["seats"][2]["kind"] == "bot" and message["seats"][2]["bot"] == "medium"
            # The seat is the bot's now: the person watches as a spectator (the seat's
            # cards are no longer theirs to see) and their acts are refused.
            await settle(c)
            assert c.state is not None
            assert c.state["seat"] is None and c.state["left"] == 2 and c.state["legal"] == []
            async with open_table(clocked, first["id"]) as watcher:
                seen = await watcher.next_state()
                if seen["version"] == c.state["version"]:
                    assert seen["view"] == c.state["view"]
            await c.act({"type": "pass"})
            assert (await c.error())["code"] == "not_your_seat"
            finals = await asyncio.gather(
                a.play_randomly(random.Random(8)), b.play_randomly(random.Random(9))
            )
            assert all(f["over"] for f in finals)

    run(play())
    summary = clocked.get(f"/api/tables/{first['id']}").json()
    assert summary["status"] == "finished"
    assert summary["seats"][2]["left"] is True
    gone = clocked.post(f"/api/tables/{first['id']}/leave", {"token": tickets[0]["token"]})
    assert gone.status_code == 409


def test_clocks_survive_a_kill_minus_nine(tmp_path: Path) -> None:
    """The banks and first moves are stored with every move; a crashed server resumes
    them. The time since the last move (the server being down) is charged to nobody."""
    env = {"CARDTABLE_TEST_CLOCK": "1"}
    server = Server(tmp_path / "cardtable.db", tmp_path / "server.log", env=env).start()
    try:
        first, second = two_seats(server, {"kind": "timed", "bank": 60, "increment": 5})

        async def before_the_crash() -> dict[str, Any]:
            async with (
                open_table(server, first["id"], first["token"]) as a,
                open_table(server, first["id"], second["token"]) as b,
            ):
                await first_moves(a, b, random.Random(11))  # in no time: both banks 65
                await settle(a, b)
                advance(server, 20)
                await settle(a, b)
                mover = a if a.state and a.state["legal"] else b
                assert mover.state is not None
                await mover.act(random.Random(12).choice(mover.state["legal"]))
                stored = (await mover.next_state())["clock"]
                advance(server, 7)  # the next seat thinks; the server dies before it moves
                async with open_table(server, first["id"]) as watcher:
                    now = (await watcher.next_state())["clock"]
                (runner,) = now["running"]
                assert now["remaining"][str(runner)] == 58.0
                clock: dict[str, Any] = stored
                return clock

        stored = run(before_the_crash())
        (runner,) = stored["running"]
        assert stored["remaining"] == {str(1 - runner): 50.0, str(runner): 65.0}
        server.kill()
        server.start()

        async def after_the_restart() -> None:
            async with (
                open_table(server, first["id"], first["token"]) as a,
                open_table(server, first["id"], second["token"]) as b,
            ):
                await settle(a, b)
                assert a.state is not None
                clock = a.state["clock"]
                assert clock["started"] and clock["running"] == [runner]
                assert clock["remaining"] == stored["remaining"]
                advance(server, 10)  # and the clocks run on from there
                async with open_table(server, first["id"]) as watcher:
                    now = (await watcher.next_state())["clock"]
                assert now["remaining"][str(runner)] == 55.0

        run(after_the_restart())
    finally:
        server.stop()
    assert "Traceback" not in server.log(), server.log()


def test_a_stored_snapshot_restores_banks_and_first_moves_and_ignores_junk() -> None:
    """The clocks' part that a restart depends on, without a server: what a snapshot keeps,
    and that a damaged one cannot break a table being resumed."""
    setting = {"kind": "timed", "bank": 60.0, "increment": 5.0}
    clocks = SeatClocks(setting, [0, 1])
    clocks.start(1000.0, [0], {0, 1})
    clocks.turn(1012.0, 0, [1])  # seat 0 spent 12 s, got 5 back
    saved = clocks.snapshot(1020.0, 1_700_000_000.0)  # seat 1 has been thinking 8 s
    assert saved["bank"] == {"0": 53.0, "1": 52.0} and saved["moved"] == [0]

    resumed = SeatClocks(setting, [0, 1])
    resumed.restore(saved)
    resumed.start(5.0, [1], set())  # another process: its own monotonic time
    assert resumed.view(5.0)["remaining"] == {"0": 53.0, "1": 52.0}
    assert resumed.moved == {0} and resumed.view(15.0)["remaining"]["1"] == 42.0

    damaged = SeatClocks(setting, [0, 1])
    damaged.restore({"bank": {"0": "lots", "7": 5, "x": 1, "1": -4}, "moved": ["0", 1]})
    assert damaged.bank == {0: 60.0, 1: 0.0} and damaged.moved == {1}

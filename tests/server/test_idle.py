"""An abandoned game does not stay in memory for ever: once everyone has left a table that
waits on a person (no clock, no bot to move), the house lets it go after ``--idle-unload``
seconds; opening it again rebuilds it from its log, exactly where it was."""

from __future__ import annotations

import random
import time
from pathlib import Path

from cardtable import games

from .support import Server, any_game, open_table, play_until_my_turn, poll, run

IDLE = 1.0  # seconds; the house sweeps ten times as often


def live_tables(server: Server) -> int:
    count: int = server.get("/healthz").json()["live_tables"]
    return count


def wait_for_live(server: Server, count: int) -> None:
    poll(lambda: live_tables(server) == count, f"live tables: {live_tables(server)}, not {count}")


def test_an_abandoned_table_leaves_memory_and_comes_back_as_it_was(tmp_path: Path) -> None:
    server = Server(
        tmp_path / "cardtable.db", tmp_path / "server.log", options=["--idle-unload", str(IDLE)]
    ).start()
    try:
        name = any_game()
        players = games.load(name).players
        for attempt in range(20):  # random play may end a game early: then take another
            ticket = server.create(name, ["human", *["bot:random"] * (players - 1)])
            before = run(play_until_my_turn(server, ticket, 2, random.Random(attempt)))
            if before is not None:
                break
        assert before is not None, "every game ended within two moves"
        wait_for_live(server, 0)  # everyone left, the table waits on its person: let go

        async def come_back() -> None:
            async with open_table(server, ticket["id"], ticket["token"]) as table:
                again = await table.next_state()
                assert again["version"] == before["version"]
                assert again["view"] == before["view"] and again["legal"] == before["legal"]
                # While someone is at the table it stays, however long they think.
                time.sleep(3 * IDLE)
                assert live_tables(server) == 1
                await table.act(again["legal"][0])
                assert (await table.state_at_least(again["version"] + 1))["version"] > before[
                    "version"
                ]

        run(come_back())
        summary = server.get(f"/api/tables/{ticket['id']}").json()
        assert summary["status"] in ("playing", "finished")
        assert summary["version"] > before["version"]
    finally:
        server.stop()
    assert "Traceback" not in server.log(), server.log()
    assert "let go of 1 idle table(s)" in server.log()

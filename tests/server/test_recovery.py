"""A crash (SIGKILL) mid-game loses nothing: on restart on the same database every
unfinished table is rebuilt from its log and resumes exactly where it was, bots included,
and a reconnecting client gets the current state."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path
from typing import Any

from cardtable import games

from .support import Server, any_game, open_table, play_until_my_turn, run


async def watch_until(server: Server, table_id: str, version: int) -> dict[str, Any]:
    async with open_table(server, table_id) as table:
        return await table.state_at_least(version)


async def finish(server: Server, ticket: dict[str, Any]) -> dict[str, Any]:
    async with open_table(server, ticket["id"], ticket["token"]) as table:
        return await table.play_randomly(random.Random(2))


async def watch_to_the_end(server: Server, table_id: str) -> dict[str, Any]:
    async with open_table(server, table_id) as table:
        while True:
            state = await table.next_state()
            if state["over"]:
                return state


def test_kill_minus_nine_and_restart_resume_every_table(fresh_server: Server) -> None:
    server = fresh_server
    server.bot_delay = 0.1  # slow enough that the bots' table is mid-game at the crash
    server.start()
    name = any_game()
    players = games.load(name).players
    for attempt in range(20):  # random play may end a game early: then take another table
        person = server.create(name, ["human", *["bot:random"] * (players - 1)])
        before = run(play_until_my_turn(server, person, 3, random.Random(attempt)))
        if before is not None:
            break
    assert before is not None, "every game ended within three moves"
    robots = server.create(name, ["bot:random"] * players)
    seen = run(watch_until(server, robots["id"], 2))
    workers = server.children()
    assert workers or not Path("/proc").exists(), "the bots should think in worker processes"
    server.kill()
    assert_gone(workers)
    assert not seen["over"], "the bots finished before the crash; slow them down"

    server.bot_delay = 0.0  # the rest of the games need not be watchable
    server.start()  # same database, new process
    person_summary = server.get(f"/api/tables/{person['id']}").json()
    assert person_summary["status"] == "playing" and person_summary["version"] == before["version"]

    async def reconnect() -> dict[str, Any]:
        async with open_table(server, person["id"], person["token"]) as table:
            return await table.next_state()

    again = run(reconnect())
    assert again["version"] == before["version"]
    assert again["view"] == before["view"] and again["legal"] == before["legal"]

    # Everything a client was shown had been committed: nothing seen was lost.
    assert run(watch_until(server, robots["id"], seen["version"]))["version"] >= seen["version"]
    robots_final = run(watch_to_the_end(server, robots["id"]))
    person_final = run(finish(server, person))
    assert robots_final["over"] and person_final["over"]
    for table_id, final in ((robots["id"], robots_final), (person["id"], person_final)):
        summary = server.get(f"/api/tables/{table_id}").json()
        assert summary["status"] == "finished" and summary["version"] == final["version"]
        assert stored_sequence(server, table_id) == list(range(1, final["version"] + 1))
    assert "resumed 2 unfinished table(s)" in server.log().split("Started server process")[-1]


def assert_gone(pids: list[int], seconds: float = 10.0) -> None:
    """The bot workers of a killed server leave by themselves (no orphans)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = [pid for pid in pids if Path(f"/proc/{pid}").exists() and not zombie(pid)]
        if not alive:
            return
        time.sleep(0.1)
    raise AssertionError(f"bot workers {alive} outlived their server")


def zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def stored_sequence(server: Server, table_id: str) -> list[int]:
    with sqlite3.connect(server.db.removeprefix("sqlite:///")) as db:
        rows = db.execute("SELECT seq FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))
        return [seq for (seq,) in rows]

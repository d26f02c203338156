"""A table of bots only cannot hold a bot worker for ever: a game its bots have not
finished after ``--bot-table-moves`` moves ends as aborted, with the reason, and stays
replayable. A table with a person at it is never cut short (the person can leave)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from .support import Server, open_table, play_until_my_turn, poll, require_game, run

CAP = 12  # no Caravan game ends this soon: a side needs three caravans of 21 or more


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    require_game("caravan")
    folder = tmp_path_factory.mktemp("capped")
    options = ["--bot-table-moves", str(CAP)]
    live = Server(folder / "cardtable.db", folder / "server.log", options=options).start()
    yield live
    live.stop()
    assert "Traceback" not in live.log(), live.log()


def table(server: Server, table_id: str) -> dict[str, Any]:
    response = server.get(f"/api/tables/{table_id}")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_bots_that_play_on_are_stopped_and_told_why(capped: Server) -> None:
    table_id = capped.create("caravan", ["bot:random", "bot:random"])["id"]
    poll(lambda: table(capped, table_id)["status"] != "playing", "the cap to end the game")
    ended = table(capped, table_id)
    assert ended["status"] == "aborted", ended
    assert ended["version"] == CAP
    details = ended["outcome"]["details"]
    assert details["aborted"] is True and ended["outcome"]["winners"] == []
    assert f"after {CAP} moves" in details["reason"], details

    async def watch() -> dict[str, Any]:
        async with open_table(capped, table_id) as seen:
            return await seen.next_state()

    state = run(watch())  # a watcher who comes later is shown the end and its reason
    assert state["over"] and state["outcome"]["details"]["reason"] == details["reason"]
    replay = capped.get(f"/api/tables/{table_id}/replay?seat=all")  # every card: it is over
    assert replay.status_code == 200, replay.text
    assert replay.json()["status"] == "aborted" and len(replay.json()["steps"]) == CAP + 1


def test_a_table_with_a_person_plays_past_the_cap(capped: Server) -> None:
    ticket = capped.create("caravan", ["human", "bot:random"])
    state = run(play_until_my_turn(capped, ticket, CAP, random.Random(5)))
    assert state is not None, "no Caravan game ends within a few dozen moves"
    assert state["version"] > CAP and not state["over"]
    assert table(capped, ticket["id"])["status"] == "playing"

"""High card in the web house: a real ``cardtable serve`` in a process where the game is
installed by its entry point alone; a table against a bot made over HTTP and played to
the end over the WebSocket; the package's renderer served and driven in Chromium."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.support import Server, open_table, run

from .conftest import ROOT, installed

pytest.importorskip("websockets")


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("highcard-house")
    server = Server(folder / "cardtable.db", folder / "server.log", env=installed(folder / "site"))
    server.start()
    yield server
    server.stop()
    assert "Traceback" not in server.log(), server.log()


def test_the_house_lists_highcard_with_its_bots(house: Server) -> None:
    listed = {g["name"]: g for g in house.get("/api/games").json()}
    assert listed["highcard"]["title"] == "High Card"
    assert listed["highcard"]["levels"] == ["random", "hard"]
    assert listed["highcard"]["players"] == {"min": 2, "max": 2, "default": 2}


def test_bad_options_for_highcard_are_refused_with_a_code(house: Server) -> None:
    answer = house.post(
        "/api/tables", {"game": "highcard", "options": {"hand": 99}, "seats": ["human", "bot:hard"]}
    )
    assert answer.status_code == 422 and answer.json()["code"]
    assert "hand" in answer.json()["detail"]


def test_a_game_against_a_bot_over_the_websocket(house: Server) -> None:
    ticket = house.create("highcard", ["human", "bot:hard"], hand=5)

    async def play() -> dict[str, Any]:
        async with open_table(house, ticket["id"], ticket["token"]) as table:
            await table.next_state()
            final = await table.play_randomly(random.Random(1))
            # every byte to this seat came from its view: the other's cards only once up
            for message in table.received:
                if message["type"] == "state" and not message["over"]:
                    assert "hands" not in message["view"] and "rest" not in json.dumps(message)
                if message["type"] == "event" and message["event"]["type"] == "play":
                    assert ("card" in message["event"]) == (message["event"]["seat"] == 0)
            return final

    final = run(play())
    assert final["over"] and final["outcome"]["winners"]
    assert sum(final["outcome"]["scores"]) == 5
    assert len(final["view"]["tricks"]) == 5


def test_the_renderer_is_served_from_the_package(house: Server) -> None:
    answer = house.get("/games/highcard/render.js")
    assert answer.status_code == 200 and 'name: "highcard"' in answer.text
    assert house.get("/games/highcard/missing.js").status_code == 404


def test_a_card_is_played_in_the_browser(house: Server) -> None:
    """The home page offers High card; its table page loads the package's renderer, and a
    click on a card of the hand plays it: the server's version moves on and the log tells
    it in the renderer's words."""
    from tests.web.conftest import CHROMIUM

    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    pytest.importorskip("playwright.sync_api")
    command = [sys.executable, "-m", "tests.fifth_game.browser", house.http]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout)
    assert seen["after"] > seen["before"] and not seen["errors"], seen
    assert "/table/" in seen["table"]
    assert "You played" in seen["log"] and "face down" in seen["log"], seen

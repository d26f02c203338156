"""Issue 18: the lobby is read from an index kept as tables open, change and close, one
page at a time: a poll summarises at most a page of each list, however many tables are
live (it used to summarise every live table on the event loop: 75-90 ms at 3,000)."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.lobby import Summaries
from cardtable.server.settings import Settings

from .support import any_game


def test_a_lobby_poll_summarises_one_page_however_many_tables_are_live(
    tmp_path: Path,
) -> None:
    """The real app in this process (so the summaries it makes can be counted), with 60
    public tables: 30 waiting for a player, 30 full."""
    settings = Settings(
        db=f"sqlite:///{tmp_path / 'lobby.db'}",
        bot_processes=0,
        rates={"create_address": None},
        idle_unload=0,
    )
    with TestClient(create_app(settings)) as client:
        game = any_game()
        ids = []
        for _ in range(60):
            made = client.post("/api/tables", json={"game": game, "seats": ["human", "human"]})
            assert made.status_code == 201, made.text
            ids.append(made.json()["id"])
        for table_id in ids[:30]:  # the first thirty fill up: to watch
            assert client.post(f"/api/tables/{table_id}/seats/1").status_code == 201
        before = Summaries.made
        lobby = client.get("/api/lobby", params={"limit": 5}).json()
        assert Summaries.made - before == 10  # five of each list, not sixty
        assert (lobby["open_total"], lobby["playing_total"]) == (30, 30)
        assert [t["id"] for t in lobby["open"]] == ids[::-1][:5]  # newest first
        assert {t["id"] for t in lobby["playing"]} <= set(ids[:30])
        second = client.get("/api/lobby", params={"limit": 5, "offset": 5}).json()
        assert [t["id"] for t in second["open"]] == ids[::-1][5:10]
        # The default page and the cap on its size.
        assert len(client.get("/api/lobby").json()["open"]) == 30
        too_big = client.get("/api/lobby", params={"limit": 10_000})
        assert too_big.status_code == 422 and too_big.json()["code"] == "bad_request"
        # A table that fills up moves from one list to the other at once.
        assert client.post(f"/api/tables/{ids[-1]}/seats/1").status_code == 201
        lobby = client.get("/api/lobby", params={"limit": 1}).json()
        assert lobby["playing"][0]["id"] == ids[-1] and lobby["open"][0]["id"] == ids[-2]

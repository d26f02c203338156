"""Issue 19: turn-based tables on a real server whose time moves only when the test says
so (CARDTABLE_TEST_CLOCK=1): the limit per move resets each turn, a seat is never "away"
however long it is gone, a move a day later is accepted, the limit running out loses; bad
paces are refused; ``GET /api/my/turns`` lists the tables waiting on you."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .support import TIMEOUT, Server, Table, advance, clocked_server, open_table, run

DAY = 24 * 3600


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with clocked_server(tmp_path_factory.mktemp("pace")) as live:
        yield live


def person(server: Server) -> httpx.Client:
    """A browser-like client: a guest session cookie and its CSRF header."""
    client = httpx.Client(base_url=server.http, timeout=TIMEOUT)
    me = client.get("/api/me").json()
    client.headers["X-CSRF-Token"] = me["csrf"]
    return client


def turn_table(
    server: Server, first: httpx.Client | None = None, second: httpx.Client | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    body = {"game": "caravan", "seats": ["human", "human"], "pace": "turn-based"}
    response = (first or httpx.Client(base_url=server.http)).post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    ticket = response.json()
    claim = (second or httpx.Client(base_url=server.http)).post(
        f"/api/tables/{ticket['id']}/seats/1", json={}
    )
    assert claim.status_code == 201, claim.text
    return ticket, claim.json()


async def current(table: Table) -> dict[str, Any]:
    await table.quiet_version()
    assert table.state is not None
    return table.state


async def move(table: Table, rng: random.Random) -> int:
    """This seat moves (it must be its turn); answers the new version."""
    state = await current(table)
    assert state["legal"], state
    await table.act(rng.choice(state["legal"]))
    return (await table.state_at_least(state["version"] + 1))["version"]


def seat_to_move(server: Server, table_id: str) -> int:
    (seat,) = server.get(f"/api/tables/{table_id}").json()["to_act"]
    return int(seat)


def test_bad_paces_are_refused_and_make_no_table(server: Server) -> None:
    before = server.get("/api/lobby").json()["open_total"]
    bad = [
        ({"pace": "slow"}, "pace"),
        ({"pace": "turn-based", "move_limit": 3600}, "move_limit"),
        ({"pace": "turn-based", "move_limit": 30 * DAY}, "move_limit"),
        ({"pace": "turn-based", "move_limit": True}, "move_limit"),
        ({"pace": "turn-based", "move_limit": "1d"}, "move_limit"),
        ({"pace": "realtime", "move_limit": DAY}, "move_limit"),
        ({"pace": "turn-based", "clock": {"kind": "untimed"}}, "move_limit"),
        ({"clock": {"kind": "turn", "move": DAY}}, "kind"),
        ({"pace": None}, "pace"),
    ]
    for extra, named in bad:
        body = {"game": "caravan", "seats": ["human", "human"], **extra}
        response = server.post("/api/tables", body)
        assert response.status_code == 422, (extra, response.text)
        assert named in response.json()["detail"], (extra, response.text)
    assert server.get("/api/lobby").json()["open_total"] == before

    good = server.post(
        "/api/tables",
        {"game": "caravan", "seats": ["human", "human"], "pace": "turn-based", "move_limit": 43200},
    )
    assert good.status_code == 201, good.text
    summary = server.get(f"/api/tables/{good.json()['id']}").json()
    assert summary["pace"] == "turn-based" and summary["clock"] == {"kind": "turn", "move": 43200}
    lobby = server.get("/api/lobby").json()["open"]
    assert [t["pace"] for t in lobby if t["id"] == good.json()["id"]] == ["turn-based"]
    realtime = server.create("caravan", ["human", "human"])
    assert server.get(f"/api/tables/{realtime['id']}").json()["pace"] == "realtime"


def test_a_move_a_day_later_is_accepted_and_nobody_is_ever_away(server: Server) -> None:
    first, second = turn_table(server)
    tokens = {0: first["token"], 1: second["token"]}
    rng = random.Random(19)

    async def play() -> None:
        # Each comes to the table, moves and goes away; the next comes a day later.
        left = float(DAY)
        for _ in range(5):
            seat = seat_to_move(server, first["id"])
            async with open_table(server, first["id"], tokens[seat]) as table:
                state = await current(table)
                clock = state["clock"]
                assert not state["over"] and clock["kind"] == "turn" and clock["away"] == {}
                assert clock["deadline"] == {str(seat): left}
                await move(table, rng)
                # The next seat's limit starts afresh: a whole day.
                assert table.state is not None
                assert table.state["clock"]["deadline"] == {str(1 - seat): float(DAY)}
            advance(server, DAY - 60)  # nobody connected, most of a day: not away, not late
            left = 60.0

    run(play())
    summary = server.get(f"/api/tables/{first['id']}").json()
    assert summary["status"] == "playing" and summary["version"] >= 5


def test_the_limit_running_out_loses_and_not_a_second_before(server: Server) -> None:
    first, second = turn_table(server)
    tokens = {0: first["token"], 1: second["token"]}
    rng = random.Random(20)

    async def play() -> int:
        for _ in range(2):  # each seat's first move
            seat = seat_to_move(server, first["id"])
            async with open_table(server, first["id"], tokens[seat]) as table:
                await move(table, rng)
        slow = seat_to_move(server, first["id"])
        async with open_table(server, first["id"], tokens[1 - slow]) as watcher:
            await current(watcher)
            advance(server, DAY - 1)
            assert not (await current(watcher))["over"]
            advance(server, 2)
            while not (watcher.state and watcher.state["over"]):
                await watcher.next_state()
        return slow

    slow = run(play())
    summary = server.get(f"/api/tables/{first['id']}").json()
    assert summary["status"] == "finished" and summary["outcome"]["winners"] == [1 - slow]


def test_a_first_move_has_the_whole_limit_then_the_game_is_cancelled(server: Server) -> None:
    first, _ = turn_table(server)

    async def watch() -> None:
        async with open_table(server, first["id"]) as watcher:
            await current(watcher)
            advance(server, 3600)  # an hour: a realtime table would be cancelled by now
            assert not (await current(watcher))["over"]
            advance(server, DAY)
            while not (watcher.state and watcher.state["over"]):
                await watcher.next_state()
            details = watcher.state["outcome"]["details"]
            assert details["cancelled"] is True and "limit per move" in details["reason"]

    run(watch())
    assert server.get(f"/api/tables/{first['id']}").json()["status"] == "cancelled"


def test_my_turns_lists_the_tables_waiting_on_me(server: Server) -> None:
    alice, bob, stranger = person(server), person(server), person(server)
    first, second = turn_table(server, alice, bob)
    tokens = {0: first["token"], 1: second["token"]}
    clients = {0: alice, 1: bob}
    seat = seat_to_move(server, first["id"])

    def turns(client: httpx.Client) -> list[dict[str, Any]]:
        response = client.get("/api/my/turns")
        assert response.status_code == 200, response.text
        found: list[dict[str, Any]] = response.json()["turns"]
        return found

    mine = turns(clients[seat])
    assert [(t["id"], t["seat"], t["pace"], t["deadline"]) for t in mine] == [
        (first["id"], seat, "turn-based", float(DAY))
    ]
    assert turns(clients[1 - seat]) == [] and turns(stranger) == []
    assert server.get("/api/my/turns").json() == {"turns": []}  # no session: nobody's

    async def play() -> None:
        async with open_table(server, first["id"], tokens[seat]) as table:
            await move(table, random.Random(21))

    run(play())
    assert turns(clients[seat]) == []
    assert [t["id"] for t in turns(clients[1 - seat])] == [first["id"]]


def test_a_turn_based_deadline_is_stored_as_the_pace_says(tmp_path: Path) -> None:
    """The pace is part of the stored table: a restarted server keeps it turn-based."""
    env = {"CARDTABLE_TEST_CLOCK": "1"}
    live = Server(tmp_path / "cardtable.db", tmp_path / "server.log", env=env).start()
    try:
        first, _ = turn_table(live)
        live.kill()
        live.start()
        summary = live.get(f"/api/tables/{first['id']}").json()
        assert summary["pace"] == "turn-based" and summary["status"] == "playing"

        async def look() -> None:
            async with open_table(live, first["id"], first["token"]) as table:
                clock = (await current(table))["clock"]
                assert clock["kind"] == "turn" and clock["started"] and clock["away"] == {}

        run(look())
    finally:
        live.stop()

"""Issue 19: Play now. Seeks pair into one table (same game, clock, rated, each rating in the
other's range), or stay open and are pushed at once to every lobby socket; one per person,
capped, cancelled, expired when their page goes or their time is up; bad input refused.
A real server (with the test clock: expiry without waiting), real HTTP and WebSocket
clients."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient
from websockets.asyncio.client import ClientConnection, connect

from cardtable.server.app import create_app
from cardtable.server.settings import Settings

from .support import TIMEOUT, Server, open_table, poll, run
from .test_online_accounts import accounts, browser_at, fresh_address

FIVE_FIVE = {"kind": "timed", "bank": 300, "increment": 5}


@pytest.fixture(scope="module")
def seeking(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("seeks")
    env = {"CARDTABLE_TEST_CLOCK": "1"}
    live = Server(folder / "cardtable.db", folder / "server.log", env=env).start()
    yield live
    live.stop()
    assert "Traceback" not in live.log(), live.log()


def person(server: Server) -> httpx.Client:
    """A guest in a browser of their own (own cookie, own address)."""
    client, _ = browser_at(server, fresh_address())
    return client


def seek(client: httpx.Client, **body: Any) -> httpx.Response:
    return client.post("/api/seeks", json={"game": "cambio", "clock": FIVE_FIVE, **body})


def open_seeks(server: Server) -> list[dict[str, Any]]:
    seeks: list[dict[str, Any]] = server.get("/api/seeks").json()["seeks"]
    return seeks


def lobby_url(server: Server, answer: dict[str, Any] | None = None) -> str:
    url = f"{server.ws}/ws/lobby"
    if answer is not None:
        url += f"?seek={answer['seek']['id']}&token={answer['token']}"
    return url


async def next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        if message["type"] == kind:
            return message


def test_two_seeks_pair_into_one_table_and_the_lobby_sees_the_seek_at_once(
    seeking: Server,
) -> None:
    alice, bob = person(seeking), person(seeking)
    bob.post("/api/me/name", json={"name": "Bob"})

    async def scenario() -> None:
        async with connect(lobby_url(seeking), open_timeout=TIMEOUT) as watcher:
            assert (await next_of(watcher, "seeks"))["seeks"] == []
            first = seek(alice)
            assert first.status_code == 201, first.text
            waiting = first.json()
            assert waiting["status"] == "open" and waiting["ticket"] is None
            # Pushed to the other lobby at once, as the list says it.
            pushed = (await next_of(watcher, "seeks"))["seeks"]
            assert [s["id"] for s in pushed] == [waiting["seek"]["id"]]
            assert pushed[0]["game"] == "cambio" and pushed[0]["clock"] == FIVE_FIVE
            assert pushed[0]["name"].startswith("Guest") and "token" not in pushed[0]
            assert open_seeks(seeking) == pushed
            async with connect(lobby_url(seeking, waiting), open_timeout=TIMEOUT) as mine:
                await next_of(mine, "seeks")
                second = seek(bob)
                assert second.status_code == 201, second.text
                paired = second.json()
                assert paired["status"] == "paired"
                told = await next_of(mine, "paired")
            assert (await next_of(watcher, "seeks"))["seeks"] == []  # gone from every lobby
        assert told["seek"] == waiting["seek"]["id"]
        a, b = told["ticket"], paired["ticket"]
        assert a["id"] == b["id"] and (a["seat"], b["seat"]) == (0, 1)
        # Alice fetching her seek later (a reload) gets the same seat.
        again = alice.get(f"/api/seeks/{waiting['seek']['id']}", params={"token": waiting["token"]})
        assert again.json()["status"] == "paired" and again.json()["ticket"] == a
        table = seeking.get(f"/api/tables/{a['id']}").json()
        assert table["game"] == "cambio" and table["players"] == 2 and table["public"]
        assert table["clock"] == FIVE_FIVE and not table["rated"]
        assert [s["claimed"] for s in table["seats"]] == [True, True]
        assert table["seats"][1]["name"] == "Bob"
        # Each token opens its own seat.
        for ticket in (a, b):
            async with open_table(seeking, ticket["id"], ticket["token"]) as seat:
                assert (await seat.next_state())["seat"] == ticket["seat"]

    run(scenario())
    assert open_seeks(seeking) == []


def test_seeks_that_do_not_fit_stay_apart(seeking: Server) -> None:
    one, two, three = person(seeking), person(seeking), person(seeking)
    a = seek(one).json()
    other_clock = seek(two, clock={"kind": "timed", "bank": 600, "increment": 5}).json()
    other_game = three.post("/api/seeks", json={"game": "cabo", "clock": FIVE_FIVE}).json()
    assert {a["status"], other_clock["status"], other_game["status"]} == {"open"}
    # Ratings: a newcomer's is the same for everyone; a range that leaves it out does not fit,
    # whichever side holds the range.
    rating = a["seek"]["rating"]
    four, five = person(seeking), person(seeking)
    picky = seek(four, clock=None, rating_min=rating + 1).json()
    plain = seek(five, clock=None).json()
    assert (picky["status"], plain["status"]) == ("open", "open")
    # Rated against casual: two accounts, one rated seek, one casual.
    (ada, _), (bea, _) = accounts(seeking, 2)
    rated = seek(ada, rated=True).json()
    assert rated["status"] == "open" and rated["seek"]["rated"]
    casual_pair = seek(bea).json()  # casual 5+5 cambio: pairs with the first, not the rated
    assert casual_pair["status"] == "paired"
    listed = {s["id"] for s in open_seeks(seeking)}
    assert a["seek"]["id"] not in listed
    assert {other_clock["seek"]["id"], other_game["seek"]["id"], rated["seek"]["id"]} <= listed
    assert {picky["seek"]["id"], plain["seek"]["id"]} <= listed
    for client, answer in [
        (two, other_clock),
        (three, other_game),
        (four, picky),
        (five, plain),
    ]:
        gone = client.post(
            f"/api/seeks/{answer['seek']['id']}/cancel", json={"token": answer["token"]}
        )
        assert gone.status_code == 200, gone.text
    # Two rated seeks pair into a rated table.
    ((cid, _),) = accounts(seeking, 1)
    both = seek(cid, rated=True).json()
    assert both["status"] == "paired", both
    made = seeking.get(f"/api/tables/{both['ticket']['id']}").json()
    assert made["rated"] and made["clock"] == FIVE_FIVE and made["players"] == 2
    assert open_seeks(seeking) == []


def test_one_seek_each_cancel_and_expiry(seeking: Server) -> None:
    carol = person(seeking)
    first = seek(carol).json()
    twice = seek(carol, clock=None)
    assert twice.status_code == 409 and twice.json()["code"] == "seek_open"
    assert [s["id"] for s in open_seeks(seeking)] == [first["seek"]["id"]]  # nothing changed
    path = f"/api/seeks/{first['seek']['id']}/cancel"
    wrong = carol.post(path, json={"token": "not-it"})
    assert wrong.status_code == 404 and wrong.json()["code"] == "unknown_seek"

    async def cancelled_while_watching() -> dict[str, Any]:
        async with connect(lobby_url(seeking, first), open_timeout=TIMEOUT) as mine:
            await next_of(mine, "seeks")
            assert carol.post(path, json={"token": first["token"]}).status_code == 200
            return await next_of(mine, "seek_ended")

    assert run(cancelled_while_watching())["reason"] == "cancelled"
    assert open_seeks(seeking) == []
    # The page goes away: its seek follows a few seconds later (a reload comes back in time).
    second = seek(carol).json()

    async def watch_then_leave() -> None:
        async with connect(lobby_url(seeking, second), open_timeout=TIMEOUT) as mine:
            await next_of(mine, "seeks")

    run(watch_then_leave())
    assert [s["id"] for s in open_seeks(seeking)] == [second["seek"]["id"]]
    # The server sees the socket close a moment later: time moves 5 s a poll until the seek
    # is gone, far sooner than its ten minutes.
    moved = []

    def gone_after_moving() -> bool:
        advance(seeking, 5)
        moved.append(5)
        return second["seek"]["id"] not in {s["id"] for s in open_seeks(seeking)}

    poll(gone_after_moving, "the seek outlived its page")
    assert sum(moved) <= 60
    # Never watched (a script): gone after ten minutes all the same.
    third = seek(carol).json()
    advance(seeking, 599)
    assert [s["id"] for s in open_seeks(seeking)] == [third["seek"]["id"]]
    advance(seeking, 2)
    poll_gone(seeking, third["seek"]["id"])
    again = seeking.get(f"/api/seeks/{third['seek']['id']}?token={third['token']}")
    assert again.status_code == 404


def advance(server: Server, seconds: float) -> None:
    assert server.post("/api/test/clock", {"seconds": seconds}).status_code == 200


def poll_gone(server: Server, seek_id: str) -> None:
    poll(lambda: seek_id not in {s["id"] for s in open_seeks(server)}, "the seek stayed open")


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "poker"}, 422, "unknown_game"),
        ({"game": "cambio", "clock": {"kind": "timed", "bank": 5}}, 422, "bad_clock"),
        ({"game": "cambio", "clock": {"kind": "sundial"}}, 422, "bad_clock"),
        ({"game": "cambio", "rating_min": 20, "rating_max": 10}, 422, "bad_range"),
        ({"game": "cambio", "rating_min": "low"}, 422, "bad_request"),
        ({"game": "cambio", "rated": True}, 403, "account_required"),
        ({"clock": FIVE_FIVE}, 422, "bad_request"),
    ],
)
def test_bad_seeks_are_refused_naming_the_problem(
    seeking: Server, body: dict[str, Any], status: int, code: str
) -> None:
    guest = person(seeking)
    answer = guest.post("/api/seeks", json=body)
    assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
    assert answer.json()["detail"]
    assert open_seeks(seeking) == []


def test_the_seeks_are_capped(tmp_path: Path) -> None:
    """The house's cap (here 2): the next seek is refused and changes nothing."""
    settings = Settings(db=f"sqlite:///{tmp_path / 'seeks.db'}", bot_processes=0, max_seeks=2)
    with TestClient(create_app(settings)) as client:

        def guest_seek(game: str) -> httpx.Response:
            client.cookies.clear()
            csrf = client.get("/api/me").json()["csrf"]
            body = {"game": game, "clock": FIVE_FIVE}
            return client.post("/api/seeks", json=body, headers={"X-CSRF-Token": csrf})

        assert [guest_seek(g).status_code for g in ("cambio", "cabo")] == [201, 201]
        full = guest_seek("caravan")
        assert full.status_code == 503 and full.json()["code"] == "seeks_full"
        assert full.headers["Retry-After"] == "10"
        assert [s["game"] for s in client.get("/api/seeks").json()["seeks"]] == ["cambio", "cabo"]
        # A seek that pairs takes nothing from the cap: the table is made.
        assert guest_seek("cambio").json()["status"] == "paired"


def playing_ids(server: Server) -> set[str]:
    return {t["id"] for t in server.get("/api/lobby").json()["playing"]}


def test_a_table_whose_people_are_gone_is_not_listed_as_being_played(seeking: Server) -> None:
    """Two people: listed while either is connected and for two minutes after the last one
    went (a reload); then not, until one comes back. One person and two bots: not listed
    once the person leaves the seat to a bot, though the bots play on."""
    first = seeking.create("cambio", ["human", "human"], players=2)
    second = seeking.claim(first["id"], 1)
    table_id = first["id"]
    assert table_id in playing_ids(seeking)  # just made: its people are on their way

    async def sit_then_go() -> None:
        async with open_table(seeking, table_id, first["token"]) as a:
            await a.next_state()
            async with open_table(seeking, table_id, second["token"]) as b:
                await b.next_state()
                advance(seeking, 300)
                assert table_id in playing_ids(seeking)

    run(sit_then_go())
    advance(seeking, 100)
    assert table_id in playing_ids(seeking)
    advance(seeking, 30)
    assert table_id not in playing_ids(seeking)

    async def come_back() -> None:
        async with open_table(seeking, table_id, second["token"]) as b:
            await b.next_state()
            assert table_id in playing_ids(seeking)

    run(come_back())
    # Alone with bots, then gone for good: the bots play on, unlisted.
    solo = seeking.create("cambio", ["human", "bot:easy", "bot:easy"], players=3)

    async def leave_to_bots() -> None:
        async with open_table(seeking, solo["id"], solo["token"]) as me:
            await me.next_state()
            assert solo["id"] in playing_ids(seeking)
            await me.send({"type": "leave"})
            while not any(s.get("left") for s in (await me.next_state())["seats"]):
                pass
            assert solo["id"] not in playing_ids(seeking)

    run(leave_to_bots())

"""Issue 8: replays. A finished game's replay reproduces exactly what every seat was sent
live (and the engine's views); every card only after the end; a live game's replay is the
spectator's view up to now; private tables need their invite or a seat; bad table, seat
and step ids are answered with errors that name the problem."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx

from .support import TIMEOUT, Server, any_game, open_table, play_until_my_turn
from .test_online_identity import browser
from .test_online_leak import SPECTATOR, Truth, play_recorded, stored, wire


def replay(server: Server, table_id: str, **params: Any) -> httpx.Response:
    return httpx.get(f"{server.http}/api/tables/{table_id}/replay", params=params, timeout=TIMEOUT)


def views_by_version(messages: list[dict[str, Any]]) -> dict[int, Any]:
    return {m["version"]: m["view"] for m in messages if m["type"] == "state"}


def events_by_version(messages: list[dict[str, Any]]) -> dict[int, list[Any]]:
    out: dict[int, list[Any]] = {}
    for m in messages:
        if m["type"] == "event":
            out.setdefault(m["version"], []).append(m["event"])
    return out


def test_a_finished_replay_reproduces_every_seats_views_and_all_the_cards(
    server: Server,
) -> None:
    recording = asyncio.run(play_recorded(server, "caravan", 2, seed=11))
    truth = Truth(stored(server, recording.table_id))
    last = len(truth.states) - 1
    for audience, messages in recording.received.items():
        seat = str(audience)
        answer = replay(server, recording.table_id, seat=seat)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["over"] and body["version"] == last and body["audience"] == seat
        assert body["outcome"] == wire(truth.states[-1].outcome().to_json())
        steps = body["steps"]
        assert [s["version"] for s in steps] == list(range(last + 1))
        # What this seat (or the spectator) was sent live, version by version.
        live_views = views_by_version(messages)
        live_events = events_by_version(messages)
        assert set(live_views) == set(range(last + 1))
        for step in steps:
            assert step["view"] == live_views[step["version"]]
            assert step["events"] == live_events.get(step["version"], [])
            assert len(step["words"]) == len(step["events"])
            assert all(isinstance(w, str) and w for w in step["words"])
        assert steps[1]["seat"] == stored(server, recording.table_id).actions[0].seat
    everything = replay(server, recording.table_id, seat="all").json()
    for step in everything["steps"]:
        assert step["view"] == wire(truth.states[step["version"]].full_view())
        assert step["events"] == [wire(e.full()) for e in truth.events[step["version"]]]
    # One step alone, for a shareable link.
    one = replay(server, recording.table_id, seat="1", step=5).json()
    assert [s["version"] for s in one["steps"]] == [5]
    assert one["steps"][0]["view"] == views_by_version(recording.received[1])[5]


def test_a_live_game_replays_only_the_spectator_view_up_to_now(server: Server) -> None:
    ticket = server.create("caravan", ["human", "bot:random"])
    # Our seat's turn comes and we do not move: the table waits, so it stays live.
    state = asyncio.run(play_until_my_turn(server, ticket, 2, random.Random(3)))
    assert state is not None
    for seat in ("0", "1", "all"):
        refused = replay(server, ticket["id"], seat=seat)
        assert refused.status_code == 409, refused.text
        assert refused.json()["code"] == "not_over" and "spectator" in refused.json()["detail"]
    live = replay(server, ticket["id"])
    assert live.status_code == 200
    body = live.json()
    assert not body["over"] and body["outcome"] is None and body["audience"] == SPECTATOR
    assert body["version"] == state["version"]
    truth = Truth(stored(server, ticket["id"]))
    for step in body["steps"]:
        assert step["view"] == wire(truth.states[step["version"]].view(None))


def test_bad_table_seat_and_step_ids_get_errors_that_name_them(server: Server) -> None:
    finished = server.create(any_game(), ["bot:random", "bot:random"])
    table_id = finished["id"]
    missing = replay(server, "no-such-table")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown_table"
    cases = [
        ({"seat": "7"}, 404, "unknown_seat", "seat 7"),
        ({"seat": "-1"}, 404, "unknown_seat", "seat -1"),
        ({"seat": "north"}, 422, "bad_request", "north"),
        ({"step": "abc"}, 422, "bad_request", "step"),
        ({"step": "100000"}, 404, "no_such_step", "step 100000"),
        ({"step": "-1"}, 404, "no_such_step", "step -1"),
    ]
    for params, status, code, named in cases:
        answer = replay(server, table_id, **params)
        assert answer.status_code == status, (params, answer.text)
        assert answer.json()["code"] == code and named in answer.json()["detail"], answer.text


def test_a_private_replay_needs_the_invite_or_a_seat(server: Server) -> None:
    creator, _ = browser(server)
    body = {"game": any_game(), "seats": ["human", "bot:random"], "public": False}
    ticket = creator.post("/api/tables", json=body).json()
    table_id, invite = ticket["id"], ticket["invite"]
    stranger = replay(server, table_id)
    assert stranger.status_code == 403 and stranger.json()["code"] == "not_invited"
    assert replay(server, table_id, invite="wrong").status_code == 403
    assert replay(server, table_id, invite=invite).status_code == 200
    # The creator's session held seat 0: their browser opens it without the key.
    mine = creator.get(f"/api/tables/{table_id}/replay")
    assert mine.status_code == 200, mine.text
    assert mine.json()["seats"][0].get("name")


def test_a_replay_opens_from_the_profile_links(server: Server) -> None:
    """The profile lists the player's tables; each opens as a replay."""
    client, me = browser(server)
    ticket = client.post(
        "/api/tables", json={"game": any_game(), "seats": ["human", "bot:random"]}
    ).json()

    async def resign_by_leaving() -> None:
        async with open_table(server, ticket["id"], ticket["token"]) as table:
            await table.next_state()
        client.post(f"/api/tables/{ticket['id']}/leave", json={"token": ticket["token"]})

    asyncio.run(resign_by_leaving())
    results = client.get(f"/api/players/{me['id']}").json()["results"]
    assert [r["table"] for r in results] == [ticket["id"]]
    # Left a game of two: lost, so the game is over and every seat's view is open.
    after = client.get(f"/api/tables/{ticket['id']}/replay", params={"seat": "0"})
    assert after.status_code == 200, after.text
    assert after.json()["over"] and after.json()["outcome"]["winners"] == [1]

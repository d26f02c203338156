"""Whole games through the WebSocket: a person (this test, choosing at random among the
``legal`` actions it is sent) against bots in every registered game, bots alone watched by a
spectator, reconnection, and every connection receiving exactly its own seat's view."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from typing import Any

import pytest

from cardtable import games

from .support import Server, any_game, open_table, play_until_my_turn, require_game, run


@pytest.mark.parametrize("name", games.names())
def test_a_person_plays_a_whole_game_against_bots(server: Server, name: str) -> None:
    require_game(name)
    players = games.load(name).players
    ticket = server.create(name, ["human", *["bot:random"] * (players - 1)])

    async def play() -> dict[str, Any]:
        async with open_table(server, ticket["id"], ticket["token"]) as table:
            first = await table.next_state()
            assert first["seat"] == 0 and first["view"]["seat"] == 0
            assert first["clock"] is None and first["outcome"] is None
            return await table.play_randomly(random.Random(7))

    final = run(play())
    assert final["over"] and final["legal"] == []
    assert len(final["outcome"]["scores"]) == players and final["outcome"]["winners"]
    summary = server.get(f"/api/tables/{ticket['id']}").json()
    assert summary["status"] == "finished" and summary["version"] == final["version"]
    assert summary["outcome"] == final["outcome"]


@pytest.mark.parametrize("name", games.names())
def test_bots_play_to_the_end_for_a_spectator(server: Server, name: str) -> None:
    require_game(name)
    ticket = server.create(name, ["bot:random"] * games.load(name).players)

    async def watch() -> dict[str, Any]:
        async with open_table(server, ticket["id"]) as table:
            while True:
                state = await table.next_state()
                assert state["seat"] is None and state["view"]["seat"] is None
                assert state["legal"] == []
                if state["over"]:
                    return state

    final = run(watch())
    assert final["outcome"]["winners"]


def test_reconnecting_resends_the_current_state(server: Server) -> None:
    name = any_game()
    players = games.load(name).players
    for attempt in range(20):  # random play may end a game early: then take another table
        ticket = server.create(name, ["human", *["bot:random"] * (players - 1)])
        # Stop on our own turn: the table then waits for us while we reconnect.
        last = run(play_until_my_turn(server, ticket, 2, random.Random(attempt)))
        if last is not None:
            break
    assert last is not None

    async def reconnect() -> None:
        async with open_table(server, ticket["id"], ticket["token"]) as again:
            state = await again.next_state()
            assert state["version"] == last["version"] and state["view"] == last["view"]
            assert state["legal"] == last["legal"]

    run(reconnect())
    assert ticket["token"] not in server.log(), "a seat token was written to the log"


def test_each_connection_receives_only_its_own_seat(server: Server) -> None:
    """Two people and a spectator at one table: every state and event each connection
    receives is exactly what the engine gives that seat (checked against a replay of the
    stored log), never another seat's."""
    name = any_game()
    players = games.load(name).players
    ticket = server.create(name, ["human", "human", *["bot:random"] * (players - 2)])
    second = server.claim(ticket["id"], 1)
    rngs = [random.Random(11), random.Random(12)]

    async def play() -> list[list[dict[str, Any]]]:
        async with (
            open_table(server, ticket["id"], ticket["token"]) as zero,
            open_table(server, ticket["id"], second["token"]) as one,
            open_table(server, ticket["id"]) as watcher,
        ):
            await asyncio.gather(zero.play_randomly(rngs[0]), one.play_randomly(rngs[1]))
            final = zero.state
            assert final is not None
            await watcher.state_at_least(final["version"])
            return [zero.received, one.received, watcher.received]

    received = run(play())
    check_against_replay(server, ticket["id"], name, dict(zip([0, 1, None], received, strict=True)))


def check_against_replay(
    server: Server, table_id: str, name: str, received: dict[int | None, list[dict[str, Any]]]
) -> None:
    seed, options, log = stored_table(server, table_id)
    game = games.load(name, **options)
    state = game.new_state(seed=seed)
    states: dict[int, Any] = {0: state.clone()}
    events: dict[int, list[Any]] = {0: []}
    for version, (seat, action) in enumerate(log, start=1):
        events[version] = state.apply(seat, action)
        states[version] = state.clone()
    for seat, messages in received.items():
        assert messages, f"seat {seat} received nothing"
        by_version: dict[int, list[dict[str, Any]]] = {}
        for message in messages:
            if message["type"] == "state":
                at = states[message["version"]]
                assert message["seat"] == seat
                assert message["view"] == json_form(at.view(seat))
                legal = [] if seat is None else at.legal_actions(seat)
                assert message["legal"] == json_form([game.action_to_json(a) for a in legal])
            elif message["type"] == "event":
                by_version.setdefault(message["version"], []).append(message["event"])
        for version, seen in by_version.items():
            assert seen == json_form([e.for_seat(seat) for e in events[version]])


def stored_table(server: Server, table_id: str) -> tuple[int, dict[str, Any], list[Any]]:
    """The seed, options and log straight from the server's SQLite file."""
    import json

    path = server.db.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        seed, options = db.execute(
            "SELECT seed, options FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        rows = db.execute(
            "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
    return seed, json.loads(options), [(seat, json.loads(action)) for seat, action in rows]


def json_form(value: Any) -> Any:
    import json

    return json.loads(json.dumps(value))

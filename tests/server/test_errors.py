"""Every bad input on a table's WebSocket gets an error naming the problem, changes nothing,
and leaves the connection and the server working."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from cardtable import games

from .support import Server, Table, any_game, open_table, run


def two_person_table(server: Server) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A table where people hold seats 0 and 1 (bots the rest)."""
    name = any_game()
    players = games.load(name).players
    ticket = server.create(name, ["human", "human", *["bot:random"] * (players - 2)])
    return ticket["id"], ticket, server.claim(ticket["id"], 1)


async def expect(table: Table, message: Any, code: str, *words: str) -> dict[str, Any]:
    """Send ``message``; the answer is error ``code`` and the table's version is unchanged."""
    before = await table.quiet_version()
    await table.send(message)
    error = await table.error()
    assert error["code"] == code, error
    for word in words:
        assert word in error["message"], error
    assert await table.quiet_version() == before
    return error


async def seat_to_act(tables: dict[int, Table]) -> tuple[Table, Table]:
    """The connection whose seat may act now, and another one."""
    for table in tables.values():
        await table.state_at_least(await table.quiet_version())
    acting = [t for t in tables.values() if t.state and t.state["legal"]]
    idle = [t for t in tables.values() if t.state and not t.state["legal"]]
    assert acting and idle, "expected exactly one of the two people to be on turn"
    return acting[0], idle[0]


def test_bad_messages_are_refused_and_change_nothing(server: Server) -> None:
    table_id, zero_ticket, one_ticket = two_person_table(server)

    async def scenario() -> None:
        async with (
            open_table(server, table_id, zero_ticket["token"]) as zero,
            open_table(server, table_id, one_ticket["token"]) as one,
            open_table(server, table_id) as watcher,
        ):
            await zero.next_state()
            await one.next_state()
            state = (await watcher.next_state())["view"]
            assert state["seat"] is None
            acting, idle = await seat_to_act({0: zero, 1: one})
            assert acting.state is not None and idle.state is not None
            legal = acting.state["legal"][0]
            version = acting.state["version"]
            act = {"type": "act", "version": version, "action": legal}

            await expect(acting, "{not json", "bad_json", "not valid JSON")
            await expect(acting, "[1, 2]", "bad_json", "JSON object")
            await expect(acting, "[" * 8000 + "]" * 8000, "bad_json")
            await expect(acting, b"\xff\xfe", "bad_json")
            await expect(acting, "x" * 20_000, "too_large", "16384 bytes")
            big = {**act, "pad": "x" * 20_000}
            await expect(acting, json.dumps(big), "too_large")
            await expect(acting, {"type": "dance"}, "unknown_type", "'dance'", "act")
            await expect(acting, {"version": version}, "unknown_type", "None")
            await expect(acting, {"type": "act", "action": legal}, "bad_message", "version")
            await expect(acting, {**act, "version": str(version)}, "bad_message", "version")
            await expect(acting, {**act, "version": True}, "bad_message", "version")
            await expect(acting, {"type": "act", "version": version}, "bad_message", "action")
            await expect(acting, {**act, "version": version - 1}, "stale_version", "version")
            await expect(acting, {**act, "version": version + 5}, "stale_version")
            await expect(acting, {**act, "action": {"type": "fly"}}, "malformed_action", "fly")
            await expect(acting, {**act, "action": "draw"}, "malformed_action")
            await expect(acting, {**act, "action": None}, "malformed_action")
            await expect(acting, {**act, "action": [legal]}, "malformed_action")
            other_seat = idle.state["seat"]
            await expect(acting, {**act, "seat": other_seat}, "not_your_seat", str(other_seat))
            await expect(idle, {**act}, "not_your_turn", "not your turn")
            await expect(watcher, act, "spectator", "Spectators cannot act")
            # After all that, the move itself is still accepted.
            await acting.send(act)
            assert (await acting.next_state())["version"] == version + 1

    run(scenario())


def test_an_action_that_is_not_legal_now_is_refused(server: Server) -> None:
    """A well-formed action that was legal earlier but is not now."""
    name = any_game()
    players = games.load(name).players
    ticket = server.create(name, ["human", *["bot:random"] * (players - 1)])
    rng = random.Random(5)

    async def scenario() -> None:
        async with open_table(server, ticket["id"], ticket["token"]) as table:
            seen: list[dict[str, Any]] = []
            for _ in range(5000):
                state = table.state or await table.next_state()
                assert not state["over"], "never found a formerly legal action to replay"
                stale = [a for a in seen if a not in state["legal"]]
                if state["legal"] and stale:
                    error = await expect(
                        table,
                        {"type": "act", "version": state["version"], "action": stale[0]},
                        "illegal_action",
                    )
                    assert error["message"]
                    return
                if state["legal"]:
                    seen.extend(state["legal"])
                    await table.act(rng.choice(state["legal"]))
                await table.next_state()

    run(scenario())


def test_unknown_table_and_bad_token_are_refused(server: Server) -> None:
    name = any_game()
    ticket = server.create(name, ["human"] * games.load(name).players)

    async def scenario() -> None:
        async with open_table(server, "nosuchtable") as table:
            error = await table.recv()
            assert error["code"] == "unknown_table" and "nosuchtable" in error["message"]
            with pytest.raises(ConnectionClosed) as closed:
                await table.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
        async with open_table(server, ticket["id"], "forged-token") as table:
            error = await table.recv()
            assert error["code"] == "bad_token"
            with pytest.raises(ConnectionClosed):
                await table.recv()

    run(scenario())


def test_acting_after_the_end_is_refused(server: Server) -> None:
    name = any_game()
    players = games.load(name).players
    ticket = server.create(name, ["human", *["bot:random"] * (players - 1)])

    async def scenario() -> None:
        async with open_table(server, ticket["id"], ticket["token"]) as table:
            await table.next_state()
            first_legal = table.state["legal"] if table.state else []
            final = await table.play_randomly(random.Random(9))
            action = first_legal[0] if first_legal else {"type": "x"}
            message = {"type": "act", "version": final["version"], "action": action}
            code = "game_over" if first_legal else "malformed_action"
            await expect(table, message, code)
        # A finished table still opens, from the store, at its final state.
        async with open_table(server, ticket["id"], ticket["token"]) as again:
            state = await again.next_state()
            assert state["over"] and state["version"] == final["version"]

    run(scenario())


def test_a_frame_over_the_hard_limit_closes_only_that_connection(server: Server) -> None:
    name = any_game()
    ticket = server.create(name, ["human"] * games.load(name).players)

    async def scenario() -> None:
        async with open_table(server, ticket["id"], ticket["token"]) as table:
            await table.next_state()
            with pytest.raises(ConnectionClosed):
                await table.send("x" * (2 * 1024 * 1024))
                await table.recv()
        async with open_table(server, ticket["id"], ticket["token"]) as table:
            assert (await table.next_state())["version"] == 0

    run(scenario())

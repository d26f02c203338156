"""Several seats acting at once (Cambio's snap=anytime window): the table's queue settles
the race by arrival order. Exactly one of two acts made on the same version is played;
the other is refused as stale and changes nothing."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from websockets.exceptions import ConnectionClosed

from cardtable.store import open_store

from .support import Server, Table, open_table, play_until_my_turn, require_game, run


def test_simultaneous_acts_on_one_version_play_exactly_one(server: Server) -> None:
    require_game("cambio")
    ticket = server.create("cambio", ["human", "human"], snap="anytime")
    second = server.claim(ticket["id"], 1)
    rng = random.Random(8)

    async def race(zero: Table, one: Table) -> tuple[int, int]:
        """Both seats act on the same version at once; (moves played, acts refused)."""
        version = await zero.quiet_version()
        states = [await t.state_at_least(version) for t in (zero, one)]
        start = [len(zero.received), len(one.received)]
        await asyncio.gather(
            *(
                t.act(rng.choice(s["legal"]), version)
                for t, s in zip((zero, one), states, strict=True)
            )
        )
        refused = 0
        for table, first in zip((zero, one), start, strict=True):
            after = await table.quiet_version()
            errors = [m for m in table.received[first:] if m["type"] == "error"]
            assert all(e["code"] == "stale_version" for e in errors), errors
            refused += len(errors)
            assert after == version + 1, "exactly one of the two acts is played"
        return after - version, refused

    async def scenario() -> list[tuple[int, int]]:
        async with (
            open_table(server, ticket["id"], ticket["token"]) as zero,
            open_table(server, ticket["id"], second["token"]) as one,
        ):
            await zero.next_state()
            await one.next_state()
            results = []
            for _ in range(5):
                version = await zero.quiet_version()
                state: dict[str, Any] = await zero.state_at_least(version)
                other = await one.state_at_least(version)
                if state["over"] or not (state["legal"] and other["legal"]):
                    break
                results.append(await race(zero, one))
            return results

    results = run(scenario())
    assert results, "the anytime window should let both seats act at the start"
    for played, refused in results:
        assert played == 1 and refused == 1


def test_a_writer_whose_version_another_stored_lets_the_table_go_at_once(
    fresh_server: Server,
) -> None:
    """The paused owner (docs/scaling.md): while this process held the table, another
    writer stored its next version. The move made here is refused with ``not_owner`` and
    changes nothing, the table leaves this process at once (the socket closes with 1012,
    not at the lease's next renewal), and the reconnect finds the other writer's move."""
    require_game("cambio")
    server = fresh_server.start()
    ticket = server.create("cambio", ["human", "bot:random"])
    waiting = run(play_until_my_turn(server, ticket, 0, random.Random(3)))
    assert waiting is not None
    version, theirs, ours = waiting["version"], waiting["legal"][0], waiting["legal"][-1]
    store = open_store(server.db, migrate=False)
    try:  # the successor's commit, straight to the log the server writes
        store.append(ticket["id"], version + 1, 0, theirs)
    finally:
        store.close()

    async def move_then_rejoin() -> tuple[dict[str, Any], int | None, dict[str, Any]]:
        async with open_table(server, ticket["id"], ticket["token"]) as table:
            await table.state_at_least(version)
            await table.act(ours, version)
            refused = await table.error()
            try:
                while True:
                    await table.recv()
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
        async with open_table(server, ticket["id"], ticket["token"]) as again:
            return refused, code, await again.next_state()

    refused, code, state = run(move_then_rejoin())
    assert refused["code"] == "not_owner", refused
    assert code == 1012
    assert state["version"] >= version + 1  # the other writer's move is the table's now
    summary = server.get(f"/api/tables/{ticket['id']}").json()
    assert summary["status"] == "playing" and summary["version"] >= version + 1
    assert "Traceback" not in server.log()

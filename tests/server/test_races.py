"""Several seats acting at once (Cambio's snap=anytime window): the table's queue settles
the race by arrival order. Exactly one of two acts made on the same version is played;
the other is refused as stale and changes nothing."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from .support import Server, Table, open_table, require_game, run


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

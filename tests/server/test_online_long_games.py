"""Issue 18, item 2: a long game can be opened. A client that missed more events than its
connection could queue (a 4-seat Gan Deng Yan match passes the 512-message outbox) used to
be closed as too slow (1013) before it was sent anything, and the page reconnected with
``since=0`` for ever. Far behind, a seat or a spectator now gets the state at once, in its
own view and marked ``skipped``, and plays or watches on; a small gap still gets its
missed events."""

from __future__ import annotations

from typing import Any

from .longtable import EVENTS, LongTable, store_long_table
from .support import Server, Table, open_table, run

# A gap this small is caught up event by event (live.MAX_CATCH_UP is 64 events).
SMALL_GAP = 2


def long_table(server: Server) -> LongTable:
    table = store_long_table(server.db)
    assert table.events >= EVENTS
    return table


async def first_messages(table: Table) -> list[dict[str, Any]]:
    """What a fresh connection is sent up to and with its first state."""
    messages: list[dict[str, Any]] = []
    while not messages or messages[-1]["type"] != "state":
        messages.append(await table.recv())
    return messages


def query(since: int, token: str | None = None) -> str:
    return f"?since={since}" + (f"&token={token}" if token else "")


def test_a_seat_far_behind_gets_the_state_at_once_and_plays_on(server: Server) -> None:
    long = long_table(server)

    async def scenario() -> None:
        for since in (0, 5):
            async with open_table(server, long.id + query(since, long.tokens[0])) as seat:
                (state,) = await first_messages(seat)
                assert state["version"] == long.version and state["seat"] == 0
                assert state["skipped"] == long.version - since
                assert state["view"] == long.views[0] and state["legal"]
        # Caught up: it acts on the state it was given, and the table moves on.
        async with open_table(server, long.id + query(0, long.tokens[0])) as seat:
            state = (await first_messages(seat))[-1]
            await seat.act(state["legal"][0])
            after = await seat.next_state()
            assert after["version"] == long.version + 1
        # A seat that missed only a little gets the events it missed, then the state.
        since = long.version + 1 - SMALL_GAP
        async with open_table(server, long.id + query(since, long.tokens[1])) as other:
            messages = await first_messages(other)
            missed = messages[:-1]
            assert missed and all(m["type"] == "event" and m["missed"] for m in missed)
            assert {m["version"] for m in missed} == set(range(since + 1, long.version + 2))
            assert "skipped" not in messages[-1]

    run(scenario())


def test_a_spectator_far_behind_gets_the_spectators_state_and_watches_on(
    server: Server,
) -> None:
    long = long_table(server)

    async def scenario() -> None:
        for since in (0, 5):
            async with open_table(server, long.id + query(since)) as watcher:
                (state,) = await first_messages(watcher)
                assert state["version"] == long.version and state["seat"] is None
                assert state["skipped"] == long.version - since
                assert state["view"] == long.views[None] and state["legal"] == []
        async with (
            open_table(server, long.id + query(0)) as watcher,
            open_table(server, long.id + query(long.version, long.tokens[0])) as seat,
        ):
            await first_messages(watcher)
            state = (await first_messages(seat))[-1]
            await seat.act(state["legal"][0])
            # The watcher stays connected and sees the move.
            assert (await watcher.next_state())["version"] == long.version + 1

    run(scenario())

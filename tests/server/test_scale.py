"""One house on several processes (docs/scaling.md): real servers sharing one PostgreSQL
schema and one Redis (``CARDTABLE_TEST_REDIS_URL``, set by scripts/test-redis.sh), real
WebSocket clients."""

from __future__ import annotations

import asyncio
import os
import random
import secrets
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed

from cardtable import games
from cardtable.server.clocks import RealClock
from cardtable.server.errors import ProtocolError
from cardtable.server.house import replay
from cardtable.server.persist import AsyncStore
from cardtable.server.writer import TableWriter
from cardtable.store import HUMAN, PLAYING, SeatRecord, TableRecord, normalize_url, open_store
from cardtable.store.schema import utcnow

from ..store.conftest import POSTGRES_URL, postgres_schema_url
from .support import TIMEOUT, Server, Table, open_table, play_until_my_turn, run
from .test_online_clocks import first_moves, settle, two_seats

REDIS_URL = os.environ.get("CARDTABLE_TEST_REDIS_URL")
GAME = "cambio"


@pytest.fixture
def schema_url() -> Iterator[str]:
    if not POSTGRES_URL:
        pytest.skip("set CARDTABLE_TEST_POSTGRES_URL=postgresql://… to test on PostgreSQL")
    schema = f"test_{secrets.token_hex(6)}"
    admin = create_engine(normalize_url(POSTGRES_URL))
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield postgres_schema_url(POSTGRES_URL, schema)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def pair(schema_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two processes of one house."""
    pytest.importorskip("redis", reason="the 'redis' extra is not installed")
    if not REDIS_URL:
        pytest.skip("set CARDTABLE_TEST_REDIS_URL=redis://… (scripts/test-redis.sh)")
    options = ["--redis", REDIS_URL]
    servers = [Server(schema_url, tmp_path / f"{n}.log", options=options) for n in "ab"]
    try:
        servers[0].start()  # one at a time: each migrates the schema on start
        servers[1].start()
        yield servers[0], servers[1]
    finally:
        for server in servers:
            server.stop()


def versions(table: Table) -> list[int]:
    return [m["version"] for m in table.received if m["type"] == "state"]


def event_versions(table: Table) -> set[int]:
    return {m["version"] for m in table.received if m["type"] == "event"}


def test_a_game_across_two_processes(pair: tuple[Server, Server]) -> None:
    """Created on A, seat 0 and a spectator on B, seat 1 on A: played to the end, every
    client is sent every version once, in order, each change with its events, and ends on
    the state a connection straight to the owner is sent."""
    a, b = pair
    ticket = a.create(GAME, ["human", "human"])
    other = b.claim(ticket["id"], 1)

    async def play() -> tuple[Table, Table, Table, dict[str, Any]]:
        async with (
            open_table(b, ticket["id"], ticket["token"]) as zero,
            open_table(a, ticket["id"], other["token"]) as one,
            open_table(b, ticket["id"]) as watcher,
        ):
            await watcher.next_state()
            finals = await asyncio.gather(
                zero.play_randomly(random.Random(1)), one.play_randomly(random.Random(2))
            )
            await watcher.state_at_least(finals[0]["version"])
            async with open_table(a, ticket["id"]) as direct:
                owner_view = await direct.next_state()
            return zero, one, watcher, owner_view

    zero, one, watcher, owner_view = run(play())
    final = owner_view["version"]
    assert owner_view["over"]
    for client in (zero, one, watcher):
        seen = versions(client)
        assert seen == sorted(seen), "states arrive in order"
        assert set(range(seen[0], final + 1)) <= set(seen), "no version is missed"
        assert set(range(seen[0] + 1, final + 1)) <= event_versions(client)
    # The spectator on B is sent what a spectator on the owner is sent.
    assert watcher.state == owner_view
    assert zero.state is not None and zero.state["seat"] == 0 and zero.state["over"]
    assert a.get(f"/api/tables/{ticket['id']}").json()["status"] == "finished"
    # B served its two connections through A: it never had the table itself.
    assert b.get("/healthz").json()["live_tables"] == 0


class NoCall(random.Random):
    """Random play that does not end the game at once by calling Cambio."""

    def choice(self, seq: Any) -> Any:
        kept = [a for a in seq if not (isinstance(a, dict) and a.get("type") == "call")]
        return super().choice(kept or seq)


def test_the_owner_killed_mid_game_the_other_process_finishes_it(
    pair: tuple[Server, Server],
) -> None:
    """kill -9 of the owner: its table is taken by the other process within the lease's
    time, rebuilt from the log, and the player connected there finishes the game; every
    move accepted before the crash is in the log, once."""
    a, b = pair
    ticket = a.create(GAME, ["human", "bot:random"])
    rng = NoCall(3)

    waiting = run(play_until_my_turn(b, ticket, 2, rng))  # through B, on A's table
    assert waiting is not None
    accepted = waiting["version"]
    a.kill()

    async def finish() -> dict[str, Any]:
        deadline = asyncio.get_running_loop().time() + 3 * TIMEOUT
        while True:
            try:
                async with open_table(b, ticket["id"], ticket["token"]) as table:
                    return await table.play_randomly(rng)
            except (ConnectionClosed, TimeoutError, OSError):
                if asyncio.get_running_loop().time() > deadline:
                    raise
                await asyncio.sleep(0.5)

    final = run(finish())
    assert final["over"] and final["version"] >= accepted
    summary = b.get(f"/api/tables/{ticket['id']}").json()
    assert summary["status"] == "finished" and summary["version"] == final["version"]


def test_a_player_whose_process_died_is_counted_away_by_the_owner(
    pair: tuple[Server, Server],
) -> None:
    """Seat 1 plays A's table through B, and B is killed (its connection never says it
    left): A finds B dead and counts the seat away, so seat 0 is shown its away clock (a
    seat counted present forever would never lose on time)."""
    a, b = pair
    first, second = two_seats(a, {"kind": "untimed"})

    async def play() -> dict[str, Any]:
        async with (
            open_table(a, first["id"], first["token"]) as zero,
            open_table(b, first["id"], second["token"]) as one,
        ):
            await first_moves(zero, one, random.Random(6))
            await settle(zero)
            assert zero.state is not None and "1" not in zero.state["clock"]["away"]
            b.kill()
            while zero.state is None or "1" not in zero.state["clock"]["away"]:
                await zero.next_state()
            return zero.state

    state = run(play())
    assert state["clock"]["away"] == {"1": 60.0} and not state["over"]


def test_two_writers_racing_for_one_table_commit_each_version_once(schema_url: str) -> None:
    """Two writers of one table in two stores (as two processes whose leases overlapped: a
    paused owner and its successor): for every version both try, exactly one commits; the
    other is refused and changes nothing, and the log holds each version once."""
    game = games.load(GAME)
    record = TableRecord(
        id=secrets.token_hex(6),
        game=GAME,
        options=dict(game.options),
        seed=7,
        # Every seat taken (a token each): a table with a free seat refuses every move.
        seats=[SeatRecord(seat, HUMAN, token_hash=f"h{seat}") for seat in range(game.players)],
        status=PLAYING,
        created_at=utcnow(),
        updated_at=utcnow(),
    )

    async def race() -> list[list[bool]]:
        stores = [AsyncStore(open_store(schema_url), 2) for _ in range(2)]
        await stores[0].create(record)
        writers = []
        for store in stores:
            stored = await store.get(record.id, actions=True)
            assert stored is not None
            played, state = replay(stored)
            writer = TableWriter(replace(stored), played, state, store=store, clock=RealClock())
            writer.start()
            writers.append(writer)
        results: list[list[bool]] = []
        for version in range(6):
            state = writers[0].state
            if state.is_over() or writers[1].version != version:
                break
            seat = state.to_act[0]
            action = game.action_to_json(state.legal_actions(seat)[0])
            outcomes = await asyncio.gather(
                *(w.submit(seat, version, action) for w in writers), return_exceptions=True
            )
            won = [not isinstance(o, BaseException) for o in outcomes]
            refused = [o for o in outcomes if isinstance(o, BaseException)]
            assert all(isinstance(o, ProtocolError) for o in refused), refused
            results.append(won)
            # The loser's state is stale (as a process that lost its lease): rebuild it.
            loser = won.index(False) if False in won else None
            if loser is not None:
                await writers[loser].stop()
                stored = await stores[loser].get(record.id, actions=True)
                assert stored is not None
                played, state = replay(stored)
                writers[loser] = TableWriter(
                    replace(stored), played, state, store=stores[loser], clock=RealClock()
                )
                writers[loser].start()
        stored = await stores[0].get(record.id, actions=True)
        assert stored is not None
        assert [a.seq for a in stored.actions] == list(range(1, len(results) + 1))
        for writer in writers:
            await writer.stop()
        for store in stores:
            store.close()
        return results

    results = run(race())
    assert results and all(sum(won) == 1 for won in results)


def test_a_lease_is_one_owner_s_until_it_runs_out_and_the_next_has_a_larger_token() -> None:
    """Two processes asking for one table's lease: one gets it; the other gets it only once
    it ran out, with a larger fencing token, and the first can then neither renew nor
    release it."""
    pytest.importorskip("redis", reason="the 'redis' extra is not installed")
    if not REDIS_URL:
        pytest.skip("set CARDTABLE_TEST_REDIS_URL=redis://… (scripts/test-redis.sh)")
    from redis.asyncio import Redis

    from cardtable.server.lease import Leases

    async def check() -> None:
        redis = Redis.from_url(REDIS_URL)
        table = secrets.token_hex(6)
        first, second = Leases(redis, "first", 0.5), Leases(redis, "second", 0.5)
        held = await first.acquire(table)
        assert held is not None and await second.acquire(table) is None
        assert await first.owners([table]) == ["first"]
        # Wait for it to run out (polled, generous: no tight timing on a busy machine).
        taken = None
        for _ in range(200):
            taken = await second.acquire(table)
            if taken is not None:
                break
            await asyncio.sleep(0.05)
        assert taken is not None and taken.token > held.token
        assert await first.renew([held]) == [False]
        await first.release(held)  # not its own any more: changes nothing
        assert await second.owners([table]) == ["second"]
        await second.release(taken)
        assert await second.owners([table]) == [None]
        await redis.aclose()

    run(check())


def test_a_join_waiting_on_a_dead_owner_is_sent_to_reconnect_and_the_reconnect_plays(
    pair: tuple[Server, Server],
) -> None:
    """A connection to B for a table whose owner A was just killed (its lease still
    running): B asks A to join it, A never answers; once the lease runs out B refuses the
    join with ``not_owner`` (reconnect) and closes with 1012, rather than waiting out the
    request's timeout and calling it a server error; the reconnect is served by B."""
    a, b = pair
    ticket = a.create(GAME, ["human", "bot:random"])
    waiting = run(play_until_my_turn(a, ticket, 1, NoCall(5)))
    assert waiting is not None
    a.kill()

    async def join_then_rejoin() -> tuple[dict[str, Any], int | None, dict[str, Any]]:
        async with open_table(b, ticket["id"], ticket["token"]) as table:
            first = await table.recv()
            try:
                await table.recv()
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
        for _ in range(100):  # B takes the table (counted tries, not a timing)
            try:
                async with open_table(b, ticket["id"], ticket["token"]) as again:
                    return first, code, await again.next_state()
            except ConnectionClosed:
                await asyncio.sleep(0.2)
        raise AssertionError("B never served the table")

    first, code, state = run(join_then_rejoin())
    assert first["type"] == "error", f"the lease ran out before the join (busy machine?): {first}"
    assert first["code"] == "not_owner" and code == 1012
    assert state["version"] == waiting["version"] and state["legal"]

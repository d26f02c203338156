"""The parts of a table talk to its writer only through ``submit`` and ``subscribe``: acts
may come from anywhere (a person, a bot, the clock, in #14 another process) and are
committed one at a time, in version order, before any subscriber hears of them. These run
the real writer against a real SQLite store, without the web house around it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from cardtable import games
from cardtable.server.clocks import RealClock
from cardtable.server.errors import STALE_VERSION, ProtocolError
from cardtable.server.persist import AsyncStore
from cardtable.server.writer import Change, TableWriter
from cardtable.store import FINISHED, HUMAN, SeatRecord, TableRecord, open_store


def new_table(tmp_path: Path, game_name: str, options: dict[str, Any]) -> tuple[Any, Any, Any]:
    store = open_store(f"sqlite:///{tmp_path / 'store.db'}")
    game = games.load(game_name, **options)
    # Every seat held by a person: a table with a free seat has not begun (#19 item 5).
    seats = [SeatRecord(seat, HUMAN, token_hash=f"h{seat}") for seat in range(game.players)]
    record = TableRecord("t1", game_name, options, 5, seats)
    store.create(record)
    return store, game, record


async def play(tmp_path: Path, game_name: str, options: dict[str, Any], script: Any) -> Any:
    store, game, record = new_table(tmp_path, game_name, options)
    async_store = AsyncStore(store, 1)
    writer = TableWriter(record, game, game.new_state(seed=5), store=async_store, clock=RealClock())
    changes: list[tuple[int, Change]] = []
    writer.subscribe(lambda change: changes.append((writer.version, change)))
    writer.start()
    try:
        await asyncio.wait_for(script(writer), timeout=60)
    finally:
        await writer.stop()
        async_store.close()
    return open_store(f"sqlite:///{tmp_path / 'store.db'}").get("t1", actions=True), changes


def test_two_acts_on_one_version_commit_once_and_the_subscriber_hears_once(
    tmp_path: Path,
) -> None:
    refused: list[BaseException] = []

    async def script(writer: TableWriter) -> None:
        seat = writer.state.to_act[0]
        move = writer.game.action_to_json(writer.state.legal_actions(seat)[0])
        results = await asyncio.gather(
            writer.submit(seat, 0, move),
            writer.submit(seat, 0, move),
            return_exceptions=True,
        )
        refused.extend(r for r in results if isinstance(r, BaseException))

    stored, changes = asyncio.run(play(tmp_path, "caravan", {}, script))
    assert [a.seq for a in stored.actions] == [1]
    assert [version for version, _ in changes] == [1]  # told after the commit, once
    assert changes[0][1].seat == stored.actions[0].seat and changes[0][1].events
    assert len(refused) == 1
    assert isinstance(refused[0], ProtocolError) and refused[0].code == STALE_VERSION


@pytest.mark.parametrize(
    ("game_name", "options", "logged"),
    [("caravan", {}, [{"type": "resign"}]), ("cabo", {"players": 2}, [])],
)
def test_a_two_seat_game_ends_by_the_games_concession_or_a_forfeit(
    tmp_path: Path, game_name: str, options: dict[str, Any], logged: list[dict[str, Any]]
) -> None:
    async def script(writer: TableWriter) -> None:
        await writer.submit(1, writer.version, None, system="leave")

    stored, changes = asyncio.run(play(tmp_path, game_name, options, script))
    # Caravan's rules have a concession: it is logged like a move, so a replay shows it.
    # Cabo's have none: the house declares the forfeit, and the log stays as it was.
    assert [a.action for a in stored.actions] == logged
    assert stored.status == FINISHED and list(stored.outcome["winners"]) == [0]
    assert len(changes) == 1

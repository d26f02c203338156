"""Issue #18: any anonymous client could freeze every bot. ``bot:ismcts:1000000000`` on two
tables filled both bot workers for good (a ``bot:random`` reply went from 0.05 s to over
30 s), unfinished tables brought the freeze back after a restart, and SIGTERM then hung.

Every bot move is held to the server's caps, tables share the workers round-robin, and
shutdown kills searches instead of waiting for them. Tables stored before the caps (the
attack's own tables) resume held to them: that is how these tests seat the huge budget."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from cardtable import games
from cardtable.core.rng import new_seed
from cardtable.server.botpool import CAPS
from cardtable.store import BOT, SeatRecord, TableRecord, open_store, utcnow

from .support import Server, open_table, poll, require_game, run
from .test_recovery import assert_gone

ATTACK = "bot:ismcts:1000000000"
# Generous: bot moves are capped at CAPS.seconds, but the machine may be busy.
PROGRESS_TIMEOUT = 60.0


def store_table(db: str, game_name: str, bots: list[str]) -> str:
    """A table stored as the unfixed server stored the attack's: bots named as asked."""
    game = games.load(game_name, players=len(bots))
    record = TableRecord(
        id=f"attack{new_seed() % 10**9}",
        game=game_name,
        options=dict(game.options),
        seed=new_seed(),
        seats=[SeatRecord(i, BOT, name) for i, name in enumerate(bots)],
        created_at=utcnow(),
        updated_at=utcnow(),
    )
    store = open_store(db)
    try:
        store.create(record)
    finally:
        store.close()
    return record.id


def attacked_server(server: Server) -> tuple[Server, list[str]]:
    """``server`` started on a database holding the attack's two tables."""
    require_game("cambio")
    hard = [store_table(server.db, "cambio", [ATTACK[4:]] * 2) for _ in range(2)]
    return server.start(), hard


async def reach(server: Server, table_id: str, version: int) -> dict[str, Any]:
    async with open_table(server, table_id) as table:
        state: dict[str, Any] = await asyncio.wait_for(
            table.state_at_least(version), PROGRESS_TIMEOUT
        )
        return state


def busy_workers(server: Server) -> list[int]:
    """The bot workers, once the resumed tables have started them (the tables resume on
    start with no delay: the workers exist only once a bot has a move to think)."""
    poll(server.children, "the bots should think in worker processes")
    time.sleep(1.0)  # let the searches get going: shutdown must not wait for them
    return server.children()


def test_the_attack_request_is_refused_naming_the_most(server: Server) -> None:
    require_game("cambio")
    response = server.post("/api/tables", {"game": "cambio", "seats": [ATTACK, ATTACK]})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "bot_budget"
    assert f"at most {CAPS.simulations}" in body["detail"] and "Seat 0" in body["detail"]


@pytest.mark.parametrize(
    "count", ["9" * 5000, "-5", "0", "ten", "", "\u00b2", "\u0661\u0662", "1e9"]
)
def test_absurd_search_budgets_are_refused_not_crashed_on(server: Server, count: str) -> None:
    require_game("cambio")
    seats = ["human", f"bot:ismcts:{count}"]
    response = server.post("/api/tables", {"game": "cambio", "seats": seats})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "bad_seats" and "positive whole number" in body["detail"]
    assert len(body["detail"]) < 300, "the refusal must not echo 5,000 digits back"


def test_a_random_bot_table_moves_while_stored_attack_tables_search(
    fresh_server: Server,
) -> None:
    """The attack's tables resume held to the caps (they move at all), and a table of
    random bots gets its moves meanwhile: before the fix both workers searched forever."""
    server, hard = attacked_server(fresh_server)
    players = games.load("cambio").players
    quick = server.create("cambio", ["bot:random"] * players)
    state = run(reach(server, quick["id"], 10))
    assert state["version"] >= 10
    for table_id in hard:
        assert run(reach(server, table_id, 1))["version"] >= 1
    health = server.get("/healthz").json()
    assert set(health["bots"]) >= {"waiting", "oldest_wait_seconds", "running", "degraded"}
    assert health["status"] in ("ok", "degraded")
    assert "Traceback" not in server.log(), server.log()


def test_sigterm_during_the_attack_searches_stops_the_server(fresh_server: Server) -> None:
    """Shutdown does not wait for searches: before the fix it waited forever."""
    server, _ = attacked_server(fresh_server)
    workers = busy_workers(server)
    assert server.process is not None
    os.kill(server.process.pid, signal.SIGTERM)
    server.process.wait(15)  # raises TimeoutExpired on a hang
    assert_gone(workers)
    log = server.log()
    assert "Application shutdown complete" in log, log
    assert "Traceback" not in log, log


def test_stored_tables_are_in_the_database_the_server_uses(tmp_path: Path) -> None:
    """The helper above stores where the server reads (else the tests prove nothing)."""
    db = f"sqlite:///{tmp_path / 'cardtable.db'}"
    table_id = store_table(db, "cambio", ["random", "random"])
    store = open_store(db)
    try:
        record = store.get(table_id)
    finally:
        store.close()
    assert record is not None and [s.bot for s in record.seats] == ["random", "random"]

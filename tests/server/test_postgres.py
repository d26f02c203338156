"""The whole server on PostgreSQL (when ``CARDTABLE_TEST_POSTGRES_URL`` is set): a game
against bots, then a crash and a restart that resumes it."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from cardtable import games
from cardtable.store import normalize_url

from ..store.conftest import POSTGRES_URL, postgres_schema_url
from .support import Server, any_game, open_table, run


@pytest.fixture
def postgres_server(tmp_path: Path) -> Iterator[Server]:
    if not POSTGRES_URL:
        pytest.skip("set CARDTABLE_TEST_POSTGRES_URL=postgresql://… to test on PostgreSQL")
    schema = f"test_{secrets.token_hex(6)}"
    admin = create_engine(normalize_url(POSTGRES_URL))
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    server = Server(postgres_schema_url(POSTGRES_URL, schema), tmp_path / "server.log")
    try:
        yield server
    finally:
        server.stop()
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def test_a_game_survives_a_crash_on_postgresql(postgres_server: Server) -> None:
    server = postgres_server.start()
    name = any_game()
    players = games.load(name).players
    ticket = server.create(name, ["human", *["bot:random"] * (players - 1)])
    rng = random.Random(4)

    async def first_move() -> dict[str, Any]:
        async with open_table(server, ticket["id"], ticket["token"]) as table:
            state = await table.next_state()
            await table.act(state["legal"][0])  # cambio: draw
            return await table.next_state()

    async def finish() -> dict[str, Any]:
        async with open_table(server, ticket["id"], ticket["token"]) as table:
            return await table.play_randomly(rng)

    moved = run(first_move())
    server.kill()
    server.start()
    assert server.get(f"/api/tables/{ticket['id']}").json()["version"] >= moved["version"]
    final = run(finish())
    summary = server.get(f"/api/tables/{ticket['id']}").json()
    assert final["over"] and summary["status"] == "finished"
    assert summary["version"] == final["version"]

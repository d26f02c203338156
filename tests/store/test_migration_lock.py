"""Processes starting together on one fresh PostgreSQL database (``serve --workers N``, or
several machines) migrate it once: ``SqlStore.migrate`` holds an advisory lock around
Alembic's upgrade (docs/scaling.md, "Migrations with several processes"). Real
PostgreSQL, real subprocesses."""

from __future__ import annotations

import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Connection, create_engine, text

from cardtable.store import normalize_url
from cardtable.store.sql import MIGRATION_LOCK, MIGRATIONS

from ..server.support import poll
from .conftest import POSTGRES_URL, postgres_schema_url

ROOT = Path(__file__).resolve().parents[2]
# Opens the store (which migrates it) and prints each revision Alembic ran, by name.
MIGRATE = """
import logging, sys
logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(name)s|%(message)s")
from cardtable.store import open_store
open_store(sys.argv[1]).close()
print("opened")
"""
RAN = "alembic.runtime.migration|Running upgrade"


@pytest.fixture
def fresh_schema() -> Iterator[tuple[str, str]]:
    """An empty schema: its name and a URL whose connections use it."""
    if not POSTGRES_URL:
        pytest.skip("set CARDTABLE_TEST_POSTGRES_URL=postgresql://… to test on PostgreSQL")
    schema = f"test_{secrets.token_hex(6)}"
    admin = create_engine(normalize_url(POSTGRES_URL))
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield schema, postgres_schema_url(POSTGRES_URL, schema)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def waiting_on_the_lock(connection: Connection, application: str) -> int:
    """How many of the test's processes wait on an advisory lock now (a fresh snapshot:
    PostgreSQL keeps one per transaction)."""
    connection.execute(text("SELECT pg_stat_clear_snapshot()"))
    query = text(
        "SELECT count(*) FROM pg_stat_activity WHERE application_name = :app"
        " AND wait_event_type = 'Lock' AND wait_event = 'advisory'"
    )
    return int(connection.execute(query, {"app": application}).scalar_one())


def revisions() -> int:
    return len(list((MIGRATIONS / "versions").glob("0*.py")))


def test_two_processes_migrating_one_fresh_database_at_once_migrate_it_once(
    fresh_schema: tuple[str, str],
) -> None:
    """The test holds the migration lock while both processes start, so both reach it
    before either migrates; when it lets go they race. Both open the store; Alembic's
    revisions ran once in all, in one of them; the schema is at head, stamped once."""
    schema, url = fresh_schema
    application = f"migrate_{secrets.token_hex(4)}"
    named = f"{url}&application_name={application}"
    holder = create_engine(normalize_url(POSTGRES_URL))
    with holder.connect() as held:
        held.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", MIGRATE, named],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            for _ in range(2)
        ]
        try:
            poll(
                lambda: waiting_on_the_lock(held, application) == 2,
                "both processes wait on the migration lock",
            )
        finally:
            held.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
            held.commit()
        outputs = [p.communicate(timeout=120)[0] for p in processes]
    holder.dispose()

    for process, output in zip(processes, outputs, strict=True):
        assert process.returncode == 0, output
        assert output.rstrip().endswith("opened"), output
    ran = [sum(line.startswith(RAN) for line in out.splitlines()) for out in outputs]
    assert sorted(ran) == [0, revisions()], outputs  # one migrated, the other found it done
    checked = create_engine(postgres_schema_url(normalize_url(POSTGRES_URL), schema))
    with checked.connect() as connection:
        stamped = connection.execute(text("SELECT version_num FROM alembic_version")).all()
        tables = connection.execute(
            text("SELECT count(*) FROM information_schema.tables WHERE table_schema = :s"),
            {"s": schema},
        ).scalar_one()
    checked.dispose()
    assert len(stamped) == 1 and stamped[0][0].startswith(f"{revisions():04d}")
    assert tables > 1

"""Stores to test: a SQLite file always; PostgreSQL when ``CARDTABLE_TEST_POSTGRES_URL``
names a database (each test gets a schema of its own there, dropped afterwards)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from cardtable.store import SqlStore, normalize_url, open_store

POSTGRES_URL = os.environ.get("CARDTABLE_TEST_POSTGRES_URL")


def postgres_schema_url(url: str, schema: str) -> str:
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options=-csearch_path%3D{schema}"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    if not POSTGRES_URL:
        pytest.skip("set CARDTABLE_TEST_POSTGRES_URL=postgresql://… to test the PostgreSQL store")
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
def store(store_url: str) -> Iterator[SqlStore]:
    opened = open_store(store_url)
    yield opened
    opened.close()

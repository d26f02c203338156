"""Persistence behind one small interface (``Store``): a table is its game, options, seed,
seats and action log. ``open_store(url)`` gives the SQL implementation, SQLite by default
(``sqlite:///cardtable.db``) or PostgreSQL (``postgresql://…``, psycopg 3), with the
schema migrated by the Alembic revisions shipped in ``store/migrations``."""

from __future__ import annotations

from cardtable.store.base import Store, WriteConflict
from cardtable.store.engine import DEFAULT_URL, normalize_url
from cardtable.store.records import (
    ABORTED,
    BOT,
    BROKEN,
    FINISHED,
    HUMAN,
    PLAYING,
    ActionRecord,
    Append,
    SeatRecord,
    TableRecord,
)
from cardtable.store.schema import utcnow
from cardtable.store.sql import SqlStore


def open_store(url: str | None = None, *, migrate: bool = True) -> SqlStore:
    """The store at ``url``, its schema brought up to date unless ``migrate`` is False."""
    store = SqlStore(url)
    if migrate:
        store.migrate()
    return store


__all__ = [
    "ABORTED",
    "BOT",
    "BROKEN",
    "DEFAULT_URL",
    "FINISHED",
    "HUMAN",
    "PLAYING",
    "ActionRecord",
    "Append",
    "SeatRecord",
    "SqlStore",
    "Store",
    "TableRecord",
    "WriteConflict",
    "normalize_url",
    "open_store",
    "utcnow",
]

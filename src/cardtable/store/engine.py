"""Database URLs and engines: SQLite by default (one file, WAL), PostgreSQL via psycopg 3."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event

DEFAULT_URL = "sqlite:///cardtable.db"


def normalize_url(url: str | None) -> str:
    """A SQLAlchemy URL from what a person types: nothing (the default file), a bare path
    (a SQLite file), ``postgresql://…`` (made to use the psycopg 3 driver)."""
    if not url:
        return DEFAULT_URL
    if "://" not in url:
        return f"sqlite:///{url}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def make_engine(url: str | None) -> Engine:
    url = normalize_url(url)
    if url.startswith("sqlite"):
        return _sqlite_engine(url)
    return create_engine(url, pool_pre_ping=True, pool_size=8, max_overflow=8)


def _sqlite_engine(url: str) -> Engine:
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        # WAL: readers never block the writer. synchronous=NORMAL: a commit survives a crash
        # of the process (kill -9), only a power cut may lose the last commits.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    return engine

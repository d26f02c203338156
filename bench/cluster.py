"""A house of several ``cardtable serve --redis`` processes for the benches (docs/scaling.md):
a fresh PostgreSQL schema and Redis namespace of its own, dropped afterwards. Needs
``CARDTABLE_TEST_POSTGRES_URL`` and ``CARDTABLE_TEST_REDIS_URL`` (scripts/test-redis.sh)
and ``PYTHONPATH=src:.`` (it starts the servers the tests start)."""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.load import LOAD_FLAGS
from sqlalchemy import create_engine, text
from tests.server.support import Server
from tests.store.conftest import postgres_schema_url

from cardtable.store import normalize_url


@dataclass
class House:
    servers: list[Server]
    schema: str
    admin: Any  # an engine on the database, for reading the log afterwards

    def log(self, table_ids: list[str]) -> dict[str, list[tuple[int, int, Any]]]:
        """The action log of these tables: (seq, seat, action) in order, per table."""
        query = text(
            f"SELECT table_id, seq, seat, action FROM {self.schema}.actions"
            " WHERE table_id = ANY(:ids) ORDER BY table_id, seq"
        )
        found: dict[str, list[tuple[int, int, Any]]] = {t: [] for t in table_ids}
        with self.admin.connect() as connection:
            for table_id, seq, seat, action in connection.execute(query, {"ids": table_ids}):
                found[table_id].append((seq, seat, action))
        return found


def services() -> tuple[str, str]:
    try:
        return os.environ["CARDTABLE_TEST_POSTGRES_URL"], os.environ["CARDTABLE_TEST_REDIS_URL"]
    except KeyError as missing:
        raise SystemExit(
            f"set {missing.args[0]} (cat /tmp/pgurl; bash scripts/test-redis.sh)"
        ) from None


@contextmanager
def house(processes: int, extra: list[str] | None = None) -> Iterator[House]:
    """``processes`` servers of one house on a fresh schema, started one after the other
    (each migrates on start), without bot workers of their own (no bots play here)."""
    pg_url, redis_url = services()
    schema = f"bench_{secrets.token_hex(4)}"
    admin = create_engine(normalize_url(pg_url))
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    folder = Path(tempfile.mkdtemp(prefix="bench-house-"))
    options = ["--redis", redis_url, "--redis-namespace", schema, "--farm-workers", "0"]
    options += [*LOAD_FLAGS, *(extra or [])]
    url = postgres_schema_url(pg_url, schema)
    servers = [Server(url, folder / f"{n}.log", options=options) for n in range(processes)]
    try:
        for server in servers:
            server.start()
        yield House(servers, schema, admin)
    finally:
        for server in servers:
            server.stop()
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()
        forget(redis_url, schema)


def forget(redis_url: str, namespace: str) -> None:
    """Drop the run's shared keys (lobby, limits, seeks) from Redis; leases expire alone."""
    import redis

    client = redis.Redis.from_url(redis_url)
    for key in client.scan_iter(f"{namespace}:*", count=1000):
        client.delete(key)
    client.close()

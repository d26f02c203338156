"""The one interface the server persists through. ``SqlStore`` implements it for SQLite and
PostgreSQL; anything else (a test double, another database) only has to provide these
methods. All methods are synchronous: the server calls them from a worker thread."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from cardtable.store.records import Append, TableRecord


class WriteConflict(RuntimeError):
    """An append did not follow the table's last stored action: another writer got there
    first (or the caller lost track of the version). Nothing was written."""


class Store(Protocol):
    def migrate(self) -> None:
        """Bring the schema up to date (idempotent)."""

    def create(self, table: TableRecord) -> None:
        """Store a new table with its seats (a seat with a token hash is already held)."""

    def get(self, table_id: str, *, actions: bool = False) -> TableRecord | None:
        """A table and its seats; with ``actions`` its whole log in order too."""

    def append(
        self,
        table_id: str,
        seq: int,
        seat: int,
        action: dict[str, Any],
        outcome: dict[str, Any] | None = None,
    ) -> None:
        """Commit action number ``seq`` (the table's version was ``seq - 1``); with an
        ``outcome`` the table is finished in the same transaction. ``WriteConflict`` when
        ``seq`` does not follow the stored version."""

    def append_many(self, entries: Sequence[Append]) -> list[WriteConflict | None]:
        """Commit several appends (of different tables) together: one transaction for all
        when they all follow, else each on its own. Returns, per entry, None (stored) or the
        ``WriteConflict`` that refused it."""

    def claim(self, table_id: str, seat: int, token_hash: str, user_id: str | None = None) -> bool:
        """Give a free human seat to the holder of ``token_hash`` (the person ``user_id``,
        if known); False if it is not a free human seat."""

    def set_status(self, table_id: str, status: str) -> None: ...

    def unfinished(self) -> list[str]:
        """Ids of the tables still being played, oldest first."""

    def ping(self) -> None:
        """Raise if the database cannot be reached."""

    def close(self) -> None: ...

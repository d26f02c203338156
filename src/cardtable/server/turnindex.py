"""Who sits where among the live tables (issue 19): person -> the live tables where they
hold a seat, kept up to date as tables change (``LiveTable.on_change``, as the lobby's
index), so ``GET /api/my/turns`` (``turns.py``) looks at one person's tables only, never at
every live table."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.server.live import LiveTable
    from cardtable.server.turns import Turn


class TurnIndex:
    def __init__(self) -> None:
        self._tables: dict[str, dict[str, LiveTable]] = {}  # user id -> table id -> table
        self._people: dict[str, set[str]] = {}  # table id -> user ids seated there

    def update(self, table: LiveTable) -> None:
        """Place ``table`` under every person who holds a seat (none once it is over)."""
        seated = set() if table.over else {s.user_id for s in table.record.seats if s.user_id}
        before = self._people.get(table.id, set())
        for user in before - seated:
            self._drop(user, table.id)
        for user in seated - before:
            self._tables.setdefault(user, {})[table.id] = table
        if seated:
            self._people[table.id] = seated
        else:
            self._people.pop(table.id, None)

    def remove(self, table_id: str) -> None:
        for user in self._people.pop(table_id, set()):
            self._drop(user, table_id)

    def _drop(self, user: str, table_id: str) -> None:
        tables = self._tables.get(user, {})
        tables.pop(table_id, None)
        if not tables:
            self._tables.pop(user, None)

    def tables_of(self, user_id: str) -> list[LiveTable]:
        return list(self._tables.get(user_id, {}).values())

    async def turns_of(self, user_id: str) -> list[Turn]:
        """The turns waiting on ``user_id`` at this process's tables."""
        from cardtable.server.turns import waiting  # turns.py reads this index

        found = (waiting(table, user_id) for table in self.tables_of(user_id))
        return [turn for turn in found if turn is not None]

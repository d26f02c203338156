"""The lobby's index: the public live tables that are not over, kept up to date as tables
open, change and close, so that ``GET /api/lobby`` reads one page of it instead of
summarising every live table on each poll (75-90 ms of the event loop at 3,000 tables).

Two lists, disjoint: ``open`` (a human seat is free: to join), newest table first, and
``playing`` (every seat taken: to watch), the table that moved last first. A table is
placed again whenever it changes (``LiveTable.on_change``: a move, the end, a seat taken or
left, a person back at an abandoned table), which costs a few dictionary operations.

A full table whose people are gone (``LiveTable.abandoned``: every person left it to bots,
or nobody holding a seat has been connected for ``ABANDONED_AFTER`` seconds) is not listed
as being played, though its bots may play on: it is taken out when it changes and when a
page meets it (the time passing changes nothing by itself), and comes back when a person
does (docs/online.md, "Lobby")."""

from __future__ import annotations

from collections import OrderedDict
from itertools import islice
from typing import TYPE_CHECKING

from cardtable.store import HUMAN, PLAYING, TableRecord

if TYPE_CHECKING:
    from cardtable.server.live import LiveTable

# Two minutes: a reload or a lost connection comes back well within it (a clocked table
# ends a seat that stays away 60 s anyway).
ABANDONED_AFTER = 120.0


class LobbyIndex:
    def __init__(self) -> None:
        # Oldest first (insertion order); pages read them from the end.
        self.open: OrderedDict[str, LiveTable] = OrderedDict()
        self.playing: OrderedDict[str, LiveTable] = OrderedDict()

    def update(self, table: LiveTable) -> None:
        """Place ``table`` as it is now (or take it out)."""
        record = table.record
        if not listed(record) or table.over:
            self.remove(table.id)
        elif has_free_seat(record):
            self.playing.pop(table.id, None)
            self.open.setdefault(table.id, table)  # a table keeps its place while open
        else:
            self.open.pop(table.id, None)
            if table.abandoned(ABANDONED_AFTER):
                self.playing.pop(table.id, None)
                return
            self.playing[table.id] = table
            self.playing.move_to_end(table.id)

    def remove(self, table_id: str) -> None:
        self.open.pop(table_id, None)
        self.playing.pop(table_id, None)

    def page(self, which: str, offset: int, limit: int) -> list[LiveTable]:
        """``limit`` tables of ``open`` or ``playing`` after the first ``offset``, newest
        first. Skipping the offset walks the index's links, nothing more."""
        if which == "open":
            return list(islice(reversed(self.open.values()), offset, offset + limit))
        return self._played(offset, limit)

    def _played(self, offset: int, limit: int) -> list[LiveTable]:
        """A page of ``playing``, newest first, taking out the abandoned tables it meets."""
        found: list[LiveTable] = []
        gone: list[str] = []
        for table in reversed(self.playing.values()):
            if len(found) >= offset + limit:
                break
            if table.abandoned(ABANDONED_AFTER):
                gone.append(table.id)
            else:
                found.append(table)
        for table_id in gone:
            del self.playing[table_id]
        return found[offset:]

    def prune(self) -> int:
        """Take every abandoned table out of ``playing`` (the house's sweep): the totals
        count no table a page would skip."""
        gone = [t.id for t in self.playing.values() if t.abandoned(ABANDONED_AFTER)]
        for table_id in gone:
            del self.playing[table_id]
        return len(gone)


def listed(record: TableRecord) -> bool:
    return record.public and record.status == PLAYING


def has_free_seat(record: TableRecord) -> bool:
    return any(s.kind == HUMAN and not s.claimed for s in record.seats)

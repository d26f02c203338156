"""``GET /api/lobby``: the public tables with a free seat (to join) and the public tables
being played (to watch). Clients poll it (every few seconds): a list that changes a few
times a minute does not need a socket of its own."""

from __future__ import annotations

from fastapi import Request
from pydantic import BaseModel

from cardtable.server.house import House
from cardtable.server.tables_api import TableSummary, summary
from cardtable.store import PLAYING


class Lobby(BaseModel):
    open: list[TableSummary]
    playing: list[TableSummary]


async def get_lobby(request: Request) -> Lobby:
    """Open public tables (a seat is free) and public games to watch."""
    house: House = request.app.state.house
    ids = await house.store.run(house.store.sql.open_tables, 100)
    open_tables: list[TableSummary] = []
    for table_id in ids:
        live = house.live.get(table_id)
        if live is not None and live.record.status == PLAYING and not live.over:
            open_tables.append(summary(live.record, list(live.state.to_act), live.names))
    shown = {t.id for t in open_tables}
    playing = [
        summary(t.record, list(t.state.to_act), t.names)
        for t in list(house.live.values())
        if t.record.public and not t.over and t.id not in shown and t.record.status == PLAYING
    ]
    playing.sort(key=lambda s: s.updated_at or s.created_at or 0, reverse=True)
    return Lobby(open=open_tables, playing=playing[:100])

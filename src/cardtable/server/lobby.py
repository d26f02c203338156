"""``GET /api/lobby``: the public tables with a free seat (to join) and the public tables
being played (to watch). Clients poll it (every few seconds): a list that changes a few
times a minute does not need a socket of its own.

With ``--redis`` it is read from Redis (``sharedlobby.SharedLobby``): every process's
tables. Otherwise it is read from the house's index (``listing.LobbyIndex``), one page at a time
(``offset``, ``limit`` up to ``MAX_PAGE``): a poll summarises at most two pages of tables,
however many are live."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request
from pydantic import BaseModel, Field

from cardtable.server.house import House
from cardtable.server.live import LiveTable
from cardtable.server.sharedlobby import SharedLobby
from cardtable.server.tables_api import TableSummary, summary

PAGE = 50
MAX_PAGE = 100
MAX_OFFSET = 100_000


class Lobby(BaseModel):
    open: list[TableSummary] = Field(description="Newest first")
    playing: list[TableSummary] = Field(description="The table that moved last first")
    open_total: int = Field(0, description="Open tables in all (every page)")
    playing_total: int = Field(0, description="Tables being played in all")
    offset: int = 0
    limit: int = PAGE


class Summaries:
    """How many table summaries the lobby has made (a poll's cost, which tests count)."""

    made = 0


async def get_lobby(
    request: Request,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="Tables to skip")] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="Tables per list")] = PAGE,
) -> Lobby:
    """Open public tables (a seat is free) and public games to watch, a page of each."""
    house: House = request.app.state.house
    index = house.lobby
    if isinstance(index, SharedLobby):  # every process's tables (--redis)
        return Lobby(
            open=await index.page_of("open", offset, limit),
            playing=await index.page_of("playing", offset, limit),
            open_total=await index.total("open"),
            playing_total=await index.total("playing"),
            offset=offset,
            limit=limit,
        )
    return Lobby(
        open=[summarise(t) for t in index.page("open", offset, limit)],
        playing=[summarise(t) for t in index.page("playing", offset, limit)],
        open_total=len(index.open),
        playing_total=len(index.playing),
        offset=offset,
        limit=limit,
    )


def summarise(table: LiveTable) -> TableSummary:
    Summaries.made += 1
    return summary(table.record, list(table.state.to_act), table.names, table.ratings)

"""The tables' HTTP API: create a table, read its public summary, take a seat.

A seat is proved by a token handed out once, here: to the creator for the first human seat
(``POST /api/tables``) and to each person who takes another one (``POST
/api/tables/{id}/seats[/{seat}]``). The token then opens the table's WebSocket as that
seat."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import Request
from pydantic import BaseModel, Field

from cardtable import games
from cardtable.server.errors import NO_SUCH_TABLE, ApiError
from cardtable.server.house import House, Ticket
from cardtable.server.messages import public_seats
from cardtable.server.seating import plan_table
from cardtable.store import TableRecord


class NewTable(BaseModel):
    game: str = Field(examples=["cambio"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"snap": "anytime"}])
    # Checked by hand (seating.py) so that a refusal names the seat and the problem.
    seats: list[Any] = Field(examples=[["human", "bot:easy", "bot:medium", "bot:hard"]])


class SeatTicket(BaseModel):
    id: str
    url: str = Field(description="The table's page")
    seat: int | None = Field(description="The seat the token holds (null: no human seat)")
    token: str | None = Field(description="Secret proof of the seat: ?token=… on the WebSocket")


class SeatInfo(BaseModel):
    seat: int
    kind: str
    bot: str | None = None
    claimed: bool | None = None


class TableSummary(BaseModel):
    id: str
    url: str
    socket: str
    game: str
    title: str
    options: dict[str, Any]
    players: int
    seats: list[SeatInfo]
    status: str
    version: int
    to_act: list[int] | None = Field(description="Seats that may act now (null: not loaded)")
    outcome: dict[str, Any] | None
    created_at: datetime | None
    updated_at: datetime | None


def table_url(table_id: str) -> str:
    return f"/table/{table_id}"


def house_of(request: Request) -> House:
    house: House = request.app.state.house
    return house


def ticket_json(ticket: Ticket) -> SeatTicket:
    return SeatTicket(
        id=ticket.table_id, url=table_url(ticket.table_id), seat=ticket.seat, token=ticket.token
    )


async def create_table(request: Request, body: NewTable) -> SeatTicket:
    """Create a table; the creator holds its first human seat (the token proves it)."""
    plan = plan_table(body.game, body.options, body.seats)
    return ticket_json(await house_of(request).create(plan))


async def get_table(request: Request, table_id: str) -> TableSummary:
    """A table's public summary: game, options, who sits where, progress, result."""
    house = house_of(request)
    record = await house.record(table_id)
    if record is None:
        raise ApiError(404, NO_SUCH_TABLE, f"There is no table {table_id!r}")
    live = house.live.get(table_id)
    to_act = list(live.state.to_act) if live is not None else None
    return summary(record, to_act)


async def take_seat(request: Request, table_id: str, seat: int) -> SeatTicket:
    """Take a free human seat; answers the token that proves it."""
    return ticket_json(await house_of(request).claim(table_id, seat))


async def take_any_seat(request: Request, table_id: str) -> SeatTicket:
    """Take the first free human seat."""
    return ticket_json(await house_of(request).claim(table_id, None))


def summary(record: TableRecord, to_act: list[int] | None) -> TableSummary:
    try:
        title = games.game_class(record.game).title
    except Exception:  # an engine that is not available here: the name will do
        title = record.game
    return TableSummary(
        id=record.id,
        url=table_url(record.id),
        socket=f"/ws/tables/{record.id}",
        game=record.game,
        title=title,
        options=record.options,
        players=len(record.seats),
        seats=[SeatInfo(**s) for s in public_seats(record.seats)],
        status=record.status,
        version=record.version,
        to_act=to_act,
        outcome=record.outcome,
        created_at=record.created_at,
        updated_at=record.updated_at,
    )

"""``GET /api/my/turns`` (issue 19): the tables where it is your turn, for the signed-in
account or the guest identity of the session cookie, so the home page and the lobby can say
"your turn" across a person's tables (turn-based games last days).

It is read from the house's index of who sits where (``turnindex.TurnIndex``), so a poll
looks at one person's tables only, never at every live table. With ``--redis`` the owners
mirror each person's turns into Redis (``sharedturns.py``) and any process answers from
there; without it, the tables live in this process are listed. A turn-based table is
always live (its clock keeps it in memory), and an unclocked one let go while idle comes
back when opened."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fastapi import Request
from pydantic import BaseModel, Field

from cardtable.server.identity import session_user
from cardtable.server.pace import pace_of
from cardtable.server.tables_api import house_of, table_url
from cardtable.server.turnindex import TurnIndex
from cardtable.store import HUMAN

if TYPE_CHECKING:
    from cardtable.server.live import LiveTable

# A person's answer holds at most this many tables (the soonest deadlines).
MOST = 50


class Turn(BaseModel):
    id: str
    url: str
    game: str
    seat: int
    pace: str
    deadline: float | None = Field(description="Seconds left for the move (null: no clock)")


class Turns(BaseModel):
    turns: list[Turn] = Field(description="The tables waiting on you, soonest deadline first")


async def my_turns(request: Request) -> Turns:
    """The tables where it is your move (your session's identity; none without one)."""
    user = await session_user(request)
    if user is None:
        return Turns(turns=[])
    index: TurnIndex = house_of(request).turns
    found = await index.turns_of(user.id)
    found.sort(key=lambda t: (t.deadline is None, t.deadline or 0.0))
    return Turns(turns=found[:MOST])


def waiting(table: LiveTable, user_id: str) -> Turn | None:
    """The turn at ``table`` of the seat ``user_id`` holds there, if it may act now."""
    if table.over or not table.writer.full:
        return None
    to_act = set(table.state.to_act)
    for seat in table.record.seats:
        if seat.user_id == user_id and seat.kind == HUMAN and seat.seat in to_act:
            clock = table.clock_view()
            deadline = (clock or {}).get("deadline", {}).get(str(seat.seat))
            return Turn(
                id=table.id,
                url=table_url(table.id),
                game=table.record.game,
                seat=seat.seat,
                pace=pace_of(table.record.clock),
                deadline=deadline,
            )
    return None

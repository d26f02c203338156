"""The tables' HTTP API: create a table, read its public summary, take a seat.

A seat is proved by a token handed out once, here: to the creator for the first human seat
(``POST /api/tables``) and to each person who takes another one (``POST
/api/tables/{id}/seats[/{seat}]``). The token then opens the table's WebSocket as that
seat."""

from __future__ import annotations

import hmac
from datetime import datetime
from typing import Any

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field

from cardtable import games
from cardtable.server.clocks import ManualClock, parse_clock
from cardtable.server.errors import (
    ACCOUNT_REQUIRED,
    BAD_OPTIONS,
    BAD_SEATS,
    BAD_TOKEN,
    GAME_OVER,
    NO_SUCH_TABLE,
    ApiError,
    ProtocolError,
)
from cardtable.server.house import House, Ticket
from cardtable.server.identity import acting_user, client_key
from cardtable.server.messages import public_seats
from cardtable.server.pace import DEFAULT_TURN, REALTIME, TURN_LIMITS, pace_of, table_clock
from cardtable.server.ratings import RatingMove, seat_ratings, table_moves
from cardtable.server.replays import may_watch
from cardtable.server.seating import Plan, plan_table
from cardtable.server.tokens import hash_token, new_token
from cardtable.store import FINISHED, HUMAN, TableRecord
from cardtable.store.online import UserRecord

# A rated table asked for without a clock gets this one: rated play always has a clock, or
# a losing player could stall the game forever.
RATED_CLOCK = {"kind": "timed", "bank": 300, "increment": 5}


class NewTable(BaseModel):
    # The registry's first game: the API's docs name no game of their own (issue 21).
    game: str = Field(examples=games.names()[:1])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"snap": "anytime"}])
    # Checked by hand (seating.py) so that a refusal names the seat and the problem.
    seats: list[Any] = Field(examples=[["human", "bot:easy", "bot:medium", "bot:hard"]])
    # Online play (all optional; the defaults are the table of before issue 8).
    public: bool = Field(True, description="Listed in the lobby; false: only an invite opens it")
    rated: bool = Field(
        False,
        description="Ratings change (accounts only, standard rules, always a clock: "
        "5 min + 5 s a move unless another is given)",
    )
    clock: dict[str, Any] | None = Field(
        None, examples=[{"kind": "timed", "bank": 300, "increment": 5}, {"kind": "untimed"}]
    )
    # Checked by hand (pace.py) so that a refusal names the problem.
    pace: Any = Field(
        REALTIME, description='"realtime" (one sitting) or "turn-based" (hours or days a move)'
    )
    move_limit: Any = Field(
        None,
        description="Turn-based only: seconds per move, one of "
        + ", ".join(str(s) for s in TURN_LIMITS)
        + f" (default {DEFAULT_TURN})",
    )


class SeatTicket(BaseModel):
    id: str
    url: str = Field(description="The table's page")
    seat: int | None = Field(description="The seat the token holds (null: no human seat)")
    token: str | None = Field(description="Secret proof of the seat: ?token=… on the WebSocket")
    invite: str | None = Field(
        default=None, description="A private table's invite key (its creator)"
    )
    invite_url: str | None = Field(default=None, description="The link to send to friends")


class SeatInfo(BaseModel):
    seat: int
    kind: str
    bot: str | None = None
    claimed: bool | None = None
    # Online play adds "name" (a person's display name), "rating" and "provisional" (their
    # rating in this game, ratingscale.py) and "left" (a bot took over), only when they
    # apply.
    model_config = ConfigDict(extra="allow")


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
    public: bool = True
    rated: bool = False
    clock: dict[str, Any] | None = None
    pace: str = REALTIME
    rating_changes: list[RatingMove] | None = Field(
        default=None, description="A rated table once rated: each player's change (its page only)"
    )


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
    """Create a table; the creator holds its first human seat (the token proves it). A
    private table answers its invite key and link."""
    user = await acting_user(request)
    await check_create_rate(request, user)
    check_option_names(body.game, body.options)
    plan = plan_table(body.game, body.options, body.seats)
    clock = table_clock(body.pace, body.move_limit, parse_clock(body.clock))
    if body.rated:
        check_rated(plan, user)
        clock = clock or parse_clock(RATED_CLOCK)
    invite = None if body.public else new_token()
    ticket = await house_of(request).create(
        plan,
        user=user,
        address=client_key(request),
        public=body.public,
        rated=body.rated,
        clock=clock,
        invite_hash=hash_token(invite) if invite else None,
    )
    answer = ticket_json(ticket)
    if invite:
        answer.invite = invite
        answer.invite_url = f"{answer.url}?invite={invite}"
    return answer


async def check_create_rate(request: Request, user: UserRecord | None) -> None:
    """Per address, and per person when a cookie says who: a script without a cookie is
    held to its address (a load test raises the rates: ``serve --rate``)."""
    checks = [("create_address", client_key(request))]
    if user is not None:
        checks.append(("create_person", user.id))
    await request.app.state.limiter.enforce(checks, "new tables")


def check_option_names(game: object, options: dict[str, Any]) -> None:
    """Only the game's own option names reach its constructor (``{"self": 1}`` used to
    collide with its arguments: a 500); the refusal reads as the engine's own."""
    if not isinstance(game, str) or game not in games.names():
        return  # plan_table names the unknown game
    try:
        cls = games.game_class(game)
    except ImportError:
        return
    names = [o.name for o in cls.OPTIONS]
    unknown = sorted(set(options) - set(names))
    if unknown:
        raise ApiError(
            422,
            BAD_OPTIONS,
            f"{cls.name} has no option {unknown[0]!r}; its options are: {', '.join(names)}",
        )


def check_rated(plan: Plan, user: UserRecord | None) -> None:
    """Rated tables: made by an account, people in every seat, and the standard rules
    (variants are casual, as the games' seed rules say of their variants)."""
    if user is None or user.username is None:
        raise ApiError(403, ACCOUNT_REQUIRED, "Rated tables are for accounts: sign in first")
    if any(spec.kind != HUMAN for spec in plan.seats):
        raise ApiError(422, BAD_SEATS, "A rated table has a person in every seat")
    defaults = {o.name: o.default for o in plan.game.OPTIONS}
    changed = [k for k, v in plan.game.options.items() if k != "players" and v != defaults[k]]
    if changed:
        raise ApiError(
            422, BAD_OPTIONS, f"Variants are casual, never rated: {', '.join(sorted(changed))}"
        )


async def get_table(
    request: Request, table_id: str, invite: str | None = None, token: str | None = None
) -> TableSummary:
    """A table's summary: game, options, who sits where, progress, result. A private
    table's needs its ``invite`` key, a seat's ``token``, or the session of a person who sat
    there; without, it is not found (its existence is not told either)."""
    house = house_of(request)
    record = await house.record(table_id)
    if record is None or not await may_see(request, record, invite, token):
        raise ApiError(404, NO_SUCH_TABLE, f"There is no table {table_id!r}")
    live = house.live.get(table_id)
    if live is None:
        found = summary(record, None, ratings=await seat_ratings(house.store, record))
    else:
        found = summary(record, list(live.state.to_act), live.names, live.ratings)
    if record.rated and record.status == FINISHED:
        found.rating_changes = await table_moves(house.store, table_id) or None
    return found


async def may_see(
    request: Request, record: TableRecord, invite: str | None, token: str | None
) -> bool:
    if token is not None:
        held = hash_token(token)
        if any(
            s.token_hash is not None and hmac.compare_digest(s.token_hash, held)
            for s in record.seats
        ):
            return True
    return await may_watch(request, record, invite)


async def take_seat(
    request: Request, table_id: str, seat: int, invite: str | None = None
) -> SeatTicket:
    """Take a free human seat; answers the token that proves it (a private table needs
    ``?invite=``)."""
    user = await acting_user(request)
    house = house_of(request)
    return ticket_json(await house.claim(table_id, seat, user, invite, address=client_key(request)))


async def take_any_seat(request: Request, table_id: str, invite: str | None = None) -> SeatTicket:
    """Take the first free human seat."""
    user = await acting_user(request)
    house = house_of(request)
    return ticket_json(await house.claim(table_id, None, user, invite, address=client_key(request)))


def summary(
    record: TableRecord,
    to_act: list[int] | None,
    names: dict[int, str] | None = None,
    ratings: dict[int, dict[str, Any]] | None = None,
) -> TableSummary:
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
        seats=[SeatInfo(**s) for s in public_seats(record.seats, names, ratings)],
        status=record.status,
        version=record.version,
        to_act=to_act,
        outcome=record.outcome,
        created_at=record.created_at,
        updated_at=record.updated_at,
        public=record.public,
        rated=record.rated,
        clock=record.clock,
        pace=pace_of(record.clock),
    )


class RematchRequest(BaseModel):
    token: str = Field(description="The token of your seat at the finished table")


async def rematch(request: Request, table_id: str, body: RematchRequest) -> SeatTicket:
    """The same game again with the same seats: opened by the first player who asks; each
    player who held a seat gets the same seat at the new table (private to these players)."""
    user = await acting_user(request)
    house = house_of(request)
    return ticket_json(await house.rematch(table_id, body.token, user, address=client_key(request)))


class LeaveRequest(BaseModel):
    token: str = Field(description="The token of your seat")


async def leave(request: Request, table_id: str, body: LeaveRequest) -> dict[str, Any]:
    """Leave a game being played: with two seats you lose; with more a bot (medium) plays
    your seat on and you finish last."""
    # Tokens are not guessed.
    await request.app.state.limiter.enforce([("leave", client_key(request))])
    table = await house_of(request).get(table_id)
    if table is None:
        raise ApiError(404, NO_SUCH_TABLE, f"There is no table {table_id!r}")
    seat = table.seat_for(body.token)
    if seat is None:
        raise ApiError(403, BAD_TOKEN, "That token holds no seat at this table")
    if table.over:
        raise ApiError(409, GAME_OVER, "The game is over")
    try:
        await table.leave(seat)
    except ProtocolError as error:  # the table ended or closed meanwhile: nothing changed
        raise ApiError(409, error.code, error.message) from None
    return {"table": table_id, "seat": seat, "left": True}


class ClockMove(BaseModel):
    seconds: float = Field(ge=0, le=7 * 24 * 3600)


async def move_test_clock(request: Request, body: ClockMove) -> dict[str, float]:
    """Tests only (the server runs with CARDTABLE_TEST_CLOCK=1): time moves on."""
    clock = house_of(request).clock
    assert isinstance(clock, ManualClock)
    clock.advance(body.seconds)
    return {"now": clock.now()}

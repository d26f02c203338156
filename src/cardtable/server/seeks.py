"""Play now (issue 19): seeks, paired into tables.

``POST /api/seeks {game, clock, rated, rating_min, rating_max}`` pairs the seeker at once
with the oldest open seek that fits (same game, same clock, both rated or both casual, each
player's rating inside the other's range): a two-seat public table is made, the waiting
seeker in seat 0, and each gets their seat's token. Otherwise the seek stays open and every
lobby sees it at once: ``/ws/lobby`` pushes the open seeks on every change, and tells a
seek's owner (``?seek=ID&token=T``) the seat they were given.

Bounded: one open seek per person (their session, or the address of a client without
one), ``MAX_SEEKS`` in all, each for ``SEEK_TTL`` at most and ``DETACHED_GRACE`` after its
owner's lobby socket closed (a reload opens it again in time); created at the rate tables
are. In-memory, in the process the request reaches (docs/online.md, "Play now")."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request, WebSocket
from pydantic import BaseModel, Field

from cardtable import games
from cardtable.core import InvalidOptions
from cardtable.server.clocks import parse_clock
from cardtable.server.errors import ACCOUNT_REQUIRED, UNKNOWN_GAME, ApiError
from cardtable.server.house import House
from cardtable.server.identity import acting_user, client_key
from cardtable.server.messages import dumps, error_message
from cardtable.server.ratelimit import OpenCount
from cardtable.server.ratings import MODEL, rating_json
from cardtable.server.routes import ERRORS, NOT_FOUND, Route
from cardtable.server.seating import plan_table
from cardtable.server.tables_api import RATED_CLOCK, SeatTicket, check_create_rate, ticket_json
from cardtable.server.tokens import new_token
from cardtable.store.online import RatingRecord, UserRecord

MAX_SEEKS = 1000
SEEK_TTL = 600.0  # seconds: a seek nobody answered in ten minutes is gone
DETACHED_GRACE = 15.0  # seconds after the owner's lobby socket closed
PAIRED_KEPT = 120.0  # seconds a paired seek's ticket can still be fetched by its owner
OUTBOX = 64  # pushes queued for one slow lobby socket before it is closed

BAD_RANGE = "bad_range"  # 422
SEEK_OPEN = "seek_open"  # 409: this person already has an open seek
SEEKS_FULL = "seeks_full"  # 503: MAX_SEEKS are open
NO_SUCH_SEEK = "unknown_seek"  # 404 (also a wrong token: a seek's existence is not told)
CLOSE_BAD_SEEK = 4403
CLOSE_TRY_LATER = 1013


class NewSeek(BaseModel):
    game: str = Field(examples=games.names()[:1])
    clock: dict[str, Any] | None = Field(
        None, examples=[{"kind": "timed", "bank": 300, "increment": 5}]
    )
    rated: bool = False
    rating_min: float | None = Field(None, description="Lowest opponent rating (null: any)")
    rating_max: float | None = Field(None, description="Highest opponent rating (null: any)")


class SeekInfo(BaseModel):
    id: str
    game: str
    clock: dict[str, Any] | None
    rated: bool
    rating_min: float | None
    rating_max: float | None
    name: str = Field(description="The seeker's display name")
    rating: float = Field(description="The seeker's rating in this game")


class SeekAnswer(BaseModel):
    status: str = Field(description='"open" (waiting: watch /ws/lobby) or "paired"')
    seek: SeekInfo
    token: str | None = Field(default=None, description="Proof of the seek: cancel it, watch it")
    ticket: SeatTicket | None = Field(
        default=None, description="The seat at the new table (paired)"
    )


class SeekList(BaseModel):
    seeks: list[SeekInfo] = Field(description="Oldest first (the order they are paired in)")


class CancelSeek(BaseModel):
    token: str


@dataclass
class Seek:
    info: SeekInfo
    token: str
    owner: str  # "user:ID" or "address:HOST": one open seek each
    user: UserRecord | None
    address: str
    deadline: float
    watchers: int = 0  # the owner's lobby sockets
    ticket: SeatTicket | None = None  # once paired
    timer: asyncio.Task[None] | None = field(default=None, repr=False)

    def fits(self, other: SeekInfo) -> bool:
        mine = self.info
        return (
            (mine.game, mine.clock, mine.rated) == (other.game, other.clock, other.rated)
            and within(other.rating, mine.rating_min, mine.rating_max)
            and within(mine.rating, other.rating_min, other.rating_max)
        )


def within(rating: float, low: float | None, high: float | None) -> bool:
    return (low is None or rating >= low) and (high is None or rating <= high)


Deliver = Callable[[str], None]


class SeekBook:
    """The open seeks of this process, and the lobby sockets that watch them."""

    def __init__(self, house: House, cap: int = MAX_SEEKS) -> None:
        self.house = house
        self.cap = cap
        self.open: dict[str, Seek] = {}  # oldest first
        self.paired: dict[str, Seek] = {}  # kept PAIRED_KEPT for their owners to fetch
        self._watchers: set[Deliver] = set()
        self._owners: dict[str, list[Deliver]] = {}  # seek id -> its owner's sockets

    # -- seeking ---------------------------------------------------------------------
    async def seek(self, info: SeekInfo, owner: str, user: UserRecord | None, address: str) -> Seek:
        """Pair ``info`` with the oldest open seek it fits, or open it."""
        if any(s.owner == owner for s in self.open.values()):
            raise ApiError(409, SEEK_OPEN, "You are already looking for a game: cancel it first")
        match = next((s for s in self.open.values() if s.owner != owner and s.fits(info)), None)
        mine = Seek(info, new_token(), owner, user, address, self._now() + SEEK_TTL)
        if match is None:
            if len(self.open) >= self.cap:
                raise ApiError(503, SEEKS_FULL, "Too many people are seeking: try again soon", 10)
            self._add(mine)
            return mine
        self._drop(match)  # before any await: nobody else can pair with it meanwhile
        try:
            await self._seat(match, mine)
        except BaseException:
            if match.info.id not in self.open:
                self._add(match, quiet=True)  # their seek stands; nothing is made
            raise
        self._changed()
        return mine

    async def _seat(self, waiting: Seek, arriving: Seek) -> None:
        info = waiting.info
        plan = plan_table(info.game, {"players": 2}, ["human", "human"])
        house = self.house
        made = await house.create(plan, hold=False, public=True, rated=info.rated, clock=info.clock)
        for seat, seek in enumerate((waiting, arriving)):
            ticket = await house.claim(made.table_id, seat, seek.user, address=seek.address)
            seek.ticket = ticket_json(ticket)
            self._keep_paired(seek)
        self._tell_owner(waiting, {"type": "paired", "seek": info.id, **ticket_dump(waiting)})

    def cancel(self, seek_id: str, token: str) -> None:
        seek = self.owned(seek_id, token)
        if seek.ticket is not None:
            raise ApiError(409, "seek_paired", "That seek was paired already: open your table")
        self._drop(seek)
        self._tell_owner(seek, {"type": "seek_ended", "seek": seek_id, "reason": "cancelled"})
        self._changed()

    async def find(self, seek_id: str, token: str) -> Seek:
        """``owned``, wherever the seek was made (this process alone here)."""
        return self.owned(seek_id, token)

    async def withdraw(self, seek_id: str, token: str) -> None:
        """``cancel``, wherever the seek was made (this process alone here)."""
        self.cancel(seek_id, token)

    def owned(self, seek_id: str, token: str) -> Seek:
        """The seek ``token`` proves (open or paired), or 404 naming nothing secret."""
        seek = self.open.get(seek_id) or self.paired.get(seek_id)
        if seek is None or not _same(seek.token, token):
            raise ApiError(404, NO_SUCH_SEEK, f"There is no open seek {seek_id!r}")
        return seek

    def listing(self) -> list[SeekInfo]:
        return [s.info for s in self.open.values()]

    # -- lobby sockets ---------------------------------------------------------------
    def watch(self, deliver: Deliver, seek: Seek | None) -> Callable[[], None]:
        """A lobby socket: sent the open seeks now and on every change; the owner's socket
        of ``seek`` keeps it alive and is told when it is paired."""
        self._watchers.add(deliver)
        deliver(self._list_message())
        if seek is not None:
            self._owners.setdefault(seek.info.id, []).append(deliver)
            seek.watchers += 1
            if seek.ticket is not None:  # paired before this socket came
                deliver(dumps({"type": "paired", "seek": seek.info.id, **ticket_dump(seek)}))

        def stop() -> None:
            self._watchers.discard(deliver)
            if seek is None:
                return
            owners = self._owners.get(seek.info.id, [])
            if deliver in owners:
                owners.remove(deliver)
            if not owners:
                self._owners.pop(seek.info.id, None)
            seek.watchers -= 1
            self._unwatched(seek)

        return stop

    async def attach(self, seek: Seek) -> bool:
        """Before an owner's socket watches ``seek``: whether ``detach`` must follow (the
        shared book counts owners' sockets on every process; here ``watch`` does)."""
        return False

    async def detach(self, seek: Seek) -> None:
        """After an owner's socket ``attach`` counted has stopped watching."""

    def _unwatched(self, seek: Seek) -> None:
        """An owner's socket closed: the last one starts the seek's grace."""
        if seek.watchers == 0 and seek.info.id in self.open:
            self._expire_at(seek, min(seek.deadline, self._now() + DETACHED_GRACE))

    def close(self) -> None:
        for seek in [*self.open.values(), *self.paired.values()]:
            if seek.timer is not None:
                seek.timer.cancel()
        self.open, self.paired = {}, {}

    # -- inside ----------------------------------------------------------------------
    def _now(self) -> float:
        return self.house.clock.now()

    def _add(self, seek: Seek, quiet: bool = False) -> None:
        self.open[seek.info.id] = seek
        self._expire_at(seek, seek.deadline)
        if not quiet:
            self._changed()

    def _drop(self, seek: Seek) -> None:
        self.open.pop(seek.info.id, None)
        if seek.timer is not None and seek.timer is not asyncio.current_task():
            seek.timer.cancel()
        seek.timer = None

    def _expire_at(self, seek: Seek, deadline: float) -> None:
        """(Re)arm the seek's one timer: at ``deadline`` it is gone."""
        if seek.timer is not None:
            seek.timer.cancel()
        seek.deadline = deadline
        seek.timer = asyncio.create_task(self._expire(seek, deadline))

    async def _expire(self, seek: Seek, deadline: float) -> None:
        await self.house.clock.sleep_until(deadline)
        if self.open.get(seek.info.id) is seek:
            self._drop(seek)
            self._tell_owner(
                seek, {"type": "seek_ended", "seek": seek.info.id, "reason": "expired"}
            )
            self._changed()

    def _keep_paired(self, seek: Seek) -> None:
        """The owner may still fetch the ticket for a while (a page that reloaded)."""
        self.paired[seek.info.id] = seek
        seek.timer = asyncio.create_task(self._forget(seek, self._now() + PAIRED_KEPT))

    async def _forget(self, seek: Seek, deadline: float) -> None:
        await self.house.clock.sleep_until(deadline)
        self.paired.pop(seek.info.id, None)

    def _tell_owner(self, seek: Seek, message: dict[str, Any]) -> None:
        text = dumps(message)
        for deliver in list(self._owners.get(seek.info.id, [])):
            deliver(text)

    def _list_message(self) -> str:
        return dumps({"type": "seeks", "seeks": [s.model_dump() for s in self.listing()]})

    def _changed(self) -> None:
        text = self._list_message()
        for deliver in list(self._watchers):
            deliver(text)


def ticket_dump(seek: Seek) -> dict[str, Any]:
    assert seek.ticket is not None
    return {"ticket": seek.ticket.model_dump()}


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


# -- HTTP ------------------------------------------------------------------------------
def book_of(request: Request | WebSocket) -> SeekBook:
    book: SeekBook = request.app.state.seeks
    return book


async def create_seek(request: Request, body: NewSeek) -> SeekAnswer:
    """Play now: seat me with whoever waits for the same game, clock and rating range, or
    open a seek the lobby shows at once."""
    user = await acting_user(request)
    await check_create_rate(request, user)  # a pairing makes a table: the same allowance
    info = await checked_seek(request, body, user)
    owner = f"user:{user.id}" if user is not None else f"address:{client_key(request)}"
    seek = await book_of(request).seek(info, owner, user, client_key(request))
    status = "open" if seek.ticket is None else "paired"
    return SeekAnswer(status=status, seek=seek.info, token=seek.token, ticket=seek.ticket)


async def checked_seek(request: Request, body: NewSeek, user: UserRecord | None) -> SeekInfo:
    """The seek as asked, every field checked (a refusal names the problem)."""
    if body.game not in games.names():
        known = ", ".join(games.names())
        raise ApiError(422, UNKNOWN_GAME, f"There is no game {body.game!r}; the games are: {known}")
    try:
        games.load(body.game, players=2)
    except (InvalidOptions, ImportError) as error:
        raise ApiError(
            422, UNKNOWN_GAME, f"{body.game} cannot be played two-handed: {error}"
        ) from None
    clock = parse_clock(body.clock)
    if body.rated:
        if user is None or user.username is None:
            raise ApiError(403, ACCOUNT_REQUIRED, "Rated games are for accounts: sign in first")
        clock = clock or parse_clock(RATED_CLOCK)
    low, high = body.rating_min, body.rating_max
    for value in (low, high):
        if value is not None and not math.isfinite(value):
            raise ApiError(422, BAD_RANGE, "A rating bound is a number (or null: any)")
    if low is not None and high is not None and low > high:
        raise ApiError(422, BAD_RANGE, f"The rating range is inverted: from {low:g} up to {high:g}")
    return SeekInfo(
        id=new_token()[:16],
        game=body.game,
        clock=clock,
        rated=body.rated,
        rating_min=low,
        rating_max=high,
        name=user.display_name if user is not None else "Guest",
        rating=await rating_of(request, user, body.game),
    )


async def rating_of(request: Request, user: UserRecord | None, game: str) -> float:
    """The rating the house shows for this person in ``game`` (a newcomer's: the model's
    starting rating, shown the same way)."""
    fresh = MODEL.rating()
    record = RatingRecord("", game, fresh.mu, fresh.sigma, 0)
    if user is not None:
        store = book_of(request).house.store
        record = (await store.ratings(game, [user.id])).get(user.id, record)
    return rating_json(record).rating


async def list_seeks(request: Request) -> SeekList:
    """The open seeks, oldest first (``/ws/lobby`` pushes the same list on every change)."""
    return SeekList(seeks=book_of(request).listing())


async def get_seek(request: Request, seek_id: str, token: str) -> SeekAnswer:
    """Your seek (its ``token``): still open, or paired with your seat's ticket."""
    seek = await book_of(request).find(seek_id, token)
    status = "open" if seek.ticket is None else "paired"
    return SeekAnswer(status=status, seek=seek.info, ticket=seek.ticket)


async def cancel_seek(request: Request, seek_id: str, body: CancelSeek) -> dict[str, Any]:
    """Stop seeking (the lobby drops it at once)."""
    await book_of(request).withdraw(seek_id, body.token)
    return {"seek": seek_id, "cancelled": True}


# -- the lobby socket ------------------------------------------------------------------
async def lobby_socket(websocket: WebSocket) -> None:
    """``/ws/lobby[?seek=ID&token=T]``: ``{"type": "seeks", "seeks"}`` now and on every
    change; to a seek's owner, ``{"type": "paired", "seek", "ticket"}`` or ``{"type":
    "seek_ended", "seek", "reason"}``. The owner's socket keeps the seek alive."""
    await websocket.accept()
    sockets: OpenCount = websocket.app.state.sockets
    address = websocket.client.host if websocket.client else "?"
    if not await sockets.acquire(address):
        text = f"This address has {sockets.cap} connections open already"
        await refuse(websocket, "too_many_connections", text, CLOSE_TRY_LATER)
        return
    try:
        await serve_lobby(websocket)
    finally:
        await sockets.release(address)


async def serve_lobby(websocket: WebSocket) -> None:
    book = book_of(websocket)
    seek = None
    seek_id, token = websocket.query_params.get("seek"), websocket.query_params.get("token")
    if seek_id is not None:
        try:
            seek = await book.find(seek_id, token or "")
        except ApiError as error:
            await refuse(websocket, error.code, error.detail, CLOSE_BAD_SEEK)
            return
    outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)

    def deliver(text: str) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            outbox.put_nowait(text if outbox.qsize() < OUTBOX - 1 else None)

    counted = seek is not None and await book.attach(seek)
    stop = book.watch(deliver, seek)
    sender = asyncio.create_task(send_all(websocket, outbox))
    receiver = asyncio.create_task(receive_pings(websocket))
    try:
        await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stop()
        if counted and seek is not None:
            await book.detach(seek)
        for task in (sender, receiver):
            task.cancel()
        await asyncio.gather(sender, receiver, return_exceptions=True)
        with contextlib.suppress(Exception):
            await websocket.close()


async def send_all(websocket: WebSocket, outbox: asyncio.Queue[str | None]) -> None:
    while True:
        text = await outbox.get()
        if text is None:  # too far behind: the page reconnects for the current list
            await websocket.close(CLOSE_TRY_LATER, "Too far behind: reconnect")
            return
        await websocket.send_text(text)


async def receive_pings(websocket: WebSocket) -> None:
    """Only pings are read (``{"type": "ping"}`` → pong); anything else is ignored."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        if '"ping"' in (message.get("text") or ""):
            await websocket.send_text(dumps({"type": "pong"}))


async def refuse(websocket: WebSocket, code: str, message: str, close_code: int) -> None:
    await websocket.send_text(dumps(error_message(code, message)))
    await websocket.close(close_code, message[:120])


SEEKS = [
    Route(
        "POST",
        "/api/seeks",
        create_seek,
        {"tags": ["online"], "status_code": 201, "response_model": SeekAnswer, "responses": ERRORS},
    ),
    Route("GET", "/api/seeks", list_seeks, {"tags": ["online"], "response_model": SeekList}),
    Route(
        "GET",
        "/api/seeks/{seek_id}",
        get_seek,
        {"tags": ["online"], "response_model": SeekAnswer, "responses": NOT_FOUND},
    ),
    Route(
        "POST",
        "/api/seeks/{seek_id}/cancel",
        cancel_seek,
        {"tags": ["online"], "responses": NOT_FOUND},
    ),
]
SOCKETS: list[tuple[str, Callable[..., Any]]] = [("/ws/lobby", lobby_socket)]

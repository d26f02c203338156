"""``/ws/tables/{id}?token=…``: one connection to one table, as a seat (the token) or as a
spectator (no token).

The server sends the current state on connect, then every change (events, then the new
state) as the table's fan-out delivers it. The client sends ``{"type": "act", "version",
"action"}``, ``{"type": "chat", "text"}``, ``{"type": "leave"}`` or ``{"type": "ping"}``.
Anything wrong with a message is answered with an error to this connection only and
changes nothing; no input ends the connection except a frame over the WebSocket layer's
hard limit.

Refused messages are rate limited per connection and per address (a flood of bad, stale or
illegal acts, or of anything else the server refuses: reconnecting does not refill the
address's allowance), chat lines per connection and per person (``ratelimit.RATES``): over
the limit the answer is ``rate_limited`` with ``retry``, the seconds to wait, before the
message is looked at. Accepted moves and pings never count.

Outgoing messages go through a bounded outbox drained by a sender task, so a slow client
never holds up its table; a client that falls ``outbox_limit`` messages behind is closed
(code 1013) and simply reconnects to the current state. A connection that comes back
far behind is sent that state at once, without the events it missed (``LiveTable.join``),
so a long game's catch-up can never overflow the outbox it is queued in."""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from typing import Any
from urllib.parse import urlsplit

from fastapi import WebSocket
from starlette.websockets import WebSocketState

from cardtable.server.chat import NO_NAME, NO_NAME_MESSAGE, clean_text
from cardtable.server.errors import (
    BAD_JSON,
    BAD_MESSAGE,
    BAD_TOKEN,
    NOT_YOUR_SEAT,
    SPECTATOR,
    TOO_LARGE,
    TOO_MANY_CONNECTIONS,
    UNKNOWN_TABLE,
    UNKNOWN_TYPE,
    ProtocolError,
)
from cardtable.server.house import House, Table
from cardtable.server.identity import SESSION_COOKIE, user_by_sid
from cardtable.server.live import MAX_CATCH_UP
from cardtable.server.messages import dumps, error_message
from cardtable.server.ratelimit import RATE_LIMITED, RATES, Bucket, Limiter, OpenCount
from cardtable.server.remote import RemoteTable
from cardtable.server.settings import Settings
from cardtable.store.online import UserRecord

CLOSE_UNKNOWN_TABLE = 4404
CLOSE_BAD_TOKEN = 4403
# The standard "try again later" (a slow client, an address over its cap): the browser's
# table reconnects with its back-off.
CLOSE_TRY_LATER = 1013
# The table moved to another process (docs/scaling.md): reconnect, the new owner has it.
CLOSE_MOVED = 1012
MESSAGE_TYPES = ("act", "chat", "leave", "ping")


class RateLimited(ProtocolError):
    def __init__(self, what: str, retry: float) -> None:
        seconds = max(1, math.ceil(retry))
        super().__init__(RATE_LIMITED, f"Too many {what} too fast: wait {seconds} s and try again")
        self.retry = seconds


class Connection:
    def __init__(
        self,
        ws: WebSocket,
        seat: int | None,
        settings: Settings,
        limiter: Limiter | None = None,
        session: str | None = None,
    ) -> None:
        self.ws = ws
        self.seat = seat
        self.limit = settings.max_message_bytes
        self.outbox: asyncio.Queue[str] = asyncio.Queue(settings.outbox_limit)
        self.too_slow = False
        self.limiter = limiter
        # The session cookie (if the browser sent one from this site): who a spectator
        # chats as; looked up only when they first chat.
        self.session = session
        self.user: UserRecord | None = None
        now = time.monotonic()
        self.buckets = {kind: Bucket(RATES[kind], now) for kind in ("refused", "chat")}
        self.address = ws.client.host if ws.client else "?"

    # -- out -------------------------------------------------------------------------
    def deliver(self, messages: list[str]) -> None:
        """Called by the fan-out: never waits."""
        for text in messages:
            try:
                self.outbox.put_nowait(text)
            except asyncio.QueueFull:
                self.too_slow = True
                return

    def catch_up_room(self) -> int:
        """How many missed events a joining connection may be sent before its state: a
        quarter of the outbox at most, so the catch-up, the state, the recent chat and the
        changes that come in while they drain never overflow it (an overflow closes the
        connection before anything is sent, and the page would reconnect for ever)."""
        return min(MAX_CATCH_UP, self.outbox.maxsize // 4)

    def send_error(self, error: ProtocolError, about: str | None = None) -> None:
        """``about``: the type of the message refused (so a page can tell a refused chat
        line from a refused move)."""
        message = error_message(error.code, error.message)
        if about is not None:
            message["about"] = about
        if isinstance(error, RateLimited):
            message["retry"] = error.retry
        self.deliver([dumps(message)])

    async def send_loop(self) -> None:
        while True:
            text = await self.outbox.get()
            if self.too_slow:
                await self.ws.close(CLOSE_TRY_LATER, "Too far behind: reconnect for the state")
                return
            await self.ws.send_text(text)

    # -- in --------------------------------------------------------------------------
    async def receive_loop(self, table: Table) -> None:
        while True:
            message = await self.ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            about = None
            try:
                parsed = read_frame(message, self.limit)
                about = parsed.get("type") if parsed.get("type") in MESSAGE_TYPES else None
                if about != "ping":
                    await self.check_refusals()
                await self.handle(table, parsed)
            except RateLimited as error:
                self.send_error(error, about)
            except ProtocolError as error:
                await self.count_refusal()
                self.send_error(error, about)

    async def handle(self, table: Table, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "act":
            seat, version, action = self.read_act(message)
            await table.act(seat, version, action)
        elif kind == "chat":
            await self.chat(table, message)
        elif kind == "leave":
            if self.seat is None:
                raise ProtocolError(SPECTATOR, "Spectators hold no seat to leave")
            await table.leave(self.seat)
        elif kind == "ping":
            self.deliver([dumps({"type": "pong", "version": table.version})])
        else:
            known = ", ".join(MESSAGE_TYPES)
            raise ProtocolError(
                UNKNOWN_TYPE, f"Unknown message type {kind!r}; the server understands: {known}"
            )

    async def check_refusals(self) -> None:
        """Refuse unread while this connection has used up its refusals. Only refusals
        count: accepted moves are paced by the game itself (one per version and seat), and
        a script playing bots that move at once must never be slowed."""
        retry = self.buckets["refused"].ready(time.monotonic())
        if self.limiter is not None:
            retry = max(retry, await self.limiter.retry_in("refused_address", self.address))
        if retry > 0.0:
            raise RateLimited("refused messages", retry)

    async def count_refusal(self) -> None:
        """A refusal costs a token of this connection and one of its address (a client
        that reconnects keeps the address's count: it made 5,400 refusals a second)."""
        self.buckets["refused"].wait(time.monotonic())
        if self.limiter is not None:
            await self.limiter.take("refused_address", self.address)

    async def take(self, kind: str, what: str, person: str | None = None) -> None:
        """Count one ``kind`` against this connection (and ``person``), or refuse it."""
        retry = self.buckets[kind].wait(time.monotonic())
        if retry == 0.0 and person is not None and self.limiter is not None:
            retry = await self.limiter.take(kind, person)
        if retry > 0.0:
            raise RateLimited(what, retry)

    async def chat(self, table: Table, message: dict[str, Any]) -> None:
        text = clean_text(message.get("text"))
        if self.seat is None and self.user is None and self.session:
            store = table.chat.store
            self.user = await user_by_sid(store, self.session)
        if self.seat is None and self.user is None:
            raise ProtocolError(NO_NAME, NO_NAME_MESSAGE)
        person = f"user:{self.user.id}" if self.user else f"seat:{table.id}:{self.seat}"
        if self.seat is not None:
            held = table.record.seats[self.seat].user_id
            person = f"user:{held}" if held else person
        await self.take("chat", "chat messages", person)
        await table.say(self.seat, text, self.user)

    def read_act(self, message: dict[str, Any]) -> tuple[int, int, object]:
        if self.seat is None:
            raise ProtocolError(
                SPECTATOR, "Spectators cannot act: connect with your seat's token to play"
            )
        if "seat" in message and message["seat"] != self.seat:
            raise ProtocolError(
                NOT_YOUR_SEAT,
                f"This connection holds seat {self.seat}, not seat {message['seat']!r}",
            )
        version = message.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise ProtocolError(
                BAD_MESSAGE, 'An act needs "version": the version of the state you acted on'
            )
        if "action" not in message:
            raise ProtocolError(BAD_MESSAGE, 'An act needs "action": the move, in wire form')
        return self.seat, version, message["action"]


def read_frame(message: Any, limit: int) -> dict[str, Any]:
    """The JSON object in a received frame (text, or UTF-8 bytes)."""
    data = message.get("text")
    if data is None:
        data = message.get("bytes") or b""
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > limit:
        raise ProtocolError(
            TOO_LARGE, f"Messages are limited to {limit} bytes; this one has {size}"
        )
    try:
        parsed = json.loads(data)
    except (ValueError, RecursionError) as error:
        raise ProtocolError(BAD_JSON, f"That is not valid JSON ({error})") from None
    if not isinstance(parsed, dict):
        raise ProtocolError(
            BAD_JSON, 'A message must be a JSON object such as {"type": "act", ...}'
        )
    return parsed


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """A table's live feed; send acts to play (see docs/server.md for the protocol)."""
    await websocket.accept()
    sockets: OpenCount = websocket.app.state.sockets
    address = websocket.client.host if websocket.client else "?"
    if not await sockets.acquire(address):
        message = (
            f"This address has {sockets.cap} connections open already: "
            "close a table tab and try again"
        )
        await refuse(websocket, TOO_MANY_CONNECTIONS, message, CLOSE_TRY_LATER)
        return
    try:
        await open_feed(websocket, table_id)
    finally:
        await sockets.release(address)


async def open_feed(websocket: WebSocket, table_id: str) -> None:
    """The accepted connection to a table: refused (unknown table, bad token, private
    table) or served until either side leaves."""
    house: House = websocket.app.state.house
    settings: Settings = websocket.app.state.settings
    table = await house.get(table_id)
    if table is None:
        await refuse(
            websocket, UNKNOWN_TABLE, f"There is no table {table_id!r}", CLOSE_UNKNOWN_TABLE
        )
        return
    seat = None
    token = websocket.query_params.get("token")
    if token is None and not table.invited(websocket.query_params.get("invite")):
        house.release(table)
        message = "This table is private: its invite link lets you watch"
        await refuse(websocket, BAD_TOKEN, message, CLOSE_BAD_TOKEN)
        return
    if token is not None:
        seat = table.seat_for(token)
        if seat is None:
            message = "That token holds no seat at this table (leave it out to watch)"
            house.release(table)  # a finished table loaded just for this goes back
            await refuse(websocket, BAD_TOKEN, message, CLOSE_BAD_TOKEN)
            return
    since = read_since(websocket.query_params.get("since"))
    limiter: Limiter = websocket.app.state.limiter
    conn = Connection(websocket, seat, settings, limiter, same_site_session(websocket))
    await serve_connection(conn, table, house, since)


def same_site_session(websocket: WebSocket) -> str | None:
    """The session cookie, unless the page that opened the socket is another site's:
    browsers send cookies with WebSockets from anywhere, so a foreign page must not chat in
    this person's name (cross-site WebSocket hijacking)."""
    sid = websocket.cookies.get(SESSION_COOKIE)
    if not sid or len(sid) > 100:
        return None
    origin = websocket.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != websocket.headers.get("host"):
        return None
    return sid


def read_since(raw: str | None) -> int | None:
    """``?since=V``: the last version the client saw (anything unreadable: none)."""
    if raw is None or not raw.isdigit() or len(raw) > 9:
        return None
    return int(raw)


async def serve_connection(
    conn: Connection, table: Table, house: House, since: int | None = None
) -> None:
    leave_remote = None
    if isinstance(table, RemoteTable):
        try:
            leave_remote = await table.join(conn.seat, conn.deliver, since, conn.catch_up_room())
        except ProtocolError as error:  # its owner is gone or busy: the client tries again
            await refuse(conn.ws, error.code, error.message, CLOSE_MOVED)
            return
    else:
        unsubscribe = table.join(conn.seat, conn.deliver, since, conn.catch_up_room())
    sender = asyncio.create_task(conn.send_loop())
    receiver = asyncio.create_task(conn.receive_loop(table))
    gone = asyncio.create_task(table.gone.wait())
    try:
        # Either side ending ends the connection: the client left, or it fell behind; or
        # the table left this process (the reconnect finds its new owner).
        await asyncio.wait({sender, receiver, gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if leave_remote is not None:
            await leave_remote()
        else:
            unsubscribe()
        for task in (sender, receiver, gone):
            task.cancel()
        await asyncio.gather(sender, receiver, gone, return_exceptions=True)
        house.release(table)
        if conn.ws.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):
                if table.gone.is_set():
                    await conn.ws.close(CLOSE_MOVED, "The table moved: reconnect")
                else:
                    await conn.ws.close()


async def refuse(websocket: WebSocket, code: str, message: str, close_code: int) -> None:
    await websocket.send_text(dumps(error_message(code, message)))
    await websocket.close(close_code, message[:120])

"""``/ws/tables/{id}?token=…``: one connection to one table, as a seat (the token) or as a
spectator (no token).

The server sends the current state on connect, then every change (events, then the new
state) as the table's fan-out delivers it. The client sends ``{"type": "act", "version",
"action"}`` (or ``{"type": "ping"}``). Anything wrong with a message is answered with an
error to this connection only and changes nothing; no input ends the connection except a
frame over the WebSocket layer's hard limit.

Outgoing messages go through a bounded outbox drained by a sender task, so a slow client
never holds up its table; a client that falls ``outbox_limit`` messages behind is closed
(code 1013) and simply reconnects to the current state."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketState

from cardtable.server.errors import (
    BAD_JSON,
    BAD_MESSAGE,
    BAD_TOKEN,
    NOT_YOUR_SEAT,
    SPECTATOR,
    TOO_LARGE,
    UNKNOWN_TABLE,
    UNKNOWN_TYPE,
    ProtocolError,
)
from cardtable.server.house import House
from cardtable.server.live import LiveTable
from cardtable.server.messages import dumps, error_message
from cardtable.server.settings import Settings

CLOSE_UNKNOWN_TABLE = 4404
CLOSE_BAD_TOKEN = 4403
CLOSE_TOO_SLOW = 1013
MESSAGE_TYPES = ("act", "ping", "leave")


class Connection:
    def __init__(self, ws: WebSocket, seat: int | None, settings: Settings) -> None:
        self.ws = ws
        self.seat = seat
        self.limit = settings.max_message_bytes
        self.outbox: asyncio.Queue[str] = asyncio.Queue(settings.outbox_limit)
        self.too_slow = False

    # -- out -------------------------------------------------------------------------
    def deliver(self, messages: list[str]) -> None:
        """Called by the fan-out: never waits."""
        for text in messages:
            try:
                self.outbox.put_nowait(text)
            except asyncio.QueueFull:
                self.too_slow = True
                return

    def send_error(self, error: ProtocolError) -> None:
        self.deliver([dumps(error_message(error.code, error.message))])

    async def send_loop(self) -> None:
        while True:
            text = await self.outbox.get()
            if self.too_slow:
                await self.ws.close(CLOSE_TOO_SLOW, "Too far behind: reconnect for the state")
                return
            await self.ws.send_text(text)

    # -- in --------------------------------------------------------------------------
    async def receive_loop(self, table: LiveTable) -> None:
        while True:
            message = await self.ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            try:
                await self.handle(table, read_frame(message, self.limit))
            except ProtocolError as error:
                self.send_error(error)

    async def handle(self, table: LiveTable, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "act":
            seat, version, action = self.read_act(message)
            await table.act(seat, version, action)
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
    house: House = websocket.app.state.house
    settings: Settings = websocket.app.state.settings
    await websocket.accept()
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
    await serve_connection(Connection(websocket, seat, settings), table, house, since)


def read_since(raw: str | None) -> int | None:
    """``?since=V``: the last version the client saw (anything unreadable: none)."""
    if raw is None or not raw.isdigit() or len(raw) > 9:
        return None
    return int(raw)


async def serve_connection(
    conn: Connection, table: LiveTable, house: House, since: int | None = None
) -> None:
    unsubscribe = table.join(conn.seat, conn.deliver, since)
    sender = asyncio.create_task(conn.send_loop())
    receiver = asyncio.create_task(conn.receive_loop(table))
    try:
        # Either side ending ends the connection: the client left, or it fell behind.
        await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        unsubscribe()
        for task in (sender, receiver):
            task.cancel()
        await asyncio.gather(sender, receiver, return_exceptions=True)
        house.release(table)
        if conn.ws.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):
                await conn.ws.close()


async def refuse(websocket: WebSocket, code: str, message: str, close_code: int) -> None:
    await websocket.send_text(dumps(error_message(code, message)))
    await websocket.close(close_code, message[:120])

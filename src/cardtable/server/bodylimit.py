"""The request body limit: an ASGI middleware that answers 413 ``too_large`` to a body over
``limit`` bytes before it is read whole. A 200 MiB JSON body used to be read, parsed and
accepted (the server's memory passed 561 MiB).

A declared Content-Length over the limit is refused before a byte of the body is read; a
body without one (chunked) is counted while it arrives and refused as soon as it passes the
limit. A body within the limit is handed to the app as it came (the app reads it again
from memory: at most ``limit`` bytes per request)."""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardtable.server.errors import BODY_TOO_LARGE


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = content_length(scope)
        if declared is not None and declared > self.limit:
            await too_large(send, self.limit, declared)
            return
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break  # the client left: the app sees it as it would have
            size += len(message.get("body", b""))
            if size > self.limit:
                await too_large(send, self.limit, None)
                return
            if not message.get("more_body", False):
                break
        await self.app(scope, replay(messages, receive), send)


def content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # the protocol layer refuses it first; counted anyway
    return None


def replay(messages: list[Message], receive: Receive) -> Receive:
    """The messages already read, then whatever comes next (a disconnect)."""
    pending = list(messages)

    async def again() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return again


async def too_large(send: Send, limit: int, declared: int | None) -> None:
    size = f"this one declares {declared}" if declared is not None else "this one is larger"
    body: dict[str, Any] = {
        "code": BODY_TOO_LARGE,
        "detail": f"Request bodies are limited to {limit} bytes; {size}",
    }
    payload = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                # The rest of the body is never read: the connection cannot be reused.
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})

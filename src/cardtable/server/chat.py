"""Table chat: ``{"type": "chat", "text"}`` from a seated person or a named spectator.

A line is checked (``clean_text``), committed to the store's ``chat`` table, and only then
broadcast to everyone at the table as ``{"type": "chat", "id", "version", "seat", "name",
"text", "at"}`` (``seat`` null for a spectator). The last ``RECENT`` lines are kept with the
live table and sent to every connection that joins, after the state, so a reconnecting or
reloaded page gets the conversation back, marked ``"missed": true`` (clients skip the ids
they already show, and do not count those lines as new).

The text is plain text: the server never interprets it and the web client shows it with
``textContent`` only, so ``<script>`` is just the characters ``<script>``."""

from __future__ import annotations

import asyncio
import logging
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.server.errors import SERVER_ERROR, ProtocolError
from cardtable.server.fanout import Audience, Fanout, Update
from cardtable.server.messages import dumps
from cardtable.server.persist import AsyncStore
from cardtable.store.online import ChatRecord
from cardtable.store.schema import utcnow

log = logging.getLogger("cardtable.server")

BAD_CHAT = "bad_chat"
NO_NAME = "no_name"
NO_NAME_MESSAGE = "Spectators chat under a name: open the page in a browser that has one"
MAX_CHARS = 300  # after trimming
RECENT = 50  # lines sent to a connection that joins
# Line breaks and tabs are allowed and become spaces; any other control character, a lone
# surrogate or an invisible direction override (which can make a line read backwards) is
# refused, naming it, rather than silently changed.
SPACES = {"\t": " ", "\n": " ", "\r": " "}
BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_text(raw: object) -> str:
    """The line as it will be stored and shown, or ``ProtocolError(bad_chat)``."""
    if not isinstance(raw, str):
        raise ProtocolError(BAD_CHAT, 'A chat message needs "text": a string')
    text = unicodedata.normalize("NFC", "".join(SPACES.get(c, c) for c in raw)).strip()
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs") or char in BIDI:
            raise ProtocolError(
                BAD_CHAT, f"Chat cannot hold the control character U+{ord(char):04X}"
            )
    if not text:
        raise ProtocolError(BAD_CHAT, "An empty chat message is not sent")
    if len(text) > MAX_CHARS:
        raise ProtocolError(
            BAD_CHAT,
            f"Chat messages are limited to {MAX_CHARS} characters; this one has {len(text)}",
        )
    return text


def chat_message(
    line: ChatRecord, version: int | None = None, *, missed: bool = False
) -> dict[str, Any]:
    message = {
        "type": "chat",
        "id": line.id,
        "version": version,
        "seat": line.seat,
        "name": line.name,
        "text": line.text,
        "at": line.at.isoformat() if line.at else None,
    }
    if missed:  # sent again on connect, as the events a client missed are
        message["missed"] = True
    return message


class TableChat:
    """The chat of one live table: stores a line, then hands it to every watcher."""

    def __init__(
        self,
        table_id: str,
        store: AsyncStore,
        fanout: Fanout,
        audiences: Callable[[], list[Audience]],
    ) -> None:
        self.table_id = table_id
        self.store = store
        self._fanout = fanout
        self._audiences = audiences
        # A list, trimmed to RECENT: an empty deque takes a whole block (issue 20, memory
        # per idle table), and most tables never chat.
        self._recent: list[str] = []
        # One line at a time per table, so the broadcast order is the stored order.
        self._lock = asyncio.Lock()

    def load(self, lines: Sequence[ChatRecord]) -> None:
        """The stored conversation of a table loaded from the store."""
        self._recent.extend(dumps(chat_message(line, missed=True)) for line in lines[-RECENT:])
        del self._recent[:-RECENT]

    def recent(self) -> list[str]:
        return list(self._recent)

    async def say(
        self, seat: int | None, name: str, user_id: str | None, text: str, version: int
    ) -> None:
        async with self._lock:
            line = ChatRecord(0, self.table_id, user_id, name, seat, text, utcnow())
            try:
                line_id = await self.store.add_chat(line)
            except Exception:
                log.exception("table %s: could not store a chat line", self.table_id)
                raise ProtocolError(
                    SERVER_ERROR, "The message could not be saved; nobody saw it"
                ) from None
            stored = ChatRecord(line_id, self.table_id, user_id, name, seat, text, line.at)
            message = dumps(chat_message(stored, version))
            self._recent.append(dumps(chat_message(stored, version, missed=True)))
            del self._recent[:-RECENT]
            update = Update(self.table_id, version, self._audiences(), lambda _: [message])
            self._fanout.publish(update)

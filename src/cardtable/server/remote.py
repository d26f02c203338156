"""A table owned by another process, as a connection to this one sees it (cluster.py).

It answers what a connection asks of a table (may this token sit, is this key invited)
from the stored record, and sends everything that changes the table (acts, chat, leaving,
joining) to the owner. The owner sends back the joining connection's first messages (the
same ``LiveTable.join`` makes for a local one) and the table's publication count; from then
on the table's channel brings every change, rendered per audience by the owner, and each
connection is handed its own audience's messages: every byte still comes from that seat's
view, made by the owner.

When the owner goes away (its lease expires, or it lets the table go), ``gone`` is set and
the connections here are closed: they reconnect and find the table's new owner."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from cardtable.server.cluster import Cluster, audience_key
from cardtable.server.errors import NOT_OWNER, ProtocolError
from cardtable.server.fanout import Audience, Deliver
from cardtable.server.persist import AsyncStore
from cardtable.server.tokens import hash_token
from cardtable.store import PLAYING, TableRecord
from cardtable.store.online import UserRecord

MOVED = "This table is moving to another server; reconnect"


class StoreOnly:
    """What a connection reads of a table's chat here: the store, to name a spectator."""

    def __init__(self, store: AsyncStore) -> None:
        self.store = store


class RemoteTable:
    def __init__(self, record: TableRecord, owner: str, cluster: Cluster, store: AsyncStore):
        self.record = record
        self.id = record.id
        self.owner = owner
        self.version = record.version
        self.chat = StoreOnly(store)
        self.gone = asyncio.Event()
        self._cluster = cluster

    @property
    def over(self) -> bool:
        return self.record.status != PLAYING

    def seat_for(self, token: str) -> int | None:
        wanted = hash_token(token)
        for seat in self.record.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                return seat.seat
        return None

    def invited(self, invite: str | None) -> bool:
        wanted = self.record.invite_hash
        if wanted is None:
            return True
        return invite is not None and hmac.compare_digest(wanted, hash_token(invite))

    # -- to the owner ----------------------------------------------------------------
    async def ask(self, op: str, **body: Any) -> Any:
        """The owner's answer; refused with ``not_owner`` at once when the owner is found
        gone meanwhile (a dead owner never answers: without this a join waited the whole
        ``REQUEST_TIMEOUT`` before its connection was sent to reconnect)."""
        request = asyncio.ensure_future(
            self._cluster.request(self.owner, op, table=self.id, **body)
        )
        gone = asyncio.ensure_future(self.gone.wait())
        try:
            await asyncio.wait({request, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
        if not request.done():
            request.cancel()
            raise ProtocolError(NOT_OWNER, MOVED)
        try:
            return request.result()
        except Exception:
            # The owner may have let the table go or died: connections here reconnect.
            if not await self._still_owned():
                self.gone.set()
            raise

    async def _still_owned(self) -> bool:
        try:
            return await self._cluster.owner(self.id) == self.owner
        except Exception:
            return False

    async def act(
        self, seat: int, version: int, action: object, *, bot: bool = False, system: Any = None
    ) -> None:
        await self.ask("act", seat=seat, version=version, action=action)

    async def say(self, seat: int | None, text: str, user: UserRecord | None = None) -> None:
        await self.ask("say", seat=seat, text=text, user=user.id if user else None)

    async def leave(self, seat: int) -> None:
        await self.ask("leave", seat=seat)

    async def seated(
        self, seat: int, token_hash: str, user_id: str | None = None, name: str | None = None
    ) -> None:
        await self.ask("seated", seat=seat, token_hash=token_hash, user=user_id, name=name)

    async def join(
        self, audience: Audience, deliver: Deliver, since: int | None, most: int
    ) -> Callable[[], Awaitable[None]]:
        """As ``LiveTable.join``, through the owner: the first messages, then every
        publication after them; returns the async leave."""
        key = audience_key(audience)
        joined: list[int] = []  # the publication count the first messages show
        early: list[dict[str, Any]] = []

        def receive(body: dict[str, Any]) -> None:
            if not joined:
                early.append(body)  # the answer to the join is not in yet
            elif body["s"] > joined[0]:
                self.version = max(self.version, body["v"])
                deliver(body["m"].get(key, []))

        stop = await self._cluster.receive(self.id, receive, self.owner, self.gone.set)
        handle = secrets.token_hex(8)
        try:
            first = await self.ask("join", audience=audience, since=since, most=most, handle=handle)
        except BaseException:
            await stop()
            raise
        self.version = first["v"]
        deliver(first["m"])
        joined.append(first["s"])
        for body in early:
            receive(body)

        async def leave() -> None:
            await stop()
            if not self.gone.is_set():
                # The owner may be gone: then nothing of this connection is left there.
                with contextlib.suppress(Exception):
                    await self.ask("part", handle=handle)

        return leave

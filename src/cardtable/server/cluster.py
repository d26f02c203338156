"""One house on several processes (``cardtable serve --db postgresql://… --redis …``): what
moves between them goes through Redis (docs/scaling.md).

- Every table has one owner, the process holding its lease (``lease.py``); only the owner
  has the table live (its writer, clocks and bots). Any process opening a table nobody
  owns takes its lease and rebuilds it from the log, as a restart does.
- A connection that reaches another process is served there through a ``RemoteTable``
  (``remote.py``): its acts, chat lines and leaving are requests to the owner on the
  owner's channel (``ct:node:{node}``), answered on the asker's channel.
- The owner publishes each change of a table watched from elsewhere once, already rendered
  for every audience, on the table's channel (``ct:t:{table}``); each process hands every
  local connection its audience's messages. Each publication carries the table's
  publication count (``seq``), so a joining connection skips what its state already shows.
- The owner renews its leases every third of their time; a lease it fails to renew is
  gone, and so is its table here (its connections are closed and reconnect to the new
  owner). Every process looks for unfinished tables nobody owns (their owner died) and
  takes them: that is the failover.

Everything sent to Redis goes through one queue drained by one task, in order: a table's
publications and the answers to requests reach the other processes in the order they
happened."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any

from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.client import PubSub

from cardtable.server.errors import SERVER_ERROR, ApiError, ProtocolError
from cardtable.server.fanout import Audience, InProcessFanout, Update
from cardtable.server.lease import PREFIX, Lease, Leases
from cardtable.server.sharedlimits import alive_key

if TYPE_CHECKING:
    from cardtable.server.house import House

log = logging.getLogger("cardtable.server")

# How long a request to another process may take before the asker gives up (generous: the
# owner may be busy on a loaded machine; a dead owner is found by its lease anyway).
REQUEST_TIMEOUT = 15.0
REDIS_CONNECTIONS = 64  # at most, per process
Handler = Callable[[dict[str, Any]], Awaitable[Any]]


def node_channel(node: str) -> str:
    return f"{PREFIX}:node:{node}"


def table_channel(table_id: str) -> str:
    return f"{PREFIX}:t:{table_id}"


def audience_key(audience: Audience) -> str:
    return "s" if audience is None else str(audience)


def new_node_name() -> str:
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


class Cluster:
    def __init__(self, url: str, *, ttl: float = 5.0, node: str | None = None) -> None:
        # A pool that makes a burst wait for a free connection: redis-py's default pool
        # raises MaxConnectionsError past 100 at once (seen: 200 tables made together).
        pool = BlockingConnectionPool.from_url(
            url, max_connections=REDIS_CONNECTIONS, timeout=REQUEST_TIMEOUT
        )
        self.redis: Redis = Redis(connection_pool=pool)
        self.node = node or new_node_name()
        self.ttl = ttl
        self.leases = Leases(self.redis, self.node, ttl)
        self.held: dict[str, Lease] = {}
        self.house: House | None = None
        self._pubsub: PubSub = self.redis.pubsub(ignore_subscribe_messages=True)
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._replies: dict[str, asyncio.Future[Any]] = {}
        self._handlers: dict[str, Handler] = {}
        # This process's connections to tables owned elsewhere: table -> key -> receiver.
        self._receivers: dict[str, dict[int, Callable[[dict[str, Any]], None]]] = {}
        # ... and the owner each was opened with, and what to call when it is no longer.
        self._owners: dict[str, dict[int, tuple[str, Callable[[], None]]]] = {}
        self._next = 0
        # As the owner: how many connections elsewhere watch each table, and how many
        # publications each table has made.
        self.remote_watchers: Counter[str] = Counter()
        self.seq: Counter[str] = Counter()
        self._tasks: list[asyncio.Task[None]] = []
        self._answering: set[asyncio.Task[None]] = set()
        # work done after each renewal (every third of a lease): see ``after_renewal``
        self._after_renewal: list[Callable[[], Awaitable[object]]] = []

    # -- life ------------------------------------------------------------------------
    async def start(self, house: House) -> None:
        self.house = house
        await self.heartbeat()
        await self._pubsub.subscribe(node_channel(self.node))
        self._tasks = [
            asyncio.create_task(self._listen(), name="cluster listen"),
            asyncio.create_task(self._send(), name="cluster send"),
            asyncio.create_task(self._renew_every(), name="cluster renew"),
            asyncio.create_task(self._watch_owners(), name="cluster owners"),
        ]

    def watch_orphans(self) -> None:
        """Take unfinished tables nobody owns, now and every half lease (the failover)."""
        self._tasks.append(asyncio.create_task(self._orphans_every(), name="cluster orphans"))

    async def close(self) -> None:
        """Stop; the house has already let its tables go (and their leases)."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._flush()
        with contextlib.suppress(Exception):
            await self.redis.delete(alive_key(self.node))  # its socket counts end now
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()
        await self.redis.aclose()
        await self.redis.connection_pool.disconnect()  # a pool handed in is not closed by it

    def after_renewal(self, work: Callable[[], Awaitable[object]]) -> None:
        """Run ``work`` after every renewal of this process's leases."""
        self._after_renewal.append(work)

    async def dead(self, nodes: Iterable[str]) -> set[str]:
        """Which of ``nodes`` are not alive (their heartbeat key has run out)."""
        others = [node for node in set(nodes) if node != self.node]
        if not others:
            return set()
        async with self.redis.pipeline(transaction=False) as pipe:
            for node in others:
                pipe.exists(alive_key(node))
            alive = await pipe.execute()
        return {node for node, live in zip(others, alive, strict=True) if not live}

    def on(self, op: str, handler: Handler) -> None:
        """Answer requests of ``op`` from other processes."""
        self._handlers[op] = handler

    # -- leases ----------------------------------------------------------------------
    async def acquire(self, table_id: str) -> bool:
        if table_id in self.held:
            return True
        lease = await self.leases.acquire(table_id)
        if lease is None:
            return False
        self.held[table_id] = lease
        return True

    async def release(self, table_id: str) -> None:
        lease = self.held.pop(table_id, None)
        self.remote_watchers.pop(table_id, None)
        self.seq.pop(table_id, None)
        if lease is not None:
            with contextlib.suppress(Exception):  # it expires anyway
                await self.leases.release(lease)

    async def owner(self, table_id: str) -> str | None:
        return (await self.leases.owners([table_id]))[0]

    async def _renew_every(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                await self.heartbeat()
                await self._renew()
                for work in self._after_renewal:
                    await work()
            except Exception:
                log.exception("cluster: renewing leases failed")

    async def heartbeat(self) -> None:
        """This process is alive for two lease times more (what it counts in Redis, such
        as its open sockets per address, is believed while it is)."""
        await self.redis.set(alive_key(self.node), "1", px=int(self.ttl * 2000))

    async def _renew(self) -> None:
        leases = list(self.held.values())
        kept = await self.leases.renew(leases)
        for lease, ok in zip(leases, kept, strict=True):
            if not ok and self.held.get(lease.table_id) is lease:
                log.warning("table %s: lease lost; let go here", lease.table_id)
                self.lose(lease.table_id)

    def lose(self, table_id: str) -> None:
        """Another process owns the table now: forget its lease here (not released: it is
        not ours) and let the house drop the table."""
        self.held.pop(table_id, None)
        if self.house is not None:
            self.house.lost(table_id)

    async def _orphans_every(self) -> None:
        while True:
            try:
                await self.take_orphans()
            except Exception:
                log.exception("cluster: looking for orphaned tables failed")
            await asyncio.sleep(max(0.5, self.ttl / 2))

    async def _watch_owners(self) -> None:
        """Every second: a table watched from here whose owner changed or died (its lease
        is gone) closes its connections here, which reconnect to the new owner."""
        while True:
            await asyncio.sleep(1.0)
            tables = list(self._owners)
            try:
                owners = await self.leases.owners(tables)
            except Exception:
                log.exception("cluster: reading the owners of watched tables failed")
                continue
            for table_id, now in zip(tables, owners, strict=True):
                for owner, gone in list(self._owners.get(table_id, {}).values()):
                    if owner != now:
                        gone()

    async def take_orphans(self) -> int:
        """Rebuild here every unfinished table that no process owns; returns how many."""
        house = self.house
        if house is None:
            return 0
        ids = [t for t in await house.store.unfinished() if t not in house.live]
        owners = await self.leases.owners(ids)
        taken = 0
        for table_id, owner in zip(ids, owners, strict=True):
            if owner is None and await house.take(table_id):
                taken += 1
        if taken:
            log.info("cluster: took %d table(s) nobody owned", taken)
        return taken

    # -- requests between processes --------------------------------------------------
    async def request(self, node: str, op: str, **body: Any) -> Any:
        """Ask ``node`` to do ``op``; its answer, or the ``ProtocolError``/``ApiError`` it
        refused with."""
        key = secrets.token_hex(8)
        reply: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._replies[key] = reply
        self.send(node_channel(node), {"op": op, "id": key, "from": self.node, **body})
        try:
            return await asyncio.wait_for(reply, REQUEST_TIMEOUT)
        except TimeoutError:
            raise ProtocolError(
                SERVER_ERROR, "The table's server did not answer; reconnect and try again"
            ) from None
        finally:
            self._replies.pop(key, None)

    def expect(self, key: str) -> asyncio.Future[Any]:
        """A future settled by the first ``{"reply": key, ...}`` sent to this node (a bot
        farm's answer); ``forget`` it once done, so a later one is dropped."""
        reply: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._replies[key] = reply
        return reply

    def forget(self, key: str) -> None:
        self._replies.pop(key, None)

    def send(self, channel: str, message: dict[str, Any]) -> None:
        self._outbox.put_nowait((channel, json.dumps(message, separators=(",", ":"))))

    async def _send(self) -> None:
        while True:
            first = await self._outbox.get()
            batch = [first]
            while not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, text in batch:
                        pipe.publish(channel, text)
                    await pipe.execute()
            except Exception:
                log.exception("cluster: publishing %d message(s) failed", len(batch))

    async def _flush(self) -> None:
        batch = []
        while not self._outbox.empty():
            batch.append(self._outbox.get_nowait())
        with contextlib.suppress(Exception):
            async with self.redis.pipeline(transaction=False) as pipe:
                for channel, text in batch:
                    pipe.publish(channel, text)
                await pipe.execute()

    async def _listen(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except Exception:
                log.exception("cluster: reading from Redis failed")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                self._dispatch(message["channel"], json.loads(message["data"]))
            except Exception:
                log.exception("cluster: a message could not be handled")

    def _dispatch(self, channel: bytes | str, body: dict[str, Any]) -> None:
        name = channel.decode() if isinstance(channel, bytes) else channel
        if name.startswith(f"{PREFIX}:t:"):
            table_id = name[len(f"{PREFIX}:t:") :]
            for receive in list(self._receivers.get(table_id, {}).values()):
                receive(body)
        elif "reply" in body:
            reply = self._replies.get(body["reply"])
            if reply is not None and not reply.done():
                settle(reply, body)
        elif "op" in body:
            task = asyncio.create_task(self._answer(body))
            self._answering.add(task)  # kept until done (the loop holds tasks weakly)
            task.add_done_callback(self._answering.discard)

    async def _answer(self, body: dict[str, Any]) -> None:
        handler = self._handlers.get(body["op"])
        answer: dict[str, Any] = {"reply": body["id"]}
        try:
            if handler is None:
                raise ProtocolError(SERVER_ERROR, f"unknown request {body['op']!r}")
            answer["ok"] = await handler(body)
        except ProtocolError as error:
            answer["error"] = [error.code, error.message]
        except ApiError as error:
            answer["api"] = [error.status, error.code, error.detail]
        except Exception:
            log.exception("cluster: request %s failed", body["op"])
            answer["error"] = [SERVER_ERROR, "The server failed on that request"]
        self.send(node_channel(body["from"]), answer)

    # -- tables watched from here, owned elsewhere -----------------------------------
    async def receive(
        self,
        table_id: str,
        receiver: Callable[[dict[str, Any]], None],
        owner: str,
        gone: Callable[[], None],
    ) -> Callable[[], Awaitable[None]]:
        """Hand ``receiver`` every publication of the table from now on (subscribed before
        this returns), and call ``gone`` once ``owner`` no longer owns it; returns the
        async unsubscribe."""
        self._next += 1
        key = self._next
        table = self._receivers.setdefault(table_id, {})
        first = not table
        table[key] = receiver
        self._owners.setdefault(table_id, {})[key] = (owner, gone)
        if first:
            await self._pubsub.subscribe(table_channel(table_id))

        async def stop() -> None:
            receivers = self._receivers.get(table_id, {})
            receivers.pop(key, None)
            owners = self._owners.get(table_id, {})
            owners.pop(key, None)
            if not owners:
                self._owners.pop(table_id, None)
            if not receivers and self._receivers.pop(table_id, None) is not None:
                with contextlib.suppress(Exception):
                    await self._pubsub.unsubscribe(table_channel(table_id))

        return stop

    # -- as the owner ----------------------------------------------------------------
    def published(self, update: Update) -> None:
        """The owner's fan-out published ``update``: count it, and send it rendered for
        every audience to the table's channel when someone elsewhere watches."""
        table_id = update.table_id
        self.seq[table_id] += 1
        if not self.remote_watchers.get(table_id):
            return
        messages = {audience_key(a): m for a, m in update.all_audiences().items()}
        body = {"v": update.version, "s": self.seq[table_id], "m": messages}
        self.send(table_channel(table_id), body)


def settle(reply: asyncio.Future[Any], body: dict[str, Any]) -> None:
    if "error" in body:
        code, message = body["error"]
        reply.set_exception(ProtocolError(code, message))
    elif "api" in body:
        status, code, detail = body["api"]
        reply.set_exception(ApiError(status, code, detail))
    else:
        reply.set_result(body.get("ok"))


class ClusterFanout(InProcessFanout):
    """The owner's fan-out: local connections as in one process, and the cluster's table
    channel for connections elsewhere."""

    def __init__(self, cluster: Cluster) -> None:
        super().__init__()
        self.cluster = cluster

    def publish(self, update: Update) -> None:
        super().publish(update)
        self.cluster.published(update)

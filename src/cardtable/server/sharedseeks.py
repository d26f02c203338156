"""Play now's seeks across the processes of one house (``--redis``): a seek made on one
process pairs with a fitting one made on another, exactly once (docs/scaling.md, "Shared
across processes").

The open seeks live in Redis: ``{ns}:seeks`` (seek id -> what pairing needs, JSON) and
``{ns}:seeks:order`` (oldest first), with a version ``{ns}:seeks:ver`` bumped by every
change. A process reads them with the version, picks the oldest seek the new one fits (as
in one process), and commits its choice with one Lua script that checks the version first
(compare-and-set): take the match out, or add the new seek. Two processes racing for one
seek (or adding two seeks that fit each other) see the version moved and read again, so a
seek is paired at most once and two fitting seeks never both stay open.

The pairing process makes the table and seats both players, keeps both tickets for their
owners to fetch (``{ns}:seeks:paired:{id}``, ``PAIRED_KEPT``), then publishes the waiting
seek's ticket on ``{ns}:seeks:events``; the process holding the waiting seek (its timers)
hands it over, and every process tells the seek's owner's lobby sockets it holds. Every
change is published there too, and each process pushes the fresh list to its lobby sockets.

A seek is stored with its token's hash, so any process can answer its owner: fetch it,
watch it (``/ws/lobby?seek=``) or cancel it (taken out of Redis, then ``cancelled`` is
published for the process holding its timers).

Expiry is shared too. The seek's ten minutes are the holding process's timer (stored as
wall-clock ``until``; every process also sweeps for seeks past it every ``SWEEP_EVERY``,
so a seek whose holder was killed still ends and its owner is told); its grace
after the owner's page closed is counted over every process: each process counts the
owner's lobby sockets it holds in ``{ns}:seeks:eyes:{id}`` (node -> sockets, a dead
node's count not believed), and the process whose socket was the last to close starts the
grace; when it ends, the seek goes only if no process counts a socket then (one Lua script
checks and takes it out). Whoever takes an expired seek out of Redis publishes
``expired``: every process drops it (the holder its timers), tells the owner's sockets it
holds, and pushes the list to its lobby sockets."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import time
from typing import Any

from redis.asyncio import Redis

from cardtable.server.errors import ApiError
from cardtable.server.house import House
from cardtable.server.messages import dumps
from cardtable.server.seeks import (
    DETACHED_GRACE,
    MAX_SEEKS,
    NO_SUCH_SEEK,
    PAIRED_KEPT,
    SEEK_OPEN,
    SEEK_TTL,
    SEEKS_FULL,
    Seek,
    SeekBook,
    SeekInfo,
    ticket_dump,
)
from cardtable.server.sharedlimits import alive_key
from cardtable.server.tables_api import SeatTicket
from cardtable.server.tokens import hash_token, new_token
from cardtable.store.online import UserRecord

log = logging.getLogger("cardtable.server")

# KEYS: the seeks, their order, the version. ARGV: the version read, the match to take
# ("" : none), the new seek's id, JSON and score, the cap.
COMMIT = """
if (redis.call('GET', KEYS[3]) or '0') ~= ARGV[1] then return 'retry' end
if ARGV[2] ~= '' then
  if redis.call('HDEL', KEYS[1], ARGV[2]) == 0 then return 'retry' end
  redis.call('ZREM', KEYS[2], ARGV[2])
  redis.call('INCR', KEYS[3])
  return 'paired'
end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[6]) then return 'full' end
redis.call('HSET', KEYS[1], ARGV[3], ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[5], ARGV[3])
redis.call('INCR', KEYS[3])
return 'open'
"""
# Take a seek out (cancelled, expired); the version moves only if it was there.
DROP = """
if redis.call('HDEL', KEYS[1], ARGV[1]) == 1 then
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('INCR', KEYS[3])
  return 1
end
return 0
"""
# Count an owner's sockets: KEYS: the eyes hash. ARGV: this node, the change, the liveness
# prefix, the key's time to live (ms). The sockets of live nodes after the change.
EYES = """
local me, prefix = ARGV[1], ARGV[3]
if tonumber(ARGV[2]) ~= 0 and redis.call('HINCRBY', KEYS[1], me, ARGV[2]) <= 0 then
  redis.call('HDEL', KEYS[1], me)
end
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  if fields[i] == me or redis.call('EXISTS', prefix .. fields[i]) == 1 then
    total = total + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], fields[i])
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return total
"""
# The grace ended: take the seek out unless an owner's socket is counted again. KEYS: the
# seeks, their order, the version, the eyes. ARGV: the seek, this node, the liveness prefix.
UNWATCHED = """
local fields = redis.call('HGETALL', KEYS[4])
for i = 1, #fields, 2 do
  local node = fields[i]
  local live = node == ARGV[2] or redis.call('EXISTS', ARGV[3] .. node) == 1
  if tonumber(fields[i + 1]) > 0 and live then return 0 end
end
if redis.call('HDEL', KEYS[1], ARGV[1]) == 1 then
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('INCR', KEYS[3])
  redis.call('DEL', KEYS[4])
  return 1
end
return 0
"""
ATTEMPTS = 8  # reads and commits before a seek is refused as busy
# How often each process looks for seeks past their time whose holder died (its timer
# went with it): the seek's end is then published by whichever process sees it first.
SWEEP_EVERY = 30.0


class SharedSeekBook(SeekBook):
    def __init__(
        self, house: House, redis: Redis, namespace: str, node: str, cap: int = MAX_SEEKS
    ) -> None:
        super().__init__(house, cap)
        self.redis = redis
        self.node = node
        self.keys = [f"{namespace}:seeks", f"{namespace}:seeks:order", f"{namespace}:seeks:ver"]
        self.channel = f"{namespace}:seeks:events"
        self._commit = redis.register_script(COMMIT)
        self._drop_script = redis.register_script(DROP)
        self._eyes_script = redis.register_script(EYES)
        self._unwatched_script = redis.register_script(UNWATCHED)
        self._graces: dict[str, asyncio.Task[None]] = {}  # seek id -> its grace, here
        self._listed: list[SeekInfo] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._listener: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.channel)
        self._listener = asyncio.create_task(self._listen(pubsub), name="seeks events")
        self._sweeper = asyncio.create_task(self._sweep(), name="seeks sweep")
        self._listed = [info for info, _ in (await self._read())[1]]

    def close(self) -> None:
        for seek in list(self.open.values()):  # their owners' sockets go with this process
            self._later(self._drop_shared(seek.info.id))
        super().close()
        for grace in self._graces.values():
            grace.cancel()
        self._graces = {}
        for task in (self._listener, self._sweeper):
            if task is not None:
                task.cancel()

    # -- seeking ---------------------------------------------------------------------
    async def seek(self, info: SeekInfo, owner: str, user: UserRecord | None, address: str) -> Seek:
        for _ in range(ATTEMPTS):
            version, entries = await self._read()
            if any(entry["owner"] == owner for _, entry in entries):
                raise ApiError(
                    409, SEEK_OPEN, "You are already looking for a game: cancel it first"
                )
            mine = Seek(info, new_token(), owner, user, address, self._now() + SEEK_TTL)
            match = next((e for i, e in entries if e["owner"] != owner and fits(i, e, info)), None)
            stored = {
                "info": info.model_dump(),
                "owner": owner,
                "user": user.id if user else None,
                "address": address,
                "until": self._wall() + SEEK_TTL,
                "token": hash_token(mine.token),
            }
            args = [version, match["info"]["id"] if match else "", info.id, json.dumps(stored)]
            done = await self._commit(keys=self.keys, args=[*args, time.time(), self.cap])
            done = done.decode() if isinstance(done, bytes) else done
            if done == "full":
                raise ApiError(503, SEEKS_FULL, "Too many people are seeking: try again soon", 10)
            if done == "open":
                self._add(mine)  # its timers and sockets are this process's
                return mine
            if done == "paired" and match is not None:
                await self._pair(match, mine)
                return mine
        raise ApiError(503, SEEKS_FULL, "Too many people are seeking at once: try again", 1)

    async def _pair(self, match: dict[str, Any], mine: Seek) -> None:
        waiting = self.open.get(match["info"]["id"])
        if waiting is not None:
            self._drop(waiting)  # ours: handed over here, not by the event
        else:
            user = await self.house.store.user(match["user"]) if match["user"] else None
            info = SeekInfo(**match["info"])
            waiting = Seek(info, "", match["owner"], user, match["address"], 0.0)
        try:
            await self._seat(waiting, mine)
        except BaseException:
            stored = json.dumps(match)  # their seek stands; nothing is made
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.hset(self.keys[0], waiting.info.id, stored)
                pipe.zadd(self.keys[1], {waiting.info.id: time.time()})
                pipe.incr(self.keys[2])
                await pipe.execute()
            self._changed()
            raise
        ticket = ticket_dump(waiting)["ticket"]
        await self._keep_shared(waiting.info, match.get("token", ""), waiting)
        await self._keep_shared(mine.info, hash_token(mine.token), mine)
        await self.redis.publish(self.channel, dumps({"paired": waiting.info.id, "ticket": ticket}))
        self._changed()

    def cancel(self, seek_id: str, token: str) -> None:
        super().cancel(seek_id, token)
        self._later(self._cancel_shared(seek_id))

    async def _cancel_shared(self, seek_id: str) -> None:
        await self._drop_script(keys=self.keys, args=[seek_id])
        await self.redis.publish(self.channel, dumps({"cancelled": seek_id}))

    async def find(self, seek_id: str, token: str) -> Seek:
        with contextlib.suppress(ApiError):
            return self.owned(seek_id, token)
        proved = hash_token(token)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hget(self.keys[0], seek_id)
            pipe.get(self._paired_key(seek_id))
            open_text, paired_text = await pipe.execute()
        for text in (open_text, paired_text):
            entry = json.loads(text) if text else None
            if entry is None or not _same(entry.get("token", ""), proved):
                continue
            if text is open_text and entry["until"] <= self._wall():
                continue
            seek = Seek(SeekInfo(**entry["info"]), token, "", None, "", 0.0)
            if entry.get("ticket"):
                seek.ticket = SeatTicket(**entry["ticket"])
            return seek
        raise ApiError(404, NO_SUCH_SEEK, f"There is no open seek {seek_id!r}")

    async def withdraw(self, seek_id: str, token: str) -> None:
        if seek_id in self.open or seek_id in self.paired:
            self.cancel(seek_id, token)
            return
        seek = await self.find(seek_id, token)
        if seek.ticket is None and await self._drop_script(keys=self.keys, args=[seek_id]):
            await self.redis.publish(self.channel, dumps({"cancelled": seek_id}))
            return
        raise ApiError(409, "seek_paired", "That seek was paired already: open your table")

    def listing(self) -> list[SeekInfo]:
        return list(self._listed)

    # -- inside ----------------------------------------------------------------------
    def _tell_owner(self, seek: Seek, message: dict[str, Any]) -> None:
        """Pairing, cancelling and expiry are told by their event, to the owner's sockets
        on every process (this one's too), once."""

    # -- the owner's sockets, counted on every process ---------------------------------
    async def attach(self, seek: Seek) -> bool:
        if seek.ticket is not None:
            return False  # paired: nothing left to keep alive
        self._stop_grace(seek.info.id)
        await self._eyes(seek.info.id, 1)
        return True

    async def detach(self, seek: Seek) -> None:
        if await self._eyes(seek.info.id, -1) == 0:
            self._start_grace(seek.info.id)

    def _unwatched(self, seek: Seek) -> None:
        """Not this process's count alone: ``detach`` decides."""

    async def _eyes(self, seek_id: str, change: int) -> int:
        keep = int((SEEK_TTL + PAIRED_KEPT) * 1000)
        args: list[str | int] = [self.node, change, alive_key(""), keep]
        return int(await self._eyes_script(keys=[self._eyes_key(seek_id)], args=args))

    def _eyes_key(self, seek_id: str) -> str:
        return f"{self.keys[0]}:eyes:{seek_id}"

    def _start_grace(self, seek_id: str) -> None:
        self._stop_grace(seek_id)
        grace = asyncio.create_task(self._grace(seek_id, self._now() + DETACHED_GRACE))
        self._graces[seek_id] = grace

    def _stop_grace(self, seek_id: str) -> None:
        grace = self._graces.pop(seek_id, None)
        if grace is not None and grace is not asyncio.current_task():
            grace.cancel()

    async def _grace(self, seek_id: str, deadline: float) -> None:
        """The last owner's socket here closed: at ``deadline`` the seek goes, unless a
        socket of its owner (on any process) is counted then."""
        await self.house.clock.sleep_until(deadline)
        self._stop_grace(seek_id)
        keys = [*self.keys, self._eyes_key(seek_id)]
        try:
            if await self._unwatched_script(keys=keys, args=[seek_id, self.node, alive_key("")]):
                await self.redis.publish(self.channel, dumps({"expired": seek_id}))
        except Exception:
            log.exception("seeks: the grace of %s could not end", seek_id)

    def _tell(self, seek_id: str, message: dict[str, Any]) -> None:
        text = dumps(message)
        for deliver in list(self._owners.get(seek_id, [])):
            deliver(text)

    def _keep_paired(self, seek: Seek) -> None:
        if seek.token:  # a seek of another process: its owner fetches the ticket there
            super()._keep_paired(seek)

    async def _expire(self, seek: Seek, deadline: float) -> None:
        """The seek's ten minutes, on the process holding it; every process is told."""
        await self.house.clock.sleep_until(deadline)
        if self.open.get(seek.info.id) is seek:
            self._drop(seek)
            try:
                await self._drop_shared(seek.info.id)
            except Exception:
                log.exception("seeks: %s could not expire", seek.info.id)

    async def _sweep(self) -> None:
        """Every ``SWEEP_EVERY``: end the seeks past their time (a holder that died took
        their timer with it; a live holder's timer and this race harmlessly, the drop
        script letting one of them publish)."""
        while True:
            await self.house.clock.sleep_until(self._now() + SWEEP_EVERY)
            try:
                for seek_id in await self._overdue():
                    await self._drop_shared(seek_id)
            except Exception:
                log.exception("seeks: the sweep for overdue seeks failed")

    async def _overdue(self) -> list[str]:
        stored = await self.redis.hgetall(self.keys[0])
        now = self._wall()
        return [_text(key) for key, text in stored.items() if json.loads(text)["until"] <= now]

    def _wall(self) -> float:
        return self.house.clock.wall()

    def _paired_key(self, seek_id: str) -> str:
        return f"{self.keys[0]}:paired:{seek_id}"

    async def _keep_shared(self, info: SeekInfo, token_hash: str, seek: Seek) -> None:
        """The ticket, for its owner to fetch from any process for ``PAIRED_KEPT``."""
        kept = {"info": info.model_dump(), "token": token_hash, **ticket_dump(seek)}
        await self.redis.set(self._paired_key(info.id), dumps(kept), px=int(PAIRED_KEPT * 1000))

    async def _drop_shared(self, seek_id: str) -> None:
        """Out of Redis (its time is up, or its process stops): if it was still there,
        every process is told it expired."""
        if await self._drop_script(keys=self.keys, args=[seek_id]):
            await self.redis.publish(self.channel, dumps({"expired": seek_id}))

    def _changed(self) -> None:
        """Every process (this one too, through the channel) pushes the new list."""
        self._later(self.redis.publish(self.channel, dumps({"changed": True})))

    def _later(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _read(self) -> tuple[str, list[tuple[SeekInfo, dict[str, Any]]]]:
        """The version and the open seeks, oldest first (expired ones left out)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.get(self.keys[2])
            pipe.zrange(self.keys[1], 0, -1)
            pipe.hgetall(self.keys[0])
            version, order, stored = await pipe.execute()
        now = self._wall()
        entries = []
        for seek_id in order:
            text = stored.get(seek_id)
            entry = json.loads(text) if text else None
            if entry is not None and entry["until"] > now:
                entries.append((SeekInfo(**entry["info"]), entry))
        return (version or b"0").decode(), entries

    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                message = await pubsub.get_message(timeout=1.0)
                if message is not None and message.get("type") == "message":
                    await self._event(json.loads(message["data"]))
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except Exception:
                log.exception("seeks: an event could not be handled")
                await asyncio.sleep(0.5)

    async def _event(self, body: dict[str, Any]) -> None:
        paired, cancelled = body.get("paired") or "", body.get("cancelled") or ""
        seek = self.open.get(paired)
        if seek is not None:  # ours, paired by another process
            self._drop(seek)
            seek.ticket = SeatTicket(**body["ticket"])
            self._keep_paired(seek)
        if paired:  # the owner's sockets here (on the holding process or not)
            self._tell(paired, {"type": "paired", "seek": paired, "ticket": body["ticket"]})
        expired = body.get("expired") or ""
        for ended, reason in ((cancelled, "cancelled"), (expired, "expired")):
            if not ended:
                continue
            gone = self.open.get(ended)
            if gone is not None:  # ours, ended through another process
                self._drop(gone)
            self._stop_grace(ended)
            self._tell(ended, {"type": "seek_ended", "seek": ended, "reason": reason})
        self._stop_grace(paired)
        self._listed = [info for info, _ in (await self._read())[1]]
        super()._changed()  # this process's lobby sockets get the list


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else raw


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def fits(info: SeekInfo, entry: dict[str, Any], arriving: SeekInfo) -> bool:
    return Seek(info, "", entry["owner"], None, "", 0.0).fits(arriving)

"""Who owns a table in a house of several processes: a lease in Redis, with a fencing token.

``ct:lease:{table}`` holds ``"{node} {token}"`` and expires unless its owner renews it
(every third of its time to live). The token comes from ``INCR ct:fence:{table}``, so every
new owner of a table holds a larger one than any owner before it. Renewing and releasing
compare the whole value (a Lua script: one round trip, atomic), so a process whose lease
ran out can neither renew nor release its successor's.

The lease decides who *should* write; what makes two writers unable to both commit is the
action log itself: ``(table_id, seq)`` is unique, and the writer appends version ``v + 1``
only on top of the ``v`` it rebuilt. A process that lost its lease while paused (a long GC,
a stopped VM) and wakes up to append finds the version taken by its successor and is
refused (``WriteConflict``) - the version is the fence the database checks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis

PREFIX = "ct"

# Renew (or release) only while the value is still ours.
RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


@dataclass(frozen=True)
class Lease:
    table_id: str
    node: str
    token: int

    @property
    def value(self) -> str:
        return f"{self.node} {self.token}"


def lease_key(table_id: str) -> str:
    return f"{PREFIX}:lease:{table_id}"


def fence_key(table_id: str) -> str:
    return f"{PREFIX}:fence:{table_id}"


def holder(value: Any) -> str | None:
    """The node named in a lease's stored value."""
    if value is None:
        return None
    text = value.decode() if isinstance(value, bytes) else str(value)
    return text.split(" ", 1)[0]


class Leases:
    def __init__(self, redis: Redis, node: str, ttl: float) -> None:
        self.redis = redis
        self.node = node
        self.ttl_ms = max(1, int(ttl * 1000))
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)

    async def acquire(self, table_id: str) -> Lease | None:
        """The table's lease, if nobody holds it (None: another node does)."""
        if await self.redis.exists(lease_key(table_id)):
            return None
        token = int(await self.redis.incr(fence_key(table_id)))
        lease = Lease(table_id, self.node, token)
        taken = await self.redis.set(lease_key(table_id), lease.value, nx=True, px=self.ttl_ms)
        return lease if taken else None

    async def renew(self, leases: list[Lease]) -> list[bool]:
        """Renew every lease in one round trip; False where it was lost."""
        if not leases:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for lease in leases:
                await self._renew(
                    keys=[lease_key(lease.table_id)], args=[lease.value, self.ttl_ms], client=pipe
                )
            done = await pipe.execute()
        return [bool(result) for result in done]

    async def release(self, lease: Lease) -> None:
        await self._release(keys=[lease_key(lease.table_id)], args=[lease.value])

    async def owners(self, table_ids: list[str]) -> list[str | None]:
        """The node holding each table's lease (None: nobody)."""
        if not table_ids:
            return []
        values = await self.redis.mget([lease_key(t) for t in table_ids])
        return [holder(v) for v in values]

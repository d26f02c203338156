"""Rate limits and the per-address socket cap, counted in Redis: with ``--redis`` every
process of the house draws on the same allowance (docs/scaling.md, "Shared across
processes"). Without it ``ratelimit.Limiter`` and ``OpenCount`` count in memory; both
offer the same awaited interface (``take``, ``retry_in``, ``enforce``; ``acquire``,
``release``), chosen at start-up (``app.py``).

- A limit is the same token bucket as in memory, kept in a hash ``ct:rl:{kind}:{key}``
  (tokens, last refill) and updated by one Lua script on Redis's clock: checking several
  buckets and taking from all of them is atomic, so two processes never both spend the
  last token. The hash expires once a full bucket would have refilled.
- Open sockets per address: a hash ``ct:sock:{address}`` of node -> connections. A node's
  count is believed while its liveness key (``ct:alive:{node}``, renewed with its leases)
  lives, so a process that died frees its addresses' connections within a lease's time.

Their names start with ``Settings.redis_namespace`` ("ct"), so that two houses (or two
tests) on one Redis keep apart."""

from __future__ import annotations

from collections.abc import Mapping

from redis.asyncio import Redis

from cardtable.server.lease import PREFIX
from cardtable.server.ratelimit import Limiter, OpenCount, Rate, too_many

# KEYS: the buckets; ARGV[1]: 1 to take a token from each (only if all have one), then a
# burst and a rate per bucket. Answers the longest wait (a string: Lua numbers would be
# cut to integers).
BUCKETS = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local wait = 0
local tokens = {}
for i, key in ipairs(KEYS) do
  local burst = tonumber(ARGV[2 * i])
  local rate = tonumber(ARGV[2 * i + 1])
  local held = redis.call('HMGET', key, 'tokens', 'last')
  local have = burst
  if held[1] then
    have = math.min(burst, tonumber(held[1]) + math.max(0, now - tonumber(held[2])) * rate)
  end
  tokens[i] = have
  if have < 1 then wait = math.max(wait, (1 - have) / rate) end
end
if ARGV[1] == '1' and wait == 0 then
  for i, key in ipairs(KEYS) do
    local burst = tonumber(ARGV[2 * i])
    local rate = tonumber(ARGV[2 * i + 1])
    redis.call('HSET', key, 'tokens', tostring(tokens[i] - 1), 'last', tostring(now))
    redis.call('PEXPIRE', key, math.ceil((burst / rate + 1) * 1000))
  end
end
return tostring(wait)
"""

# KEYS[1]: the address's hash; ARGV: this node, the cap (0: none), the liveness prefix.
ACQUIRE = """
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  local node = fields[i]
  if node == ARGV[1] or redis.call('EXISTS', ARGV[3] .. node) == 1 then
    total = total + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], node)
  end
end
local cap = tonumber(ARGV[2])
if cap > 0 and total >= cap then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('EXPIRE', KEYS[1], 86400)
return 1
"""
RELEASE = """
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
end
return 1
"""


def alive_key(node: str) -> str:
    return f"{PREFIX}:alive:{node}"


class RedisLimiter(Limiter):
    """The house's limits, counted in Redis for every process (the in-memory buckets of
    the base class are not used by the awaited interface)."""

    def __init__(
        self, redis: Redis, rates: Mapping[str, Rate | None] | None = None, namespace: str = PREFIX
    ) -> None:
        super().__init__(rates=rates)
        self.namespace = namespace
        self._buckets_script = redis.register_script(BUCKETS)

    async def take(self, kind: str, key: str) -> float:
        return await self._run([(kind, key)], take=True)

    async def retry_in(self, kind: str, key: str) -> float:
        return await self._run([(kind, key)], take=False)

    async def enforce(self, checks: list[tuple[str, str]], what: str = "requests") -> None:
        wait = await self._run(checks, take=True)
        if wait > 0.0:
            raise too_many(what, wait)

    async def _run(self, checks: list[tuple[str, str]], take: bool) -> float:
        keys: list[str] = []
        args: list[str] = ["1" if take else "0"]
        for kind, key in checks:
            rate = self.rates[kind]
            if rate is None:
                continue  # --rate KIND=off
            keys.append(f"{self.namespace}:rl:{kind}:{key}")
            args += [str(rate.burst), repr(rate.per_second)]
        if not keys:
            return 0.0
        answer = await self._buckets_script(keys=keys, args=args)
        return float(answer.decode() if isinstance(answer, bytes) else answer)


class RedisOpenCount(OpenCount):
    """WebSocket connections per address, over every process of the house."""

    def __init__(self, redis: Redis, node: str, cap: int, namespace: str = PREFIX) -> None:
        super().__init__(cap)
        self.node = node
        self.namespace = namespace
        self._acquire = redis.register_script(ACQUIRE)
        self._release = redis.register_script(RELEASE)

    async def acquire(self, key: str) -> bool:
        args: list[str | int] = [self.node, self.cap, alive_key("")]
        return bool(await self._acquire(keys=[self._key(key)], args=args))

    async def release(self, key: str) -> None:
        await self._release(keys=[self._key(key)], args=[self.node])

    def _key(self, address: str) -> str:
        return f"{self.namespace}:sock:{address}"

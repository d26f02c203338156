"""Rate limits: token buckets, in memory (one process owns its tables).

``Limiter`` keeps a bucket per (kind, key) for the whole house (sign-in per address and
user name, chat per person, table creation per address and per person, refused WebSocket
messages per address); a WebSocket connection also keeps its own ``Bucket`` per kind
(refusals, chat), so one connection cannot flood its table however the person is keyed.
``check`` raises ``ApiError(429)`` with Retry-After; ``wait`` answers the seconds to wait
(0: allowed, and counted) for the WebSocket side, which answers ``rate_limited`` with
``retry``. ``cardtable serve --rate KIND=BURST:PER_SECOND`` (or ``KIND=off``) changes a
kind's rate (a load test raises them); docs/server.md lists the kinds."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from cardtable.server.errors import RATE_LIMITED, ApiError

__all__ = ["RATES", "RATE_LIMITED", "Bucket", "Limiter", "OpenCount", "Rate", "parse_rate"]


@dataclass(frozen=True)
class Rate:
    burst: int  # how many at once
    per_second: float  # refill


# The house's limits. Refused messages per connection (a flood of bad, stale or illegal
# acts): far above any person; bots do not go through them. Chat: five lines at once, then
# one every two seconds.
RATES = {
    "refused": Rate(20, 10.0),
    # Per address, across connections: reconnecting must not refill the allowance (one
    # client reconnecting made 5,400 refused messages a second). Three connections' worth
    # at once, then 20 a second: people behind one NAT address rarely see a refusal.
    "refused_address": Rate(60, 20.0),
    "chat": Rate(5, 0.5),
    # Sign-in tries: per address and user name together (5, then one every 12 s); per
    # address over every name (a NAT holds many people); per user name from everywhere,
    # loose enough that one address cannot use it up (identity.check_sign_in_rate).
    "signin": Rate(5, 1 / 12),
    "signin-address": Rate(20, 1 / 3),
    "signin-user": Rate(50, 1 / 6),
    "register": Rate(3, 1 / 60),
    # New tables: each one holds memory and a task until it ends or is let go (clients
    # without a cookie created 273 a second). Per address (a school behind one NAT: sixty
    # at once, then one a second) and per person (a signed-in or guest cookie: twenty at
    # once, then one every five seconds); both must allow it.
    "create_address": Rate(60, 1.0),
    "create_person": Rate(20, 0.2),
    "leave": Rate(10, 0.5),  # per address: a person leaves a game now and then
    # Reviews started, per address (each costs up to seconds of the bot workers' CPU):
    # five at once, then one a minute.
    "review": Rate(5, 1 / 60),
}


def parse_rate(text: str) -> tuple[str, Rate | None]:
    """``KIND=BURST:PER_SECOND`` (or ``KIND=off``: no limit), as ``cardtable serve --rate``
    takes it; ``ValueError`` names the problem."""
    kind, _, value = text.partition("=")
    if kind not in RATES:
        raise ValueError(f"unknown rate {kind!r}; the rates are: {', '.join(RATES)}")
    if value == "off":
        return kind, None
    burst, _, per_second = value.partition(":")
    try:
        rate = Rate(int(burst), float(per_second))
    except ValueError:
        raise ValueError(f"{text!r}: write KIND=BURST:PER_SECOND, e.g. {kind}=60:1") from None
    if rate.burst < 1 or not 0 < rate.per_second < math.inf:
        raise ValueError(f"{text!r}: the burst is at least 1 and the rate above 0")
    return kind, rate


class Bucket:
    """One token bucket: ``rate.burst`` tokens, refilled at ``rate.per_second``."""

    __slots__ = ("last", "rate", "tokens")

    def __init__(self, rate: Rate, now: float) -> None:
        self.rate = rate
        self.tokens = float(rate.burst)
        self.last = now

    def wait(self, now: float) -> float:
        """Take a token and answer 0, or answer the seconds until one is there (and take
        nothing: a refused request costs nothing more)."""
        self.tokens = min(
            float(self.rate.burst), self.tokens + (now - self.last) * self.rate.per_second
        )
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate.per_second

    def ready(self, now: float) -> float:
        """The seconds until a token is there (0: now), taking nothing."""
        tokens = min(float(self.rate.burst), self.tokens + (now - self.last) * self.rate.per_second)
        return 0.0 if tokens >= 1 else (1 - tokens) / self.rate.per_second


class Limiter:
    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        rates: Mapping[str, Rate | None] | None = None,
    ) -> None:
        self._clock = clock
        # None: that kind is not limited (``--rate KIND=off``).
        self.rates: dict[str, Rate | None] = {**RATES, **(rates or {})}
        self._buckets: dict[tuple[str, str], Bucket] = {}

    def wait(self, kind: str, key: str) -> float:
        """0 if ``key`` may do ``kind`` now (counted), else the seconds to wait."""
        bucket = self._bucket(kind, key)
        return 0.0 if bucket is None else bucket.wait(self._clock())

    def ready(self, kind: str, key: str) -> float:
        """The seconds until ``key`` may do ``kind`` (0: now), counting nothing."""
        bucket = self._bucket(kind, key)
        return 0.0 if bucket is None else bucket.ready(self._clock())

    def _bucket(self, kind: str, key: str) -> Bucket | None:
        rate = self.rates[kind]
        if rate is None:
            return None
        bucket = self._buckets.get((kind, key))
        if bucket is None:
            if len(self._buckets) > 100_000:  # forget the oldest half rather than grow forever
                for old in list(self._buckets)[:50_000]:
                    del self._buckets[old]
            bucket = self._buckets[(kind, key)] = Bucket(rate, self._clock())
        return bucket

    # -- the interface the server awaits (shared.RedisLimiter counts across processes) ---
    async def take(self, kind: str, key: str) -> float:
        """``wait``, awaited: 0 if allowed now (counted), else the seconds to wait."""
        return self.wait(kind, key)

    async def retry_in(self, kind: str, key: str) -> float:
        """``ready``, awaited: the seconds until allowed (0: now), counting nothing."""
        return self.ready(kind, key)

    async def enforce(self, checks: list[tuple[str, str]], what: str = "requests") -> None:
        """``check_all``, awaited."""
        self.check_all(checks, what)

    def allow(self, kind: str, key: str) -> bool:
        return self.wait(kind, key) == 0.0

    def check(self, kind: str, key: str, what: str = "requests") -> None:
        self.check_all([(kind, key)], what)

    def check_all(self, checks: list[tuple[str, str]], what: str = "requests") -> None:
        """Every (kind, key) must allow it; a refusal by one takes nothing from the others
        (so a refused request costs nothing)."""
        waits = [self.ready(kind, key) for kind, key in checks]
        if max(waits, default=0.0) > 0.0:
            raise too_many(what, max(waits))
        for kind, key in checks:
            self.wait(kind, key)


def too_many(what: str, wait: float) -> ApiError:
    seconds = max(1, math.ceil(wait))
    return ApiError(
        429,
        RATE_LIMITED,
        f"Too many {what} too fast: wait {seconds} s and try again",
        retry_after=seconds,
    )


class OpenCount:
    """How many of something each key holds open at once (WebSocket connections per
    address), against a cap (0: none). ``take`` counts one in and answers True, or answers
    False and counts nothing; every ``take`` that answered True is matched by one
    ``give_back``."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._open: dict[str, int] = {}

    def take(self, key: str) -> bool:
        held = self._open.get(key, 0)
        if self.cap and held >= self.cap:
            return False
        self._open[key] = held + 1
        return True

    def give_back(self, key: str) -> None:
        held = self._open.get(key, 0) - 1
        if held > 0:
            self._open[key] = held
        else:
            self._open.pop(key, None)  # an address that left holds no memory

    def held(self, key: str) -> int:
        return self._open.get(key, 0)

    # -- the interface the server awaits (shared.RedisOpenCount counts across processes)
    async def acquire(self, key: str) -> bool:
        return self.take(key)

    async def release(self, key: str) -> None:
        self.give_back(key)

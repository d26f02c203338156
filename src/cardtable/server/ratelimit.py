"""Rate limits: token buckets, in memory (one process owns its tables).

``Limiter`` keeps a bucket per (kind, key) for the whole house (sign-in per address and
user name, chat per person); a WebSocket connection also keeps its own ``Bucket`` per kind
(refusals, chat), so one connection cannot flood its table however the person is keyed.
``check`` raises ``ApiError(429)``; ``wait`` answers the seconds to wait (0: allowed, and
counted) for the WebSocket side, which answers ``rate_limited`` with ``retry``."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from cardtable.server.errors import ApiError

RATE_LIMITED = "rate_limited"


@dataclass(frozen=True)
class Rate:
    burst: int  # how many at once
    per_second: float  # refill


# The house's limits. Refused messages per connection (a flood of bad, stale or illegal
# acts): far above any person; bots do not go through them. Chat: five lines at once, then
# one every two seconds.
RATES = {
    "refused": Rate(20, 10.0),
    "chat": Rate(5, 0.5),
    # Sign-in tries: per address and user name together (5, then one every 12 s); per
    # address over every name (a NAT holds many people); per user name from everywhere,
    # loose enough that one address cannot use it up (identity.check_sign_in_rate).
    "signin": Rate(5, 1 / 12),
    "signin-address": Rate(20, 1 / 3),
    "signin-user": Rate(50, 1 / 6),
    "register": Rate(3, 1 / 60),
    "create": Rate(30, 1.0),
    "leave": Rate(10, 0.5),  # per address: a person leaves a game now and then
}


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
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._buckets: dict[tuple[str, str], Bucket] = {}

    def wait(self, kind: str, key: str) -> float:
        """0 if ``key`` may do ``kind`` now (counted), else the seconds to wait."""
        now = self._clock()
        bucket = self._buckets.get((kind, key))
        if bucket is None:
            if len(self._buckets) > 100_000:  # forget the oldest half rather than grow forever
                for old in list(self._buckets)[:50_000]:
                    del self._buckets[old]
            bucket = self._buckets[(kind, key)] = Bucket(RATES[kind], now)
        return bucket.wait(now)

    def allow(self, kind: str, key: str) -> bool:
        return self.wait(kind, key) == 0.0

    def check(self, kind: str, key: str) -> None:
        if not self.allow(kind, key):
            raise ApiError(429, RATE_LIMITED, "Too many requests: wait a little and try again")


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

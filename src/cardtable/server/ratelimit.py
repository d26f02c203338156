"""Rate limits: a token bucket per (kind, key), in memory (one process owns its tables).
``check`` raises ``ApiError(429)``; ``allow`` answers a bool for the WebSocket side."""

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


# The house's limits. Acts: far above any person (bots do not go through them).
RATES = {
    "act": Rate(20, 10.0),
    "chat": Rate(5, 0.5),
    "signin": Rate(5, 1 / 12),  # 5 tries, then one every 12 s
    "register": Rate(3, 1 / 60),
    "create": Rate(30, 1.0),
}


class Limiter:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}

    def allow(self, kind: str, key: str) -> bool:
        rate = RATES[kind]
        now = self._clock()
        tokens, last = self._buckets.get((kind, key), (float(rate.burst), now))
        tokens = min(float(rate.burst), tokens + (now - last) * rate.per_second)
        if tokens < 1:
            self._buckets[(kind, key)] = (tokens, now)
            return False
        self._buckets[(kind, key)] = (tokens - 1, now)
        if len(self._buckets) > 100_000:  # forget the oldest half rather than grow forever
            for old in list(self._buckets)[:50_000]:
                del self._buckets[old]
        return True

    def check(self, kind: str, key: str) -> None:
        if not self.allow(kind, key):
            raise ApiError(429, RATE_LIMITED, "Too many requests: wait a little and try again")

"""Clocks kept by the server (CV-22 for Caravan; the same rules for every game).

A table's ``clock`` setting is ``None`` (no clock: bots-only tables, the protocol tests),
``{"kind": "timed", "bank": S, "increment": S}`` (a bank per seat, plus an increment per
move) or ``{"kind": "untimed", "move": S}`` (a limit per move, 300 s by default). On every
clocked table:

- each seat's first move must come within ``FIRST_MOVE`` (60 s) of its first turn, or the
  game is cancelled (no result, never rated) — CV-22;
- a seat whose person has no connection for ``AWAY`` (60 s) while the game is on has left;
- a seat that runs out of time (bank, or the per-move limit) has timed out.

Timing out or leaving: in a two-seat game the seat loses (Caravan: the server resigns for
it, CV-21); with three seats or more a bot takes the seat over and the person finishes last
for ratings.

Time comes from a ``Clock``: ``RealClock`` in production, ``ManualClock`` in tests (moved
by ``POST /api/test/clock`` when the server runs with ``--test-clock``), so tests never
wait real minutes."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Protocol

from cardtable.server.errors import ApiError

BAD_CLOCK = "bad_clock"
FIRST_MOVE = 60.0
AWAY = 60.0
UNTIMED_MOVE = 300.0


class Clock(Protocol):
    def now(self) -> float: ...

    async def sleep_until(self, deadline: float) -> None: ...


class RealClock:
    def now(self) -> float:
        return time.monotonic()

    async def sleep_until(self, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))


class ManualClock:
    """Time that moves only when told (tests)."""

    def __init__(self) -> None:
        self._now = 1000.0
        self._waiters: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self._now

    async def sleep_until(self, deadline: float) -> None:
        if deadline <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append((deadline, future))
        await future

    def advance(self, seconds: float) -> None:
        self._now += seconds
        due = [(d, f) for d, f in self._waiters if d <= self._now]
        self._waiters = [(d, f) for d, f in self._waiters if d > self._now]
        for _, future in due:
            if not future.done():
                future.set_result(None)


def parse_clock(raw: Any) -> dict[str, Any] | None:
    """A checked clock setting (``ApiError`` 422 naming the problem)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ApiError(422, BAD_CLOCK, 'A clock is {"kind": "timed", ...} or {"kind": "untimed"}')
    kind = raw.get("kind")
    if kind == "timed":
        bank = _seconds(raw, "bank", 300, 10, 3 * 3600)
        increment = _seconds(raw, "increment", 5, 0, 600)
        return {"kind": "timed", "bank": bank, "increment": increment}
    if kind == "untimed":
        return {"kind": "untimed", "move": _seconds(raw, "move", UNTIMED_MOVE, 10, 24 * 3600)}
    raise ApiError(422, BAD_CLOCK, f'A clock\'s kind is "timed" or "untimed", not {kind!r}')


def _seconds(raw: dict[str, Any], key: str, default: float, low: float, high: float) -> float:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ApiError(422, BAD_CLOCK, f"The clock's {key} is seconds from {low} to {high}")
    return float(value)

"""Clocks kept by the server (CV-22 for Caravan; the same rules for every game).

A table's ``clock`` setting is ``None`` (no clock: bots-only tables, the protocol tests),
``{"kind": "timed", "bank": S, "increment": S}`` (a bank per seat, plus an increment per
move), ``{"kind": "untimed", "move": S}`` (a limit per move, 300 s by default) or, at a
turn-based table (``pace.py``), ``{"kind": "turn", "move": S}`` (hours or days a move).
On every realtime table:

- each seat's first move must come within ``FIRST_MOVE`` (60 s) of its first turn, or the
  game is cancelled (no result, never rated) — CV-22;
- a seat whose person has no connection for ``AWAY`` (60 s) while the game is on has left;
- a seat that runs out of time (bank, or the per-move limit) has timed out.

Timing out or leaving: in a two-seat game the seat loses (by the game's concession where
its rules have one, ``Game.concession``: Caravan's resign, CV-21); with three seats or
more a bot takes the seat over and the person finishes last for ratings.

A turn-based table keeps the same rules but for its pace: the first move is due within the
limit per move (not a minute), and nobody is ever "away" (friends come and go over days:
only the limit per move counts).

Time comes from a ``Clock``: ``RealClock`` in production, ``ManualClock`` in tests (moved
by ``POST /api/test/clock`` when the server runs with ``--test-clock``), so tests never
wait real minutes."""

from __future__ import annotations

import asyncio
import copy
import time
from typing import Any, Protocol

from cardtable.server.errors import ApiError

BAD_CLOCK = "bad_clock"
FIRST_MOVE = 60.0
AWAY = 60.0
UNTIMED_MOVE = 300.0
TURN = "turn"  # the clock kind of a turn-based table (pace.py makes it)


class Clock(Protocol):
    def now(self) -> float: ...

    # seconds since the epoch: for times other processes read (Redis), where one
    # process's monotonic clock means nothing
    def wall(self) -> float: ...

    async def sleep_until(self, deadline: float) -> None: ...


class RealClock:
    def now(self) -> float:
        return time.monotonic()

    def wall(self) -> float:
        return time.time()

    async def sleep_until(self, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))


class ManualClock:
    """Time that moves only when told (tests)."""

    def __init__(self) -> None:
        self._now = 1000.0
        self._epoch = time.time() - self._now  # wall() moves with now()
        self._waiters: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self._now

    def wall(self) -> float:
        return self._epoch + self._now

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


# What happens when a deadline passes.
CANCEL = "cancel"  # a first move never came: the game is cancelled
TIMEOUT = "timeout"  # a bank or a per-move limit ran out
WENT_AWAY = "away"  # no connection for AWAY seconds


class SeatClocks:
    """The running clocks of one table (pure bookkeeping; the live table asks it for the
    next deadline and tells it what happened). Only ``seats`` (people who still hold their
    seat) are timed; nothing runs until every one of them is seated (``start``)."""

    def __init__(self, setting: dict[str, Any], seats: list[int]) -> None:
        self.setting = setting
        self.seats = set(seats)
        self.timed = setting["kind"] == "timed"
        # Turn-based: no "away" and the first move has the whole limit (pace.py).
        self.turn_based: bool = setting["kind"] == TURN
        self.bank = {s: float(setting.get("bank", 0.0)) for s in seats}
        self.started = False
        self.moved: set[int] = set()
        self.running: dict[int, float] = {}  # seat -> when its current move began
        self.charged: dict[int, float] = {}  # seat -> bank charged up to this time
        self.away: dict[int, float] = {}  # seat -> disconnected since

    def copy(self) -> SeatClocks:
        """A copy to play the next action on (the setting is shared: never changed)."""
        other = copy.copy(self)
        for name in ("seats", "bank", "moved", "running", "charged", "away"):
            setattr(other, name, copy.copy(getattr(self, name)))
        return other

    def snapshot(self, now: float, wall: float) -> dict[str, Any]:
        """What survives a restart (stored with each action): every seat's bank as of
        ``now`` and who has moved. ``wall`` (Unix time) only says when it was taken; the
        time between the last commit and a restart is not charged to anyone (see
        ``restore``)."""
        banks = {str(s): round(self._left(s, now), 3) for s in sorted(self.bank)}
        return {"bank": banks, "moved": sorted(self.moved), "at": round(wall, 3)}

    def restore(self, saved: dict[str, Any]) -> None:
        """Banks and first moves from a snapshot. The moves in progress start afresh when
        the clocks start again: a restart is nobody's fault, so the time the server was
        down (and the thinking time since the last commit, which cannot be told apart
        from it) is given back rather than charged to the running seat."""
        for key, value in dict(saved.get("bank") or {}).items():
            if key.isdigit() and int(key) in self.bank and isinstance(value, int | float):
                self.bank[int(key)] = max(0.0, float(value))
        self.moved |= {s for s in saved.get("moved") or [] if isinstance(s, int)}

    def _left(self, seat: int, now: float) -> float:
        spent = now - self.charged[seat] if self.timed and seat in self.charged else 0.0
        return max(0.0, self.bank[seat] - spent)

    def start(self, now: float, to_act: list[int], connected: set[int]) -> None:
        self.started = True
        self.running, self.charged = {}, {}
        self.turn(now, None, to_act)
        if not self.turn_based:
            self.away = {s: now for s in self.seats if s not in connected}

    def turn(self, now: float, mover: int | None, to_act: list[int]) -> None:
        """A new version: ``mover`` acted (None: the server did); ``to_act`` may act now."""
        if not self.started:
            return
        for seat in list(self.running):
            self._charge(seat, now)
        if mover is not None and mover in self.seats:
            self.moved.add(mover)
            if self.timed and mover in self.running:
                self.bank[mover] += float(self.setting["increment"])
            self.running.pop(mover, None)
        wanted = [s for s in to_act if s in self.seats]
        self.running = {s: self.running.get(s, now) for s in wanted}
        self.charged = {s: now for s in wanted}

    def _charge(self, seat: int, now: float) -> None:
        if self.timed and seat in self.charged:
            self.bank[seat] -= now - self.charged[seat]
            self.charged[seat] = now

    def drop(self, seat: int) -> None:
        """The seat is no longer a person's (a bot took it over)."""
        self.seats.discard(seat)
        self.running.pop(seat, None)
        self.charged.pop(seat, None)
        self.away.pop(seat, None)

    def connected(self, seat: int, now: float, present: bool) -> None:
        if seat not in self.seats:
            return
        if present:
            self.away.pop(seat, None)
        elif self.started and not self.turn_based:
            self.away.setdefault(seat, now)

    def deadlines(self) -> list[tuple[float, str, int]]:
        """(when, what, seat) for every seat that has one, soonest first."""
        if not self.started:
            return []
        out: list[tuple[float, str, int]] = []
        for seat, began in self.running.items():
            if seat not in self.moved:
                first = float(self.setting["move"]) if self.turn_based else FIRST_MOVE
                out.append((began + first, CANCEL, seat))
            if self.timed:
                out.append((self.charged[seat] + self.bank[seat], TIMEOUT, seat))
            else:
                out.append((began + float(self.setting["move"]), TIMEOUT, seat))
        out.extend((since + AWAY, WENT_AWAY, seat) for seat, since in self.away.items())
        return sorted(out)

    def view(self, now: float) -> dict[str, Any]:
        """The state message's ``clock``: remaining time per seat (timed), who is running,
        and each running seat's deadline for this move, in seconds from now."""
        remaining: dict[str, float] | None = None
        if self.timed:
            remaining = {str(seat): round(self._left(seat, now), 3) for seat in self.bank}
        move: dict[str, float] = {}
        for when, what, seat in self.deadlines():
            if what != WENT_AWAY and str(seat) not in move:
                move[str(seat)] = round(max(0.0, when - now), 3)
        away = {str(s): round(max(0.0, t + AWAY - now), 3) for s, t in self.away.items()}
        return {
            **self.setting,
            "started": self.started,
            "remaining": remaining,
            "running": sorted(self.running),
            "deadline": move,
            "away": away,
        }

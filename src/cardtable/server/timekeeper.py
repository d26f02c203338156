"""A clocked table's clock keeper: it runs the seats' clocks (``clocks.SeatClocks``) beside
the table's writer, and turns a passed deadline into a system act submitted to the writer
like any move, so the writer alone decides what the deadline changes (it may have been
beaten by a move). It follows the writer's changes to turn the clocks; the writer asks it,
through ``Timing``, for the clocks to store with a move and whether a deadline still
holds."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from cardtable.server.clocks import Clock, SeatClocks
from cardtable.server.errors import ProtocolError
from cardtable.server.writer import Change, TableWriter
from cardtable.store import HUMAN


class TimeKeeper:
    def __init__(self, writer: TableWriter, clock: Clock, timer: SeatClocks) -> None:
        self.timer = timer
        self._writer = writer
        self._clock = clock
        self._tick = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        writer.timing = self
        writer.subscribe(self._changed)

    @classmethod
    def of(cls, writer: TableWriter, clock: Clock) -> TimeKeeper | None:
        """The keeper of a clocked table (None: it has no clock). A resumed table's banks
        and first moves carry on."""
        record = writer.record
        if not record.clock:
            return None
        people = [s.seat for s in record.seats if s.kind == HUMAN]
        timer = SeatClocks(record.clock, people)
        timer.moved = set(writer.moved)
        if record.clock_state:
            timer.restore(record.clock_state)
        return cls(writer, clock, timer)

    def start(self) -> None:
        if self._writer.over:
            return
        self._task = asyncio.create_task(self._keep_time(), name=f"clock {self._writer.id}")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def view(self) -> dict[str, Any]:
        return self.timer.view(self._clock.now())

    # -- what the table tells it ---------------------------------------------------------
    def maybe_start(self, present: set[int]) -> bool:
        """Start the clocks once every person's seat is taken; whether they started now."""
        writer = self._writer
        if self.timer.started or writer.over:
            return False
        if not writer.full:
            return False
        self.timer.start(self._clock.now(), list(writer.state.to_act), present)
        self._tick.set()
        return True

    def connected(self, seat: int, present: bool) -> bool:
        """A seat's person came back (``present``) or lost their last connection; whether
        the clocks changed (everyone should see it)."""
        if present and seat not in self.timer.away:
            return False
        if self.timer.turn_based:
            return False  # a turn-based seat is never away: nothing to show
        if not present and self._writer.over:
            return False
        self.timer.connected(seat, self._clock.now(), present)
        self._tick.set()
        return True

    def _changed(self, change: Change) -> None:
        if change.forfeited is not None:
            self.timer.drop(change.forfeited)
        if change.seat is not None:
            self.timer.turn(change.at, change.seat, list(self._writer.state.to_act))
        self._tick.set()

    # -- what the writer asks (``writer.Timing``) ----------------------------------------
    def after(self, now: float, seat: int, to_act: list[int]) -> dict[str, Any]:
        after = self.timer.copy()
        after.turn(now, seat, to_act)
        return after.snapshot(now, time.time())

    @property
    def turn_based(self) -> bool:
        return self.timer.turn_based

    def due(self, seat: int, why: str) -> bool:
        now = self._clock.now()
        return any(w == why and s == seat and t <= now for t, w, s in self.timer.deadlines())

    # -- the task ------------------------------------------------------------------------
    async def _keep_time(self) -> None:
        """Wait for the soonest deadline (or a change); a passed deadline is acted on
        through the writer's queue, like any move."""
        timer, writer = self.timer, self._writer
        while not writer.over:
            self._tick.clear()
            deadlines = timer.deadlines()
            waits: list[asyncio.Future[Any]] = [asyncio.ensure_future(self._tick.wait())]
            if deadlines:
                waits.append(asyncio.ensure_future(self._clock.sleep_until(deadlines[0][0])))
            try:
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for wait in waits:
                    wait.cancel()
            now = self._clock.now()
            due = [d for d in timer.deadlines() if d[0] <= now]
            if due:
                _, what, seat = due[0]
                with contextlib.suppress(ProtocolError):
                    await writer.submit(seat, writer.version, None, system=what)

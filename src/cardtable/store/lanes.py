"""The store's threads, fed by two lanes: appends (the write of every move, on the path of
every act) ahead of every other call (creates, claims, reads, accounts), fairly.

Why: with one FIFO queue a move's commit (0.5-5 ms) waited 50-190 ms behind the creates
and claims queued before it on SQLite's one store thread (issue 20, docs/scaling.md).

The rules, in the order a free thread applies them:
- **One append group at a time.** Every append waiting when a thread takes the lane goes
  in one group (one transaction: a group commit); appends made meanwhile wait for the next.
- **Appends first, bounded.** While other calls wait, at most ``burst`` append groups run
  in a row; then the oldest other call goes. A flood of moves cannot starve a create, and
  a flood of creates delays a move by one call at most (the one a thread is running).
- **One table's calls in the order they were made.** A call names the table it writes
  (``table``); it runs only once every earlier call naming that table has finished. So a
  table's create is stored before its first append even if the append was made before the
  create's commit; appends of other tables pass both.
Calls naming no table (reads, accounts) keep their order among themselves only."""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
P = TypeVar("P")

BURST = 4
"""Append groups that may run in a row while another call waits: each is 0.4-2.3 ms on
SQLite under load, so a create waits at most ~10 ms for moves."""


class _Call:
    __slots__ = ("fn", "future", "table")

    def __init__(self, fn: Callable[[], Any], table: str | None) -> None:
        self.fn = fn
        self.table = table
        self.future: Future[Any] = Future()


class _Append(Generic[P]):
    __slots__ = ("payload", "table")

    def __init__(self, table: str, payload: P) -> None:
        self.table = table
        self.payload = payload


class Lanes(Generic[P]):
    """``workers`` threads running ``submit``-ted calls and, through ``write``, groups of
    ``append``-ed payloads. ``write`` gets each group in a store thread and must settle
    its payloads itself (it should not raise: an exception is logged and the group is
    treated as done)."""

    def __init__(
        self,
        workers: int,
        write: Callable[[list[P]], None],
        *,
        burst: int = BURST,
        name: str = "store",
    ) -> None:
        if workers < 1 or burst < 1:
            raise ValueError(f"Lanes need workers >= 1 and burst >= 1, not {workers}, {burst}")
        self._write = write
        self._burst = burst
        self._ready = threading.Condition()
        self._appends: list[_Append[P]] = []
        self._others: deque[_Call] = deque()
        # Per table, its calls and appends not yet finished, in the order they were made:
        # only the first may run.
        self._tables: dict[str, deque[object]] = {}
        self._writing = False
        self._streak = 0  # append groups taken in a row while another call waited
        self._closed = False
        self._threads = [
            threading.Thread(target=self._work, name=f"{name}_{i}", daemon=True)
            for i in range(workers)
        ]
        for thread in self._threads:
            thread.start()

    # -- the event loop's side -------------------------------------------------------------
    def submit(self, fn: Callable[[], T], table: str | None = None) -> Future[T]:
        """Run ``fn`` in a store thread; ``table``: the table it writes, if any."""
        call = _Call(fn, table)
        with self._ready:
            self._open()
            self._others.append(call)
            self._track(table, call)
            self._ready.notify()
        return call.future

    def append(self, table: str, payload: P) -> None:
        """Queue ``payload`` for the next group ``write`` gets."""
        entry = _Append(table, payload)
        with self._ready:
            self._open()
            self._appends.append(entry)
            self._track(table, entry)
            self._ready.notify()

    def close(self) -> None:
        """Run what is queued, then stop the threads."""
        with self._ready:
            self._closed = True
            self._ready.notify_all()
        for thread in self._threads:
            thread.join()

    def _open(self) -> None:
        if self._closed:
            raise RuntimeError("The store is closed")

    def _track(self, table: str | None, item: object) -> None:
        if table is not None:
            self._tables.setdefault(table, deque()).append(item)

    # -- the store threads' side ------------------------------------------------------
    def _work(self) -> None:
        while True:
            with self._ready:
                job = self._next()
                while job is None:
                    if self._closed and not self._appends and not self._others:
                        return
                    self._ready.wait()
                    job = self._next()
            job()

    def _first(self, table: str | None, item: object) -> bool:
        return table is None or self._tables[table][0] is item

    def _next(self) -> Callable[[], None] | None:
        """The next job by the rules above (the lock is held)."""
        other = next((i for i, c in enumerate(self._others) if self._first(c.table, c)), None)
        if self._appends and not self._writing and (other is None or self._streak < self._burst):
            group = [a for a in self._appends if self._first(a.table, a)]
            if group:
                taken = {id(a) for a in group}
                self._appends = [a for a in self._appends if id(a) not in taken]
                self._writing = True
                self._streak = self._streak + 1 if other is not None else 0
                return lambda: self._run_group(group)
        if other is None:
            return None
        call = self._others[other]
        del self._others[other]
        self._streak = 0
        return lambda: self._run_call(call)

    def _run_group(self, group: list[_Append[P]]) -> None:
        try:
            self._write([a.payload for a in group])
        except Exception:
            log.exception("store: a group of %d appends failed to settle", len(group))
        with self._ready:
            self._writing = False
            for entry in group:
                self._finish(entry.table, entry)
            self._ready.notify_all()

    def _run_call(self, call: _Call) -> None:
        if call.future.set_running_or_notify_cancel():  # False: cancelled while queued
            try:
                call.future.set_result(call.fn())
            except BaseException as error:  # the caller gets it; the thread goes on
                call.future.set_exception(error)
        with self._ready:
            if call.table is not None:
                self._finish(call.table, call)
            self._ready.notify_all()

    def _finish(self, table: str, item: object) -> None:
        waiting = self._tables[table]
        waiting.popleft()  # only the first of a table runs, so it is this one
        if not waiting:
            del self._tables[table]

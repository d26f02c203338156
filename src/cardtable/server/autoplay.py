"""Where bots think, after a short human-like pause: never on the event loop.

With ``processes`` > 0 (the default: one per core) bots run in a pool of worker processes
(``botpool.think``), so a search bot's CPU work cannot starve the event loop through the
GIL. With ``processes`` = 0 they run in a thread pool, each seat with its own bot object
(cheaper for trivial bots, and what a debugger likes).

Tables share the workers fairly: each table has its own queue of bot moves, served
round-robin, with at most one of its moves in the workers at a time. A table of slow search
bots then holds one worker at most, and every other table's next move waits for at most
one move of each table ahead of it in the ring, not for all of its searches."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial
from typing import Any

from cardtable.bots import Bot
from cardtable.core import Game
from cardtable.server import botpool

log = logging.getLogger("cardtable.server")

# Bot moves waiting for a worker, all tables together. Past it a bot plays a random legal
# move at once (and the log says so) rather than make its table wait behind thousands.
MAX_WAITING = 2000
# A waiting move older than this makes /healthz say "degraded": with moves capped at
# botpool.CAPS.seconds, a move waits this long only when the workers cannot keep up.
DEGRADED_AFTER = 15.0


@dataclass
class Job:
    table: str
    call: Callable[[], Any]
    done: asyncio.Future[Any]
    queued: float  # when it started waiting, on the workers' clock


@dataclass(frozen=True)
class QueueReport:
    """What /healthz says about the bots: moves waiting for a worker, the age of the
    oldest (seconds; 0 with none waiting) and moves being thought."""

    waiting: int
    oldest: float
    running: int

    @property
    def degraded(self) -> bool:
        return self.oldest > DEGRADED_AFTER

    def to_json(self) -> dict[str, Any]:
        return {
            "waiting": self.waiting,
            "oldest_wait_seconds": round(self.oldest, 3),
            "running": self.running,
            "degraded": self.degraded,
        }


class BotWorkers:
    def __init__(
        self,
        delay: float,
        threads: int,
        processes: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.delay = delay
        self._clock = clock  # for the waiting moves' age (a test passes its own)
        self.processes = processes
        self._threads = ThreadPoolExecutor(threads, thread_name_prefix="bot")
        self._pool: ProcessPoolExecutor | None = None
        self._slots = processes or threads
        # Tables with moves waiting, in round-robin order (a served table goes to the back).
        self._waiting: dict[str, deque[Job]] = {}
        self._busy: set[str] = set()  # tables with a move in the workers
        self._closed = False

    async def pause(self) -> None:
        if self.delay > 0:
            # A little irregular, as a person would be.
            await asyncio.sleep(self.delay * random.uniform(0.75, 1.25))

    async def think(
        self,
        game: Game[Any],
        name: str,
        bot: Bot,
        view: dict[str, Any],
        legal: Sequence[Any],
        rng: random.Random,
        table: str = "",
    ) -> Any:
        """The action ``bot`` (called ``name``) chooses for ``view`` among ``legal``, in
        ``table``'s turn among the tables."""
        if sum(len(q) for q in self._waiting.values()) >= MAX_WAITING:
            log.warning(
                "table %s: %d bot moves waiting; this one plays at random", table, MAX_WAITING
            )
            return legal[rng.randrange(len(legal))]
        if not self.processes:
            call: Callable[[], Any] = partial(bot.act, view, legal, rng)
        else:
            call = partial(
                botpool.think,
                game.name,
                tuple(sorted(game.options.items())),
                name,
                view,
                [game.action_to_json(a) for a in legal],
                rng.getrandbits(64),
            )
        done = asyncio.get_running_loop().create_future()
        choice = await self._queue(Job(table, call, done, self._clock()))
        if not self.processes or choice is None:
            return choice
        return game.action_from_json(choice)

    async def run(self, key: str, call: Callable[[], Any]) -> Any:
        """Other CPU work for the workers (a review's decision: ``server/reviews.py``),
        queued under ``key`` in the same ring as the tables' moves, so it takes turns with
        them instead of holding a worker for long. ``call`` must be picklable."""
        done = asyncio.get_running_loop().create_future()
        return await self._queue(Job(key, call, done, self._clock()))

    async def _queue(self, job: Job) -> Any:
        self._waiting.setdefault(job.table, deque()).append(job)
        self._dispatch()
        try:
            return await job.done
        except asyncio.CancelledError:
            self._forget(job)  # its table closed: the move is not wanted any more
            raise

    def _forget(self, job: Job) -> None:
        queue = self._waiting.get(job.table)
        if queue is not None and job in queue:
            queue.remove(job)
            if not queue:
                del self._waiting[job.table]

    def _dispatch(self) -> None:
        """Hand waiting moves to free workers, one table at a time in ring order."""
        while not self._closed and len(self._busy) < self._slots:
            job = self._next()
            if job is None:
                return
            self._busy.add(job.table)
            executor = self._executor()
            # Submitting may start a worker process (the pool starts them as moves come).
            with botpool.group_signals_held():
                running = asyncio.get_running_loop().run_in_executor(executor, job.call)
            running.add_done_callback(partial(self._finished, job, executor))

    def _next(self) -> Job | None:
        for table in self._waiting:
            if table in self._busy:
                continue
            queue = self._waiting.pop(table)
            job = queue.popleft()
            if queue:
                self._waiting[table] = queue  # the back of the ring
            return job
        return None

    def _finished(self, job: Job, executor: Executor, running: asyncio.Future[Any]) -> None:
        self._busy.discard(job.table)
        if job.table in self._waiting:
            # Moves it queued while busy wait behind the tables that waited meanwhile.
            self._waiting[job.table] = self._waiting.pop(job.table)
        error = None if running.cancelled() else running.exception()
        if isinstance(error, BrokenProcessPool) and executor is self._pool and not self._closed:
            # A worker died (killed, out of memory): start a fresh pool for the next move.
            log.error("the bot worker pool broke; starting a new one")
            self._pool = None
        if not job.done.done():
            if running.cancelled():
                job.done.cancel()
            elif error is not None:
                job.done.set_exception(error)
            else:
                job.done.set_result(running.result())
        self._dispatch()

    def _executor(self) -> Executor:
        if not self.processes:
            return self._threads
        if self._pool is None:
            # "spawn": forking a process that runs an event loop and threads is unsafe.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=context,
                initializer=botpool.start_worker,
                initargs=(os.getpid(),),
            )
        return self._pool

    def report(self) -> QueueReport:
        jobs = [job for queue in self._waiting.values() for job in queue]
        oldest = self._clock() - min(job.queued for job in jobs) if jobs else 0.0
        return QueueReport(len(jobs), oldest, len(self._busy))

    def close(self) -> None:
        """Stop at once, whatever the bots are doing: waiting moves are dropped and the
        workers are killed mid-search (their tables resume from the store next start)."""
        self._closed = True
        self._threads.shutdown(wait=False, cancel_futures=True)
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # Workers ignore SIGTERM (botpool.start_worker): SIGKILL, then reap them.
        workers = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.kill()
        for worker in workers:
            worker.join(5)

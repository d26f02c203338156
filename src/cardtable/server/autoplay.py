"""Where bots think, after a short human-like pause: never on the event loop.

With ``processes`` > 0 (the default: one per core) bots run in a pool of worker processes
(``botpool.think``), so a search bot's CPU work cannot starve the event loop through the
GIL. With ``processes`` = 0 they run in a thread pool, each seat with its own bot object
(cheaper for trivial bots, and what a debugger likes)."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any

from cardtable.bots import Bot
from cardtable.core import Game
from cardtable.server import botpool

log = logging.getLogger("cardtable.server")


class BotWorkers:
    def __init__(self, delay: float, threads: int, processes: int) -> None:
        self.delay = delay
        self.processes = processes
        self._threads = ThreadPoolExecutor(threads, thread_name_prefix="bot")
        self._pool: Executor | None = None

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
    ) -> Any:
        """The action ``bot`` (called ``name``) chooses for ``view`` among ``legal``."""
        loop = asyncio.get_running_loop()
        if not self.processes:
            return await loop.run_in_executor(self._threads, bot.act, view, legal, rng)
        call = partial(
            botpool.think,
            game.name,
            tuple(sorted(game.options.items())),
            name,
            view,
            [game.action_to_json(a) for a in legal],
            rng.getrandbits(64),
        )
        try:
            choice = await loop.run_in_executor(self._process_pool(), call)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool for the next move.
            log.error("the bot worker pool broke; starting a new one")
            self._pool = None
            raise
        return None if choice is None else game.action_from_json(choice)

    def _process_pool(self) -> Executor:
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

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._pool is not None:
            # Waits for the moves being thought (a search is bounded by its time per move)
            # so that no worker outlives the server.
            self._pool.shutdown(wait=True, cancel_futures=True)

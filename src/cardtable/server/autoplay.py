"""Where bots think: a pool of worker threads, after a short human-like pause. A bot call
is plain synchronous code (``bot.act(view, legal, rng)``); running it here keeps the event
loop free for every other table."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cardtable.bots import Bot


class BotWorkers:
    def __init__(self, delay: float, workers: int) -> None:
        self.delay = delay
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="bot")

    async def pause(self) -> None:
        if self.delay > 0:
            await asyncio.sleep(self.delay)

    async def think(
        self, bot: Bot, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random
    ) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, bot.act, view, legal, rng)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

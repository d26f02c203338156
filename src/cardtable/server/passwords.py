"""Password hashing (argon2) off the store's thread, with bounded work.

argon2 costs about 200 ms of CPU per hash, on purpose. Run on the store's thread (the one
SQLite writer, which also commits every move) forty sign-ins stalled every table in the
house for seconds. It runs here instead: a few threads of its own (argon2-cffi lets go of
the GIL while it hashes) and a bounded number of requests waiting for them. Past that
bound a sign-in or registration is refused at once with 503 ``busy`` rather than
queueing without end: a flood of sign-ins slows sign-ins, never play."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from cardtable.server.errors import ApiError

T = TypeVar("T")

BUSY = "busy"
# Two hashes at once leave the rest of a small machine to the tables; 32 waiting is ~3 s
# of work at 200 ms each: a person signing in during a flood waits that long at most.
RUNNING = 2
WAITING = 32


class Passwords:
    """Hash and verify passwords in a bounded pool: ``running`` at once, ``waiting`` more
    queued; beyond that ``ApiError(503, busy)``."""

    def __init__(self, running: int = RUNNING, waiting: int = WAITING) -> None:
        self._hasher = PasswordHasher()
        self._pool = ThreadPoolExecutor(running, thread_name_prefix="passwords")
        self._limit = running + waiting
        self._taken = 0  # requests running or waiting (the event loop's own count)

    async def _run(self, fn: Callable[[], T]) -> T:
        if self._taken >= self._limit:
            raise ApiError(503, BUSY, "Too many sign-ins at once: try again in a few seconds")
        self._taken += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, fn)
        finally:
            self._taken -= 1

    async def hash(self, password: str) -> str:
        return await self._run(partial(self._hasher.hash, password))

    async def verify(self, hashed: str, password: str) -> bool:
        """Whether ``password`` is the one ``hashed`` was made from."""
        return await self._run(partial(self._verify, hashed, password))

    def _verify(self, hashed: str, password: str) -> bool:
        try:
            return self._hasher.verify(hashed, password)
        except (VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, hashed: str) -> bool:
        return self._hasher.check_needs_rehash(hashed)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

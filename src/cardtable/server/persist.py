"""The store, called from the event loop: every call runs in the store's own worker
threads so a commit never blocks the loop. SQLite gets one writer thread (it takes one
writer at a time anyway); PostgreSQL a few.

Appends are group-committed: while one group of actions is being written, the actions of
other tables queue up and go together in the next transaction. Each table still waits for
its own action's commit before publishing it; under load a commit serves many tables.
They have a lane of their own ahead of the other calls (``store/lanes.py``): a move does
not wait behind the creates and claims made before it. Calls that write one table name
it, so a table's calls and appends still run in the order they were made."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from typing import Any, TypeVar, cast

from cardtable.store import Append, Store, TableRecord
from cardtable.store.lanes import Lanes
from cardtable.store.online import (
    ChatRecord,
    OnlineSql,
    PlayedRecord,
    RatingChange,
    RatingPoint,
    RatingRecord,
    SeatPerson,
    TableRating,
    UserRecord,
)
from cardtable.store.reviews import ReviewSql

T = TypeVar("T")


_Queued = tuple[Append, asyncio.Future[None]]


class AsyncStore:
    def __init__(self, store: Store, workers: int) -> None:
        self.store = store
        self._online = cast(OnlineSql, store)
        self._reviews = cast(ReviewSql, store)
        self._lanes: Lanes[_Queued] = Lanes(workers, self._write_group)

    async def _call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        return await asyncio.wrap_future(self._lanes.submit(partial(fn, *args, **kwargs)))

    async def _on(self, table_id: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(table_id, *args)``, a call about one table: it runs after every earlier call
        or append of that table."""
        call = partial(fn, table_id, *args)
        return await asyncio.wrap_future(self._lanes.submit(call, table_id))

    async def create(self, table: TableRecord) -> None:
        call = partial(self.store.create, table)
        await asyncio.wrap_future(self._lanes.submit(call, table.id))

    async def get(self, table_id: str, *, actions: bool = False) -> TableRecord | None:
        return await self._call(self.store.get, table_id, actions=actions)

    async def append(
        self,
        table_id: str,
        seq: int,
        seat: int,
        action: dict[str, Any],
        outcome: dict[str, Any] | None,
        clock_state: dict[str, Any] | None = None,
    ) -> None:
        """Return once the action (with the table's clocks after it, if any) is committed
        (``WriteConflict`` if it was refused)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        entry = Append(table_id, seq, seat, action, outcome, clock_state)
        self._lanes.append(table_id, (entry, done))
        await done

    def _write_group(self, group: list[_Queued]) -> None:
        """In a store thread: one transaction for the group, then one wake-up of the loop
        to settle every waiter."""
        results: list[Exception | None]
        try:
            results = list(self.store.append_many([entry for entry, _ in group]))
        except Exception as error:  # the database itself failed: nobody is stored
            results = [error] * len(group)
        loop = group[0][1].get_loop()
        loop.call_soon_threadsafe(_settle, group, results)

    async def claim(
        self, table_id: str, seat: int, token_hash: str, user_id: str | None = None
    ) -> bool:
        return await self._on(table_id, self.store.claim, seat, token_hash, user_id)

    async def set_status(self, table_id: str, status: str) -> None:
        await self._on(table_id, self.store.set_status, status)

    async def unfinished(self) -> list[str]:
        return await self._call(self.store.unfinished)

    async def ping(self) -> None:
        await self._call(self.store.ping)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Other blocking work that belongs on the store's threads (replaying a log); not
        for reaching the store's SQL, which has the typed methods below."""
        return await self._call(fn, *args)

    # -- the online part (users, sessions, ratings, chat, forfeits): typed, each on the
    # store's threads, so nothing outside the store reaches its SQL class.
    async def set_rematch(self, table_id: str, rematch_id: str) -> str | None:
        return await self._on(table_id, self._online.set_rematch, rematch_id)

    async def set_seat_address(self, table_id: str, seat: int, address_hash: str) -> None:
        await self._on(table_id, self._online.set_seat_address, seat, address_hash)

    async def seat_addresses(self, table_id: str) -> dict[int, str]:
        return await self._on(table_id, self._online.seat_addresses)

    async def set_rated(self, table_id: str, rated: bool) -> None:
        await self._on(table_id, self._online.set_rated, rated)

    async def forfeit(self, table_id: str, seat: int, bot: str) -> None:
        await self._on(table_id, self._online.forfeit, seat, bot)

    async def end_table(self, table_id: str, status: str, outcome: dict[str, Any] | None) -> None:
        await self._on(table_id, self._online.end_table, status, outcome)

    async def played(self, user_id: str, limit: int = 50) -> list[PlayedRecord]:
        return await self._call(self._online.played, user_id, limit)

    async def create_user(self, user: UserRecord, session_hash: str | None = None) -> None:
        await self._call(self._online.create_user, user, session_hash)

    async def user(self, user_id: str) -> UserRecord | None:
        return await self._call(self._online.user, user_id)

    async def user_by_session(self, session_hash: str, since: datetime) -> UserRecord | None:
        return await self._call(self._online.user_by_session, session_hash, since)

    async def user_by_username(self, username: str) -> UserRecord | None:
        return await self._call(self._online.user_by_username, username)

    async def users(self, ids: Sequence[str]) -> dict[str, UserRecord]:
        return await self._call(self._online.users, ids)

    async def add_session(self, session_hash: str, user_id: str) -> None:
        await self._call(self._online.add_session, session_hash, user_id)

    async def drop_session(self, session_hash: str) -> None:
        await self._call(self._online.drop_session, session_hash)

    async def rename(self, user_id: str, display_name: str) -> None:
        await self._call(self._online.rename, user_id, display_name)

    async def register(self, user_id: str, username: str, password_hash: str) -> bool:
        return await self._call(self._online.register, user_id, username, password_hash)

    async def set_password_hash(self, user_id: str, password_hash: str) -> None:
        await self._call(self._online.set_password_hash, user_id, password_hash)

    async def ratings(self, game: str, user_ids: Sequence[str]) -> dict[str, RatingRecord]:
        return await self._call(self._online.ratings, game, user_ids)

    async def user_ratings(self, user_id: str) -> list[RatingRecord]:
        return await self._call(self._online.user_ratings, user_id)

    async def save_ratings(self, game: str, table_id: str, changes: Sequence[RatingChange]) -> bool:
        return await self._call(self._online.save_ratings, game, table_id, changes)

    async def rated_together(self, user_ids: Sequence[str], since: datetime) -> int:
        return await self._call(self._online.rated_together, user_ids, since)

    async def rated_from_one_address(self, address_hash: str, since: datetime) -> int:
        return await self._call(self._online.rated_from_one_address, address_hash, since)

    async def leaderboard(
        self, game: str, limit: int = 50, provisional_sigma: float = 5.0
    ) -> list[RatingRecord]:
        return await self._call(self._online.leaderboard, game, limit, provisional_sigma)

    async def rating_history(self, user_id: str, limit: int = 200) -> list[RatingPoint]:
        return await self._call(self._online.rating_history, user_id, limit)

    async def table_ratings(self, table_id: str) -> list[TableRating]:
        return await self._call(self._online.table_ratings, table_id)

    async def table_players(self, table_ids: Sequence[str]) -> dict[str, list[SeatPerson]]:
        return await self._call(self._online.table_players, table_ids)

    async def add_chat(self, line: ChatRecord) -> int:
        return await self._call(self._online.add_chat, line)

    async def chat(self, table_id: str, limit: int = 100) -> list[ChatRecord]:
        return await self._call(self._online.chat, table_id, limit)

    # -- reviews and puzzles (issue 22, server/reviews.py)
    async def review(self, table_id: str, seat: int) -> dict[str, Any] | None:
        return await self._call(self._reviews.review, table_id, seat)

    async def save_review(
        self, table_id: str, seat: int, result: dict[str, Any], puzzles: Sequence[dict[str, Any]]
    ) -> bool:
        return await self._call(self._reviews.save_review, table_id, seat, result, puzzles)

    async def puzzles(self, game: str, limit: int = 50) -> list[dict[str, Any]]:
        return await self._call(self._reviews.puzzles, game, limit)

    async def puzzle(self, puzzle_id: str) -> dict[str, Any] | None:
        return await self._call(self._reviews.puzzle, puzzle_id)

    def close(self) -> None:
        self._lanes.close()
        self.store.close()


def _settle(group: list[_Queued], results: list[Exception | None]) -> None:
    for (_, done), problem in zip(group, results, strict=True):
        if done.done():  # its caller was cancelled; the action is stored or refused anyway
            continue
        if problem is None:
            done.set_result(None)
        else:
            done.set_exception(problem)

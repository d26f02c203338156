"""A table's bot seats: they follow the writer's changes, wake a bot whose seat may act at
the new version (one turn per seat and version), let it think on the bot workers from its
seat's view alone, and submit its move to the writer like a person's. A bot that fails, or
whose move is refused, plays a random legal move instead: a bot must never freeze its
table. A seat a stand-in bot took over (its person left) joins them at once."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from typing import Any

from cardtable.core import State
from cardtable.server.autoplay import BotWorkers
from cardtable.server.botpool import server_bot
from cardtable.server.errors import GAME_OVER, STALE_VERSION, ProtocolError
from cardtable.server.writer import Change, TableWriter
from cardtable.store import BOT

log = logging.getLogger("cardtable.server")


class BotSeats:
    def __init__(self, writer: TableWriter, workers: BotWorkers) -> None:
        self._writer = writer
        self._workers = workers
        self._names: dict[int, str] = {}
        self._bots: dict[int, Any] = {}
        # Bot choices need not be reproducible (they are logged), only unpredictable.
        self._rngs: dict[int, random.Random] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._thinking: dict[int, int] = {}  # bot seat -> the version it is thinking about
        self._adopt()
        writer.subscribe(self._changed)

    @property
    def busy(self) -> bool:
        """Whether a bot is thinking (or about to)."""
        return bool(self._tasks)

    @property
    def awaited(self) -> bool:
        """Whether a bot may act at the current version."""
        return any(seat in self._bots for seat in self._writer.state.to_act)

    def start(self) -> None:
        self._wake()

    async def stop(self) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _adopt(self) -> None:
        """Take on every bot seat not yet played (at the start, and a stand-in's)."""
        writer = self._writer
        for seat in writer.record.seats:
            if seat.kind == BOT and seat.seat not in self._bots:
                name = seat.bot or ""
                self._names[seat.seat] = name
                self._bots[seat.seat] = server_bot(name, writer.game)
                self._rngs[seat.seat] = random.Random(secrets.randbits(64))

    def _changed(self, change: Change) -> None:
        if change.forfeited is not None:
            self._adopt()
        self._wake()

    def _wake(self) -> None:
        """Start a turn for every bot that may act at this version (one per seat)."""
        writer = self._writer
        if writer.over or not writer.full:
            return  # the last person to sit down wakes them (``start``)
        for seat in writer.state.to_act:
            if seat in self._bots and self._thinking.get(seat) != writer.version:
                self._thinking[seat] = writer.version
                task = asyncio.create_task(self._turn(seat, writer.version, writer.state))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _turn(self, seat: int, version: int, state: State[Any]) -> None:
        writer = self._writer
        await self._workers.pause()
        if writer.version != version:
            return  # the table moved on meanwhile; that change started a fresh turn
        legal = state.legal_actions(seat)
        rng = self._rngs[seat]
        try:
            action = await self._workers.think(
                writer.game,
                self._names[seat],
                self._bots[seat],
                state.view(seat),
                legal,
                rng,
                table=writer.id,
            )
        except Exception:
            log.exception("table %s: bot at seat %d failed; playing at random", writer.id, seat)
            action = rng.choice(legal)
        if action is None:
            return  # the bot lets an optional window pass
        for attempt in (action, rng.choice(legal)):
            try:
                await writer.submit(seat, version, writer.game.action_to_json(attempt), bot=True)
                return
            except ProtocolError as error:
                if error.code in (STALE_VERSION, GAME_OVER):
                    return  # another seat was faster: the new version has its own turn
                # A bot must never freeze its table: fall back to a random legal move.
                log.error("table %s: bot at seat %d: %s", writer.id, seat, error.message)

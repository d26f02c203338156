"""A live table: the one writer of one game (boardgame.io's "master").

Every action, from a person or a bot, goes through the table's queue and is applied by the
table's own task, in arrival order. An action is checked against the current state, played
on a clone, committed to the store, and only then does the clone become the table's state
and the change is published. So:

- the state a connection can observe is always the committed one (a joining connection or
  a bot never sees an action that is not yet stored);
- a published state object is never mutated again (the next action works on a clone),
  which is what lets the fan-out render views lazily and bots read views from threads;
- a failed commit changes nothing.

When several seats may act at once (a snap window), the first action to arrive wins; the
others were made on an older version and are refused as stale. Bots re-think on every new
version."""

from __future__ import annotations

import asyncio
import hmac
import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from cardtable import bots
from cardtable.core import Event, Game, IllegalAction, State
from cardtable.server.autoplay import BotWorkers
from cardtable.server.errors import (
    GAME_OVER,
    ILLEGAL_ACTION,
    MALFORMED_ACTION,
    NOT_YOUR_TURN,
    SERVER_ERROR,
    STALE_VERSION,
    ProtocolError,
)
from cardtable.server.fanout import Audience, Deliver, Fanout, Update
from cardtable.server.messages import (
    dumps,
    event_message,
    public_seats,
    seats_message,
    state_message,
)
from cardtable.server.persist import AsyncStore
from cardtable.server.tokens import hash_token
from cardtable.store import BOT, FINISHED, TableRecord
from cardtable.store.schema import utcnow

log = logging.getLogger("cardtable.server")

# A client further behind than this many versions gets the state without the events.
MAX_CATCH_UP = 5000


@dataclass
class Act:
    seat: int
    version: int
    action: object  # the wire form, as the client sent it
    reply: asyncio.Future[None]


class LiveTable:
    def __init__(
        self,
        record: TableRecord,
        game: Game[Any],
        state: State[Any],
        *,
        store: AsyncStore,
        fanout: Fanout,
        workers: BotWorkers,
        history: list[list[Event]] | None = None,
    ) -> None:
        self.record = replace(record, actions=[])
        # The events of every version (index version - 1), for clients that come back.
        self.history: list[list[Event]] = list(history or [])
        self.id = record.id
        self.game = game
        self.state = state
        self.version = record.version
        self._store = store
        self._fanout = fanout
        self._workers = workers
        self._bot_names = {s.seat: s.bot or "" for s in record.seats if s.kind == BOT}
        self._bots = {seat: bots.make(name, game) for seat, name in self._bot_names.items()}
        # Bot choices need not be reproducible (they are logged), only unpredictable.
        self._rngs = {seat: random.Random(secrets.randbits(64)) for seat in self._bots}
        self.names: dict[int, str] = {}  # seat -> display name of the person holding it
        self._seats = public_seats(record.seats)
        self._queue: asyncio.Queue[Act] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._bot_tasks: set[asyncio.Task[None]] = set()
        self._thinking: dict[int, int] = {}  # bot seat -> the version it is thinking about

    # -- life ------------------------------------------------------------------------
    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"table {self.id}")
        self._wake_bots()

    async def stop(self) -> None:
        tasks = [t for t in [self._task, *self._bot_tasks] if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    @property
    def over(self) -> bool:
        return self.state.is_over()

    # -- seats and connections -------------------------------------------------------
    def seat_for(self, token: str) -> int | None:
        """The seat ``token`` holds at this table, if any."""
        wanted = hash_token(token)
        for seat in self.record.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                return seat.seat
        return None

    def join(
        self, audience: Audience, deliver: Deliver, since: int | None = None
    ) -> Callable[[], None]:
        """Send the current state to a new connection and subscribe it, atomically (no
        await in between, so no change can fall between the two).

        ``since``: the last version the client saw. The events of every later version come
        first, each in ``audience``'s version and marked ``"missed": true`` (``since=0``:
        the whole game so far, so a reloaded page gets its log back). A ``since`` the
        table cannot answer (ahead of it, or too far back) gets only the state."""
        messages = [
            dumps(event_message(version, event, audience, missed=True))
            for version, event in self.events_since(since)
        ]
        messages.append(dumps(self.state_message(audience)))
        deliver(messages)
        return self._fanout.subscribe(self.id, audience, deliver)

    def events_since(self, since: int | None) -> list[tuple[int, Event]]:
        if since is None or not 0 <= since <= self.version or len(self.history) != self.version:
            return []
        if self.version - since > MAX_CATCH_UP:
            return []
        return [
            (version, event)
            for version in range(since + 1, self.version + 1)
            for event in self.history[version - 1]
        ]

    def state_message(self, audience: Audience) -> dict[str, Any]:
        return state_message(self.id, self.version, audience, self.state, self._seats)

    def invited(self, invite: str | None) -> bool:
        """May this key open the table? Public tables need none."""
        wanted = self.record.invite_hash
        if wanted is None:
            return True
        return invite is not None and hmac.compare_digest(wanted, hash_token(invite))

    def seated(
        self, seat: int, token_hash: str, user_id: str | None = None, name: str | None = None
    ) -> None:
        """A person took ``seat`` (already stored): tell everyone watching."""
        seats = list(self.record.seats)
        seats[seat] = replace(seats[seat], token_hash=token_hash, user_id=user_id)
        if name is not None:
            self.names[seat] = name
        self.record.seats = seats
        self.seats_changed()

    def seats_changed(self) -> None:
        """Names or seats changed: every watcher gets the new seat list."""
        self._seats = public_seats(self.record.seats, self.names)
        text = dumps(seats_message(self.id, self._seats))
        self._fanout.publish(Update(self.id, self.version, self._audiences(), lambda _: [text]))

    # -- acting ----------------------------------------------------------------------
    async def act(self, seat: int, version: int, action: object) -> None:
        """Queue an action and wait until it is applied and committed; a refusal raises
        ``ProtocolError``."""
        reply: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(Act(seat, version, action, reply))
        await reply

    async def _run(self) -> None:
        while True:
            act = await self._queue.get()
            try:
                await self._apply(act)
            except ProtocolError as error:
                _settle(act.reply, error)
            except Exception:
                log.exception("table %s: action %r failed", self.id, act.action)
                _settle(act.reply, ProtocolError(SERVER_ERROR, "The server failed on that move"))
            else:
                _settle(act.reply, None)

    async def _apply(self, act: Act) -> None:
        action = self._parse(act.action)
        self._check(act, action)
        following = self.state.clone()
        events = following.apply(act.seat, action)
        outcome = following.outcome().to_json() if following.is_over() else None
        try:
            await self._store.append(
                self.id, self.version + 1, act.seat, self.game.action_to_json(action), outcome
            )
        except Exception:
            log.exception("table %s: could not store action %d", self.id, self.version + 1)
            raise ProtocolError(
                SERVER_ERROR, "The move could not be saved; nothing changed"
            ) from None
        self.state = following
        self.history.append(events)
        self.version += 1
        self.record.version = self.version
        self.record.updated_at = utcnow()
        if outcome is not None:
            self.record.status, self.record.outcome = FINISHED, outcome
        self._publish(events)
        self._wake_bots()

    def _parse(self, wire: object) -> Any:
        try:
            return self.game.action_from_json(wire)
        except IllegalAction as error:
            raise ProtocolError(MALFORMED_ACTION, str(error)) from None
        except Exception:  # an engine must not be crashed by odd input either
            raise ProtocolError(MALFORMED_ACTION, "That action is not understood") from None

    def _check(self, act: Act, action: Any) -> None:
        if self.state.is_over():
            raise ProtocolError(GAME_OVER, "The game is over: no more moves")
        if act.version != self.version:
            raise ProtocolError(
                STALE_VERSION,
                f"The table has moved on: your move was made on version {act.version}, "
                f"the table is at version {self.version}. Look at the new state and try again",
            )
        to_act = self.state.to_act
        if act.seat not in to_act:
            waiting = ", ".join(str(s) for s in to_act)
            raise ProtocolError(NOT_YOUR_TURN, f"It is not your turn: waiting for seat {waiting}")
        if action not in self.state.legal_actions(act.seat):
            raise ProtocolError(ILLEGAL_ACTION, self._why_illegal(act.seat, action))

    def _why_illegal(self, seat: int, action: Any) -> str:
        # The engine explains a refusal as it raises it; a clone keeps the state untouched.
        try:
            self.state.clone().apply(seat, action)
        except IllegalAction as error:
            return str(error)
        return "That move is not allowed now"

    # -- publishing ------------------------------------------------------------------
    def _audiences(self) -> list[Audience]:
        return [*range(self.state.players), None]

    def _publish(self, events: list[Event]) -> None:
        table_id, version, state, seats = self.id, self.version, self.state, self._seats

        def render(audience: Audience) -> list[str]:
            out = [dumps(event_message(version, event, audience)) for event in events]
            out.append(dumps(state_message(table_id, version, audience, state, seats)))
            return out

        self._fanout.publish(Update(table_id, version, self._audiences(), render))

    # -- bots ------------------------------------------------------------------------
    def _wake_bots(self) -> None:
        """Start a turn for every bot that may act at this version (one per seat)."""
        if self.state.is_over():
            return
        for seat in self.state.to_act:
            if seat in self._bots and self._thinking.get(seat) != self.version:
                self._thinking[seat] = self.version
                task = asyncio.create_task(self._bot_turn(seat, self.version, self.state))
                self._bot_tasks.add(task)
                task.add_done_callback(self._bot_tasks.discard)

    async def _bot_turn(self, seat: int, version: int, state: State[Any]) -> None:
        await self._workers.pause()
        if self.version != version:
            return  # the table moved on meanwhile; that change started a fresh turn
        legal = state.legal_actions(seat)
        rng = self._rngs[seat]
        try:
            action = await self._workers.think(
                self.game, self._bot_names[seat], self._bots[seat], state.view(seat), legal, rng
            )
        except Exception:
            log.exception("table %s: bot at seat %d failed; playing at random", self.id, seat)
            action = rng.choice(legal)
        if action is None:
            return  # the bot lets an optional window pass
        for attempt in (action, rng.choice(legal)):
            try:
                await self.act(seat, version, self.game.action_to_json(attempt))
                return
            except ProtocolError as error:
                if error.code in (STALE_VERSION, GAME_OVER):
                    return  # another seat was faster: the new version has its own turn
                # A bot must never freeze its table: fall back to a random legal move.
                log.error("table %s: bot at seat %d: %s", self.id, seat, error.message)


def _settle(reply: asyncio.Future[None], outcome: ProtocolError | None) -> None:
    if reply.done():  # the connection went away while the action waited
        return
    if outcome is None:
        reply.set_result(None)
    else:
        reply.set_exception(outcome)

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
import contextlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from cardtable.core import Event, Game, IllegalAction, State
from cardtable.server.autoplay import BotWorkers
from cardtable.server.botpool import server_bot
from cardtable.server.chat import NO_NAME, NO_NAME_MESSAGE, TableChat
from cardtable.server.clocks import CANCEL, WENT_AWAY, Clock, RealClock, SeatClocks
from cardtable.server.errors import (
    GAME_OVER,
    ILLEGAL_ACTION,
    MALFORMED_ACTION,
    NOT_YOUR_SEAT,
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
from cardtable.store import ABORTED, BOT, FINISHED, HUMAN, PLAYING, TableRecord
from cardtable.store.online import UserRecord
from cardtable.store.schema import utcnow

log = logging.getLogger("cardtable.server")

# A client that missed more events than this gets the state alone (its view is whole
# anyway), never a replay: the catch-up must fit well inside the connection's outbox
# (``Settings.outbox_limit``) beside the state and the recent chat, or the connection is
# closed as too slow before it is sent anything and the page reconnects for ever.
MAX_CATCH_UP = 64
CANCELLED = "cancelled"  # a clocked game whose first moves never came (CV-22)
# The bot that takes over the seat of a person who left or timed out (3 seats or more).
STAND_IN = "medium"
CLOSED_MESSAGE = "The table was closing; nothing changed: open it again and retry"


@dataclass
class Act:
    seat: int
    version: int
    action: object  # the wire form, as the client sent it
    reply: asyncio.Future[None]
    bot: bool = False
    # Set when the server acts for the clock: "timeout", "away", "leave" or "cancel".
    system: str | None = None


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
        clock: Clock | None = None,
    ) -> None:
        self.record = replace(record, actions=[])
        self._clock: Clock = clock or RealClock()
        people = [s.seat for s in record.seats if s.kind == HUMAN]
        self.timer = SeatClocks(record.clock, people) if record.clock else None
        if self.timer is not None:  # a resumed table: banks and first moves carry on
            self.timer.moved = {a.seat for a in record.actions}
            if record.clock_state:
                self.timer.restore(record.clock_state)
        self._present: dict[int, int] = {}  # seat -> open connections
        # Seats whose person has made a move other than resigning (``_abort_unplayed``). A
        # resumed table counts every logged move, a stand-in's too.
        self.moved = {a.seat for a in record.actions}
        self._tick = asyncio.Event()
        # Called once with the record when the game finishes (the house rates it).
        self._finishing: set[asyncio.Task[None]] = set()
        self.on_finish: Callable[[TableRecord], Awaitable[object]] | None = None
        # Called after every change watchers are told of (a move, the end, the seats): the
        # house keeps the lobby's index with it.
        self.on_change: Callable[[LiveTable], None] | None = None
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
        self._bots = {seat: server_bot(name, game) for seat, name in self._bot_names.items()}
        # Bot choices need not be reproducible (they are logged), only unpredictable.
        self._rngs = {seat: random.Random(secrets.randbits(64)) for seat in self._bots}
        self.names: dict[int, str] = {}  # seat -> display name of the person holding it
        self._seats = public_seats(record.seats)
        self._queue: asyncio.Queue[Act] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._bot_tasks: set[asyncio.Task[None]] = set()
        self._thinking: dict[int, int] = {}  # bot seat -> the version it is thinking about
        self.chat = TableChat(self.id, store, fanout, self._audiences)
        # When something last happened here (a connection came or went, a move): the house
        # lets an abandoned table go some time after it (``idle``).
        self.touched = self._clock.now()
        self.closed = False

    # -- life ------------------------------------------------------------------------
    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"table {self.id}")
        if self.timer is not None and not self.over:
            task = asyncio.create_task(self._keep_time(), name=f"clock {self.id}")
            self._bot_tasks.add(task)
            self._maybe_start_clock()
        self._wake_bots()

    async def stop(self) -> None:
        self.closed = True
        await asyncio.gather(*self._finishing, return_exceptions=True)
        tasks = [t for t in [self._task, *self._bot_tasks] if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        while not self._queue.empty():  # came in as the table closed: refused, not lost
            _settle(self._queue.get_nowait().reply, ProtocolError(SERVER_ERROR, CLOSED_MESSAGE))

    @property
    def over(self) -> bool:
        return self.state.is_over() or self.record.status != PLAYING

    @property
    def ended(self) -> dict[str, Any] | None:
        """The outcome of a game the server ended (forfeit, cancelled, aborted), else
        None."""
        status = self.record.status
        if status != PLAYING and (not self.state.is_over() or status == ABORTED):
            return self.record.outcome or {"scores": [], "winners": [], "details": {}}
        return None

    # -- seats and connections -------------------------------------------------------
    def seat_for(self, token: str) -> int | None:
        """The seat ``token`` holds at this table, if any."""
        wanted = hash_token(token)
        for seat in self.record.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                return seat.seat
        return None

    def join(
        self,
        audience: Audience,
        deliver: Deliver,
        since: int | None = None,
        most: int = MAX_CATCH_UP,
    ) -> Callable[[], None]:
        """Send the current state to a new connection and subscribe it, atomically (no
        await in between, so no change can fall between the two).

        ``since``: the last version the client saw. While at most ``most`` events came
        after it, they come first, each in ``audience``'s version and marked ``"missed":
        true`` (``since=0`` on a short game: its whole log, so a reloaded page gets it
        back). A client further behind gets the state alone, marked ``"skipped"`` (the
        versions whose events it was not sent): the view is all it needs to play on. A
        ``since`` the table cannot answer (ahead of it, or none) gets only the state. The
        recent chat follows the state.

        A person who left their seat (a bot plays it on) is shown the table as a spectator:
        the seat's cards are the bot's now, and no longer theirs to see."""
        shown = self.shown(audience)
        missed = self.events_since(since, most)
        state = self.state_message(audience)
        if missed is None and since is not None and 0 <= since < self.version:
            state["skipped"] = self.version - since
        messages = [
            dumps(event_message(version, event, shown, missed=True))
            for version, event in missed or []
        ]
        messages.append(dumps(state))
        messages.extend(self.chat.recent())
        deliver(messages)
        self.touched = self._clock.now()
        unsubscribe = self._touching(self._fanout.subscribe(self.id, audience, deliver))
        if audience is None:
            return unsubscribe
        seat = audience
        self._present[seat] = self._present.get(seat, 0) + 1
        if self.timer is not None and seat in self.timer.away:
            self.timer.connected(seat, self._clock.now(), True)
            self._tick.set()
            self._publish([])  # everyone sees that the seat is back

        def leave() -> None:
            unsubscribe()
            self._present[seat] -= 1
            if self._present[seat] == 0 and self.timer is not None and not self.over:
                self.timer.connected(seat, self._clock.now(), False)
                self._tick.set()
                self._publish([])  # everyone sees the seat's away clock

        return leave

    def _touching(self, unsubscribe: Callable[[], None]) -> Callable[[], None]:
        def leave() -> None:
            unsubscribe()
            self.touched = self._clock.now()

        return leave

    def idle(self, now: float, after: float) -> bool:
        """Whether this table may leave memory: nobody has been connected for ``after``
        seconds, and it waits on a person who went away, with nothing to keep time for
        (no clock), no bot to move and no move queued. Its log has every move: opening
        it again rebuilds it."""
        return (
            not self.over
            and self.timer is None
            and now - self.touched >= after
            and self._fanout.watchers(self.id) == 0
            and self._queue.empty()
            and not self._bot_tasks
            and not any(seat in self._bots for seat in self.state.to_act)
        )

    def events_since(
        self, since: int | None, most: int = MAX_CATCH_UP
    ) -> list[tuple[int, Event]] | None:
        """The events of every version after ``since``, in order; None when they are not
        to be sent: ``since`` is none or not a version of this table, the history is not
        whole, or there are more than ``most`` of them."""
        if since is None or not 0 <= since <= self.version or len(self.history) != self.version:
            return None
        missed: list[tuple[int, Event]] = []
        for version in range(since + 1, self.version + 1):
            missed.extend((version, event) for event in self.history[version - 1])
            if len(missed) > most:
                return None
        return missed

    def state_message(self, audience: Audience) -> dict[str, Any]:
        message = state_message(
            self.id,
            self.version,
            self.shown(audience),
            self.state,
            self._seats,
            clock=self.clock_view(),
            ended=self.ended,
        )
        if self.shown(audience) != audience:
            message["left"] = audience
        return message

    def shown(self, audience: Audience) -> Audience:
        """Whose view ``audience`` gets: its own, or a spectator's once its person left."""
        if audience is not None and self.record.seats[audience].forfeited:
            return None
        return audience

    def clock_view(self) -> dict[str, Any] | None:
        if self.timer is None:
            return None
        return self.timer.view(self._clock.now())

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
        self._maybe_start_clock()

    def seats_changed(self) -> None:
        """Names or seats changed: every watcher gets the new seat list."""
        self._seats = public_seats(self.record.seats, self.names)
        text = dumps(seats_message(self.id, self._seats))
        self._fanout.publish(Update(self.id, self.version, self._audiences(), lambda _: [text]))
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    # -- acting ----------------------------------------------------------------------
    async def act(
        self,
        seat: int,
        version: int,
        action: object,
        *,
        bot: bool = False,
        system: str | None = None,
    ) -> None:
        """Queue an action and wait until it is applied and committed; a refusal raises
        ``ProtocolError``. ``system``: the server acts for the seat (clock, leave)."""
        if not bot and system is None and self.record.seats[seat].kind == BOT:
            raise ProtocolError(NOT_YOUR_SEAT, "You left this seat: a bot plays it now")
        if self.closed:
            raise ProtocolError(SERVER_ERROR, CLOSED_MESSAGE)
        reply: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(Act(seat, version, action, reply, bot, system))
        await reply

    async def say(self, seat: int | None, text: str, user: UserRecord | None = None) -> None:
        """A chat line (already checked) from ``seat`` (None: a spectator, who must be
        someone: ``user``). Stored, then sent to everyone at the table."""
        if seat is not None:
            held = self.record.seats[seat]
            name = self.names.get(seat) or f"Seat {seat}"
            user_id = held.user_id
            if held.forfeited:
                seat = None  # they left: they talk as a spectator now, under their name
        elif user is not None:
            name, user_id = user.display_name, user.id
        else:
            raise ProtocolError(NO_NAME, NO_NAME_MESSAGE)
        await self.chat.say(seat, name, user_id, text, self.version)

    async def leave(self, seat: int) -> None:
        """The person at ``seat`` leaves the game (two seats: they lose; more: a bot plays
        on and they finish last)."""
        await self.act(seat, self.version, None, system="leave")

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
        if act.system is not None:
            await self._system(act)
            return
        action = self._parse(act.action)
        self._check(act, action)
        await self._commit(act.seat, action, by_person=not act.bot)

    async def _commit(self, seat: int, action: Any, *, by_person: bool = False) -> None:
        """Play, store and publish one action: a person's (``by_person``), a bot's, or one the
        server makes for a seat (a resignation for a seat that left)."""
        wire = self.game.action_to_json(action)
        following = self.state.clone()
        events = following.apply(seat, action)
        outcome = following.outcome().to_json() if following.is_over() else None
        now, clocks = self._clock.now(), None
        if self.timer is not None:
            # The clocks as this action leaves them, stored in its commit (a restart resumes
            # them); the live timer makes the same turn once the commit is in.
            after = self.timer.copy()
            after.turn(now, seat, list(following.to_act))
            clocks = after.snapshot(now, time.time())
        try:
            await self._store.append(self.id, self.version + 1, seat, wire, outcome, clocks)
        except Exception:
            log.exception("table %s: could not store action %d", self.id, self.version + 1)
            raise ProtocolError(
                SERVER_ERROR, "The move could not be saved; nothing changed"
            ) from None
        self.state = following
        self.history.append(events)
        self.touched = now
        self.version += 1
        self.record.version = self.version
        self.record.updated_at = utcnow()
        resigned = action == self.game.concession()
        if by_person and not resigned:
            self.moved.add(seat)
        if outcome is not None:
            self.record.status, self.record.outcome = FINISHED, outcome
            await self._abort_unplayed(forced=resigned)
            if self.record.status == FINISHED:
                self._finished()
        if self.timer is not None:
            self.timer.turn(now, seat, list(following.to_act))
            self._tick.set()
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
        if self.over:
            raise ProtocolError(GAME_OVER, "The game is over: no more moves")
        if action == self.game.concession():
            return  # open to any seat at any time; the engine refuses it where it may not
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
        clock, ended = self.clock_view(), self.ended
        left = {s.seat for s in self.record.seats if s.forfeited}

        def render(audience: Audience) -> list[str]:
            shown = None if audience in left else audience
            out = [dumps(event_message(version, event, shown)) for event in events]
            message = state_message(
                table_id, version, shown, state, seats, clock=clock, ended=ended
            )
            if shown != audience:
                message["left"] = audience
            out.append(dumps(message))
            return out

        self._fanout.publish(Update(table_id, version, self._audiences(), render))
        self._changed()

    # -- bots ------------------------------------------------------------------------
    def _wake_bots(self) -> None:
        """Start a turn for every bot that may act at this version (one per seat)."""
        if self.over:
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
                self.game,
                self._bot_names[seat],
                self._bots[seat],
                state.view(seat),
                legal,
                rng,
                table=self.id,
            )
        except Exception:
            log.exception("table %s: bot at seat %d failed; playing at random", self.id, seat)
            action = rng.choice(legal)
        if action is None:
            return  # the bot lets an optional window pass
        for attempt in (action, rng.choice(legal)):
            try:
                await self.act(seat, version, self.game.action_to_json(attempt), bot=True)
                return
            except ProtocolError as error:
                if error.code in (STALE_VERSION, GAME_OVER):
                    return  # another seat was faster: the new version has its own turn
                # A bot must never freeze its table: fall back to a random legal move.
                log.error("table %s: bot at seat %d: %s", self.id, seat, error.message)

    # -- clocks, leaving -------------------------------------------------------------
    def _maybe_start_clock(self) -> None:
        """The clocks start once every person's seat is taken."""
        timer = self.timer
        if timer is None or timer.started or self.over:
            return
        if all(s.claimed for s in self.record.seats if s.kind == HUMAN):
            present = {s for s, n in self._present.items() if n > 0}
            timer.start(self._clock.now(), list(self.state.to_act), present)
            self._tick.set()
            self._publish([])

    async def _keep_time(self) -> None:
        """Wait for the soonest deadline (or a change); a passed deadline is acted on
        through the table's queue, like any move."""
        timer = self.timer
        assert timer is not None
        while not self.over:
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
                    await self.act(seat, self.version, None, system=what)

    async def _system(self, act: Act) -> None:
        """The server acts for a seat: its first move never came (cancel), its time ran out,
        it went away, or its person left."""
        seat, why = act.seat, act.system
        if self.over or self.record.seats[seat].kind != HUMAN:
            return
        if self.timer is not None and why != "leave":
            # The deadline must still hold (a move may have come in meanwhile).
            now = self._clock.now()
            if not any(w == why and s == seat and t <= now for t, w, s in self.timer.deadlines()):
                return
        if why == CANCEL:
            reason = f"seat {seat} made no first move within a minute"
            await self._end(
                CANCELLED,
                {
                    "scores": [],
                    "winners": [],
                    "details": {"cancelled": True, "seat": seat, "reason": reason},
                },
            )
            return
        reason = {"timeout": "ran out of time", WENT_AWAY: "was away", "leave": "left"}[why or ""]
        if self.state.players <= 2:
            concession = self.game.concession()
            if concession is not None and self.game.concede(self.state.clone(), seat):
                await self._commit(seat, concession)
                return
            winners = [s for s in range(self.state.players) if s != seat]
            scores = [1.0 if s in winners else 0.0 for s in range(self.state.players)]
            details = {"forfeit": seat, "reason": f"seat {seat} {reason}"}
            await self._end(FINISHED, {"scores": scores, "winners": winners, "details": details})
            return
        await self._store.forfeit(self.id, seat, STAND_IN)
        seats = list(self.record.seats)
        seats[seat] = replace(seats[seat], kind=BOT, bot=STAND_IN, forfeited=True)
        self.record.seats = seats
        self._bot_names[seat] = STAND_IN
        self._bots[seat] = server_bot(STAND_IN, self.game)
        self._rngs[seat] = random.Random(secrets.randbits(64))
        if self.timer is not None:
            self.timer.drop(seat)
            self._tick.set()
        self.seats_changed()
        self._publish([])
        self._wake_bots()

    async def _end(self, status: str, outcome: dict[str, Any]) -> None:
        await self._store.end_table(self.id, status, outcome)
        self.record.status, self.record.outcome = status, outcome
        self.record.updated_at = utcnow()
        if status == FINISHED:
            await self._abort_unplayed(forced=True)
        self._tick.set()
        self._publish([])
        if self.record.status == FINISHED:
            self._finished()

    async def _abort_unplayed(self, forced: bool) -> None:
        """A rated game is aborted instead of finished (no result, never rated) when it
        ended by a resignation or a forfeit (``forced``) before every person had made a
        move, or when a person who never moved left it: wins farmed from a seat that
        leaves at once, or a game dodged by leaving before it began. A game the rules
        ended early (Cambio called in the first round) is played, and rated."""
        seats = self.record.seats
        people = {s.seat for s in seats if s.kind == HUMAN or s.forfeited}
        waiting = sorted(people - self.moved)
        left = {s.seat for s in seats if s.forfeited}
        if not self.record.rated or not waiting or not (forced or left & set(waiting)):
            return
        reason = f"the game ended before seat {waiting[0]} made a move"
        outcome = {
            "scores": [],
            "winners": [],
            "details": {"aborted": True, "reason": reason, "ended": self.record.outcome},
        }
        await self._store.end_table(self.id, ABORTED, outcome)
        self.record.status, self.record.outcome = ABORTED, outcome

    def _finished(self) -> None:
        if self.on_finish is None:
            return
        task = asyncio.create_task(_quietly(self.id, self.on_finish(replace(self.record))))
        # Not cancelled by stop (the last watcher of a finished table leaving): awaited.
        self._finishing.add(task)
        task.add_done_callback(self._finishing.discard)


async def _quietly(table_id: str, work: Awaitable[object]) -> None:
    try:
        await work
    except Exception:
        log.exception("table %s: rating the finished game failed", table_id)


def _settle(reply: asyncio.Future[None], outcome: ProtocolError | None) -> None:
    if reply.done():  # the connection went away while the action waited
        return
    if outcome is None:
        reply.set_result(None)
    else:
        reply.set_exception(outcome)

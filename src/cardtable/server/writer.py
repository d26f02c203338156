"""A table's single writer (boardgame.io's "master"): the one task that changes a table.

Every action, from a person, a bot or the clock, is submitted to the writer's queue and
applied by its own task, in arrival order. An action is checked against the current state,
played on a clone, committed to the store, and only then does the clone become the table's
state and the change is told to the subscribers. So:

- the state a connection can observe is always the committed one (a joining connection or
  a bot never sees an action that is not yet stored);
- a published state object is never mutated again (the next action works on a clone),
  which is what lets the fan-out render views lazily and bots read views from threads;
- a failed commit changes nothing.

When several seats may act at once (a snap window), the first action to arrive wins; the
others were made on an older version and are refused as stale.

The writer knows no game's rules (it asks the game, conceding included) and neither keeps
time nor thinks for bots: the clock keeper (``timekeeper``) and the bot seats
(``botseats``) reach it only through ``submit`` and ``subscribe``, so in a house of
several processes (#14) acts may come from elsewhere while only the writer's owner runs
its clock and bots."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from cardtable.core import Event, Game, IllegalAction, State
from cardtable.server.clocks import CANCEL, WENT_AWAY, Clock
from cardtable.server.errors import (
    GAME_OVER,
    ILLEGAL_ACTION,
    MALFORMED_ACTION,
    NOT_OWNER,
    NOT_YOUR_SEAT,
    NOT_YOUR_TURN,
    SERVER_ERROR,
    STALE_VERSION,
    WAITING_FOR_PLAYERS,
    ProtocolError,
)
from cardtable.server.persist import AsyncStore
from cardtable.store import ABORTED, BOT, FINISHED, HUMAN, PLAYING, TableRecord, WriteConflict
from cardtable.store.schema import utcnow

log = logging.getLogger("cardtable.server")

CANCELLED = "cancelled"  # a clocked game whose first moves never came (CV-22)
# The moves a table of bots only may make (``Settings.bot_table_moves``; 0: no cap).
BOT_TABLE_MOVES = 20_000
# The bot that takes over the seat of a person who left or timed out (3 seats or more).
STAND_IN = "medium"
CLOSED_MESSAGE = "The table was closing; nothing changed: open it again and retry"
SUPERSEDED_MESSAGE = "This table is served by another server now; nothing changed: reconnect"


@dataclass
class Act:
    seat: int
    version: int
    action: object  # the wire form, as the client sent it
    reply: asyncio.Future[None]
    bot: bool = False
    # Set when the server acts for the clock: "timeout", "away", "leave" or "cancel".
    system: str | None = None


@dataclass(frozen=True)
class Change:
    """What the writer just made true, told to every subscriber in subscription order."""

    at: float  # the table clock's time of the change
    events: list[Event] = field(default_factory=list)
    seat: int | None = None  # the seat that moved (None: no move, e.g. a server-made end)
    forfeited: int | None = None  # a seat a stand-in bot took over


Listener = Callable[[Change], None]


class Timing(Protocol):
    """What the writer asks of the table's clock keeper (a clocked table has one)."""

    def after(self, now: float, seat: int, to_act: list[int]) -> dict[str, Any]:
        """The clocks as a move of ``seat`` leaves them, stored in its commit."""
        ...

    def due(self, seat: int, why: str) -> bool:
        """Whether the deadline a system act was made for still holds."""
        ...

    @property
    def turn_based(self) -> bool:
        """Whether the table is played turn-based (``pace.py``)."""
        ...


class TableWriter:
    def __init__(
        self,
        record: TableRecord,
        game: Game[Any],
        state: State[Any],
        *,
        store: AsyncStore,
        clock: Clock,
        history: list[list[Event]] | None = None,
    ) -> None:
        self.record = replace(record, actions=[])
        self.id = record.id
        self.game = game
        self.state = state
        self.version = record.version
        # The events of the versions after ``history_base`` (index version - base - 1),
        # for clients that come back; a table nobody watched for a while forgets them.
        self.history: list[list[Event]] = list(history or [])
        self.history_base = 0
        # Seats whose person has made a move other than conceding (``_abort_unplayed``). A
        # resumed table counts every logged move, a stand-in's too.
        self.moved = {a.seat for a in record.actions}
        self.timing: Timing | None = None
        # Called once with the record when the game finishes (the house rates it).
        self.on_finish: Callable[[TableRecord], Awaitable[object]] | None = None
        # Called once when the store refuses a commit because that version is stored
        # already: another writer has the table (docs/scaling.md, the paused owner).
        self.on_superseded: Callable[[], None] | None = None
        self.bot_table_moves = BOT_TABLE_MOVES
        self.closed = False
        self.superseded = False
        self._store = store
        self._clock = clock
        self._listeners: list[Listener] = []
        # The acts waiting, oldest first, and the one task applying them: started by the
        # first act and ended once none waits, so an idle table holds neither a task nor a
        # queue's machinery (issue 20: memory per idle table).
        self._queue: list[Act] = []
        self._task: asyncio.Task[None] | None = None
        self._started = False
        self._finishing: set[asyncio.Task[None]] = set()

    # -- the interface of the other parts ----------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        """Tell ``listener`` of every change, after it is committed, in order."""
        self._listeners.append(listener)

    async def submit(
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
            raise self._refusal()
        reply: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(Act(seat, version, action, reply, bot, system))
        self._wake()
        await reply

    @property
    def busy(self) -> bool:
        """Whether an act waits in the queue."""
        return bool(self._queue)

    @property
    def full(self) -> bool:
        """Whether every person's seat is taken: a table begins then, and nobody (bots
        neither) moves before."""
        return all(s.claimed for s in self.record.seats if s.kind == HUMAN)

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

    # -- life ------------------------------------------------------------------------
    def start(self) -> None:
        self._started = True
        self._wake()

    def _wake(self) -> None:
        if self._started and self._queue and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._run(), name=f"table {self.id}")

    def close(self) -> None:
        """Refuse new acts from now on."""
        self.closed = True

    async def stop(self) -> None:
        self.close()
        # Not cancelled by stop (the last watcher of a finished table leaving): awaited.
        await asyncio.gather(*self._finishing, return_exceptions=True)
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        self._started = False
        self._refuse_waiting(self._refusal())  # came in as it closed: not lost

    def _refusal(self) -> ProtocolError:
        """What an act on a closed table is told: another writer has it (the client
        reconnects to the new owner), or this server is letting it go."""
        if self.superseded:
            return ProtocolError(NOT_OWNER, SUPERSEDED_MESSAGE)
        return ProtocolError(SERVER_ERROR, CLOSED_MESSAGE)

    def _refuse_waiting(self, error: ProtocolError) -> None:
        while self._queue:
            _settle(self._queue.pop(0).reply, error)

    # -- the one task --------------------------------------------------------------------
    async def _run(self) -> None:
        while self._queue:
            act = self._queue.pop(0)
            try:
                await self._apply(act)
            except ProtocolError as error:
                _settle(act.reply, error)
            except Exception:
                log.exception("table %s: action %r failed", self.id, act.action)
                _settle(act.reply, ProtocolError(SERVER_ERROR, "The server failed on that move"))
            else:
                _settle(act.reply, None)
            if self.superseded:  # what waits was made on a table that is not ours
                self._refuse_waiting(self._refusal())
        if self._task is asyncio.current_task():
            self._task = None  # a finished task kept would still cost an idle table

    async def _apply(self, act: Act) -> None:
        if act.system is not None:
            await self._system(act)
            return
        if not self.full and not self.over:
            raise ProtocolError(
                WAITING_FOR_PLAYERS,
                "The game has not begun: it starts when every seat is taken",
            )
        action = self._parse(act.action)
        self._check(act, action)
        await self._commit(act.seat, action, by_person=not act.bot)

    def forget_history(self) -> None:
        """Drop the events of the versions so far (a reconnect then gets the state alone,
        as when it missed too many): an idle table's largest part after its state."""
        self.history = []
        self.history_base = self.version

    def _tell(self, change: Change) -> None:
        for listener in self._listeners:
            listener(change)

    async def _commit(self, seat: int, action: Any, *, by_person: bool = False) -> None:
        """Play, store and publish one action: a person's (``by_person``), a bot's, or one the
        server makes for a seat (a concession for a seat that left)."""
        wire = self.game.action_to_json(action)
        following = self.state.clone()
        events = following.apply(seat, action)
        outcome = following.outcome().to_json() if following.is_over() else None
        now = self._clock.now()
        # The clocks as this action leaves them, stored in its commit (a restart resumes
        # them); the live clocks make the same turn once the commit is in.
        clocks = None
        if self.timing is not None:
            clocks = self.timing.after(now, seat, list(following.to_act))
        try:
            await self._store.append(self.id, self.version + 1, seat, wire, outcome, clocks)
        except WriteConflict:
            self._supersede()
            raise self._refusal() from None
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
        conceded = action == self.game.concession()
        if by_person and not conceded:
            self.moved.add(seat)
        if outcome is not None:
            self.record.status, self.record.outcome = FINISHED, outcome
            await self._abort_unplayed(forced=conceded)
            if self.record.status == FINISHED:
                self._finished()
        self._tell(Change(now, events, seat))
        if outcome is None and self._past_bot_moves():
            await self._end_bot_table()

    def _supersede(self) -> None:
        """Another writer stored this version: this table is stale and must go at once,
        not at the lease's next renewal, so nothing more is tried on it here."""
        log.warning(
            "table %s: version %d stored by another writer; let go", self.id, self.version + 1
        )
        self.superseded = True
        self.close()
        if self.on_superseded is not None:
            self.on_superseded()

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

    # -- the server acts for a seat ------------------------------------------------------
    async def _system(self, act: Act) -> None:
        """The server acts for a seat: its first move never came (cancel), its time ran out,
        it went away, or its person left."""
        seat, why = act.seat, act.system or ""
        if self.over or self.record.seats[seat].kind != HUMAN:
            return
        # The deadline must still hold (a move may have come in meanwhile).
        if self.timing is not None and why != "leave" and not self.timing.due(seat, why):
            return
        if why == CANCEL:
            turn_based = self.timing is not None and self.timing.turn_based
            limit = "the limit per move" if turn_based else "a minute"
            reason = f"seat {seat} made no first move within {limit}"
            details = {"cancelled": True, "seat": seat, "reason": reason}
            await self._end(CANCELLED, {"scores": [], "winners": [], "details": details})
            return
        reason = {"timeout": "ran out of time", WENT_AWAY: "was away", "leave": "left"}[why]
        if self.state.players <= 2:
            await self._lose(seat, reason)
        else:
            await self._stand_in(seat)

    async def _lose(self, seat: int, reason: str) -> None:
        """A two-seat game ends against ``seat``: by its concession where the rules have
        one (logged like any move), else by a forfeit the house declares."""
        concession = self.game.concession()
        if concession is not None and self.game.concede(self.state.clone(), seat) is not None:
            await self._commit(seat, concession)
            return
        winners = [s for s in range(self.state.players) if s != seat]
        scores = [1.0 if s in winners else 0.0 for s in range(self.state.players)]
        details = {"forfeit": seat, "reason": f"seat {seat} {reason}"}
        await self._end(FINISHED, {"scores": scores, "winners": winners, "details": details})

    async def _stand_in(self, seat: int) -> None:
        """A bot plays the seat on; its person finishes last."""
        await self._store.forfeit(self.id, seat, STAND_IN)
        seats = list(self.record.seats)
        seats[seat] = replace(seats[seat], kind=BOT, bot=STAND_IN, forfeited=True)
        self.record.seats = seats
        self._tell(Change(self._clock.now(), forfeited=seat))

    async def _end(self, status: str, outcome: dict[str, Any]) -> None:
        await self._store.end_table(self.id, status, outcome)
        self.record.status, self.record.outcome = status, outcome
        self.record.updated_at = utcnow()
        if status == FINISHED:
            await self._abort_unplayed(forced=True)
        self._tell(Change(self._clock.now()))
        if self.record.status == FINISHED:
            self._finished()

    def _past_bot_moves(self) -> bool:
        """Whether a table of bots only has made its last allowed move."""
        cap = self.bot_table_moves
        people = any(s.kind == HUMAN for s in self.record.seats)
        return cap > 0 and self.version >= cap and not people

    async def _end_bot_table(self) -> None:
        """Bots that play on for ever would hold a worker for ever: the game is aborted
        (no result) with the reason shown, and its log stays to replay."""
        reason = f"the bots had not finished the game after {self.version} moves"
        details = {"aborted": True, "reason": reason}
        await self._end(ABORTED, {"scores": [], "winners": [], "details": details})

    async def _abort_unplayed(self, forced: bool) -> None:
        """A rated game is aborted instead of finished (no result, never rated) when it
        ended by a concession or a forfeit (``forced``) before every person had made a
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

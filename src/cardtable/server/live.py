"""A live table, as the rest of the house sees it: a thin facade over its parts (docs/
server.md, "Inside a table").

- the **writer** (``writer.TableWriter``) is the one task that changes the table: it
  checks, applies and commits every act in order and tells its subscribers;
- the **clock keeper** (``timekeeper.TimeKeeper``, clocked tables only) runs the seats'
  clocks and submits a passed deadline to the writer as a system act;
- the **bot seats** (``botseats.BotSeats``) wake a bot on its turn and submit its move;
- this facade keeps what belongs to the connections: presence (who is connected, which
  the clocks follow), the seat names, chat, and publishing every committed change to each
  audience through its own view (the fan-out renders it lazily)."""

from __future__ import annotations

import asyncio
import hmac
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from cardtable.core import Event, Game, State
from cardtable.server.autoplay import BotWorkers
from cardtable.server.botseats import BotSeats
from cardtable.server.chat import NO_NAME, NO_NAME_MESSAGE, TableChat
from cardtable.server.clocks import Clock, RealClock, SeatClocks
from cardtable.server.errors import ProtocolError
from cardtable.server.fanout import Audience, Deliver, Fanout, Update
from cardtable.server.messages import (
    dumps,
    event_message,
    public_seats,
    rating_message,
    seats_message,
    state_message,
)
from cardtable.server.persist import AsyncStore
from cardtable.server.ratings import seat_ratings
from cardtable.server.timekeeper import TimeKeeper
from cardtable.server.tokens import hash_token
from cardtable.server.writer import Change, TableWriter
from cardtable.store import HUMAN, TableRecord
from cardtable.store.online import UserRecord

# A client that missed more events than this gets the state alone (its view is whole
# anyway), never a replay: the catch-up must fit well inside the connection's outbox
# (``Settings.outbox_limit``) beside the state and the recent chat, or the connection is
# closed as too slow before it is sent anything and the page reconnects for ever.
MAX_CATCH_UP = 64


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
        self._clock: Clock = clock or RealClock()
        self.writer = TableWriter(
            record, game, state, store=store, clock=self._clock, history=history
        )
        # Subscribed in this order: the clocks turn before a change is published (the
        # published state shows them), and bots wake last.
        self.keeper = TimeKeeper.of(self.writer, self._clock)
        self.writer.subscribe(self._committed)
        self.bots = BotSeats(self.writer, workers)
        self.id = record.id
        self._present: dict[int, int] = {}  # seat -> open connections
        # Called after every change watchers are told of (a move, the end, the seats): the
        # house keeps the lobby's index with it.
        self.on_change: Callable[[LiveTable], None] | None = None
        self._fanout = fanout
        self.names: dict[int, str] = {}  # seat -> display name of the person holding it
        # seat -> its person's rating in this game ({"rating", "provisional"}), and the
        # changes a rated game made once it is rated (``ratings.RatingMove``s).
        self.ratings: dict[int, dict[str, Any]] = {}
        self.rating_changes: list[dict[str, Any]] | None = None
        self._store = store
        self._looking: set[asyncio.Task[None]] = set()
        self._seats = public_seats(record.seats)
        self.chat = TableChat(self.id, store, fanout, self._audiences)
        # When something last happened here (a connection came or went, a move): the house
        # lets an abandoned table go some time after it (``idle``).
        self.touched = self._clock.now()
        # When the last person holding a seat here closed their last connection (or the
        # table began, before anyone connected): the lobby stops listing a table whose
        # people are gone (``abandoned``).
        self.people_gone_at: float | None = self.touched
        self._gone: asyncio.Event | None = None  # made when first asked for (``gone``)

    @property
    def gone(self) -> asyncio.Event:
        """Set once the table is stopped here: its connections close (in a cluster, another
        process may own it now, and their reconnects find it there). Made when a connection
        first waits on it: an idle table holds none (issue 20, memory per idle table)."""
        if self._gone is None:
            self._gone = asyncio.Event()
        return self._gone

    # -- what the writer holds -------------------------------------------------------
    @property
    def record(self) -> TableRecord:
        return self.writer.record

    @property
    def game(self) -> Game[Any]:
        return self.writer.game

    @property
    def state(self) -> State[Any]:
        return self.writer.state

    @property
    def version(self) -> int:
        return self.writer.version

    @property
    def history(self) -> list[list[Event]]:
        return self.writer.history

    @property
    def moved(self) -> set[int]:
        return self.writer.moved

    @property
    def timer(self) -> SeatClocks | None:
        return None if self.keeper is None else self.keeper.timer

    @property
    def closed(self) -> bool:
        return self.writer.closed

    @property
    def on_finish(self) -> Callable[[TableRecord], Awaitable[object]] | None:
        """Called once with the record when the game finishes (the house rates it)."""
        return self.writer.on_finish

    @on_finish.setter
    def on_finish(self, hook: Callable[[TableRecord], Awaitable[object]] | None) -> None:
        self.writer.on_finish = hook

    @property
    def over(self) -> bool:
        return self.writer.over

    @property
    def ended(self) -> dict[str, Any] | None:
        """The outcome of a game the server ended (forfeit, cancelled, aborted), else
        None."""
        return self.writer.ended

    # -- life ------------------------------------------------------------------------
    def start(self) -> None:
        self.writer.start()
        if self.keeper is not None and not self.over:
            self.keeper.start()
            self._maybe_start_clock()
        self.bots.start()

    async def stop(self) -> None:
        self.writer.close()
        for task in self._looking:
            task.cancel()
        await self.bots.stop()
        if self.keeper is not None:
            await self.keeper.stop()
        await self.writer.stop()
        self.gone.set()

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
        if self.rating_changes is not None:
            messages.append(dumps(rating_message(self.id, self.rating_changes)))
        messages.extend(self.chat.recent())
        deliver(messages)
        self.touched = self._clock.now()
        unsubscribe = self._touching(self._fanout.subscribe(self.id, audience, deliver))
        if audience is None:
            return unsubscribe
        seat = audience
        self._present[seat] = self._present.get(seat, 0) + 1
        self._people_changed()
        if self.keeper is not None and self.keeper.connected(seat, True):
            self._publish([])  # everyone sees that the seat is back

        def leave() -> None:
            unsubscribe()
            self._present[seat] -= 1
            self._people_changed()
            keeper, gone = self.keeper, self._present[seat] == 0
            if gone and keeper is not None and keeper.connected(seat, False):
                self._publish([])  # everyone sees the seat's away clock

        return leave

    def _touching(self, unsubscribe: Callable[[], None]) -> Callable[[], None]:
        def leave() -> None:
            unsubscribe()
            self.touched = self._clock.now()

        return leave

    def people_here(self) -> bool:
        """Whether a person who still holds a seat (not left for a bot) is connected."""
        seats = self.record.seats
        return any(n > 0 and not seats[s].forfeited for s, n in self._present.items())

    def _people_changed(self) -> None:
        here = self.people_here()
        if here and self.people_gone_at is not None:
            self.people_gone_at = None
            self._changed()  # back from abandoned: the lobby lists it again
        elif not here and self.people_gone_at is None:
            self.people_gone_at = self._clock.now()

    def abandoned(self, after: float) -> bool:
        """Whether the table's people are gone: nobody who holds a seat has been
        connected for ``after`` seconds, or every person left it to bots for good (a
        bots-only table has no people at all). Bots may still be playing it on."""
        people = [s for s in self.record.seats if s.kind == HUMAN and not s.forfeited]
        if not people:
            return True
        gone = self.people_gone_at
        return gone is not None and self._clock.now() - gone >= after

    def rest(self, now: float, after: float) -> bool:
        """Forget the move history when nobody has watched or changed the table for
        ``after`` seconds (issue 20, memory per idle table): a reconnect after so long
        gets the state alone. True if it did."""
        if not self.history or now - self.touched < after:
            return False
        if self._fanout.watchers(self.id) or self.writer.busy:
            return False
        self.writer.forget_history()
        return True

    def idle(self, now: float, after: float) -> bool:
        """Whether this table may leave memory: nobody has been connected for ``after``
        seconds, and it waits on a person who went away, with nothing to keep time for
        (no clock), no bot to move and no move queued. Its log has every move: opening
        it again rebuilds it."""
        return (
            not self.over
            and self.keeper is None
            and now - self.touched >= after
            and self._fanout.watchers(self.id) == 0
            and not self.writer.busy
            and not self.bots.busy
            and not self.bots.awaited
        )

    def events_since(
        self, since: int | None, most: int = MAX_CATCH_UP
    ) -> list[tuple[int, Event]] | None:
        """The events of every version after ``since``, in order; None when they are not
        to be sent: ``since`` is none or not a version of this table, the history is not
        whole, or there are more than ``most`` of them."""
        base = self.writer.history_base
        if since is None or not base <= since <= self.version:
            return None
        if len(self.history) != self.version - base:
            return None
        missed: list[tuple[int, Event]] = []
        for version in range(since + 1, self.version + 1):
            missed.extend((version, event) for event in self.history[version - base - 1])
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
        return None if self.keeper is None else self.keeper.view()

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
        if user_id is not None:  # their rating follows their name, once looked up
            task = asyncio.create_task(self.refresh_ratings())
            self._looking.add(task)
            task.add_done_callback(self._looking.discard)
        self._maybe_start_clock()
        self.bots.start()  # the last seat taken begins the game: a bot may move first

    async def refresh_ratings(self) -> None:
        """Each person's rating beside their name (``ratings.seat_ratings``)."""
        ratings = await seat_ratings(self._store, self.record)
        if ratings != self.ratings:
            self.ratings = ratings
            self.seats_changed()

    async def rated(self, changes: list[dict[str, Any]]) -> None:
        """The game was rated: everyone watching gets the changes, and the seats their
        new ratings."""
        self.rating_changes = changes
        text = dumps(rating_message(self.id, changes))
        self._fanout.publish(Update(self.id, self.version, self._audiences(), lambda _: [text]))
        await self.refresh_ratings()

    def seats_changed(self) -> None:
        """Names or seats changed: every watcher gets the new seat list."""
        self._seats = public_seats(self.record.seats, self.names, self.ratings)
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
        """Submit an action to the table's writer and wait until it is applied and
        committed; a refusal raises ``ProtocolError``."""
        await self.writer.submit(seat, version, action, bot=bot, system=system)

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
        await self.writer.submit(seat, self.version, None, system="leave")

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

    def _committed(self, change: Change) -> None:
        """The writer committed a change: everyone watching sees it."""
        if change.seat is not None:
            self.touched = change.at
        if change.forfeited is not None:
            self._people_changed()  # a person who left is no longer one of its people
            self.seats_changed()
        self._publish(change.events)

    def _maybe_start_clock(self) -> None:
        """The clocks start once every person's seat is taken."""
        present = {s for s, n in self._present.items() if n > 0}
        if self.keeper is not None and self.keeper.maybe_start(present):
            self._publish([])

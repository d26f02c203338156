"""The house: every live table of this process, and the way tables are created, found,
seated, rebuilt after a restart and let go.

A table is live (in memory, with its writer task) while it is being played or watched.
Unfinished tables are rebuilt on start by replaying their logs; a finished table is loaded
again on demand when someone opens it and dropped when the last connection leaves. An
unfinished table that everyone has left, waiting on a person (no clock, no bot to move),
is let go after a while (``sweep``) and rebuilt the same way when it is opened again.

With a ``Cluster`` (several processes, docs/scaling.md) a table is live only in the process
holding its lease; the others open it as a ``RemoteTable`` that asks the owner."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, replace
from typing import Any

from cardtable import games
from cardtable.core import Event, Game, InvalidOptions, State
from cardtable.core.rng import new_seed
from cardtable.server.autoplay import BotWorkers
from cardtable.server.chat import RECENT
from cardtable.server.clocks import Clock, RealClock
from cardtable.server.cluster import Cluster
from cardtable.server.errors import (
    ACCOUNT_REQUIRED,
    BAD_TOKEN,
    NO_FREE_SEAT,
    NO_SUCH_SEAT,
    NO_SUCH_TABLE,
    NOT_INVITED,
    NOT_OVER,
    SEAT_TAKEN,
    ApiError,
)
from cardtable.server.fanout import Fanout
from cardtable.server.gamecache import shared
from cardtable.server.listing import LobbyIndex
from cardtable.server.live import LiveTable
from cardtable.server.persist import AsyncStore
from cardtable.server.ratings import rate_table, table_moves
from cardtable.server.remote import RemoteTable
from cardtable.server.seating import Plan, SeatSpec
from cardtable.server.tokens import hash_token, new_table_id, new_token
from cardtable.server.turnindex import TurnIndex
from cardtable.server.writer import BOT_TABLE_MOVES
from cardtable.store import BOT, BROKEN, FINISHED, HUMAN, PLAYING, SeatRecord, TableRecord
from cardtable.store.online import UserRecord
from cardtable.store.schema import utcnow

log = logging.getLogger("cardtable.server")
# A table nobody watched or changed for this long forgets its move history (a reconnect
# after so long gets the state alone): at most a minute, less when tables leave sooner.
REST_AFTER = 60.0

Table = LiveTable | RemoteTable  # a table here, or one owned by another process


@dataclass(frozen=True)
class Ticket:
    """What a person gets for a seat: the table, the seat and the token that proves it."""

    table_id: str
    seat: int | None
    token: str | None


class House:
    def __init__(
        self,
        store: AsyncStore,
        fanout: Fanout,
        workers: BotWorkers,
        clock: Clock | None = None,
        cluster: Cluster | None = None,
    ) -> None:
        self.cluster = cluster
        self.clock: Clock = clock or RealClock()
        self.store = store
        self.fanout = fanout
        self.workers = workers
        self.live: dict[str, LiveTable] = {}
        self.lobby = LobbyIndex()  # the public live tables, as GET /api/lobby lists them
        self.turns = TurnIndex()  # who sits where, for GET /api/my/turns
        self._loading: dict[str, asyncio.Task[Table | None]] = {}
        self._rematches: dict[str, asyncio.Task[str]] = {}
        self._stopping: set[asyncio.Task[None]] = set()
        # A table of bots only ends as aborted after this many moves (``Settings``).
        self.bot_table_moves = BOT_TABLE_MOVES

    # -- creating --------------------------------------------------------------------
    async def create(
        self,
        plan: Plan,
        *,
        hold: bool = True,
        user: UserRecord | None = None,
        address: str | None = None,
        **online: Any,
    ) -> Ticket:
        """Store and start a new table; with ``hold`` the creator (``user``, if known, from
        ``address``) takes its first human seat. ``online``: TableRecord's public, rated,
        clock, invite_hash."""
        seats = [SeatRecord(i, spec.kind, spec.bot) for i, spec in enumerate(plan.seats)]
        first_human = next((s.seat for s in seats if s.kind == HUMAN), None) if hold else None
        token = None
        if first_human is not None:
            token = new_token()
            seats[first_human] = replace(
                seats[first_human],
                token_hash=hash_token(token),
                user_id=user.id if user else None,
            )
        record = TableRecord(
            id=new_table_id(),
            game=plan.game.name,
            # The options in full, defaults included: a later change of a default must not
            # change a table that already exists.
            options=dict(plan.game.options),
            seed=new_seed(),
            seats=seats,
            status=PLAYING,
            created_at=utcnow(),
            updated_at=utcnow(),
            **online,
        )
        if self.cluster is not None:
            # Leased before its row exists: between the two, another process's orphan scan
            # would see an unfinished table nobody owns and take it (seen under load: its
            # copy then refused the tokens of seats claimed here afterwards).
            await self.cluster.acquire(record.id)
        try:
            await self.store.create(record)
        except BaseException:
            if self.cluster is not None:
                await self.cluster.release(record.id)
            raise
        if first_human is not None and address is not None and record.rated:
            await self._note_address(record.id, first_human, address)
        game = shared(plan.game)
        table = self._start(record, game, game.new_state(seed=record.seed))
        if user is not None and first_human is not None:
            table.names[first_human] = user.display_name
            table.seats_changed()
            await table.refresh_ratings()
        return Ticket(record.id, first_human, token)

    # -- finding ---------------------------------------------------------------------
    async def get(self, table_id: str) -> Table | None:
        """The live table, loading it from the store if needed (None: no such table, or
        one that cannot be rebuilt); in a cluster, the owner's table if another process
        owns it."""
        table = self.live.get(table_id)
        if table is not None:
            return table
        # Two connections opening the same table at once share one load.
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.create_task(self._load(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def record(self, table_id: str) -> TableRecord | None:
        """A table's record without its log: the live one if loaded, else the stored one."""
        table = self.live.get(table_id)
        if table is not None:
            return table.record
        return await self.store.get(table_id)

    def release(self, table: Table) -> None:
        """A connection left: a finished table nobody watches goes back to the store."""
        if (
            isinstance(table, LiveTable)
            and table.over
            and not self.fanout.watchers(table.id)
            and self.live.get(table.id) is table
        ):
            self._let_go(table)

    def sweep(self, after: float) -> int:
        """Let go of every table idle for ``after`` seconds (``LiveTable.idle``); returns
        how many. Abandoned games would otherwise stay in memory as long as the process."""
        now = self.clock.now()
        idle = [t for t in self.live.values() if t.idle(now, after)]
        for table in idle:
            self._let_go(table)
        self.rest(min(after / 10, REST_AFTER))
        self.lobby.prune()  # tables whose people went away are no longer "being played"
        if idle:
            log.info("let go of %d idle table(s)", len(idle))
        return len(idle)

    def _let_go(self, table: LiveTable) -> None:
        """Out of memory (its log keeps it): no longer live, its tasks stopped."""
        del self.live[table.id]
        self.lobby.remove(table.id)
        self.turns.remove(table.id)
        stopping = asyncio.create_task(self._stop(table))
        self._stopping.add(stopping)  # kept until done (the loop holds tasks weakly)
        stopping.add_done_callback(self._stopping.discard)

    async def _stop(self, table: LiveTable) -> None:
        await table.stop()
        if self.cluster is not None:
            await self.cluster.release(table.id)

    def lost(self, table_id: str) -> None:
        """Another process owns the table now (this one's lease ran out): let it go
        without touching the store; its connections here reconnect to the new owner."""
        table = self.live.pop(table_id, None)
        if table is not None:
            self.lobby.remove(table_id)
            self.turns.remove(table_id)
            stopping = asyncio.create_task(table.stop())
            self._stopping.add(stopping)
            stopping.add_done_callback(self._stopping.discard)

    def superseded(self, table_id: str) -> None:
        """Another writer committed on this table (this process lost its lease while
        paused, and a successor wrote): let it go now, lease and all, as when a renewal
        fails; its connections reconnect and find the new owner."""
        if self.cluster is not None:
            self.cluster.lose(table_id)
        else:
            self.lost(table_id)

    async def take(self, table_id: str) -> bool:
        """Own and rebuild a table nobody owns (a cluster's failover); False if another
        process was quicker or it cannot be rebuilt."""
        if self.cluster is None or not await self.cluster.acquire(table_id):
            return False
        return isinstance(await self.get(table_id), LiveTable)

    def rest(self, after: float) -> int:
        """Tables nobody watched or changed for ``after`` seconds forget their move
        history (``LiveTable.rest``); returns how many."""
        now = self.clock.now()
        return sum(t.rest(now, after) for t in list(self.live.values()))

    async def sweep_every(self, after: float) -> None:
        """Sweep for as long as the house runs (a tenth of ``after`` apart, at most 60 s)."""
        while True:
            await asyncio.sleep(min(after / 10, 60.0))
            self.sweep(after)

    # -- seats -----------------------------------------------------------------------
    async def claim(
        self,
        table_id: str,
        seat: int | None,
        user: UserRecord | None = None,
        invite: str | None = None,
        *,
        address: str | None = None,
        rematch: bool = False,
    ) -> Ticket:
        """Give a person (from ``address``) a free human seat (``None``: the first free
        one). A private table's seats need its invite key; a rematch's seats are taken only
        through ``rematch`` (its key is never shown). A rated table's seats need an
        account."""
        table = await self.get(table_id)
        if table is None:
            raise ApiError(404, NO_SUCH_TABLE, f"There is no table {table_id!r}")
        if table.over:
            self.release(table)
            raise ApiError(409, NO_FREE_SEAT, "The game is over: no seat to take")
        seats = table.record.seats
        if seat is None:
            seat = next((s.seat for s in seats if s.kind == HUMAN and not s.claimed), None)
            if seat is None:
                raise ApiError(409, NO_FREE_SEAT, "Every human seat at this table is taken")
        if not rematch and not table.invited(invite):
            raise ApiError(403, NOT_INVITED, "This table is private: its invite link lets you in")
        if table.record.rated and (user is None or user.username is None):
            raise ApiError(403, ACCOUNT_REQUIRED, "Rated tables are for accounts: sign in first")
        check_free(seats, seat)
        token = new_token()
        user_id = user.id if user else None
        if not await self.store.claim(table_id, seat, hash_token(token), user_id):
            raise ApiError(409, SEAT_TAKEN, f"Seat {seat} has just been taken")
        if address is not None and table.record.rated:
            await self._note_address(table_id, seat, address)
        name = user.display_name if user else None
        if isinstance(table, RemoteTable):
            await table.seated(seat, hash_token(token), user_id, name)
        else:
            table.seated(seat, hash_token(token), user_id, name)
        return Ticket(table_id, seat, token)

    async def rematch(
        self,
        table_id: str,
        token: str,
        user: UserRecord | None = None,
        address: str | None = None,
    ) -> Ticket:
        """The same game, options and seats again, opened once per finished table: every
        person who held a seat takes the same seat at the new table with their old token
        (and nobody else can: the rematch is private, its key never shown)."""
        table = await self.get(table_id)
        if table is None:
            raise ApiError(404, NO_SUCH_TABLE, f"There is no table {table_id!r}")
        seat = table.seat_for(token)
        if seat is None:
            raise ApiError(403, BAD_TOKEN, "That token holds no seat at this table")
        if not table.over:
            raise ApiError(409, NOT_OVER, "The game is not over yet")
        if isinstance(table, RemoteTable):
            table.record.rematch_id = await table.ask("rematch")
        elif table.record.rematch_id is None:
            table.record.rematch_id = await self.rematch_id(table)
        # The seat keeps its person (and so its name), whoever's browser asks for it.
        held = table.record.seats[seat].user_id
        if held is not None and (user is None or user.id != held):
            user = await self.store.user(held) or user
        return await self.claim(
            table.record.rematch_id, seat, user, None, address=address, rematch=True
        )

    async def rematch_id(self, table: LiveTable) -> str:
        """The rematch of a finished table, opened once (whoever asks first)."""
        if table.record.rematch_id is not None:
            return table.record.rematch_id
        task = self._rematches.get(table.id)
        if task is None:
            task = asyncio.create_task(self._open_rematch(table))
            self._rematches[table.id] = task
        return await asyncio.shield(task)

    async def _open_rematch(self, table: LiveTable) -> str:
        record = table.record
        specs = [
            SeatSpec(BOT, s.bot) if s.kind == BOT and not s.forfeited else SeatSpec(HUMAN)
            for s in record.seats
        ]
        plan = Plan(games.load(record.game, **record.options), specs)
        ticket = await self.create(
            plan,
            hold=False,
            public=False,
            rated=record.rated,
            clock=record.clock,
            # A key nobody is given: the seats are the old players' (through ``rematch``),
            # and the table is for them to watch.
            invite_hash=hash_token(new_token()),
        )
        linked = await self.store.set_rematch(record.id, ticket.table_id)
        return linked or ticket.table_id

    # -- recovery --------------------------------------------------------------------
    async def recover(self) -> int:
        """Rebuild every unfinished table from its log; returns how many resumed. In a
        cluster: those no other process owns."""
        if self.cluster is not None:
            return await self.cluster.take_orphans()
        resumed = 0
        for table_id in await self.store.unfinished():
            if await self.get(table_id) is not None:
                resumed += 1
        return resumed

    async def close(self) -> None:
        tables, self.live, self.lobby = list(self.live.values()), {}, LobbyIndex()
        self.turns = TurnIndex()
        await asyncio.gather(*(self._stop(t) for t in tables), return_exceptions=True)

    # -- inside ----------------------------------------------------------------------
    async def _load(self, table_id: str) -> Table | None:
        if self.cluster is not None and not await self.cluster.acquire(table_id):
            return await self._remote(table_id, self.cluster)
        table = await self._rebuild(table_id)
        if table is None and self.cluster is not None:
            await self.cluster.release(table_id)
        return table

    async def _remote(self, table_id: str, cluster: Cluster) -> Table | None:
        """The table as another process owns it (or ours after all, if its owner has
        just let it go)."""
        for _ in range(3):
            record = await self.store.get(table_id)
            if record is None or record.status == BROKEN:
                return None
            owner = await cluster.owner(table_id)
            if owner is not None and owner != cluster.node:
                return RemoteTable(record, owner, cluster, self.store)
            if await cluster.acquire(table_id):
                return await self._rebuild(table_id)
        return None

    async def _rebuild(self, table_id: str) -> LiveTable | None:
        record = await self.store.get(table_id, actions=True)
        if record is None or record.status == BROKEN:
            return None
        try:
            game, state, history = await self.store.run(replay_events, record)
        except ImportError:
            log.warning("table %s: game %r is not available; not resumed", table_id, record.game)
            return None
        except Exception:
            log.exception("table %s: its log no longer replays; marked broken", table_id)
            await self.store.set_status(table_id, BROKEN)
            return None
        if table_id in self.live:  # created meanwhile by this process
            return self.live[table_id]
        ids = [s.user_id for s in record.seats if s.user_id]
        users = await self.store.users(ids) if ids else {}
        chat = await self.store.chat(table_id, RECENT)
        if table_id in self.live:
            return self.live[table_id]
        table = self._start(record, game, state, history)
        table.chat.load(chat)
        table.names = {
            s.seat: users[s.user_id].display_name for s in record.seats if s.user_id in users
        }
        table.seats_changed()
        if record.rated and record.status == FINISHED:
            moves = await table_moves(self.store, table_id)
            table.rating_changes = [m.model_dump() for m in moves] or None
        await table.refresh_ratings()
        return table

    def _start(
        self,
        record: TableRecord,
        game: Game[Any],
        state: State[Any],
        history: list[list[Event]] | None = None,
    ) -> LiveTable:
        table = LiveTable(
            record,
            game,
            state,
            store=self.store,
            fanout=self.fanout,
            workers=self.workers,
            history=history,
            clock=self.clock,
        )
        table.on_finish = self._rate
        table.writer.bot_table_moves = self.bot_table_moves
        table.on_change = self._changed
        table.writer.on_superseded = lambda: self.superseded(record.id)
        self.live[record.id] = table
        self._changed(table)
        table.start()
        return table

    def _changed(self, table: LiveTable) -> None:
        self.lobby.update(table)
        self.turns.update(table)

    async def _rate(self, record: TableRecord) -> None:
        if await rate_table(self.store, record):
            live = self.live.get(record.id)
            if live is not None:  # the players see their changes (results, seats)
                moves = await table_moves(self.store, record.id)
                await live.rated([m.model_dump() for m in moves])
            return
        if not record.rated:
            return
        stored = await self.store.get(record.id)  # not rated after all (daily limits)?
        live = self.live.get(record.id)
        if stored is not None and live is not None:
            live.record.rated = stored.rated

    async def _note_address(self, table_id: str, seat: int, address: str) -> None:
        """Remember (as a hash) where a seat was taken from, for the daily limits of rated
        play (ratings.py). Only rated tables: the limits read no other table's addresses,
        and a table is never made rated later (issue 20: this write was a third of the
        store's transactions under load)."""
        await self.store.set_seat_address(table_id, seat, hash_token(address))


def replay(record: TableRecord) -> tuple[Game[Any], State[Any]]:
    """The table as its log left it: same game, options and seed, every action again."""
    game, state, _ = replay_events(record)
    return game, state


def replay_events(record: TableRecord) -> tuple[Game[Any], State[Any], list[list[Event]]]:
    """As ``replay``, with the events each action caused (index ``version - 1``): what a
    client that reconnects or reloads is sent again, each in its own seat's version."""
    try:
        game = shared(games.load(record.game, **record.options))
    except InvalidOptions as error:
        raise ValueError(f"stored options no longer valid: {error}") from error
    state = game.new_state(seed=record.seed)
    history = [state.apply(entry.seat, entry.action) for entry in record.actions]
    return game, state, history


def check_free(seats: list[SeatRecord], seat: int) -> None:
    if not 0 <= seat < len(seats):
        raise ApiError(
            404, NO_SUCH_SEAT, f"There is no seat {seat} (seats are 0 to {len(seats) - 1})"
        )
    if seats[seat].kind == BOT:
        raise ApiError(409, SEAT_TAKEN, f"Seat {seat} is played by a bot")
    if seats[seat].claimed:
        raise ApiError(409, SEAT_TAKEN, f"Seat {seat} is already taken")

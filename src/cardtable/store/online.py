"""The store's online-play part (users, sessions, ratings, chat, lobby queries, rematch
links, forfeits), mixed into ``SqlStore``. Plain records in, plain records out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased

from cardtable.store.records import PLAYING
from cardtable.store.schema import (
    ChatRow,
    RatingEventRow,
    RatingRow,
    SeatRow,
    SessionRow,
    TableRow,
    UserRow,
    utcnow,
)

# How stale a session's last_seen may get before a use writes it again.
SEEN_EVERY = timedelta(hours=1)

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlalchemy.orm import Session, sessionmaker


@dataclass(frozen=True)
class UserRecord:
    id: str
    display_name: str
    username: str | None = None  # None: a guest
    password_hash: str | None = None
    created_at: datetime | None = None


@dataclass(frozen=True)
class RatingRecord:
    user_id: str
    game: str
    mu: float
    sigma: float
    games: int
    display_name: str = ""


@dataclass(frozen=True)
class RatingChange:
    user_id: str
    mu: float
    sigma: float
    rank: int  # 1 = first
    players: int


@dataclass(frozen=True)
class RatingPoint:
    game: str
    table_id: str
    mu: float
    sigma: float
    rank: int
    players: int
    at: datetime | None
    public: bool = True


@dataclass(frozen=True)
class TableRating:
    """One player's rating change at one rated table: after it, and before it (None: their
    first rated game of this game)."""

    seat: int
    user_id: str
    name: str
    mu: float
    sigma: float
    before: tuple[float, float] | None


@dataclass(frozen=True)
class SeatPerson:
    """Who sat at a seat: a person (their id and current name) or a bot."""

    seat: int
    user_id: str | None
    name: str | None
    bot: str | None
    forfeited: bool


@dataclass(frozen=True)
class ChatRecord:
    id: int
    table_id: str
    user_id: str | None
    name: str
    seat: int | None
    text: str
    at: datetime | None


@dataclass(frozen=True)
class PlayedRecord:
    """One table a user sat at."""

    table_id: str
    game: str
    seat: int
    status: str
    rated: bool
    outcome: dict[str, Any] | None
    forfeited: bool
    updated_at: datetime | None
    public: bool = True


class OnlineSql:
    engine: Engine
    _session: sessionmaker[Session]

    # -- tables ----------------------------------------------------------------------
    def set_rematch(self, table_id: str, rematch_id: str) -> str | None:
        """Link ``table_id`` to its rematch unless it already has one; the id in place."""
        with self._session.begin() as session:
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.rematch_id.is_(None))
                .values(rematch_id=rematch_id)
            )
            return session.scalar(select(TableRow.rematch_id).where(TableRow.id == table_id))

    def set_seat_address(self, table_id: str, seat: int, address_hash: str) -> None:
        """Where the person who took ``seat`` was (the hash of the address)."""
        with self._session.begin() as session:
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(address_hash=address_hash)
            )

    def seat_addresses(self, table_id: str) -> dict[int, str]:
        query = select(SeatRow.seat, SeatRow.address_hash).where(
            SeatRow.table_id == table_id, SeatRow.address_hash.is_not(None)
        )
        with self._session() as session:
            return {seat: str(address) for seat, address in session.execute(query).all()}

    def set_rated(self, table_id: str, rated: bool) -> None:
        with self._session.begin() as session:
            session.execute(update(TableRow).where(TableRow.id == table_id).values(rated=rated))

    def forfeit(self, table_id: str, seat: int, bot: str) -> None:
        """A person left or timed out: a bot plays the seat on; they finish last."""
        with self._session.begin() as session:
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(kind="bot", bot=bot, forfeited=True)
            )

    def end_table(self, table_id: str, status: str, outcome: dict[str, Any] | None) -> None:
        """The server ended a game the rules did not (a forfeit, a cancelled start): its
        status and outcome, kept beside the log (which replays to the unfinished state)."""
        with self._session.begin() as session:
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(status=status, outcome=outcome, updated_at=utcnow())
            )

    def open_tables(self, limit: int = 100) -> list[str]:
        """Public tables being played that have a free human seat, newest first."""
        free = (
            select(SeatRow.table_id)
            .where(SeatRow.kind == "human", SeatRow.token_hash.is_(None))
            .distinct()
        )
        query = (
            select(TableRow.id)
            .where(TableRow.status == PLAYING, TableRow.public.is_(True), TableRow.id.in_(free))
            .order_by(TableRow.created_at.desc())
            .limit(limit)
        )
        with self._session() as session:
            return list(session.scalars(query).all())

    def played(self, user_id: str, limit: int = 50) -> list[PlayedRecord]:
        query = (
            select(TableRow, SeatRow)
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .where(SeatRow.user_id == user_id)
            .order_by(TableRow.updated_at.desc())
            .limit(limit)
        )
        with self._session() as session:
            return [
                PlayedRecord(
                    t.id,
                    t.game,
                    s.seat,
                    t.status,
                    bool(t.rated),
                    None if t.outcome is None else dict(t.outcome),
                    bool(s.forfeited),
                    t.updated_at,
                    bool(t.public),
                )
                for t, s in session.execute(query).all()
            ]

    def table_players(self, table_ids: Sequence[str]) -> dict[str, list[SeatPerson]]:
        """Every seat of each table, in seat order, with its person's current name."""
        if not table_ids:
            return {}
        query = (
            select(SeatRow, UserRow.display_name)
            .outerjoin(UserRow, UserRow.id == SeatRow.user_id)
            .where(SeatRow.table_id.in_(list(table_ids)))
            .order_by(SeatRow.table_id, SeatRow.seat)
        )
        out: dict[str, list[SeatPerson]] = {}
        with self._session() as session:
            for s, name in session.execute(query).all():
                person = SeatPerson(s.seat, s.user_id, name, s.bot, bool(s.forfeited))
                out.setdefault(s.table_id, []).append(person)
        return out

    # -- users -----------------------------------------------------------------------
    def create_user(self, user: UserRecord, session_hash: str | None = None) -> None:
        with self._session.begin() as session:
            session.add(
                UserRow(
                    id=user.id,
                    username=user.username,
                    display_name=user.display_name,
                    password_hash=user.password_hash,
                    created_at=utcnow(),
                )
            )
            if session_hash is not None:
                session.flush()
                session.add(SessionRow(token_hash=session_hash, user_id=user.id))

    def user(self, user_id: str) -> UserRecord | None:
        with self._session() as session:
            row = session.get(UserRow, user_id)
            return None if row is None else _user(row)

    def user_by_session(self, session_hash: str, since: datetime) -> UserRecord | None:
        """The session's person if it was used after ``since`` (an idle one is deleted);
        its use is recorded, at most once an hour (a write per request would crowd the
        store's thread)."""
        query = (
            select(UserRow, SessionRow)
            .join(SessionRow)
            .where(SessionRow.token_hash == session_hash)
        )
        with self._session() as session:
            found = session.execute(query).first()
            if found is None:
                return None
            user, seen = found
            now = utcnow()
            if seen.last_seen is None or seen.last_seen < since:
                session.delete(seen)
                session.commit()
                return None
            if seen.last_seen < now - SEEN_EVERY:
                seen.last_seen = now
                session.commit()
            return _user(user)

    def user_by_username(self, username: str) -> UserRecord | None:
        with self._session() as session:
            row = session.scalars(select(UserRow).where(UserRow.username == username)).first()
            return None if row is None else _user(row)

    def users(self, ids: Sequence[str]) -> dict[str, UserRecord]:
        if not ids:
            return {}
        with self._session() as session:
            rows = session.scalars(select(UserRow).where(UserRow.id.in_(list(ids)))).all()
            return {r.id: _user(r) for r in rows}

    def add_session(self, session_hash: str, user_id: str) -> None:
        with self._session.begin() as session:
            session.add(SessionRow(token_hash=session_hash, user_id=user_id))

    def drop_session(self, session_hash: str) -> None:
        with self._session.begin() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == session_hash))

    def rename(self, user_id: str, display_name: str) -> None:
        with self._session.begin() as session:
            session.execute(
                update(UserRow).where(UserRow.id == user_id).values(display_name=display_name)
            )

    def register(self, user_id: str, username: str, password_hash: str) -> bool:
        """Make a guest an account; False if the user name is taken."""
        try:
            with self._session.begin() as session:
                done = session.execute(
                    update(UserRow)
                    .where(UserRow.id == user_id, UserRow.username.is_(None))
                    .values(username=username, password_hash=password_hash)
                )
                return bool(done.rowcount == 1)  # type: ignore[attr-defined]
        except IntegrityError:
            return False

    def set_password_hash(self, user_id: str, password_hash: str) -> None:
        with self._session.begin() as session:
            session.execute(
                update(UserRow).where(UserRow.id == user_id).values(password_hash=password_hash)
            )

    # -- ratings ---------------------------------------------------------------------
    def ratings(self, game: str, user_ids: Sequence[str]) -> dict[str, RatingRecord]:
        if not user_ids:
            return {}
        query = select(RatingRow).where(
            RatingRow.game == game, RatingRow.user_id.in_(list(user_ids))
        )
        with self._session() as session:
            return {
                r.user_id: RatingRecord(r.user_id, r.game, r.mu, r.sigma, r.games)
                for r in session.scalars(query).all()
            }

    def user_ratings(self, user_id: str) -> list[RatingRecord]:
        with self._session() as session:
            rows = session.scalars(select(RatingRow).where(RatingRow.user_id == user_id)).all()
            return [RatingRecord(r.user_id, r.game, r.mu, r.sigma, r.games) for r in rows]

    def save_ratings(self, game: str, table_id: str, changes: Sequence[RatingChange]) -> bool:
        """Store a rated game's new ratings once (False: this table was already rated)."""
        now = utcnow()
        with self._session.begin() as session:
            done = session.scalar(
                select(func.count())
                .select_from(RatingEventRow)
                .where(RatingEventRow.table_id == table_id)
            )
            if done:
                return False
            for c in changes:
                row = session.get(RatingRow, (c.user_id, game))
                if row is None:
                    session.add(
                        RatingRow(
                            user_id=c.user_id,
                            game=game,
                            mu=c.mu,
                            sigma=c.sigma,
                            games=1,
                            updated_at=now,
                        )
                    )
                else:
                    row.mu, row.sigma, row.games, row.updated_at = c.mu, c.sigma, row.games + 1, now
                session.add(
                    RatingEventRow(
                        user_id=c.user_id,
                        game=game,
                        table_id=table_id,
                        mu=c.mu,
                        sigma=c.sigma,
                        rank=c.rank,
                        players=c.players,
                        at=now,
                    )
                )
            return True

    def table_ratings(self, table_id: str) -> list[TableRating]:
        """The rating changes a rated table made, by seat (empty: it was not rated)."""
        query = (
            select(RatingEventRow, SeatRow.seat, UserRow.display_name)
            .join(
                SeatRow,
                and_(SeatRow.table_id == table_id, SeatRow.user_id == RatingEventRow.user_id),
            )
            .join(UserRow, UserRow.id == RatingEventRow.user_id)
            .where(RatingEventRow.table_id == table_id)
            .order_by(SeatRow.seat)
        )
        with self._session() as session:
            out = []
            for event, seat, name in session.execute(query).all():
                before = session.execute(
                    select(RatingEventRow.mu, RatingEventRow.sigma)
                    .where(
                        RatingEventRow.user_id == event.user_id,
                        RatingEventRow.game == event.game,
                        RatingEventRow.id < event.id,
                    )
                    .order_by(RatingEventRow.id.desc())
                    .limit(1)
                ).first()
                old = None if before is None else (float(before[0]), float(before[1]))
                out.append(TableRating(seat, event.user_id, name, event.mu, event.sigma, old))
            return out

    def rated_together(self, user_ids: Sequence[str], since: datetime) -> int:
        """The most rated games any two of ``user_ids`` played together since ``since``."""
        mine, theirs = aliased(RatingEventRow), aliased(RatingEventRow)
        query = (
            select(func.count())
            .select_from(mine)
            .join(theirs, and_(theirs.table_id == mine.table_id, theirs.user_id > mine.user_id))
            .where(
                mine.user_id.in_(list(user_ids)),
                theirs.user_id.in_(list(user_ids)),
                mine.at >= since,
            )
            .group_by(mine.user_id, theirs.user_id)
        )
        with self._session() as session:
            return max(session.scalars(query).all(), default=0)

    def rated_from_one_address(self, address_hash: str, since: datetime) -> int:
        """How many tables rated since ``since`` had two seats or more taken from one
        address (its hash)."""
        rated = select(RatingEventRow.table_id).where(RatingEventRow.at >= since).distinct()
        query = (
            select(SeatRow.table_id)
            .where(SeatRow.address_hash == address_hash, SeatRow.table_id.in_(rated))
            .group_by(SeatRow.table_id)
            .having(func.count() >= 2)
        )
        with self._session() as session:
            return len(session.scalars(query).all())

    def leaderboard(
        self, game: str, limit: int = 50, provisional_sigma: float = 5.0
    ) -> list[RatingRecord]:
        """Established ratings first, then provisional ones (``sigma`` above
        ``provisional_sigma``), each by ``mu``: the order of the numbers shown."""
        query = (
            select(RatingRow, UserRow.display_name)
            .join(UserRow, UserRow.id == RatingRow.user_id)
            .where(RatingRow.game == game)
            .order_by(
                (RatingRow.sigma > provisional_sigma).asc(),
                RatingRow.mu.desc(),
                RatingRow.user_id,
            )
            .limit(limit)
        )
        with self._session() as session:
            return [
                RatingRecord(r.user_id, r.game, r.mu, r.sigma, r.games, name)
                for r, name in session.execute(query).all()
            ]

    def rating_history(self, user_id: str, limit: int = 200) -> list[RatingPoint]:
        """The latest ``limit`` rating changes, oldest first (a chart's order)."""
        query = (
            select(RatingEventRow, TableRow.public)
            .outerjoin(TableRow, TableRow.id == RatingEventRow.table_id)
            .where(RatingEventRow.user_id == user_id)
            .order_by(RatingEventRow.id.desc())
            .limit(limit)
        )
        with self._session() as session:
            rows = session.execute(query).all()
            return [
                RatingPoint(
                    r.game, r.table_id, r.mu, r.sigma, r.rank, r.players, r.at, public is not False
                )
                for r, public in reversed(rows)
            ]

    # -- chat ------------------------------------------------------------------------
    def add_chat(self, line: ChatRecord) -> int:
        with self._session.begin() as session:
            row = ChatRow(
                table_id=line.table_id,
                user_id=line.user_id,
                name=line.name,
                seat=line.seat,
                text=line.text,
                at=line.at or utcnow(),
            )
            session.add(row)
            session.flush()
            return int(row.id)

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRecord]:
        query = (
            select(ChatRow)
            .where(and_(ChatRow.table_id == table_id))
            .order_by(ChatRow.id.desc())
            .limit(limit)
        )
        with self._session() as session:
            rows = list(session.scalars(query).all())[::-1]
            return [
                ChatRecord(r.id, r.table_id, r.user_id, r.name, r.seat, r.text, r.at) for r in rows
            ]


def _user(row: UserRow) -> UserRecord:
    return UserRecord(row.id, row.display_name, row.username, row.password_hash, row.created_at)

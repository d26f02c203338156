"""The tables of the store, as typed SQLAlchemy models.

A game table is rebuilt from ``tables`` (game, options, seed) + ``seats`` + the ordered
``actions`` log, so the log is the truth and everything else is a convenience for listing.
Seats are rows, not a JSON list, so later issues can hang users, ratings and clocks on
them with a plain foreign key. Timestamps are stored in UTC."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    false,
    true,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

# JSONB on PostgreSQL (indexable, compact), plain JSON text elsewhere.
Json = JSON().with_variant(JSONB(), "postgresql")


class UtcDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime on every database: SQLite keeps no zone, so it is put back."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(Json)
    # Never leaves the server: a seat that knew the seed would know every hidden card.
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16))
    # Number of actions in the log; the writer checks it to refuse a second writer.
    version: Mapped[int] = mapped_column(Integer, default=0)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(Json, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    # Online play (revision 0002): listed in the lobby, rated, the clock's settings, the
    # hash of a private table's invite key, and the table its rematch was opened at.
    public: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    clock: Mapped[dict[str, Any] | None] = mapped_column(Json, nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # Revision 0003: the clocks as of the last action (banks left, who moved), written in
    # the action's own commit so a restarted server resumes them (server/clocks.py).
    clock_state: Mapped[dict[str, Any] | None] = mapped_column(Json, nullable=True)

    __table_args__ = (Index("ix_tables_status", "status"),)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "human" or "bot"
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # SHA-256 of the seat's token: a leaked database does not hand out seats.
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    # Online play (revision 0002): who holds the seat, and whether they left or timed out
    # (a bot took over; they finish last for ratings).
    user_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    forfeited: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Revision 0004: the SHA-256 of the address the seat was taken from (two seats from
    # one address are rated only a few times a day: ratings.py).
    address_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)

    __table_args__ = (Index("ix_seats_user_id", "user_id"),)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    # 1-based: the table's version once this action is applied.
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(Json)
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class UserRow(Base):
    """A person: a guest (no username) or an account (username + argon2 hash)."""

    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    username: Mapped[str | None] = mapped_column(String(32), nullable=True)
    display_name: Mapped[str] = mapped_column(String(40))
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (Index("ix_users_username", "username", unique=True),)


class SessionRow(Base):
    """A browser's identity cookie: only the SHA-256 of the cookie is stored."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    # Revision 0004: when the session was last used (renewed at most hourly); one unused
    # for the server's idle limit is over.
    last_seen: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, index=True)


class RatingRow(Base):
    """A person's current rating in one game (openskill Plackett-Luce mu and sigma)."""

    __tablename__ = "ratings"

    user_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class RatingEventRow(Base):
    """One rated game of one person: the rating after it (the profile's chart)."""

    __tablename__ = "rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(String(32))
    game: Mapped[str] = mapped_column(String(32))
    table_id: Mapped[str] = mapped_column(String(32))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rank: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (Index("ix_rating_history_user_game", "user_id", "game"),)


class ChatRow(Base):
    """A table's chat line (plain text; the client shows it as text, never as HTML)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    user_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(String(500))
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class ReviewRow(Base):
    """A finished table's review of one seat (docs/review.md): computed once by a bounded
    job, served again from here."""

    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    result: Mapped[dict[str, Any]] = mapped_column(Json)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class PuzzleRow(Base):
    """A puzzle from a review's blunder: a seat's view and legal actions, and its answer."""

    __tablename__ = "puzzles"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    step: Mapped[int] = mapped_column(Integer)
    body: Mapped[dict[str, Any]] = mapped_column(Json)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

"""``SqlStore``: the store on SQLAlchemy 2, for SQLite and PostgreSQL alike."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, Table, bindparam, insert, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from cardtable.store.base import WriteConflict
from cardtable.store.engine import make_engine, normalize_url
from cardtable.store.online import OnlineSql
from cardtable.store.records import (
    FINISHED,
    PLAYING,
    ActionRecord,
    Append,
    SeatRecord,
    TableRecord,
)
from cardtable.store.reviews import ReviewSql
from cardtable.store.schema import ActionRow, SeatRow, TableRow, utcnow

MIGRATIONS = Path(__file__).parent / "migrations"
# PostgreSQL advisory lock key held while migrating ("cardtab" in ASCII): one database,
# one migration at a time, whichever process starts it.
MIGRATION_LOCK = 0x63617264746162
TABLES = cast(Table, TableRow.__table__)
SEATS = cast(Table, SeatRow.__table__)
ACTIONS = cast(Table, ActionRow.__table__)

_BUMP = (
    update(TABLES)
    .where(TABLES.c.id == bindparam("tid"), TABLES.c.version == bindparam("prev"))
    .values(version=bindparam("seq"), updated_at=bindparam("now"), clock_state=bindparam("clocks"))
)
_FINISH = _BUMP.values(status=FINISHED, outcome=bindparam("outcome"))
_INSERT_ACTION = insert(ACTIONS)
_INSERT_TABLE = insert(TABLES)
_INSERT_SEAT = insert(SEATS)


class SqlStore(OnlineSql, ReviewSql):
    def __init__(self, url: str | None = None) -> None:
        self.url = normalize_url(url)
        self.engine: Engine = make_engine(self.url)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    # -- schema ----------------------------------------------------------------------
    def migrate(self) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            lock_for_migration(connection)
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    # -- tables ----------------------------------------------------------------------
    def create(self, table: TableRecord) -> None:
        # Core, not an ORM session: a table's creation is on the store thread with every
        # move's commit, and the session's unit of work cost it ~2x (issue 20).
        now = table.created_at or utcnow()
        row = {
            "id": table.id,
            "game": table.game,
            "options": dict(table.options),
            "seed": table.seed,
            "status": table.status,
            "version": 0,
            "created_at": now,
            "updated_at": now,
            "public": table.public,
            "rated": table.rated,
            "clock": table.clock,
            "invite_hash": table.invite_hash,
        }
        seats = [
            {
                "table_id": table.id,
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "token_hash": s.token_hash,
                "claimed_at": now if s.token_hash else None,
                "user_id": s.user_id,
            }
            for s in table.seats
        ]
        with self.engine.begin() as connection:
            connection.execute(_INSERT_TABLE, row)  # the parent row first: seats reference it
            if seats:
                connection.execute(_INSERT_SEAT, seats)

    def get(self, table_id: str, *, actions: bool = False) -> TableRecord | None:
        with self._session() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            record = _table_record(row, [_seat_record(s) for s in seats])
            if actions:
                record.actions = _actions(session, table_id)
            return record

    def append(
        self,
        table_id: str,
        seq: int,
        seat: int,
        action: dict[str, Any],
        outcome: dict[str, Any] | None = None,
    ) -> None:
        problem = self.append_many([Append(table_id, seq, seat, action, outcome)])[0]
        if problem is not None:
            raise problem

    def append_many(self, entries: Sequence[Append]) -> list[WriteConflict | None]:
        # The hot path (every move of every table): prebuilt Core statements run as
        # executemany, one commit for the whole group.
        try:
            with self.engine.begin() as connection:
                _write(connection, entries)
            return [None] * len(entries)
        except (WriteConflict, IntegrityError) as error:
            if len(entries) == 1:
                return [_conflict(entries[0], error)]
        # Someone in the group does not follow: find out who, one transaction each.
        return [self._append_alone(entry) for entry in entries]

    def _append_alone(self, entry: Append) -> WriteConflict | None:
        try:
            with self.engine.begin() as connection:
                _write(connection, [entry])
        except (WriteConflict, IntegrityError) as error:
            return _conflict(entry, error)
        return None

    def claim(self, table_id: str, seat: int, token_hash: str, user_id: str | None = None) -> bool:
        with self.engine.begin() as connection:
            done = connection.execute(
                update(SEATS)
                .where(
                    SEATS.c.table_id == table_id,
                    SEATS.c.seat == seat,
                    SEATS.c.kind == "human",
                    SEATS.c.token_hash.is_(None),
                )
                .values(token_hash=token_hash, claimed_at=utcnow(), user_id=user_id)
            )
            return bool(done.rowcount == 1)

    def set_status(self, table_id: str, status: str) -> None:
        with self._session.begin() as session:
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(status=status, updated_at=utcnow())
            )

    def unfinished(self) -> list[str]:
        with self._session() as session:
            query = (
                select(TableRow.id)
                .where(TableRow.status == PLAYING)
                .order_by(TableRow.created_at, TableRow.id)
            )
            return list(session.scalars(query).all())

    def ping(self) -> None:
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    def close(self) -> None:
        self.engine.dispose()


def _write(connection: Connection, entries: Sequence[Append]) -> None:
    """Bump each table's version from ``seq - 1`` to ``seq`` (compare-and-set: a second
    writer of a table fails here instead of forking it) and add the actions to the log."""
    now = utcnow()
    plain = [_bump(e, now) for e in entries if e.outcome is None]
    finishing = [{**_bump(e, now), "outcome": e.outcome} for e in entries if e.outcome is not None]
    bumped = 0
    for statement, rows in ((_BUMP, plain), (_FINISH, finishing)):
        if rows:
            bumped += connection.execute(statement, rows).rowcount
    if bumped != len(entries):
        raise WriteConflict("an action does not follow its table's version")
    rows = [
        {"table_id": e.table_id, "seq": e.seq, "seat": e.seat, "action": e.action, "at": now}
        for e in entries
    ]
    connection.execute(_INSERT_ACTION, rows)


def _bump(entry: Append, now: datetime) -> dict[str, Any]:
    return {
        "tid": entry.table_id,
        "prev": entry.seq - 1,
        "seq": entry.seq,
        "now": now,
        "clocks": entry.clock_state,
    }


def _conflict(entry: Append, error: Exception) -> WriteConflict:
    if isinstance(error, WriteConflict):
        return WriteConflict(f"table {entry.table_id}: action {entry.seq} does not follow")
    return WriteConflict(f"table {entry.table_id}: action {entry.seq} already stored")


def _actions(session: Session, table_id: str) -> list[ActionRecord]:
    rows = session.scalars(
        select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
    ).all()
    return [ActionRecord(r.seq, r.seat, dict(r.action), r.at) for r in rows]


def _seat_record(row: SeatRow) -> SeatRecord:
    return SeatRecord(
        row.seat,
        row.kind,
        row.bot,
        row.token_hash,
        row.claimed_at,
        row.user_id,
        bool(row.forfeited),
    )


def _table_record(row: TableRow, seats: list[SeatRecord]) -> TableRecord:
    return TableRecord(
        id=row.id,
        game=row.game,
        options=dict(row.options),
        seed=row.seed,
        seats=seats,
        status=row.status,
        version=row.version,
        outcome=None if row.outcome is None else dict(row.outcome),
        created_at=row.created_at,
        updated_at=row.updated_at,
        public=bool(row.public),
        rated=bool(row.rated),
        clock=None if row.clock is None else dict(row.clock),
        invite_hash=row.invite_hash,
        rematch_id=row.rematch_id,
        clock_state=None if row.clock_state is None else dict(row.clock_state),
    )


def lock_for_migration(connection: Connection) -> None:
    """Hold the database's write lock until the migration commits, so that processes
    starting together migrate one after the other: the next one finds the schema up to
    date. SQLite: an immediate transaction (its DDL is transactional; the others wait on
    ``busy_timeout``); PostgreSQL: an advisory lock freed with the transaction."""
    dialect = connection.dialect.name
    if dialect == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    elif dialect == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})

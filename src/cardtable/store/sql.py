"""``SqlStore``: the store on SQLAlchemy 2, for SQLite and PostgreSQL alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from cardtable.store.base import WriteConflict
from cardtable.store.engine import make_engine, normalize_url
from cardtable.store.records import (
    FINISHED,
    PLAYING,
    ActionRecord,
    SeatRecord,
    TableRecord,
)
from cardtable.store.schema import ActionRow, SeatRow, TableRow, utcnow

MIGRATIONS = Path(__file__).parent / "migrations"


class SqlStore:
    def __init__(self, url: str | None = None) -> None:
        self.url = normalize_url(url)
        self.engine: Engine = make_engine(self.url)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    # -- schema ----------------------------------------------------------------------
    def migrate(self) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    # -- tables ----------------------------------------------------------------------
    def create(self, table: TableRecord) -> None:
        now = table.created_at or utcnow()
        with self._session.begin() as session:
            session.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    options=dict(table.options),
                    seed=table.seed,
                    status=table.status,
                    version=0,
                    created_at=now,
                    updated_at=now,
                )
            )
            session.flush()  # the parent row first: the seats reference it
            session.add_all(
                SeatRow(
                    table_id=table.id,
                    seat=s.seat,
                    kind=s.kind,
                    bot=s.bot,
                    token_hash=s.token_hash,
                    claimed_at=now if s.token_hash else None,
                )
                for s in table.seats
            )

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
        now = utcnow()
        values: dict[str, Any] = {"version": seq, "updated_at": now}
        if outcome is not None:
            values.update(status=FINISHED, outcome=outcome)
        try:
            with self._session.begin() as session:
                # Compare-and-set on the version: a second writer of the same table (two
                # processes that both think they own it) fails here instead of forking it.
                done = session.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.version == seq - 1)
                    .values(**values)
                )
                if done.rowcount != 1:  # type: ignore[attr-defined]
                    raise WriteConflict(f"table {table_id}: action {seq} does not follow")
                session.add(ActionRow(table_id=table_id, seq=seq, seat=seat, action=action, at=now))
        except IntegrityError as error:
            raise WriteConflict(f"table {table_id}: action {seq} already stored") from error

    def claim(self, table_id: str, seat: int, token_hash: str) -> bool:
        with self._session.begin() as session:
            done = session.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.token_hash.is_(None),
                )
                .values(token_hash=token_hash, claimed_at=utcnow())
            )
            return bool(done.rowcount == 1)  # type: ignore[attr-defined]

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


def _actions(session: Session, table_id: str) -> list[ActionRecord]:
    rows = session.scalars(
        select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
    ).all()
    return [ActionRecord(r.seq, r.seat, dict(r.action), r.at) for r in rows]


def _seat_record(row: SeatRow) -> SeatRecord:
    return SeatRecord(row.seat, row.kind, row.bot, row.token_hash, row.claimed_at)


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
    )

"""The store's review part (issue 22), mixed into ``SqlStore``: a table's stored reviews
and the puzzles they made. Plain data in, plain data out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from cardtable.store.schema import PuzzleRow, ReviewRow

if TYPE_CHECKING:
    from sqlalchemy.orm import Session, sessionmaker


class ReviewSql:
    _session: sessionmaker[Session]

    def review(self, table_id: str, seat: int) -> dict[str, Any] | None:
        with self._session() as session:
            row = session.get(ReviewRow, (table_id, seat))
            return None if row is None else dict(row.result)

    def save_review(
        self, table_id: str, seat: int, result: dict[str, Any], puzzles: Sequence[dict[str, Any]]
    ) -> bool:
        """Keep a review and its puzzles (each ``{id, game, step, body}``) in one
        transaction; False (nothing written) if the seat's review is already stored."""
        try:
            with self._session.begin() as session:
                session.add(ReviewRow(table_id=table_id, seat=seat, result=result))
                for puzzle in puzzles:
                    if session.get(PuzzleRow, puzzle["id"]) is None:
                        session.add(
                            PuzzleRow(
                                id=puzzle["id"],
                                game=puzzle["game"],
                                table_id=table_id,
                                seat=seat,
                                step=puzzle["step"],
                                body=puzzle["body"],
                            )
                        )
        except IntegrityError:
            return False
        return True

    def puzzles(self, game: str, limit: int = 50) -> list[dict[str, Any]]:
        """A game's puzzles, newest first: ``{id, table_id, seat, step, body}``."""
        query = (
            select(PuzzleRow)
            .where(PuzzleRow.game == game)
            .order_by(PuzzleRow.created_at.desc(), PuzzleRow.id)
            .limit(limit)
        )
        with self._session() as session:
            return [_puzzle(row) for row in session.scalars(query)]

    def puzzle(self, puzzle_id: str) -> dict[str, Any] | None:
        with self._session() as session:
            row = session.get(PuzzleRow, puzzle_id)
            return None if row is None else _puzzle(row)


def _puzzle(row: PuzzleRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "table_id": row.table_id,
        "seat": row.seat,
        "step": row.step,
        "body": dict(row.body),
    }

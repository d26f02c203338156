"""Game reviews (issue 22): a finished table's review of a seat, kept with the table and
served again without recomputing, and the puzzles its blunders became.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def table_key() -> sa.ForeignKey:
    return sa.ForeignKey("tables.id", ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("result", Json, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "puzzles",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), table_key(), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("body", Json, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_puzzles_game", "puzzles", ["game"])
    op.create_index("ix_puzzles_table_id", "puzzles", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_puzzles_table_id", "puzzles")
    op.drop_index("ix_puzzles_game", "puzzles")
    op.drop_table("puzzles")
    op.drop_table("reviews")

"""Sessions that end: when each was last used, so the server can end one left idle; and
the (hashed) address each seat was taken from, for the rules of rated play.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("last_seen", sa.DateTime(timezone=True), nullable=True))
    # A session from before counts as used when it was made.
    op.execute("UPDATE sessions SET last_seen = created_at")
    with op.batch_alter_table("sessions") as batch:
        batch.alter_column("last_seen", existing_type=sa.DateTime(timezone=True), nullable=False)
    op.create_index("ix_sessions_last_seen", "sessions", ["last_seen"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("address_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("address_hash")
    op.drop_index("ix_sessions_last_seen", "sessions")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("last_seen")

"""Alembic environment. The store passes its own connection in
``config.attributes["connection"]``; a developer writing a new revision can instead set
``sqlalchemy.url`` (``alembic -x`` is not needed: see docs/server.md)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from cardtable.store.schema import Base

config = context.config
target_metadata = Base.metadata


def run(connection: object) -> None:
    # Batch mode lets later revisions ALTER tables on SQLite (copy-and-move).
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite:///cardtable.db")
    with engine.connect() as conn:
        run(conn)

"""Alembic migrations of the store, run by ``Store.migrate()`` on every start."""

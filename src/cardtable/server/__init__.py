"""The web house: ``create_app(Settings(...))`` is the ASGI app (HTTP API under ``/api``,
a WebSocket per table under ``/ws/tables/{id}``, the browser client at ``/``). Each live
table has one writer task; see ``live.py`` and docs/server.md.

The names are loaded on first use so that bot worker processes, which import
``cardtable.server.botpool``, do not load the web stack."""

from __future__ import annotations

from typing import Any

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from cardtable.server.app import create_app

        return create_app
    if name == "Settings":
        from cardtable.server.settings import Settings

        return Settings
    raise AttributeError(name)

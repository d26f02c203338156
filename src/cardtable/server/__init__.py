"""The web house: ``create_app(Settings(...))`` is the ASGI app (HTTP API under ``/api``,
a WebSocket per table under ``/ws/tables/{id}``, the browser client at ``/``). Each live
table has one writer task; see ``live.py`` and docs/server.md."""

from cardtable.server.app import create_app
from cardtable.server.settings import Settings

__all__ = ["Settings", "create_app"]

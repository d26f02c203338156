"""The browser client, served as static files from ``src/cardtable/web``: ``/`` and every
table page (``/table/{id}``) answer ``index.html`` (a single-page app that reads the table
id from the address); everything else is under ``/static/``."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import FileResponse, HTMLResponse, Response

from cardtable.server.settings import Settings

MISSING = "<!doctype html><title>cardtable</title><p>The web client is not installed.</p>"


async def index(request: Request) -> Response:
    """The web client."""
    settings: Settings = request.app.state.settings
    page = settings.web_dir / "index.html"
    if not page.is_file():
        return HTMLResponse(MISSING, status_code=404)
    return FileResponse(page, headers={"Cache-Control": "no-cache"})


async def table_page(request: Request, table_id: str) -> Response:
    """A table's page: the same single-page client, which opens the table's WebSocket."""
    return await index(request)

"""The browser client, served as static files from ``src/cardtable/web``: ``/`` and every
table page (``/table/{id}``) answer ``index.html`` (a single-page app that reads the table
id from the address); the shell's files are under ``/static/``, and each game's own browser
files (its renderer, its rules content) under ``/games/<name>/``, from its package."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse, Response

from cardtable import games
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


async def game_file(game: str, path: str) -> Response:
    """A file of a game package's static directory (``GamePackage.static``); 404 for a
    game without one, a file it does not have, or a path that leaves it."""
    folder = games.package(game).static if game in games.names() else None
    if folder is None:
        return PlainTextResponse("No such file", status_code=404)
    root = folder.resolve()
    file = (root / path).resolve()
    if not file.is_relative_to(root) or not file.is_file():
        return PlainTextResponse("No such file", status_code=404)
    return FileResponse(file, headers={"Cache-Control": "no-cache"})

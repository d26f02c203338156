"""The routes of online play (issue 8), as data like ``routes.API``: identity, lobby,
rematch. Kept apart from ``routes.py`` so the features can grow without crowding it."""

from __future__ import annotations

from cardtable.server import identity, lobby, tables_api
from cardtable.server.routes import CONFLICT, NOT_FOUND, Route
from cardtable.server.tables_api import SeatTicket

AUTH = {"tags": ["online"]}
ONLINE = [
    Route("GET", "/api/me", identity.get_me, {**AUTH, "response_model": identity.Me}),
    Route("POST", "/api/me/name", identity.rename, {**AUTH, "response_model": identity.Me}),
    Route(
        "POST", "/api/account/register", identity.register, {**AUTH, "response_model": identity.Me}
    ),
    Route("POST", "/api/account/signin", identity.sign_in, {**AUTH, "response_model": identity.Me}),
    Route("POST", "/api/account/signout", identity.sign_out, AUTH),
    Route("GET", "/api/lobby", lobby.get_lobby, {**AUTH, "response_model": lobby.Lobby}),
    Route(
        "POST",
        "/api/tables/{table_id}/rematch",
        tables_api.rematch,
        {"status_code": 201, "response_model": SeatTicket, "responses": NOT_FOUND | CONFLICT},
    ),
]

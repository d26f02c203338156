"""The routes of online play (issue 8), as data like ``routes.API``: identity, lobby,
rematch. Kept apart from ``routes.py`` so the features can grow without crowding it."""

from __future__ import annotations

from cardtable.server import identity, lobby, ratings, replays, tables_api, turns
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
    Route("GET", "/api/my/turns", turns.my_turns, {**AUTH, "response_model": turns.Turns}),
    Route(
        "POST",
        "/api/tables/{table_id}/rematch",
        tables_api.rematch,
        {"status_code": 201, "response_model": SeatTicket, "responses": NOT_FOUND | CONFLICT},
    ),
    Route(
        "GET",
        "/api/leaderboard/{game}",
        ratings.get_leaderboard,
        {**AUTH, "response_model": ratings.Leaderboard, "responses": NOT_FOUND},
    ),
    Route(
        "GET",
        "/api/players/{player_id}",
        ratings.get_player,
        {**AUTH, "response_model": ratings.Profile, "responses": NOT_FOUND},
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/replay",
        replays.get_replay,
        {**AUTH, "response_model": replays.Replay, "responses": NOT_FOUND | CONFLICT},
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/leave",
        tables_api.leave,
        {"responses": NOT_FOUND | CONFLICT},
    ),
]
# Only on a server started with CARDTABLE_TEST_CLOCK=1: tests move time instead of waiting.
TEST_CLOCK = Route("POST", "/api/test/clock", tables_api.move_test_clock, {"tags": ["testing"]})

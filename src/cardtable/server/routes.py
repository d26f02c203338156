"""Every route of the server, as data (Starlette style): method, path, endpoint and what
the OpenAPI document says about it. ``create_app`` registers them in this order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.server import catalog, health, labs, learn, puzzles, reviews, socket, tables_api, web
from cardtable.server.catalog import GameInfo
from cardtable.server.tables_api import SeatTicket, TableSummary

ERRORS = {422: {"description": "Refused: `{code, detail}` names the problem"}}
NOT_FOUND = {404: {"description": "No such table or seat: `{code, detail}`"}}
CONFLICT = {409: {"description": "The seat is not free: `{code, detail}`"}}


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    endpoint: Callable[..., Any]
    options: dict[str, Any] = field(default_factory=dict)


API = [
    Route("GET", "/api/games", catalog.list_games, {"response_model": list[GameInfo]}),
    Route(
        "POST",
        "/api/tables",
        tables_api.create_table,
        {"status_code": 201, "response_model": SeatTicket, "responses": ERRORS},
    ),
    Route(
        "GET",
        "/api/tables/{table_id}",
        tables_api.get_table,
        {"response_model": TableSummary, "responses": NOT_FOUND},
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/seats",
        tables_api.take_any_seat,
        {"status_code": 201, "response_model": SeatTicket, "responses": NOT_FOUND | CONFLICT},
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/seats/{seat}",
        tables_api.take_seat,
        {"status_code": 201, "response_model": SeatTicket, "responses": NOT_FOUND | CONFLICT},
    ),
    # Game reviews and the puzzles they make (issue 22, docs/review.md).
    Route(
        "POST",
        "/api/tables/{table_id}/reviews/{seat}",
        reviews.start_review,
        {"tags": ["review"], "status_code": 202, "responses": ERRORS | NOT_FOUND | CONFLICT},
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/reviews/{seat}",
        reviews.get_review,
        {"tags": ["review"], "responses": NOT_FOUND | CONFLICT},
    ),
    Route("GET", "/api/puzzles/{game}", puzzles.list_puzzles, {"tags": ["review"]}),
    Route(
        "GET",
        "/api/puzzles/{game}/{puzzle_id}",
        puzzles.get_puzzle,
        {"tags": ["review"], "responses": NOT_FOUND},
    ),
    Route(
        "POST",
        "/api/puzzles/{game}/{puzzle_id}/answer",
        puzzles.answer_puzzle,
        {"tags": ["review"], "responses": ERRORS | NOT_FOUND},
    ),
    Route("GET", "/healthz", health.healthz, {"tags": ["ops"]}),
    # Learn to play (docs/learn.md): scenarios replayed on the engines, and the labs.
    Route(
        "GET", "/api/learn/{game}", learn.list_scenarios, {"tags": ["learn"], "responses": ERRORS}
    ),
    Route(
        "POST",
        "/api/learn/{game}/example",
        learn.play_scenario,
        {"tags": ["learn"], "responses": ERRORS},
    ),
    # after the games' own lab routes above (not yet moved into their packages): the first
    # matching route answers
    Route("POST", "/api/labs/{game}/{lab}", labs.run_lab, {"tags": ["learn"], "responses": ERRORS}),
]

PAGES = [
    Route("GET", "/", web.index, {"include_in_schema": False}),
    Route("GET", "/table/{table_id}", web.table_page, {"include_in_schema": False}),
    # Online play's pages (js/online.js): the same single-page client.
    Route("GET", "/lobby", web.index, {"include_in_schema": False}),
    Route("GET", "/leaderboard", web.index, {"include_in_schema": False}),
    Route("GET", "/leaderboard/{game}", web.index, {"include_in_schema": False}),
    *(
        Route("GET", path, web.index, {"include_in_schema": False})
        for path in (
            "/account",
            "/players/{player_id}",
            "/replay/{table_id}",
            "/puzzles/{game}",  # puzzles from reviews (js/puzzles.js, issue 22)
            "/puzzles/{game}/{puzzle_id}",
        )
    ),
    Route("GET", "/games/{game}/{path:path}", web.game_file, {"include_in_schema": False}),
    *(
        Route("GET", f"/{kind}/{{game}}", learn.page, {"include_in_schema": False})
        for kind in ("rules", "learn", "labs")
    ),
]

SOCKETS = [("/ws/tables/{table_id}", socket.table_socket)]

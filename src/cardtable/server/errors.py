"""Errors the server answers with: on the WebSocket as ``{"type": "error", "code",
"message"}``, over HTTP as ``{"code", "detail"}`` with a status. The codes are listed in
docs/server.md; a client switches on ``code`` and shows ``message``/``detail``."""

from __future__ import annotations


class ProtocolError(Exception):
    """A WebSocket message the server refuses; nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class ApiError(Exception):
    """An HTTP request the server refuses."""

    def __init__(self, status: int, code: str, detail: str, retry_after: int | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.retry_after = retry_after  # seconds: sent as Retry-After (429)


# WebSocket error codes.
BAD_JSON = "bad_json"
TOO_LARGE = "too_large"
BAD_MESSAGE = "bad_message"
UNKNOWN_TYPE = "unknown_type"
UNKNOWN_TABLE = "unknown_table"
BAD_TOKEN = "bad_token"
SPECTATOR = "spectator"
NOT_YOUR_SEAT = "not_your_seat"
MALFORMED_ACTION = "malformed_action"
GAME_OVER = "game_over"
STALE_VERSION = "stale_version"
NOT_YOUR_TURN = "not_your_turn"
ILLEGAL_ACTION = "illegal_action"
SERVER_ERROR = "server_error"
TOO_MANY_CONNECTIONS = "too_many_connections"
WAITING_FOR_PLAYERS = "waiting_for_players"  # a seat is still free: the game has not begun
NOT_OWNER = "not_owner"  # this process no longer has the table (docs/scaling.md): reconnect

# HTTP error codes (with their status).
UNKNOWN_GAME = "unknown_game"  # 422
BAD_OPTIONS = "bad_options"  # 422
BAD_SEATS = "bad_seats"  # 422
BOT_BUDGET = "bot_budget"  # 422: ismcts:N above the server's most simulations a move
BAD_REQUEST = "bad_request"  # 422: the body does not have the documented shape
NO_SUCH_TABLE = "unknown_table"  # 404
NO_SUCH_SEAT = "unknown_seat"  # 404
SEAT_TAKEN = "seat_taken"  # 409
NO_FREE_SEAT = "no_free_seat"  # 409
NOT_OVER = "not_over"  # 409: a rematch of a game still being played
NOT_INVITED = "not_invited"  # 403: a private table without its invite key
RATE_LIMITED = "rate_limited"  # 429, with Retry-After
BODY_TOO_LARGE = TOO_LARGE  # 413: a request body over the server's limit
BAD_BODY = BAD_JSON  # 400: a body that is not JSON (or nested too deep to read)
NOT_FOUND = "not_found"  # 404: no such path
METHOD_NOT_ALLOWED = "method_not_allowed"  # 405
HTTP_ERROR = "http_error"  # any other 4xx the framework answers by itself
ACCOUNT_REQUIRED = "account_required"  # 403: a guest at a rated table

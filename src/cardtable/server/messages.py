"""The messages the server sends on a table's WebSocket. Everything seat-specific comes
from ``state.view(seat)``, ``state.legal_actions(seat)`` and ``event.for_seat(seat)``:
never from ``full_view`` or the state's internals."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from cardtable.core import Event, State
from cardtable.store import BOT, SeatRecord


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def public_seats(
    seats: Sequence[SeatRecord],
    names: dict[int, str] | None = None,
    ratings: dict[int, dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Who sits where, as anyone may know it (never a token or its hash): a person's
    display name once known, their ``rating`` and ``provisional`` in this game when known
    (``ratingscale.seat_rating``), and ``left`` for a seat a bot took over."""
    out: list[dict[str, Any]] = []
    for s in seats:
        entry: dict[str, Any] = {"seat": s.seat, "kind": s.kind}
        if s.kind == BOT:
            entry["bot"] = s.bot
        else:
            entry["claimed"] = s.claimed
        if names and s.seat in names:
            entry["name"] = names[s.seat]
        if ratings and s.seat in ratings and s.kind != BOT:
            entry.update(ratings[s.seat])
        if s.forfeited:
            entry["left"] = True
        out.append(entry)
    return out


def state_message(
    table_id: str,
    version: int,
    seat: int | None,
    state: State[Any],
    seats: list[dict[str, Any]],
    *,
    clock: dict[str, Any] | None = None,
    ended: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``clock``: the running clocks (None: an untimed table); ``ended``: the outcome of a
    game the server ended (a forfeit or a cancelled start), which the engine never saw."""
    over = state.is_over() or ended is not None
    legal: list[dict[str, Any]] = []
    if seat is not None and not over:
        legal = [state.game.action_to_json(a) for a in state.legal_actions(seat)]
    outcome = ended if ended is not None else (state.outcome().to_json() if over else None)
    return {
        "type": "state",
        "table": table_id,
        "version": version,
        "seat": seat,
        "view": state.view(seat),
        "legal": legal,
        "over": over,
        "outcome": outcome,
        "clock": clock,
        "seats": seats,
        "options": dict(state.game.options),
    }


def event_message(
    version: int, event: Event, seat: int | None, *, missed: bool = False
) -> dict[str, Any]:
    message = {"type": "event", "version": version, "event": event.for_seat(seat)}
    if missed:
        message["missed"] = True
    return message


def seats_message(table_id: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "seats", "table": table_id, "seats": seats}


def rating_message(table_id: str, changes: list[dict[str, Any]]) -> dict[str, Any]:
    """A rated table's rating changes, once rated (``ratings.RatingMove`` per seat), and
    where its replay is."""
    return {
        "type": "rating",
        "table": table_id,
        "changes": changes,
        "replay": f"/replay/{table_id}",
    }


def error_message(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}

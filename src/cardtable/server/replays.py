"""Replays (issue 8): every step of a game as one audience saw it, rebuilt from the log.

``GET /api/tables/{id}/replay?seat=spectator|all|N[&step=K][&invite=KEY]`` replays the
stored log through the engine (deterministic from its seed and options) and answers, for
every version from the deal to the last one stored, the view of the chosen audience, the
events that led to it in that audience's version, and those events in words.

What an audience may see:

- ``spectator`` (the default): ``state.view(None)`` and ``event.for_seat(None)``: what a
  spectator of the live game saw; open to everyone who may watch the table, during the
  game too (a live game's replay is its spectator view up to now, nothing more).
- ``N``: seat N's own view and events: only **after the end** (during the game a seat's
  view is its player's secret; the player has it on the table page).
- ``all``: ``state.full_view()`` and ``event.full()``, every card shown: only after the end.

A private table's replay needs its invite key, or the session of a person who held a seat
there (so a profile's links to private games work for their players)."""

from __future__ import annotations

import asyncio
import gzip
import hmac
import logging
from typing import Any

from fastapi import Request, Response
from pydantic import BaseModel, Field

from cardtable import games
from cardtable.core import Event, State
from cardtable.server.errors import (
    BAD_REQUEST,
    NO_SUCH_SEAT,
    NO_SUCH_TABLE,
    NOT_INVITED,
    NOT_OVER,
    ApiError,
)
from cardtable.server.house import House
from cardtable.server.identity import session_user
from cardtable.server.messages import public_seats
from cardtable.server.replay_cache import REPLAY_CACHE_HEADER, ReplayCache
from cardtable.server.tokens import hash_token
from cardtable.store import BROKEN, PLAYING, TableRecord

log = logging.getLogger("cardtable.server")

NO_SUCH_STEP = "no_such_step"
BROKEN_TABLE = "broken_table"
SPECTATOR = "spectator"
ALL = "all"


class ReplayStep(BaseModel):
    version: int = Field(description="0 is the deal; version V follows the V-th action")
    seat: int | None = Field(description="The seat whose action led here (null at the deal)")
    events: list[dict[str, Any]] = Field(description="The events of that action, as seen")
    words: list[str] = Field(description="The same events in words")
    view: dict[str, Any]


class Replay(BaseModel):
    table: str
    game: str
    title: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    over: bool
    outcome: dict[str, Any] | None
    audience: str = Field(description="'spectator', 'all' or a seat number")
    version: int = Field(description="The last version of the game (so far, if live)")
    steps: list[ReplayStep]


def parse_audience(raw: str, players: int) -> int | str:
    """``spectator``, ``all`` or a seat number in range."""
    if raw in (SPECTATOR, ALL):
        return raw
    try:
        seat = int(raw)
    except ValueError:
        raise ApiError(
            422, BAD_REQUEST, f"seat: {raw!r} is not 'spectator', 'all' or a seat number"
        ) from None
    if not 0 <= seat < players:
        raise ApiError(404, NO_SUCH_SEAT, f"There is no seat {seat} (seats are 0 to {players - 1})")
    return seat


def build_steps(
    record: TableRecord, audience: int | str, only: int | None = None
) -> list[ReplayStep]:
    """Replay the log: every step (or only version ``only``) in ``audience``'s version."""
    game = games.load(record.game, **record.options)
    state = game.new_state(seed=record.seed)
    steps = [_step(game, state, 0, None, [], audience)] if only in (None, 0) else []
    for entry in record.actions:
        events = state.apply(entry.seat, entry.action)
        if only is None or only == entry.seq:
            steps.append(_step(game, state, entry.seq, entry.seat, events, audience))
    return steps


def _step(
    game: Any,
    state: State[Any],
    version: int,
    actor: int | None,
    events: list[Event],
    audience: int | str,
) -> ReplayStep:
    if audience == ALL:
        shown = [e.full() for e in events]
        # In words, each event as the seat that acted saw it (it knows its own secrets).
        words = [game.describe_event(e.for_seat(actor)) for e in events]
        view = state.full_view()
    else:
        seat = None if audience == SPECTATOR else int(audience)
        shown = [e.for_seat(seat) for e in events]
        words = [game.describe_event(e) for e in shown]
        view = state.view(seat)
    return ReplayStep(version=version, seat=actor, events=shown, words=words, view=dict(view))


async def may_watch(request: Request, record: TableRecord, invite: str | None) -> bool:
    """As watching it live: a table without an invite key, anyone; else the key, or a
    person who sat there (a rematch's key is never shown: its players only)."""
    if record.invite_hash is None:
        return True
    key = record.invite_hash
    if invite and key is not None and hmac.compare_digest(key, hash_token(invite)):
        return True
    user = await session_user(request)
    return user is not None and any(s.user_id == user.id for s in record.seats)


async def get_replay(
    request: Request,
    table_id: str,
    seat: str = SPECTATOR,
    step: int | None = None,
    invite: str | None = None,
) -> Response:
    """Every step of a game as one audience saw it: ``seat=spectator`` (during the game
    too), ``seat=N`` or ``seat=all`` (every card; both only after the end). ``step=K``
    answers that version alone. Gzip-compressed for clients that accept it."""
    house: House = request.app.state.house
    record = await house.record(table_id)
    if record is None:
        raise ApiError(404, NO_SUCH_TABLE, f"There is no table {table_id!r}")
    if not await may_watch(request, record, invite):
        raise ApiError(403, NOT_INVITED, "This table is private: its invite link lets you in")
    if record.status == BROKEN:
        raise ApiError(409, BROKEN_TABLE, "This table's log no longer replays")
    audience = parse_audience(seat, len(record.seats))
    # The store finishes a table with the move that ends it, or when the server ends it.
    over = record.status != PLAYING
    if audience != SPECTATOR and not over:
        raise ApiError(
            409,
            NOT_OVER,
            "The game is still being played: until the end its replay shows what a "
            "spectator sees (seat=spectator)",
        )
    last = record.version
    if step is not None and not 0 <= step <= last:
        raise ApiError(404, NO_SUCH_STEP, f"There is no step {step} (steps are 0 to {last})")
    cache: ReplayCache = request.app.state.replays
    key = (table_id, str(audience), step)
    packed, source = await cache.get(key, lambda: build(house, table_id, audience, step), keep=over)
    return await respond(request, packed, source)


async def build(house: House, table_id: str, audience: int | str, step: int | None) -> bytes:
    """The replay as gzip-compressed JSON; the engine's work and the encoding run in a
    thread (a 1,417-version replay is 3 MiB and took 160 ms of the event loop)."""
    record = await house.store.get(table_id, actions=True)
    if record is None:
        raise ApiError(404, NO_SUCH_TABLE, f"There is no table {table_id!r}")
    names = await _names(house, record)
    try:
        return await asyncio.to_thread(pack, record, audience, step, names)
    except ImportError:
        raise ApiError(409, BROKEN_TABLE, f"The game {record.game!r} is not installed") from None
    except Exception:
        log.exception("table %s: its log does not replay", record.id)
        raise ApiError(409, BROKEN_TABLE, "This table's log no longer replays") from None


def pack(
    record: TableRecord, audience: int | str, step: int | None, names: dict[int, str]
) -> bytes:
    steps = build_steps(record, audience, step)
    try:
        title = games.game_class(record.game).title
    except Exception:
        title = record.game
    over = record.status != PLAYING
    replay = Replay(
        table=record.id,
        game=record.game,
        title=title,
        options=record.options,
        seats=public_seats(record.seats, names),
        status=record.status,
        over=over,
        outcome=record.outcome if over else None,
        audience=str(audience),
        version=len(record.actions),
        steps=steps,
    )
    return gzip.compress(replay.model_dump_json().encode(), compresslevel=6)


async def respond(request: Request, packed: bytes, source: str) -> Response:
    headers = {"Vary": "Accept-Encoding", REPLAY_CACHE_HEADER: source}
    if "gzip" in request.headers.get("accept-encoding", "").lower():
        headers["Content-Encoding"] = "gzip"
        return Response(packed, media_type="application/json", headers=headers)
    body = await asyncio.to_thread(gzip.decompress, packed)  # rare: browsers accept gzip
    return Response(body, media_type="application/json", headers=headers)


async def _names(house: House, record: TableRecord) -> dict[int, str]:
    ids = [s.user_id for s in record.seats if s.user_id]
    if not ids:
        return {}
    users = await house.store.users(ids)
    return {s.seat: users[s.user_id].display_name for s in record.seats if s.user_id in users}

"""Plain values the store hands out, so callers never hold ORM objects or sessions."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

PLAYING = "playing"
FINISHED = "finished"
# A table whose log no longer replays (an engine changed under it): kept, never resumed.
BROKEN = "broken"

HUMAN = "human"
BOT = "bot"


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str  # HUMAN or BOT
    bot: str | None = None  # the bot's name for a BOT seat
    token_hash: str | None = None  # set once a person holds the seat
    claimed_at: datetime | None = None

    @property
    def claimed(self) -> bool:
        return self.token_hash is not None


@dataclass(frozen=True)
class ActionRecord:
    seq: int  # 1-based; the table's version after this action
    seat: int
    action: dict[str, Any]  # the wire form (game.action_to_json)
    at: datetime | None = None


@dataclass(frozen=True)
class Append:
    """One action to add to a table's log: action number ``seq`` (the table was at version
    ``seq - 1``); an ``outcome`` finishes the table with it."""

    table_id: str
    seq: int
    seat: int
    action: dict[str, Any]
    outcome: dict[str, Any] | None = None


@dataclass
class TableRecord:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatRecord]
    status: str = PLAYING
    version: int = 0
    outcome: dict[str, Any] | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    # Filled only when asked for (``Store.get(..., actions=True)``).
    actions: list[ActionRecord] = field(default_factory=list)

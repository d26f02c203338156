"""Plain values the store hands out, so callers never hold ORM objects or sessions."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

PLAYING = "playing"
FINISHED = "finished"
# A table whose log no longer replays (an engine changed under it): kept, never resumed.
BROKEN = "broken"

# A game that never started (CV-22: nobody made a first move in time): no result.
CANCELLED = "cancelled"
# A rated game that ended before every person had made a move (a seat left at once): no
# result and no rating (issue 18: such "wins" were farmed).
ABORTED = "aborted"

HUMAN = "human"
BOT = "bot"


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str  # HUMAN or BOT
    bot: str | None = None  # the bot's name for a BOT seat
    token_hash: str | None = None  # set once a person holds the seat
    claimed_at: datetime | None = None
    user_id: str | None = None  # the person (guest or account) holding it, if known
    forfeited: bool = False  # they left or timed out: a bot plays on, they finish last

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
    # The table's clocks once this action is played (None: a table without a clock).
    clock_state: dict[str, Any] | None = None


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
    # Online play: listed in the lobby, rated, clock settings, private invite key's hash,
    # the table its rematch opened at.
    public: bool = True
    rated: bool = False
    clock: dict[str, Any] | None = None
    invite_hash: str | None = None
    rematch_id: str | None = None
    # The clocks as of the last stored action (banks left, who moved), if clocked.
    clock_state: dict[str, Any] | None = None
    # Filled only when asked for (``Store.get(..., actions=True)``).
    actions: list[ActionRecord] = field(default_factory=list)

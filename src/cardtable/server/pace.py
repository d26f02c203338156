"""A table's pace (issue 19): "realtime" (played in one sitting, the clocks of
``clocks.py``) or "turn-based" (a limit per move of hours or days, as on BGA, so friends play
over a week).

A turn-based table stores its clock as ``{"kind": "turn", "move": S}``: the limit resets on
every turn, the first move has the whole limit (not a minute), and nobody is ever away (a
disconnect is not leaving). A seat that runs out of time is handled as at a realtime table:
two seats, it loses; three or more, a bot stands in and the person finishes last."""

from __future__ import annotations

from typing import Any

from cardtable.server.clocks import TURN
from cardtable.server.errors import ApiError

REALTIME = "realtime"
TURN_BASED = "turn-based"
PACES = (REALTIME, TURN_BASED)
BAD_PACE = "bad_pace"

HOUR = 3600
DAY = 24 * HOUR
# The limits per move a turn-based table may have (the server's caps: nothing shorter than
# half a day, which is realtime's business, nor longer than a week).
TURN_LIMITS = (12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY)
DEFAULT_TURN = DAY


def table_clock(
    pace: object, move_limit: object, clock: dict[str, Any] | None
) -> dict[str, Any] | None:
    """The clock a table gets from its pace (``clock``: the realtime clock already checked);
    ``ApiError`` 422 naming the problem for a bad pace or limit."""
    if pace == REALTIME:
        if move_limit is not None:
            raise ApiError(422, BAD_PACE, "move_limit is for turn-based tables only")
        return clock
    if pace != TURN_BASED:
        wanted = 'A table\'s pace is "realtime" or "turn-based"'
        raise ApiError(422, BAD_PACE, f"{wanted}, not {pace!r}")
    if clock is not None:
        raise ApiError(
            422, BAD_PACE, "A turn-based table's clock is its limit per move: give move_limit"
        )
    limit = DEFAULT_TURN if move_limit is None else move_limit
    if isinstance(limit, bool) or not isinstance(limit, int | float) or limit not in TURN_LIMITS:
        allowed = ", ".join(str(s) for s in TURN_LIMITS)
        raise ApiError(
            422, BAD_PACE, f"A turn-based move_limit is one of {allowed} seconds, not {limit!r}"
        )
    return {"kind": TURN, "move": float(limit)}


def pace_of(clock: dict[str, Any] | None) -> str:
    return TURN_BASED if clock is not None and clock.get("kind") == TURN else REALTIME

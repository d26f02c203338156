"""Game review (issue 22, docs/review.md): every decision of a seat in a finished game
valued from that seat's view, marked, summarized; blunders that a deeper search confirms
become puzzles. Like ``bots``, it reaches games through the registry only."""

from cardtable.review.record import (
    BAD_RECORD,
    FORMAT,
    NO_SUCH_SEAT,
    NOT_OVER,
    UNKNOWN_GAME,
    GameRecord,
    ReviewError,
)
from cardtable.review.review import MARKS, REVIEW_FORMAT, Budget, review_game

__all__ = [
    "BAD_RECORD",
    "FORMAT",
    "MARKS",
    "NOT_OVER",
    "NO_SUCH_SEAT",
    "REVIEW_FORMAT",
    "UNKNOWN_GAME",
    "Budget",
    "GameRecord",
    "ReviewError",
    "review_game",
]

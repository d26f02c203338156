"""A review in pieces, for a pool of worker processes: each call takes plain data (a saved
game's JSON, numbers) and answers plain data, so the server hands a review's decisions to
its bot workers one at a time, between the tables' bot moves, and reports progress.

A worker keeps the last few games it replayed, so a review's many calls replay its game
once per worker."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from cardtable.review.record import GameRecord
from cardtable.review.review import Budget, Review

KEEP = 4
_reviews: OrderedDict[str, Review] = OrderedDict()


def review_of(record: dict[str, Any], seat: int, seed: int, hindsight: bool) -> Review:
    body = json.dumps([record, seat, seed, hindsight], sort_keys=True)
    key = hashlib.sha256(body.encode()).hexdigest()
    review = _reviews.get(key)
    if review is None:
        review = Review(GameRecord.from_json(record), seat, seed, hindsight)
        _reviews[key] = review
        while len(_reviews) > KEEP:
            _reviews.popitem(last=False)
    _reviews.move_to_end(key)
    return review


def count(record: dict[str, Any], seat: int, seed: int, hindsight: bool) -> int:
    """How many decisions the review has (``ReviewError`` if it cannot be reviewed)."""
    return len(review_of(record, seat, seed, hindsight).found)


def judge(
    record: dict[str, Any], seat: int, seed: int, hindsight: bool, index: int, allowed: int
) -> dict[str, Any]:
    return review_of(record, seat, seed, hindsight).judge_one(index, allowed)


def puzzle(
    record: dict[str, Any],
    seat: int,
    seed: int,
    hindsight: bool,
    index: int,
    entry: dict[str, Any],
    left: int,
) -> tuple[dict[str, Any] | None, int]:
    return review_of(record, seat, seed, hindsight).puzzle(index, entry, left)


def assemble(
    record: dict[str, Any],
    seat: int,
    seed: int,
    budget: Budget,
    entries: list[dict[str, Any]],
    puzzles: list[dict[str, Any]],
    used: int,
) -> dict[str, Any]:
    review = review_of(record, seat, seed, budget.hindsight)
    return review.assemble(entries, puzzles, budget, used)

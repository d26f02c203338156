"""Puzzles from reviews (issue 22, docs/review.md, "Puzzles"): a blunder whose best action a
deeper search found clearly best, stored when its review was. A puzzle shows the seat's
view and legal actions (nothing else: the answer stays on the server until it is asked
for), checks an answer and explains it."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from pydantic import BaseModel, Field

from cardtable import games
from cardtable.core import IllegalAction
from cardtable.server.errors import UNKNOWN_GAME, ApiError
from cardtable.server.house import House

NO_SUCH_PUZZLE = "unknown_puzzle"  # 404
BAD_ANSWER = "bad_answer"  # 422: not one of the puzzle's legal actions


class PuzzleAnswer(BaseModel):
    action: dict[str, Any] = Field(description="One of the puzzle's legal actions (wire form)")


def known_game(game: str) -> None:
    if game not in games.names():
        raise ApiError(404, UNKNOWN_GAME, f"There is no game {game!r}")


async def list_puzzles(request: Request, game: str) -> dict[str, Any]:
    """The game's puzzles, newest first (ids and where each comes from, no answers)."""
    known_game(game)
    house: House = request.app.state.house
    rows = await house.store.puzzles(game)
    return {
        "game": game,
        "puzzles": [
            {"id": r["id"], "table": r["table_id"], "seat": r["seat"], "step": r["step"]}
            for r in rows
        ],
    }


async def found(request: Request, game: str, puzzle_id: str) -> dict[str, Any]:
    known_game(game)
    house: House = request.app.state.house
    row = await house.store.puzzle(puzzle_id)
    if row is None or row["game"] != game:
        raise ApiError(404, NO_SUCH_PUZZLE, f"There is no {game} puzzle {puzzle_id!r}")
    return row


async def get_puzzle(request: Request, game: str, puzzle_id: str) -> dict[str, Any]:
    """The seat's view and its legal actions: find the best one."""
    row = await found(request, game, puzzle_id)
    body = row["body"]
    return {
        "id": row["id"],
        "game": game,
        "options": body["options"],
        "seat": body["seat"],
        "view": body["view"],
        "legal": body["legal"],
        "unit": body["answer"]["unit"],
    }


async def answer_puzzle(
    request: Request, game: str, puzzle_id: str, body: PuzzleAnswer
) -> dict[str, Any]:
    """Whether the answer is the best action, and why: every valued action's value."""
    row = await found(request, game, puzzle_id)
    puzzle = row["body"]
    engine = games.load(game, **puzzle["options"])
    try:
        given = engine.action_to_json(engine.action_from_json(body.action))
    except IllegalAction as error:
        raise ApiError(422, BAD_ANSWER, f"Not an action of this game: {error}") from None
    if given not in [entry["action"] for entry in puzzle["legal"]]:
        raise ApiError(422, BAD_ANSWER, "That action is not one of the puzzle's legal actions")
    answer = puzzle["answer"]
    best = answer["best"]
    values = answer["values"]
    mine = next((v for v in values if v["action"] == given), None)
    return {
        "correct": given == best["action"],
        "best": best,
        "played": answer["taken"],
        "unit": answer["unit"],
        "margin": answer["margin"],
        "values": values,
        "yours": mine,
        "explanation": explain(best, mine, answer),
    }


def explain(best: dict[str, Any], mine: dict[str, Any] | None, answer: dict[str, Any]) -> str:
    best_value = next(v["value"] for v in answer["values"] if v["action"] == best["action"])
    unit = answer["unit"]
    text = f"{best['text']}: {best_value:g} ({unit}), ahead of every other action by "
    text += f"at least {answer['margin']:g} on {answer['simulations']} simulations."
    if mine is not None and mine["action"] != best["action"]:
        text += f" Yours, {mine['text']}, is worth {mine['value']:g}."
    elif mine is None:
        text += " Yours was not among the actions the search found worth valuing."
    return text

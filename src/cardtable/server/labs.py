"""The labs (docs/learn.md): the hand lab, the score calculators and the caravan lab. A
moved game's labs live in its package (``GamePackage.labs``) behind one generic route,
``POST /api/labs/{game}/{lab}``; the games not yet moved (issue 21) keep their endpoints
here, calling the engines' pure functions through ``cardtable.games.labs``. A problem
answers 422 ``bad_lab_input`` naming it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import Body
from pydantic import BaseModel, Field, ValidationError

from cardtable import games
from cardtable.core.package import Lab, resolve
from cardtable.games import labs
from cardtable.server.errors import BAD_REQUEST, UNKNOWN_GAME, ApiError

BAD_LAB_INPUT = "bad_lab_input"
UNKNOWN_LAB = "unknown_lab"
MAX_CARDS = 60


def refuse(detail: str) -> ApiError:
    return ApiError(422, BAD_LAB_INPUT, detail)


# -- a game package's labs ----------------------------------------------------------------
async def run_lab(game: str, lab: str, body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
    """The calculator ``lab`` of ``game``'s package (``GamePackage.labs``): the body is
    checked against the lab's model (422 ``bad_request`` naming the field), then the lab
    runs (422 ``bad_lab_input`` naming the problem)."""
    found = game_labs(game).get(lab)
    if found is None:
        raise ApiError(422, UNKNOWN_LAB, f"No lab {lab[:40]!r} for {game}")
    try:
        model = found.body.model_validate(body)
    except ValidationError as error:
        raise ApiError(422, BAD_REQUEST, problems(error)) from None
    try:
        return found.run(model)
    except ValueError as error:
        raise refuse(str(error)) from None


def game_labs(game: str) -> Mapping[str, Lab]:
    reference = games.package(game).labs if game in games.names() else None
    if reference is None:
        raise ApiError(422, UNKNOWN_GAME, f"No labs for game {game[:40]!r}")
    found: Mapping[str, Lab] = resolve(reference)
    return found


def problems(error: ValidationError) -> str:
    """A body's problems, one per field, as the server words a bad request."""
    return "; ".join(
        f"{'.'.join(str(part) for part in item['loc']) or 'body'}: {item['msg']}"
        for item in error.errors()
    )


# -- Gan Deng Yan: the score calculator --------------------------------------------------
class GdyLoser(BaseModel):
    cards: list[str] = Field(max_length=MAX_CARDS)
    dealer: bool = False
    plays: int = Field(0, ge=0, le=100)


class GdyHand(BaseModel):
    losers: list[GdyLoser] = Field(min_length=1, max_length=5)
    bombs: int = Field(0, ge=0, le=20)
    bomb_double: bool = True
    joker_double: bool = True
    shutout_double: bool = True
    two_double: bool = False
    cap: int = Field(0, ge=0, le=10000)


async def gandengyan_score(body: GdyHand) -> dict[str, Any]:
    """What each loser pays the winner of a hand (GD-16)."""
    scoring = labs.GdyScoring(
        body.bomb_double, body.joker_double, body.shutout_double, body.two_double, body.cap
    )
    out = []
    for n, loser in enumerate(body.losers):
        for card in loser.cards:
            if card not in labs.CARDS:
                raise refuse(f"losers[{n}].cards: {card!r} is not a card (codes such as 7h, RJ)")
        shut = labs.gandengyan_is_shut_out(loser.dealer, loser.plays)
        pays = labs.gandengyan_payment(loser.cards, body.bombs, shut, scoring)
        out.append({"cards": len(loser.cards), "shut_out": shut, "pays": pays})
    return {"losers": out, "winner_gets": sum(x["pays"] for x in out)}

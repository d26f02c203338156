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


# -- Caravan: the caravan lab ------------------------------------------------------------
class CaravanBody(BaseModel):
    caravan: list[list[str]] = Field(max_length=40)
    card: str | None = Field(None, max_length=3)
    king_adds: bool = False


def _check_caravan(caravan: list[list[str]]) -> None:
    for i, stack in enumerate(caravan):
        if not stack or not 1 <= len(stack) <= 8 or stack[0] not in labs.CARDS:
            raise refuse(f"caravan[{i}]: a stack is a number card and its face cards")
        if not labs.caravan_is_number(stack[0]):
            raise refuse(f"caravan[{i}]: {stack[0]!r} is not a number card (A–10)")
        for c in stack[1:]:
            if c not in labs.CARDS or c[0] not in "KQ":
                raise refuse(f"caravan[{i}]: the lab attaches kings and queens only, not {c!r}")


async def caravan_lab(body: CaravanBody) -> dict[str, Any]:
    """A caravan's value, direction, suit and whether it sells; with ``card``, the caravan
    after that card is added (a number card at the end, a K or Q on the last card) or why
    it cannot be."""
    _check_caravan(body.caravan)
    caravan = [list(s) for s in body.caravan]
    refusal = None
    if body.card is not None:
        card = body.card
        if card not in labs.CARDS:
            raise refuse(f"card: {card!r} is not a card")
        if labs.caravan_is_number(card):
            refusal = labs.caravan_refusal(caravan, card)
            if refusal is None:
                caravan.append([card])
        elif card[0] in "KQ":
            if not caravan:
                refusal = "a face card needs a number card to go on"
            elif len(caravan[-1]) >= 4:
                refusal = "a number card takes at most three face cards"
            else:
                caravan[-1].append(card)
        else:
            raise refuse(f"card: the lab stacks number cards, kings and queens, not {card!r}")
    return {
        "caravan": caravan,
        "refusal": refusal,
        **labs.caravan_summary(caravan, king_adds=body.king_adds),
    }

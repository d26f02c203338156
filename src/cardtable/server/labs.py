"""The labs (docs/learn.md): each game's calculators live in its package
(``GamePackage.labs``) behind one generic route, ``POST /api/labs/{game}/{lab}``. A body
that does not fit the lab's model answers 422 ``bad_request`` naming the field; a problem
the lab finds answers 422 ``bad_lab_input`` naming it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import Body
from pydantic import ValidationError

from cardtable import games
from cardtable.core.package import Lab, resolve
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

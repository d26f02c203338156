"""The labs (docs/learn.md): the hand lab, the score calculators and the caravan lab. Each
endpoint validates its input and calls the engines' pure functions through
``cardtable.games.labs``; a problem answers 422 ``bad_lab_input`` naming it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from cardtable.games import labs
from cardtable.server.errors import ApiError

BAD_LAB_INPUT = "bad_lab_input"
MAX_CARDS = 60


def refuse(detail: str) -> ApiError:
    return ApiError(422, BAD_LAB_INPUT, detail)


# -- Cambio: the hand lab ----------------------------------------------------------------
CAMBIO_VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("sum", {"scoring": "sum"}),
    ("pairs_cancel", {"scoring": "pairs_cancel"}),
    ("red_king_10", {"scoring": "sum", "red_king": 10}),
    ("joker_minus_2", {"scoring": "sum", "joker": -2}),
]


class CambioHand(BaseModel):
    cards: list[str] = Field(max_length=MAX_CARDS)
    red_king: Any = None  # checked as a table checks its options (a number from -10 to 10)
    joker: Any = None


async def cambio_hand(body: CambioHand) -> dict[str, Any]:
    """A Cambio hand's score under every scoring variant, side by side; with ``red_king``
    and/or ``joker``, also under every scheme with the reader's own card values."""
    for card in body.cards:
        if card not in labs.CAMBIO_CARDS:
            raise refuse(f"cards: {card!r} is not a Cambio card (codes such as 7h, Kd, RJ)")
    own: dict[str, int] = {}
    for name in labs.CAMBIO_VALUE_OPTIONS:
        value = getattr(body, name)
        if value is not None:
            try:
                own[name] = labs.cambio_value_option(name, value)
            except ValueError as error:
                raise refuse(f"{name}: {error}") from None
    variants = list(CAMBIO_VARIANTS)
    if own:
        variants += [
            (f"own_{scheme}", {"scoring": scheme, **own}) for scheme in labs.CAMBIO_SCHEMES
        ]
    return {
        "cards": body.cards,
        "values": [labs.cambio_value(c, **own) for c in body.cards],
        "own": own or None,
        "variants": [
            {"id": name, "options": opts, "score": labs.cambio_score(body.cards, opts)}
            for name, opts in variants
        ],
    }


# -- Cabo: the score calculator ----------------------------------------------------------
class CaboRound(BaseModel):
    rows: list[list[int]] = Field(min_length=2, max_length=5)
    caller: int | None = None


class CaboGameBody(BaseModel):
    rounds: list[CaboRound] = Field(min_length=1, max_length=50)
    caller_penalty: int = Field(10, ge=0, le=20)
    kamikaze: bool = True
    reset_at_100: str = "once"
    target: int = Field(100, ge=1, le=1000)


async def cabo_score(body: CaboGameBody) -> dict[str, Any]:
    """Round scores and running totals of a Cabo game (CA-15 … CA-17)."""
    if body.reset_at_100 not in labs.CABO_RESETS:
        raise refuse(f"reset_at_100: must be one of {', '.join(labs.CABO_RESETS)}")
    players = len(body.rounds[0].rows)
    totals, used = [0] * players, [False] * players
    out = []
    for n, rnd in enumerate(body.rounds, 1):
        if len(rnd.rows) != players:
            raise refuse(f"rounds[{n - 1}]: {len(rnd.rows)} rows, the first round has {players}")
        for row in rnd.rows:
            if not 1 <= len(row) <= 12 or any(not 0 <= c <= 13 for c in row):
                raise refuse(f"rounds[{n - 1}]: a row holds 1–12 cards numbered 0–13")
        if rnd.caller is not None and not 0 <= rnd.caller < players:
            raise refuse(f"rounds[{n - 1}].caller: no seat {rnd.caller}")
        scores = labs.cabo_round_scores(
            rnd.rows, rnd.caller, caller_penalty=body.caller_penalty, kamikaze=body.kamikaze
        )
        totals, used, reset = labs.cabo_add_round(
            totals, scores, used, target=body.target, reset=body.reset_at_100
        )
        kamikaze = labs.cabo_kamikaze_seat(rnd.rows) if body.kamikaze else None
        out.append(
            {"sums": [sum(r) for r in rnd.rows], "scores": scores, "totals": totals,
             "reset": reset, "kamikaze": kamikaze}
        )  # fmt: skip
    over = labs.cabo_passed_target(totals, body.target)
    return {"rounds": out, "over": over, "winners": labs.cabo_winners(totals) if over else None}


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
            if card not in labs.CAMBIO_CARDS:  # the same 54 codes
                raise refuse(f"losers[{n}].cards: {card!r} is not a card (codes such as 7h, RJ)")
        shut = labs.gandengyan_is_shut_out(loser.dealer, loser.plays)
        pays = labs.gandengyan_payment(loser.cards, body.bombs, shut, scoring)
        out.append({"cards": len(loser.cards), "shut_out": shut, "pays": pays})
    return {"losers": out, "winner_gets": sum(x["pays"] for x in out)}


# -- Caravan: the caravan lab ------------------------------------------------------------
class CaravanBody(BaseModel):
    caravan: list[list[str]] = Field(max_length=40)
    card: str | None = Field(None, max_length=3)
    king_adds: bool = False


def _check_caravan(caravan: list[list[str]]) -> None:
    for i, stack in enumerate(caravan):
        if not stack or not 1 <= len(stack) <= 8 or stack[0] not in labs.CAMBIO_CARDS:
            raise refuse(f"caravan[{i}]: a stack is a number card and its face cards")
        if not labs.caravan_is_number(stack[0]):
            raise refuse(f"caravan[{i}]: {stack[0]!r} is not a number card (A–10)")
        for c in stack[1:]:
            if c not in labs.CAMBIO_CARDS or c[0] not in "KQ":
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
        if card not in labs.CAMBIO_CARDS:
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

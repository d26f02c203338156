"""Caravan's lab (CV-8 … CV-18; docs/learn.md): one caravan built card by card, with its
value, direction, suit and whether it sells. Every value comes from the engine's own
functions (``rules.py``): no rule is written twice. Bad input raises ``ValueError``
naming it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field

from cardtable.core.cards import standard_deck
from cardtable.core.package import Lab
from cardtable.games.caravan import rules

# The 54 codes of a standard deck with jokers, that the lab accepts as cards.
CARDS: frozenset[str] = frozenset(standard_deck(jokers=True))
MAX_STACKS = 40
MAX_STACK = 8
FACES_PER_NUMBER = 3  # the lab attaches at most three kings and queens to a number card


class Caravan(BaseModel):
    caravan: list[list[str]] = Field(max_length=MAX_STACKS)
    card: str | None = Field(None, max_length=3)
    king_adds: bool = False


def summary(caravan: Sequence[Sequence[str]], *, king_adds: bool = False) -> dict[str, Any]:
    """Value, direction and suit of one caravan as the rules derive them, and whether it
    would sell (CV-8, CV-10, CV-11, CV-17)."""
    points = rules.value(caravan, king_adds=king_adds)
    return {
        "value": points,
        "direction": rules.DIRECTION_NAMES[rules.direction(caravan)],
        "suit": rules.suit(caravan),
        "sells": rules.can_sell(points),
    }


def check(caravan: list[list[str]]) -> None:
    for i, stack in enumerate(caravan):
        if not 1 <= len(stack) <= MAX_STACK or stack[0] not in CARDS:
            raise ValueError(f"caravan[{i}]: a stack is a number card and its face cards")
        if not rules.is_number(stack[0]):
            raise ValueError(f"caravan[{i}]: {stack[0]!r} is not a number card (A–10)")
        for c in stack[1:]:
            if c not in CARDS or c[0] not in "KQ":
                raise ValueError(f"caravan[{i}]: the lab attaches kings and queens only, not {c!r}")


def add(caravan: list[list[str]], card: str) -> str | None:
    """Add ``card`` to ``caravan`` in place (a number card at the end, a K or Q on the last
    card), or say why it cannot go there."""
    if card not in CARDS:
        raise ValueError(f"card: {card!r} is not a card")
    if rules.is_number(card):
        refusal = rules.number_refusal(caravan, card)
        if refusal is None:
            caravan.append([card])
        return refusal
    if card[0] not in "KQ":
        raise ValueError(f"card: the lab stacks number cards, kings and queens, not {card!r}")
    if not caravan:
        return "a face card needs a number card to go on"
    if len(caravan[-1]) > FACES_PER_NUMBER:
        return "a number card takes at most three face cards"
    caravan[-1].append(card)
    return None


def reason(caravan: list[list[str]], card: str) -> dict[str, Any]:
    """What a refusal of ``card`` on ``caravan`` (as it was) rests on, for a page to say
    in its reader's language: ``same_rank`` or ``direction`` (with the last card, the
    direction and the suit) for a number card, ``face_first`` or ``face_full`` for a face."""
    if not rules.is_number(card):
        return {"kind": "face_full" if caravan else "face_first"}
    last = caravan[-1][0]
    if rules.NUMBER_VALUES[card[0]] == rules.NUMBER_VALUES[last[0]]:
        return {"kind": "same_rank", "last": last}
    facts = summary(caravan)
    return {
        "kind": "direction",
        "last": last,
        "direction": facts["direction"],
        "suit": facts["suit"],
    }


def build(body: Caravan) -> dict[str, Any]:
    """A caravan's value, direction, suit and whether it sells; with ``card``, the caravan
    after that card is added or why it cannot be (in words, and as ``why``)."""
    check(body.caravan)
    caravan = [list(s) for s in body.caravan]
    refusal = add(caravan, body.card) if body.card is not None else None
    why = reason(caravan, body.card) if refusal is not None and body.card else None
    return {
        "caravan": caravan,
        "refusal": refusal,
        "why": why,
        **summary(caravan, king_adds=body.king_adds),
    }


LABS: dict[str, Lab] = {"caravan": Lab(Caravan, build)}

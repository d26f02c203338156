"""Cambio's hand lab (CB-2, CB-3, CB-32; docs/learn.md): a hand's score under every
scoring variant, side by side. Every value comes from the engine's own functions
(``cards.py``): no rule is written twice. Bad input raises ``ValueError`` naming it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from cardtable.core.errors import InvalidOptions
from cardtable.core.package import Lab
from cardtable.games.cambio import cards
from cardtable.games.cambio.game import CambioGame

MAX_CARDS = 60
CARDS: tuple[str, ...] = cards.FULL_DECK
SCHEMES: tuple[str, ...] = tuple(cards.SCORING)
VALUE_OPTIONS: tuple[str, ...] = ("red_king", "joker")
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("sum", {"scoring": "sum"}),
    ("pairs_cancel", {"scoring": "pairs_cancel"}),
    ("red_king_10", {"scoring": "sum", "red_king": 10}),
    ("joker_minus_2", {"scoring": "sum", "joker": -2}),
]


class Hand(BaseModel):
    cards: list[str] = Field(max_length=MAX_CARDS)
    red_king: Any = None  # checked as a table checks its options (a number from -10 to 10)
    joker: Any = None


def value_option(name: str, value: object) -> int:
    """A card-value option (``red_king``, ``joker``) checked exactly as a Cambio table
    checks it; ``ValueError`` names the option, the value and what it accepts."""
    found = {o.name: o for o in CambioGame.OPTIONS}
    if name not in VALUE_OPTIONS:
        raise ValueError(f"{name!r} is not a card-value option")
    try:
        return int(found[name].validate(value))
    except InvalidOptions as error:
        raise ValueError(f"{name}: {error}") from None


def card_value(card: str, red_king: int = -1, joker: int = 0) -> int:
    if card not in cards.MATCH_KEY:
        raise ValueError(f"{card!r} is not a Cambio card")
    return cards.card_value(card, red_king, joker)


def hand(body: Hand) -> dict[str, Any]:
    """A Cambio hand's score under every scoring variant, side by side; with ``red_king``
    and/or ``joker``, also under every scheme with the reader's own card values."""
    for card in body.cards:
        if card not in CARDS:
            raise ValueError(f"cards: {card!r} is not a Cambio card (codes such as 7h, Kd, RJ)")
    own: dict[str, int] = {}
    for name in VALUE_OPTIONS:
        value = getattr(body, name)
        if value is not None:
            own[name] = value_option(name, value)
    variants = list(VARIANTS)
    if own:
        variants += [(f"own_{scheme}", {"scoring": scheme, **own}) for scheme in SCHEMES]
    return {
        "cards": body.cards,
        "values": [card_value(c, **own) for c in body.cards],
        "own": own or None,
        "variants": [
            {"id": name, "options": opts, "score": cards.score_hand(body.cards, opts)}
            for name, opts in variants
        ],
    }


LABS: dict[str, Lab] = {"hand": Lab(Hand, hand)}

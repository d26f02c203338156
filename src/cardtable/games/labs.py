"""The pure functions that the labs of the games not yet moved into their packages (issue
21) call without a game in progress: the registry-level door to them (docs/learn.md). A
moved game's labs live in ``games/<game>/labs.py``; this module shrinks to nothing.

Every function here only forwards to the engine's own functions: no rule is written twice.
Bad input raises ``ValueError`` with a message that names the problem."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core.cards import standard_deck
from cardtable.games.caravan import rules as caravan_rules

# The 54 codes of a standard deck with jokers, that the labs below accept as cards.
CARDS: frozenset[str] = frozenset(standard_deck(jokers=True))


# -- Caravan: the caravan lab (CV-8 … CV-18) -------------------------------------------
CARAVAN_UP, CARAVAN_DOWN = caravan_rules.UP, caravan_rules.DOWN


def caravan_summary(caravan: Sequence[Sequence[str]], *, king_adds: bool = False) -> dict[str, Any]:
    """Value, direction and suit of one caravan as the rules derive them, and whether it
    can sell."""
    points = caravan_rules.value(caravan, king_adds=king_adds)
    heading = caravan_rules.direction(caravan)
    return {
        "value": points,
        "direction": caravan_rules.DIRECTION_NAMES[heading],
        "suit": caravan_rules.suit(caravan),
        "sells": caravan_rules.can_sell(points),
    }


def caravan_refusal(caravan: Sequence[Sequence[str]], card: str) -> str | None:
    """Why a number card cannot extend the caravan, or None when it can (CV-9 … CV-12)."""
    return caravan_rules.number_refusal(caravan, card)


def caravan_is_number(card: str) -> bool:
    return caravan_rules.is_number(card)


caravan_pair_seller = caravan_rules.pair_seller

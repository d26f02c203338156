"""Card codes (docs/architecture.md): ranks ``A 2 … 9 T J Q K``, suits ``s h d c``, jokers
``RJ``/``BJ``. Codes are plain strings so they cost nothing to copy, hash or send."""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "shdc"
RED_JOKER = "RJ"
BLACK_JOKER = "BJ"
JOKERS = (RED_JOKER, BLACK_JOKER)
RED_SUITS = frozenset("hd")

SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def standard_deck(jokers: bool = False, copies: int = 1) -> list[str]:
    """The 52 cards (plus both jokers), ``copies`` times, in a fixed order."""
    one = [r + s for s in SUITS for r in RANKS]
    if jokers:
        one += list(JOKERS)
    return one * copies


def is_joker(card: str) -> bool:
    return card in JOKERS


def rank(card: str) -> str:
    """The rank letter of a standard card (``"T"`` for ``"Td"``)."""
    return card[0]


def suit(card: str) -> str:
    """The suit letter of a standard card (``"d"`` for ``"Td"``)."""
    return card[1]


def is_card_code(code: object) -> bool:
    """True for a standard card or joker code."""
    if not isinstance(code, str):
        return False
    if code in JOKERS:
        return True
    return len(code) == 2 and code[0] in RANKS and code[1] in SUITS


def pretty(card: str) -> str:
    """A human form for terminals and logs: ``T♦``, ``Joker``."""
    if card in JOKERS:
        return "Red Joker" if card == RED_JOKER else "Black Joker"
    if len(card) == 2 and card[1] in SUIT_SYMBOLS:
        return ("10" if card[0] == "T" else card[0]) + SUIT_SYMBOLS[card[1]]
    return card


def pretty_all(cards: Iterable[str]) -> str:
    return " ".join(pretty(c) for c in cards)

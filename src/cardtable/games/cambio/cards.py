"""Cambio's cards: values (CB-2), rank matching for snaps (CB-4), powers (CB-15…CB-18) and
the scoring schemes of the "hand lab" (CB-3, CB-32). Pure functions over card codes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from cardtable.core.cards import JOKERS, RED_SUITS, standard_deck

# CB-1: the 52 standard cards and both jokers.
FULL_DECK: tuple[str, ...] = tuple(standard_deck(jokers=True))

# CB-4: the key two cards must share to match. Suits never matter, so every king has key
# "K" (red and black alike) and both jokers share a key no other card has.
JOKER_KEY = "X"
MATCH_KEY: dict[str, str] = {c: (JOKER_KEY if c in JOKERS else c[0]) for c in FULL_DECK}

# The power a card triggers when it is discarded normally (CB-13), by rank letter.
PEEK_OWN, PEEK_OPPONENT, BLIND_SWAP, KING = "peek_own", "peek_opponent", "swap", "king"
POWER_OF_RANK: dict[str, str] = {
    "7": PEEK_OWN,
    "8": PEEK_OWN,
    "9": PEEK_OPPONENT,
    "T": PEEK_OPPONENT,
    "J": BLIND_SWAP,
    "Q": BLIND_SWAP,
    "K": KING,
}
POWER_OF_CARD: dict[str, str] = {
    c: POWER_OF_RANK[c[0]] for c in FULL_DECK if c not in JOKERS and c[0] in POWER_OF_RANK
}

FACE_VALUE = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 10)}

DEFAULT_RED_KING = -1
DEFAULT_JOKER = 0


def card_value(card: str, red_king: int = DEFAULT_RED_KING, joker: int = DEFAULT_JOKER) -> int:
    """CB-2: Joker 0 · A 1 · 2–10 face value · J, Q, K♠, K♣ 10 · K♥, K♦ −1 (the two
    special values are table options for the hand lab)."""
    if card in JOKERS:
        return joker
    if card[0] == "K" and card[1] in RED_SUITS:
        return red_king
    return FACE_VALUE[card[0]]


def _sum(values: list[tuple[str, int]]) -> int:
    """CB-3: pairs, triples and quads are simply added (7, 7 = 14)."""
    return sum(v for _, v in values)


def _pairs_cancel(values: list[tuple[str, int]]) -> int:
    """Golf's rule: two cards of one rank (CB-4 matching) score 0. Every pair cancels, so
    an odd card is left only in an odd group; it is the group's lowest card (the pairing
    most favourable to the player, which matters only for kings of both colours)."""
    groups: dict[str, list[int]] = {}
    for key, value in values:
        groups.setdefault(key, []).append(value)
    return sum(min(group) for group in groups.values() if len(group) % 2)


# The hand lab's schemes: name -> score of (match key, value) pairs. More may be added.
SCORING: dict[str, Callable[[list[tuple[str, int]]], int]] = {
    "sum": _sum,
    "pairs_cancel": _pairs_cancel,
}


def score_hand(cards: Iterable[str | None], options: Mapping[str, object] | None = None) -> int:
    """The score of a hand (CB-32; lower is better) under a table's ``scoring``,
    ``red_king`` and ``joker`` options (defaults: the standard game). Empty slots
    (``None``) count nothing. Pure, so the hand lab can call it directly:

    >>> score_hand(["RJ", "As", "3c", "Kh"])
    3
    >>> score_hand(["7s", "7h"], {"scoring": "pairs_cancel"})
    0
    """
    opts = options or {}
    red_king = _int_option(opts, "red_king", DEFAULT_RED_KING)
    joker = _int_option(opts, "joker", DEFAULT_JOKER)
    scheme = opts.get("scoring", "sum")
    if scheme not in SCORING:
        raise ValueError(f"Unknown scoring {scheme!r}; the schemes are: {', '.join(SCORING)}")
    hand = [c for c in cards if c is not None]
    for card in hand:
        if card not in MATCH_KEY:
            raise ValueError(f"{card!r} is not a Cambio card")
    return SCORING[str(scheme)]([(MATCH_KEY[c], card_value(c, red_king, joker)) for c in hand])


def _int_option(opts: Mapping[str, object], name: str, default: int) -> int:
    value = opts.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"Option {name!r} must be a whole number, got {value!r}")
    return value

"""Caravan arithmetic read from the cards alone (CV-8 … CV-18): value, direction, suit,
whether a number card may extend a caravan, and who sells a pair.

Nothing here is stored in a game (CV-13): the engine calls these functions on its
caravans, and a "caravan lab" page can call them on any caravan it likes.

A *caravan* is a sequence of stacks, oldest first; a *stack* is a sequence of card codes:
the number card, then the face cards and jokers attached to it in the order they were
played. Only the first two characters of a code are read (rank, suit), so a code may carry
a suffix: the engine tags each attached card with the seat that played it (``"Kd1"``)."""

from __future__ import annotations

from collections.abc import Sequence

Stack = Sequence[str]
Caravan = Sequence[Stack]

UP = 1
DOWN = -1
NONE = 0

NUMBER_VALUES = {r: v for v, r in enumerate("A23456789T", start=1)}
SELL_LOW = 21
SELL_HIGH = 26
DIRECTION_NAMES = {UP: "ascending", DOWN: "descending", NONE: None}


def number_value(card: str) -> int:
    """A counts 1, 2–10 their number (CV-8); 0 for a face card or a joker."""
    return NUMBER_VALUES.get(card[0], 0)


def is_number(card: str) -> bool:
    return card[0] in NUMBER_VALUES


def is_joker(card: str) -> bool:
    # "RJ" and "BJ": no rank letter starts with R or B.
    return card[0] in "RB"


def value(caravan: Caravan, *, king_adds: bool = False) -> int:
    """The sum of the number cards, each doubled once per king on it (CV-8, CV-14); with
    ``king_adds`` each king adds the card's value once more instead."""
    total = 0
    for stack in caravan:
        points = NUMBER_VALUES[stack[0][0]]
        if len(stack) > 1:
            kings = sum(1 for card in stack if card[0] == "K")
            points = points * (1 + kings) if king_adds else points << kings
        total += points
    return total


def queens_on_last(caravan: Caravan) -> int:
    """How many queens sit on the last card: each one reverses the direction (CV-15)."""
    return sum(1 for card in caravan[-1] if card[0] == "Q") if caravan else 0


def direction(caravan: Caravan, *, steady_base: int = NONE) -> int:
    """UP, DOWN, or NONE for fewer than two cards (CV-10, CV-13).

    The last two number cards give the direction (equal ranks count as descending), then
    each queen on the last card reverses it. ``steady_base`` is what the ``steady_course``
    variant remembers for a pair of equal ranks left by a removal: the direction to read
    for that pair instead of descending."""
    if len(caravan) < 2:
        return NONE
    last = caravan[-1]
    before = NUMBER_VALUES[caravan[-2][0][0]]
    now = NUMBER_VALUES[last[0][0]]
    if now > before:
        heading = UP
    elif now < before:
        heading = DOWN
    else:
        heading = steady_base or DOWN
    for card in last:
        if card[0] == "Q":
            heading = -heading
    return heading


def suit(caravan: Caravan, *, first_card_suit: bool = False) -> str | None:
    """The current suit (CV-13): the latest queen's on the last card, else the last card's
    (the first card's with ``first_card_suit``); None for an empty caravan."""
    if not caravan:
        return None
    last = caravan[-1]
    for card in reversed(last):
        if card[0] == "Q":
            return card[1]
    return caravan[0][0][1] if first_card_suit else last[0][1]


def fits(rank: int, card_suit: str, last_rank: int, heading: int, current_suit: str | None) -> bool:
    """Whether a number card of ``rank`` and ``card_suit`` may follow a last card of
    ``last_rank`` (0 for an empty caravan) on a caravan going ``heading`` in
    ``current_suit`` (CV-9 … CV-12). The engine's hot path calls this directly."""
    if rank == last_rank:
        return False
    if heading == NONE or card_suit == current_suit:
        return True
    return rank > last_rank if heading == UP else rank < last_rank


def number_refusal(
    caravan: Caravan, card: str, *, first_card_suit: bool = False, steady_base: int = NONE
) -> str | None:
    """Why the number card ``card`` cannot extend ``caravan`` (a phrase to complete "You
    cannot play it: …"), or None when it can."""
    if not caravan:
        return None
    last = caravan[-1][0]
    rank, last_rank = NUMBER_VALUES[card[0]], NUMBER_VALUES[last[0]]
    heading = direction(caravan, steady_base=steady_base)
    current = suit(caravan, first_card_suit=first_card_suit)
    if fits(rank, card[1], last_rank, heading, current):
        return None
    if rank == last_rank:
        return f"never the same rank twice in a row, and the last card is a {rank_name(last)}"
    wanted = "higher" if heading == UP else "lower"
    assert current is not None
    return (
        f"the caravan is {DIRECTION_NAMES[heading]}: play {wanted} than {rank_name(last)}, "
        f"or a {SUIT_NAMES[current]} card"
    )


def can_sell(points: int) -> bool:
    """A caravan of 21 to 26 can sell (CV-18)."""
    return SELL_LOW <= points <= SELL_HIGH


def pair_seller(first: int, second: int) -> int | None:
    """Which caravan of a facing pair sells, 0 (``first``) or 1, or None (CV-18): both in
    range, the higher; one in range, that one; equal values in range, neither."""
    a, b = can_sell(first), can_sell(second)
    if a and b:
        return None if first == second else (0 if first > second else 1)
    if a:
        return 0
    return 1 if b else None


SUIT_NAMES = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
RANK_NAMES = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}


def rank_name(card: str) -> str:
    return RANK_NAMES.get(card[0], card[0])

"""Caravan arithmetic read from the cards alone (CV-8 … CV-18): value, direction, suit,
whether a number card may extend a caravan, and who sells a pair.

Nothing here is stored in a game (CV-13): the engine calls these functions on its
caravans, and a "caravan lab" page can call them on any caravan it likes.

A *caravan* is a sequence of stacks, oldest first; a *stack* is a sequence of card codes:
the number card, then the face cards and jokers attached to it in the order they were
played. Only the first two characters of a code are read (rank, suit), so a code may carry
a suffix: the engine tags each attached card with the seat that played it (``"Kd1"``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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


def stack_value(stack: Stack, *, king_adds: bool = False) -> int:
    """What one number card with its attachments adds to a caravan: its value, doubled
    once per king on it (CV-8, CV-14); with ``king_adds`` each king adds the card's value
    once more instead."""
    points = NUMBER_VALUES[stack[0][0]]
    if len(stack) > 1:
        kings = sum(1 for card in stack if card[0] == "K")
        points = points * (1 + kings) if king_adds else points << kings
    return points


def king_gain(stack: Stack, *, king_adds: bool = False) -> int:
    """What one more king on ``stack`` adds to its caravan (CV-14): the stack's value
    again, or with ``king_adds`` the number card's value once more."""
    return NUMBER_VALUES[stack[0][0]] if king_adds else stack_value(stack)


def value(caravan: Caravan, *, king_adds: bool = False) -> int:
    """The sum of the stacks' values (CV-8, CV-14): ``stack_value`` of each, inlined
    because the engine and the bots' search call this on every change."""
    return value_of(caravan, king_adds)


def value_of(caravan: Caravan, king_adds: bool) -> int:
    """``value`` for the hot paths: a call with keywords from a compiled module has its
    keywords built and parsed at every call."""
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


def end(
    caravan: Caravan, *, steady_base: int = NONE, first_card_suit: bool = False
) -> tuple[int, int, str | None]:
    """What the next number card must answer to: (last rank or 0 when empty, direction,
    current suit) (CV-10 … CV-13, CV-15).

    The last two number cards give the direction (equal ranks count as descending) and a
    single card has none; each queen on the last card reverses it and the latest one sets
    the suit, which is otherwise the last card's (the first card's with
    ``first_card_suit``). ``steady_base`` is what the ``steady_course`` variant remembers
    for a pair of equal ranks left by a removal: the direction to read for that pair
    instead of descending."""
    return end_of(caravan, steady_base, first_card_suit)


def end_of(
    caravan: Caravan, steady_base: int, first_card_suit: bool
) -> tuple[int, int, str | None]:
    """``end`` for the hot paths (see ``value_of``)."""
    if not caravan:
        return 0, NONE, None
    last = caravan[-1]
    rank = NUMBER_VALUES[last[0][0]]
    current = caravan[0][0][1] if first_card_suit else last[0][1]
    heading = NONE
    if len(caravan) > 1:
        before = NUMBER_VALUES[caravan[-2][0][0]]
        heading = UP if rank > before else DOWN if rank < before else (steady_base or DOWN)
    if len(last) > 1:
        for card in last:
            if card[0] == "Q":
                heading, current = queen_turn(heading, card)
    return rank, heading, current


def queen_turn(heading: int, queen: str) -> tuple[int, str]:
    """A queen on the last card reverses the direction and sets the suit (CV-15): the new
    direction and suit."""
    return -heading, queen[1]


def direction(caravan: Caravan, *, steady_base: int = NONE) -> int:
    """UP, DOWN, or NONE for fewer than two cards (CV-10, CV-13); see ``end``."""
    return end(caravan, steady_base=steady_base)[1]


def suit(caravan: Caravan, *, first_card_suit: bool = False) -> str | None:
    """The current suit (CV-13), None for an empty caravan; see ``end``."""
    return end(caravan, first_card_suit=first_card_suit)[2]


def fits(rank: int, card_suit: str, end: tuple[int, int, str | None]) -> bool:
    """Whether a number card of ``rank`` and ``card_suit`` may follow a caravan whose
    ``end`` is given (CV-9 … CV-12): never the last card's rank; with a direction, higher
    when ascending or lower when descending, unless of the current suit."""
    return rank != end[0] and (card_suit == end[2] or rank_follows(rank, end))


def rank_follows(rank: int, end: tuple[int, int, str | None]) -> bool:
    """Whether a number card of ``rank`` may follow by its rank alone, whatever its suit
    (CV-9 … CV-12): never the last card's rank; with a direction, higher when ascending
    or lower when descending."""
    last, heading, _ = end
    if rank == last:
        return False
    return heading == NONE or (rank > last if heading == UP else rank < last)


# Every possible end (last rank 0–10, direction, suit or none) with the number cards that
# may follow it, built once from `fits`: the engine's hot path is a set lookup.
_NUMBER_CARDS = [r + s for s in "shdc" for r in NUMBER_VALUES]
FOLLOWERS: dict[tuple[int, int, str | None], frozenset[str]] = {
    (last, heading, current): frozenset(
        card
        for card in _NUMBER_CARDS
        if fits(NUMBER_VALUES[card[0]], card[1], (last, heading, current))
    )
    for last in range(11)
    for heading in (UP, DOWN, NONE)
    for current in (None, "s", "h", "d", "c")
}


def playable(cards: Iterable[str], end: tuple[int, int, str | None]) -> list[str]:
    """The number cards among ``cards`` that may follow a caravan whose ``end`` is given."""
    allowed = FOLLOWERS[end]
    return [card for card in cards if card in allowed]


def number_refusal(
    caravan: Caravan, card: str, *, first_card_suit: bool = False, steady_base: int = NONE
) -> str | None:
    """Why the number card ``card`` cannot extend ``caravan`` (a phrase to complete "You
    cannot play it: …"), or None when it can."""
    tail = end(caravan, steady_base=steady_base, first_card_suit=first_card_suit)
    if playable([card], tail):
        return None
    last, (_, heading, current) = caravan[-1][0], tail
    if NUMBER_VALUES[card[0]] == NUMBER_VALUES[last[0]]:
        return f"never the same rank twice in a row, and the last card is a {rank_name(last)}"
    wanted = "higher" if heading == UP else "lower"
    assert current is not None
    return (
        f"it is {DIRECTION_NAMES[heading]}, so play {wanted} than {rank_name(last)} "
        f"or a {SUIT_NAMES[current]}"
    )


def can_sell(points: int) -> bool:
    """A caravan of 21 to 26 can sell (CV-18)."""
    return SELL_LOW <= points <= SELL_HIGH


def pair_seller(first: int, second: int) -> int | None:
    """Which caravan of a facing pair sells, 0 (``first``) or 1, or None (CV-18): both in
    range, the higher; one in range, that one; equal values in range, neither."""
    a, b = SELL_LOW <= first <= SELL_HIGH, SELL_LOW <= second <= SELL_HIGH  # can_sell, inlined
    if a and b:
        return None if first == second else (0 if first > second else 1)
    if a:
        return 0
    return 1 if b else None


def pair_reason(first: int, second: int) -> str:
    """Why a facing pair sells as it does (CV-18), the words a results panel picks from:
    ``higher`` (both in 21–26, the higher sells), ``only`` (one in range, it sells),
    ``tie`` (both in range and equal: neither), ``neither`` (none in range)."""
    a, b = can_sell(first), can_sell(second)
    if a and b:
        return "tie" if first == second else "higher"
    return "only" if a or b else "neither"


# Why a pair sells as it does, in words (the CLI; the web has its own in both languages).
PAIR_REASONS = {
    "higher": "both are in 21–26 and the higher sells",
    "only": "the only one in 21–26",
    "tie": "a tie in 21–26: neither sells",
    "neither": "neither is in 21–26",
}


SUIT_NAMES = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
RANK_NAMES = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}


def rank_name(card: str) -> str:
    return RANK_NAMES.get(card[0], card[0])

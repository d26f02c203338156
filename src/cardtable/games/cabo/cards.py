"""Cabo's cards (CA-1, CA-2). The rules work on the card's number; the wire and the views
use its code, the number as a string ("0" … "13", docs/architecture.md)."""

from __future__ import annotations

import random
from typing import Any

HAND_SIZE = 4  # CA-3
LOW, HIGH = 0, 13

# CA-1: two 0s, four each of 1–12, two 13s: 52 cards, in a fixed canonical order.
FULL_VALUES: tuple[int, ...] = (0, 0, *(v for v in range(1, 13) for _ in range(4)), 13, 13)
CODES: tuple[str, ...] = tuple(str(v) for v in range(LOW, HIGH + 1))
FULL: tuple[str, ...] = tuple(CODES[v] for v in FULL_VALUES)
VALUE_OF: dict[str, int] = {code: value for value, code in enumerate(CODES)}

# CA-2: the power a card offers when it is drawn from the deck and discarded at once.
PEEK = "peek"  # 7, 8: look at one of your own cards
SPY = "spy"  # 9, 10: look at one card of another player
SWAP = "swap"  # 11, 12: exchange one of your cards with another player's, both unseen
POWER_OF: tuple[str | None, ...] = (
    *(None,) * 7,
    PEEK,
    PEEK,
    SPY,
    SPY,
    SWAP,
    SWAP,
    None,
)

POWER_WORDS = {
    PEEK: "look at one of your own cards",
    SPY: "look at one card of another player",
    SWAP: "swap one of your cards with another player's card, both unseen",
}

# CA-15: the Kamikaze hand, sorted.
KAMIKAZE_HAND = (12, 12, 13, 13)


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``, the same permutation and the same draws from ``rng``,
    written out: the standard library's shuffle is interpreted Python (a call per card to
    ``_randbelow``), and a round of random play costs less than its deal's shuffle. This
    module is compiled, so the loop below runs in C. A generator of another class keeps
    its own ``shuffle``. (Cambio's ``cards.shuffle`` is the same function; it belongs in
    ``core.rng``.)"""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    draw = rng.getrandbits
    # (i + 1).bit_length(), kept as ``bits`` and ``half`` = 2 ** (bits - 1) while i falls.
    bits = len(items).bit_length()
    half = (1 << bits) >> 1
    for i in range(len(items) - 1, 0, -1):
        if i + 1 < half:
            bits -= 1
            half >>= 1
        # random.Random._randbelow_with_getrandbits(i + 1): draw ``bits`` bits, again
        # until the number is below the bound.
        j = draw(bits)
        while j > i:
            j = draw(bits)
        items[i], items[j] = items[j], items[i]

"""Cabo's cards (CA-1, CA-2). The rules work on the card's number; the wire and the views
use its code, the number as a string ("0" … "13", docs/architecture.md)."""

from __future__ import annotations

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

# CA-15: the Kamikaze hand, sorted.
KAMIKAZE_HAND = (12, 12, 13, 13)

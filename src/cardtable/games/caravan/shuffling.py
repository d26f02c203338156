"""``random.Random.shuffle`` with the same draws in the same order, so that every seed
deals and determinizes exactly as before, without the two interpreted calls per card
(``shuffle`` and ``_randbelow``) that made a search's re-deal of the hidden cards cost a
fifth of its time. Compiled with the engine, this loop calls only ``getrandbits``."""

from __future__ import annotations

import random


def shuffle(cards: list[str], rng: random.Random) -> None:
    """Shuffle ``cards`` in place as ``rng.shuffle(cards)`` would."""
    if type(rng) is not random.Random:  # a subclass may draw otherwise
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    k = len(cards).bit_length()
    for i in range(len(cards) - 1, 0, -1):
        # random.Random._randbelow_with_getrandbits(i + 1), inlined; k is (i + 1)'s
        # bit length, kept as i goes down (in C integers when compiled, shuffling.pxd)
        n = i + 1
        if n < 1 << (k - 1):
            k -= 1
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        cards[i], cards[r] = cards[r], cards[i]


def shuffled(cards: tuple[str, ...] | list[str], rng: random.Random) -> list[str]:
    out = list(cards)
    shuffle(out, rng)
    return out

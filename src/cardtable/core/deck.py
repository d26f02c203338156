"""Stacked decks (docs/architecture.md): a list of cards, top first. A partial list is topped
up with the game's remaining cards in seeded order; a list that the game's cards cannot
make is rejected."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from cardtable.core.errors import InvalidOptions
from cardtable.core.rng import shuffle


def shuffled(cards: Sequence[str], rng: random.Random) -> list[str]:
    out = list(cards)
    shuffle(rng, out)
    return out


def stack(full: Sequence[str], top: Sequence[str] | None, rng: random.Random) -> list[str]:
    """The deck to deal from: ``top`` first (validated against ``full``), then the rest of
    ``full`` shuffled by ``rng``. Without ``top`` it is simply ``full`` shuffled."""
    if top is None:
        return shuffled(full, rng)
    if isinstance(top, str) or not isinstance(top, Sequence):
        raise InvalidOptions("Stacked deck must be a list of card codes, top card first")
    available = Counter(full)
    wanted = Counter(top)
    for card, count in wanted.items():
        if card not in available:
            raise InvalidOptions(f"Stacked deck: {card!r} is not a card of this game")
        if count > available[card]:
            raise InvalidOptions(
                f"Stacked deck: {card!r} appears {count} times "
                f"but the game has only {available[card]}"
            )
    rest = list((available - wanted).elements())
    # Put the remainder in the canonical order of `full` before shuffling so that the same
    # seed always tops up the same way.
    order = {card: i for i, card in enumerate(dict.fromkeys(full))}
    rest.sort(key=order.__getitem__)
    return list(top) + shuffled(rest, rng)

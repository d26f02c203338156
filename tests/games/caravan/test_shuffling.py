"""Caravan's own shuffle must draw exactly as ``random.Random.shuffle``: every seeded deal
and determinization depends on it."""

import random

from cardtable.games.caravan.shuffling import shuffle, shuffled


def test_the_same_order_and_the_same_stream_as_random_shuffle() -> None:
    """CV-1: a seed deals the same decks through either shuffle."""
    for seed in range(200):
        for size in (0, 1, 2, 7, 30, 54, 108):
            cards = [f"c{i}" for i in range(size)]
            ours, theirs = random.Random(seed), random.Random(seed)
            mine = list(cards)
            shuffle(mine, ours)
            theirs.shuffle(cards)
            assert mine == cards
            assert ours.getstate() == theirs.getstate()


def test_a_subclass_keeps_its_own_shuffle() -> None:
    """CV-1: a generator with its own draws is asked to shuffle, not bypassed."""

    class Reversing(random.Random):
        def shuffle(self, x: list[str]) -> None:  # type: ignore[override]
            x.reverse()

    assert shuffled(("a", "b", "c"), Reversing(1)) == ["c", "b", "a"]

"""``core.rng.Rng``: the compiled draws give exactly ``random.Random``'s numbers, so a
seeded game or search is the same whichever generator it holds (docs/engines.md)."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import pytest

from cardtable.core.deck import shuffled
from cardtable.core.rng import Rng, fast, fork, make_rng, settle, shuffle

SEEDS = [0, 1, 7, 2**32 - 1, 2**64 + 12345, -5]
SIZES = [1, 2, 3, 5, 52, 1000, 2**40 + 3]


@pytest.mark.parametrize("seed", SEEDS)
def test_every_draw_matches_random_random(seed: int) -> None:
    ours, theirs = Rng(seed), random.Random(seed)
    assert ours.getstate() == theirs.getstate()
    for n in SIZES:
        for _ in range(20):
            assert ours.randrange(n) == theirs.randrange(n)
            assert ours.choice(range(n)) == theirs.choice(range(n))
    for size in (0, 1, 2, 54, 108):
        mine, other = list(range(size)), list(range(size))
        ours.shuffle(mine)
        theirs.shuffle(other)
        assert mine == other
    assert ours.sample(range(60), 12) == theirs.sample(range(60), 12)
    assert ours.randrange(3, 90, 4) == theirs.randrange(3, 90, 4)
    assert ours.randint(1, 6) == theirs.randint(1, 6)
    assert ours.random() == theirs.random()
    assert ours.getstate() == theirs.getstate()


def test_reseeding_matches_a_new_generator() -> None:
    ours = Rng(3)
    ours.randrange(10)
    ours.gauss(0.0, 1.0)  # leaves a second normal waiting; a new seed must drop it
    ours.seed(2**63 + 9)
    assert ours.getstate() == random.Random(2**63 + 9).getstate()
    ours.seed("text seed")
    assert ours.getstate() == random.Random("text seed").getstate()


def test_bad_arguments_get_the_standard_errors() -> None:
    ours = Rng(1)
    with pytest.raises(ValueError, match="empty range"):
        ours.randrange(0)
    with pytest.raises(ValueError, match="empty range"):
        ours.randrange(-3)
    with pytest.raises(IndexError, match="empty sequence"):
        ours.choice([])
    with pytest.raises(TypeError):
        ours.randrange(5, step=2)
    assert ours.getstate() == Rng(1).getstate()  # nothing drawn by a refused call


def test_games_generators_are_rngs_with_the_same_streams() -> None:
    assert isinstance(make_rng(5), Rng)
    assert make_rng(5).getstate() == random.Random(5).getstate()
    parent, twin = random.Random(8), random.Random(8)
    child = fork(parent)
    assert child.getstate() == random.Random(twin.getrandbits(64)).getstate()
    assert parent.getstate() == twin.getstate()


def test_fast_twin_hands_its_position_back() -> None:
    caller, reference = random.Random(21), random.Random(21)
    twin = fast(caller)
    assert isinstance(twin, Rng) and twin is not caller
    drawn = [twin.randrange(100) for _ in range(5)]
    assert drawn == [reference.randrange(100) for _ in range(5)]
    settle(caller, twin)
    assert caller.getstate() == reference.getstate()
    own = Rng(4)
    assert fast(own) is own  # already compiled: no copy


# Around every power of two (where the bits drawn per card change) and the games' decks.
SHUFFLE_SIZES = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 52, 54, 64, 65, 108]


@pytest.mark.parametrize("kind", [random.Random, Rng])
def test_the_one_shuffle_draws_what_random_shuffle_draws(kind: type[random.Random]) -> None:
    """Every game deals, reshuffles and samples with ``shuffle``: the same seed must give
    the standard library's order and leave the generator where it would, or every seeded
    game, golden playthrough and search would change."""
    for seed in range(40):
        for size in SHUFFLE_SIZES:
            ours, theirs = kind(seed * 1000 + size), random.Random(seed * 1000 + size)
            mine, standard = [f"c{i}" for i in range(size)], [f"c{i}" for i in range(size)]
            shuffle(ours, mine)
            theirs.shuffle(standard)
            assert mine == standard, (seed, size)
            assert ours.getstate() == theirs.getstate(), (seed, size)


def test_any_mutable_sequence_is_shuffled_as_the_library_would() -> None:
    mine, theirs = deque(range(30)), deque(range(30))
    shuffle(Rng(4), mine)
    random.Random(4).shuffle(theirs)
    assert mine == theirs
    rows, expected = [[i] for i in range(20)], [[i] for i in range(20)]
    Rng(5).shuffle(rows)  # the method is the same loop
    random.Random(5).shuffle(expected)
    assert rows == expected


class Reversing(random.Random):
    """A generator that shuffles otherwise: it must be asked, never bypassed."""

    def shuffle(self, x: Any) -> None:
        x.reverse()


class ReversingRng(Rng):
    def shuffle(self, x: Any) -> None:
        x.reverse()


@pytest.mark.parametrize("kind", [Reversing, ReversingRng])
def test_a_generator_of_another_class_shuffles_itself(kind: type[random.Random]) -> None:
    cards = ["a", "b", "c"]
    shuffle(kind(1), cards)
    assert cards == ["c", "b", "a"]
    assert shuffled(("a", "b", "c"), kind(1)) == ["c", "b", "a"]

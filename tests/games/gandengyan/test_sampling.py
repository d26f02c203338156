"""The search's samples stay the samples they were (GD-4, GD-12, GD-17): ``determinize``
counts the unseen cards without Counters, shuffles with its own copy of random.py's loop
and makes a sample's generator only when the sample deals a new hand. Each must give
exactly what the library calls it replaces give, or the same seed would sample another
deal."""

from __future__ import annotations

import random
from collections import Counter

from cardtable.core.rng import fork
from cardtable.games.gandengyan import GanDengYanGame
from cardtable.games.gandengyan.game import shuffle, unaccounted


class CountingRandom(random.Random):
    """A generator of another class: ``shuffle`` must leave it to shuffle itself."""

    calls = 0

    def shuffle(self, x: list[str]) -> None:  # type: ignore[override]
        CountingRandom.calls += 1
        super().shuffle(x)


def test_the_shuffle_draws_exactly_what_random_shuffle_draws() -> None:
    """GD-4: the same generator state gives the same order and leaves the same state."""
    for seed in range(40):
        cards = [f"c{i}" for i in range(seed % 9 * 13)]
        mine, theirs = random.Random(seed), random.Random(seed)
        ours, library = list(cards), list(cards)
        shuffle(ours, mine)
        theirs.shuffle(library)
        assert ours == library
        assert mine.getstate() == theirs.getstate()


def test_a_generator_of_another_class_shuffles_itself() -> None:
    """GD-4: a subclass may draw differently, so its own shuffle runs."""
    rng, cards = CountingRandom(3), list("abcdefgh")
    shuffle(cards, rng)
    assert CountingRandom.calls == 1
    assert sorted(cards) == list("abcdefgh")


def test_the_unseen_cards_are_the_counters_difference_in_the_decks_order() -> None:
    """GD-4: what the seat cannot account for, card for card and in the same order as
    ``Counter(deck) - Counter(hand) - …`` lists it (the order the shuffle starts from)."""
    game = GanDengYanGame(players=4)  # two decks: most cards twice
    rng = random.Random(5)
    deck = list(game.full_deck)
    for _ in range(30):
        rng.shuffle(deck)
        hand, played, shown = deck[:6], deck[6:30], deck[30:37]
        expected = Counter(game.full_deck) - Counter(hand) - Counter(played) - Counter(shown)
        assert unaccounted(game.deck_counts, hand, played, shown) == list(expected.elements())
    # Cards the deck does not hold, or holds fewer of, are ignored as a Counter does.
    assert unaccounted({"5h": 1, "6h": 2}, ["5h", "5h", "XX"], ["6h"]) == ["6h"]


def test_a_sample_deals_its_next_hand_as_the_forked_generator_would() -> None:
    """GD-17: a sample made before a hand ends deals the next hand from the generator
    ``fork`` would have made at once, also when a clone deals first."""
    game = GanDengYanGame(players=2, hands=2)
    state = game.new_state(seed=21)
    view = state.view(0)
    deals = []
    for lazy in (True, False):
        sample = game.determinize(view, 0, random.Random(8))
        if not lazy:  # the generator made at once, by fork, from the sample's first draw
            sample.rng = fork(random.Random(8))
        clone = sample.clone()
        for s in (clone, sample):
            legal_rng = random.Random(1)
            while s.hand_no == 0 and not s.is_over():
                seat = s.to_act[0]
                legal = s.legal_actions(seat)
                s.apply(seat, legal[legal_rng.randrange(len(legal))])
            deals.append(s.full_view()["hands"])
    assert deals[0] == deals[1] == deals[2] == deals[3]

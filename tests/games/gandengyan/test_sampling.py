"""The search's samples stay the samples they were (GD-4, GD-12, GD-17): ``determinize``
counts the unseen cards without Counters, shuffles with ``core.rng.shuffle`` (its own
tests are in tests/core/test_rng.py) and makes a sample's generator only when the sample deals a new hand. Each must give
exactly what the library calls it replaces give, or the same seed would sample another
deal."""

from __future__ import annotations

import copy
import random
from collections import Counter

from cardtable.core.rng import fork
from cardtable.games.gandengyan import GanDengYanGame
from cardtable.games.gandengyan.bots import search
from cardtable.games.gandengyan.game import unaccounted


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


def test_samples_of_one_view_are_the_samples_of_a_fresh_copy() -> None:
    """A search samples one view hundreds of times, and its sampler counts the cards to
    re-deal once per view: each sample, and a sample of another view asked for in between,
    is the sample the game's own ``determinize`` gives for a fresh copy of its view."""
    game = GanDengYanGame(players=4)
    states = [game.new_state(seed=s) for s in (3, 4)]
    for state in states:
        for _ in range(7):  # into the hand: played cards, a talon drawn down
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[0])
    views = [state.view(state.to_act[0]) for state in states]

    for seed in range(4):
        for i, view in enumerate(views):
            seat = states[i].to_act[0]
            fresh = game.determinize(copy.deepcopy(view), seat, random.Random(seed))
            again = search.determinize(game, view, seat, random.Random(seed))
            twice = search.determinize(game, view, seat, random.Random(seed))
            for sample in (again, twice):
                assert sample.hands == fresh.hands
                assert sample.talon == fresh.talon


def test_the_games_determinize_reads_a_view_changed_in_place_anew() -> None:
    """GD-4: the public ``determinize`` keeps nothing between calls, so a caller that edits
    a view (a researcher's "what if I held this") gets samples of the edited view."""
    game = GanDengYanGame(players=2)
    state = game.new_state(seed=5)
    seat = state.to_act[0]
    view = state.view(seat)
    game.determinize(view, seat, random.Random(1))
    other = state.hands[1 - seat][0]
    view["hand"] = [*view["hand"][:-1], other]  # now holds a card the other hand had
    sample = game.determinize(view, seat, random.Random(1))
    assert other in sample.hands[seat]
    assert other not in sample.hands[1 - seat] + sample.talon

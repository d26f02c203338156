"""The splitter's quick paths give the very floats of the plain ones: a hand with jokers
is valued as the best of its trials (each joker standing for a rank, or the jokers
alone), and each trial without jokers as the sum of its runs, lowest first. The rollouts
compare these values, so a last-bit difference could change a move."""

from __future__ import annotations

import random

from cardtable.games.gandengyan.bots import hands
from cardtable.games.gandengyan.bots.hands import JOKER_SHIFT, ONES, Split, Splitter
from cardtable.games.gandengyan.plays import TWO, Rules


def plain(splitter: Splitter, naturals: int, jokers: int) -> Split:
    """``_with_jokers`` as it was written first: every trial walked whole."""
    alone = splitter._blocks_of(naturals)
    if jokers == 1:
        best = Split(alone.value - splitter.worth.lone_joker, alone.plays + 1)
    else:
        bomb = splitter.joker_bombs[min(jokers, 8)]
        best = Split(alone.value + bomb.value, alone.plays + 1)
    for r in range(TWO):
        rest = naturals + ONES[r]
        found = plain(splitter, rest, jokers - 1) if jokers > 1 else splitter._blocks_of(rest)
        if found.value > best.value:
            best = found
    return best


def test_a_hand_with_jokers_splits_to_the_same_float_as_its_trials_walked_whole() -> None:
    rng = random.Random(11)
    for rules in (Rules(), Rules(triple_is_bomb=True, min_pairs=3)):
        splitter = Splitter(rules, hands.WORTH)
        for _ in range(300):
            counts = [0] * 13
            for _ in range(rng.randint(1, 16)):
                counts[rng.randrange(13)] += 1
            naturals = hands.hand_code([min(c, 8) for c in counts], 0)
            for jokers in (1, 2):
                quick = splitter.split_code(naturals + (jokers << JOKER_SHIFT))
                walked = plain(splitter, naturals, jokers)
                assert (quick.value, quick.plays) == (walked.value, walked.plays)

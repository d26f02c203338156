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


# Hands at the edges of the walk of a code's runs (one step of it shared by ``_runs`` and
# the one-joker path): nothing held, the 3s alone, the 2s alone, an ace run up to the 2s
# (which stay a run of their own), every rank, gaps of one, full counts.
EDGE_HANDS = [
    [0] * 13,
    [1] + [0] * 12,
    [0] * 12 + [3],
    [0] * 11 + [1, 2],
    [0] * 10 + [2, 1, 1],
    [1] + [0] * 11 + [1],
    [1] * 12 + [0],
    [1] * 13,
    [4, 4, 4] + [0] * 8 + [4, 4],
    [1, 0] * 6 + [1],
    [0, 1] * 6 + [0],
    [2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 4],
]


def walked(splitter: Splitter, counts: list[int]) -> tuple[float, int]:
    """``_blocks_of`` from the counts themselves: each run of held ranks among 3 .. A, and
    the 2s by themselves, searched alone and summed lowest first."""
    value, plays = 0.0, 0
    r = 0
    while r < 13:
        if not counts[r]:
            r += 1
            continue
        end = r + 1
        while r < TWO and end < TWO and counts[end]:
            end += 1
        run = splitter._search(tuple(c if r <= i < end else 0 for i, c in enumerate(counts)), 0)
        value += run.value
        plays += run.plays
        r = end
    return value, plays


def test_a_hand_splits_to_the_sum_of_its_runs_with_the_twos_a_run_of_their_own() -> None:
    rng = random.Random(5)
    hands_to_try = EDGE_HANDS + [[rng.randint(0, 4) for _ in range(13)] for _ in range(200)]
    for rules in (Rules(), Rules(triple_is_bomb=True, min_pairs=3)):
        splitter = Splitter(rules, hands.WORTH)
        for counts in hands_to_try:
            found = splitter.split_code(hands.hand_code(counts, 0))
            assert (found.value, found.plays) == walked(splitter, counts), counts


def test_the_edge_hands_with_jokers_split_to_the_same_float_as_their_trials() -> None:
    for rules in (Rules(), Rules(triple_is_bomb=True, min_pairs=3)):
        splitter = Splitter(rules, hands.WORTH)
        for counts in EDGE_HANDS:
            naturals = hands.hand_code(counts, 0)
            for jokers in (1, 2):
                quick = splitter.split_code(naturals + (jokers << JOKER_SHIFT))
                slow = plain(splitter, naturals, jokers)
                assert (quick.value, quick.plays) == (slow.value, slow.plays), (counts, jokers)

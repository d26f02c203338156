"""The play generator against a slow brute force (GD-3, GD-6 … GD-10): for random hands
and plays to beat, the legal plays are exactly the card subsets and joker readings that
make a play of GD-6 beating the target by GD-7 … GD-9 — each listed once.

The brute force has its own naive classifier and comparison, written from the spec and
sharing nothing with the engine but the rank order."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement, product

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardtable.games.gandengyan import (
    GanDengYanGame,
    GanDengYanState,
    Kind,
    Pass,
    Play,
    Rules,
    legal_plays,
)
from cardtable.games.gandengyan.plays import ORDER, RANK_INDEX

TWO, ACE = 12, 11
Signature = tuple[tuple[int, ...], int, tuple[int, ...], Kind]


def naive_kind(reads: list[int], only_jokers: bool, rules: Rules) -> Kind | None:
    n = len(reads)
    if only_jokers:
        return Kind("joker_bomb", -1, n) if n >= 2 else None
    counts = Counter(reads)
    ranks = sorted(counts)
    if len(ranks) == 1:
        r = ranks[0]
        if n >= 4 or (n == 3 and rules.triple_is_bomb):
            return Kind("bomb", r, n)
        return Kind({1: "single", 2: "pair", 3: "triple"}[n], r, n)
    run = ranks == list(range(ranks[0], ranks[0] + len(ranks))) and TWO not in ranks
    if run and set(counts.values()) == {1} and n >= 3:
        return Kind("straight", ranks[0], n)
    if run and set(counts.values()) == {2} and len(ranks) >= rules.min_pairs:
        return Kind("consecutive_pairs", ranks[0], n)
    return None


def naive_bomb_order(kind: Kind, rules: Rules) -> tuple[int, int, int]:
    if kind.type == "joker_bomb":
        return (99 + kind.length, 0, 0) if rules.joker_bomb_top else (kind.length + 2, 1, 0)
    return (kind.length, 0, kind.rank)


def naive_beats(play: Kind, target: Kind | None, rules: Rules) -> bool:
    if target is None:
        return True
    bombs = ("bomb", "joker_bomb")
    if play.type in bombs:
        return target.type not in bombs or (
            naive_bomb_order(play, rules) > naive_bomb_order(target, rules)
        )
    if target.type in bombs or (play.type, play.length) != (target.type, target.length):
        return False
    if target.type in ("single", "pair", "triple") and play.rank == TWO:
        return target.rank != TWO
    return play.rank == target.rank + 1


def brute_force(
    counts: list[int], jokers: int, target: Kind | None, rules: Rules
) -> Counter[Signature]:
    """Every sub-multiset of the hand with every reading of its jokers (any rank; the
    rules then refuse a joker read as a 2 or played alone)."""
    found: Counter[Signature] = Counter()
    for naturals in product(*(range(c + 1) for c in counts)):
        base = [r for r in range(13) for _ in range(naturals[r])]
        for wild in range(jokers + 1):
            if not base and not wild:
                continue
            if not base:  # only jokers: they stand for nothing
                kind = naive_kind([0] * wild, True, rules)
                if kind and naive_beats(kind, target, rules):
                    found[(naturals, wild, (), kind)] += 1
                continue
            for reads in combinations_with_replacement(range(13), wild):
                if TWO in reads:
                    continue  # GD-3: a joker is never a 2
                kind = naive_kind(base + list(reads), False, rules)
                if kind and naive_beats(kind, target, rules):
                    found[(naturals, wild, reads, kind)] += 1
    return found


def possible(target: Kind | None, rules: Rules) -> bool:
    """A play to beat that the table's rules can make (no triple when triples are bombs,
    no two pairs when three are the least)."""
    if target is None:
        return True
    if target.type == "triple" and rules.triple_is_bomb:
        return False
    return not (target.type == "consecutive_pairs" and target.length < 2 * rules.min_pairs)


def generated(
    counts: list[int], jokers: int, target: Kind | None, rules: Rules
) -> Counter[Signature]:
    found: Counter[Signature] = Counter()
    for kind, segments in legal_plays(counts, jokers, target, rules):
        naturals = [0] * 13
        reads: list[int] = []
        wild = 0
        for r, k, j in segments:
            if r >= 0:
                naturals[r] += k
                reads += [r] * j
            wild += j
        found[(tuple(naturals), wild, tuple(sorted(reads)), kind)] += 1
    return found


def targets() -> st.SearchStrategy[Kind | None]:
    sets = st.builds(
        lambda t, r: Kind(t, r, {"single": 1, "pair": 2, "triple": 3}[t]),
        st.sampled_from(["single", "pair", "triple"]),
        st.integers(0, 12),
    )
    straights = st.integers(3, 7).flatmap(
        lambda n: st.builds(lambda lo: Kind("straight", lo, n), st.integers(0, ACE + 1 - n))
    )
    pairs = st.integers(2, 4).flatmap(
        lambda m: st.builds(
            lambda lo: Kind("consecutive_pairs", lo, 2 * m), st.integers(0, ACE + 1 - m)
        )
    )
    bombs = st.builds(lambda r, n: Kind("bomb", r, n), st.integers(0, 12), st.integers(4, 7))
    joker_bombs = st.builds(lambda k: Kind("joker_bomb", -1, k), st.integers(2, 4))
    return st.one_of(st.none(), sets, straights, pairs, bombs, joker_bombs)


def hands(max_naturals: int, max_jokers: int) -> st.SearchStrategy[tuple[list[int], int]]:
    """Hands as rank counts, drawn from a narrow band of ranks now and then so that runs,
    pairs and bombs are common."""

    def counts(ranks: list[int]) -> list[int]:
        out = [0] * 13
        for r in ranks:
            out[r] = min(out[r] + 1, 8)
        return out

    narrow = st.integers(0, 9).flatmap(
        lambda lo: st.lists(st.integers(lo, lo + 3), max_size=max_naturals)
    )
    wide = st.lists(st.integers(0, 12), max_size=max_naturals)
    return st.tuples(st.one_of(narrow, wide).map(counts), st.integers(0, max_jokers))


rules_strategy = st.builds(Rules, st.booleans(), st.sampled_from([2, 3]), st.booleans())


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(hand=hands(6, 2), target=targets(), rules=rules_strategy)
def test_generator_equals_brute_force(
    hand: tuple[list[int], int], target: Kind | None, rules: Rules
) -> None:
    """GD-3, GD-6, GD-7, GD-8, GD-9, GD-10: exactly the legal plays, each once."""
    assume(possible(target, rules))
    counts, jokers = hand
    ours = generated(counts, jokers, target, rules)
    assert set(ours) == set(brute_force(counts, jokers, target, rules))
    assert max(ours.values(), default=1) == 1, "a play is listed twice"


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(hand=hands(4, 4), target=targets(), rules=rules_strategy)
def test_generator_equals_brute_force_with_many_jokers(
    hand: tuple[list[int], int], target: Kind | None, rules: Rules
) -> None:
    """GD-3, GD-9, GD-10: with up to four jokers (two decks) too."""
    assume(possible(target, rules))
    counts, jokers = hand
    ours = generated(counts, jokers, target, rules)
    assert set(ours) == set(brute_force(counts, jokers, target, rules))
    assert max(ours.values(), default=1) == 1


def reachable_states(players: int, seeds: int) -> Iterator[GanDengYanState]:
    game = GanDengYanGame(players=players)
    for seed in range(seeds):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            yield state
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_legal_actions_of_reachable_states_match_the_brute_force() -> None:
    """GD-10, GD-11: in real games, the listed plays (with pass when answering) are the
    brute force's, spelled with cards the seat holds, in canonical order."""
    checked = 0
    for state in reachable_states(3, 6):
        seat = state.to_act[0]
        hand = state.hands[seat]
        if len(hand) > 9:
            continue
        to_beat = state.to_beat
        target = to_beat[2] if to_beat else None
        listed = state.legal_actions(seat)
        assert (Pass() in listed) == (target is not None)
        counts = [0] * 13
        for card in hand:
            if card not in ("RJ", "BJ"):
                counts[RANK_INDEX[card[0]]] += 1
        jokers = sum(1 for c in hand if c in ("RJ", "BJ"))
        want = brute_force(counts, jokers, target, state.rules)
        got: set[Signature] = set()
        for action in listed:
            if isinstance(action, Pass):
                continue
            assert isinstance(action, Play)
            assert all(hand.count(c) >= action.cards.count(c) for c in action.cards)
            naturals = [0] * 13
            for card in action.cards:
                if card not in ("RJ", "BJ"):
                    naturals[RANK_INDEX[card[0]]] += 1
            pairs = zip(action.cards, action.reading, strict=True) if action.reading else ()
            reads = tuple(sorted(RANK_INDEX[r] for c, r in pairs if c in ("RJ", "BJ")))
            kind = state.kind_of(action)
            got.add((tuple(naturals), action.jokers, reads, kind))
        assert got == set(want)
        assert len(listed) == len(got) + (target is not None)
        checked += 1
    assert checked > 100
    assert ORDER[TWO] == "2"

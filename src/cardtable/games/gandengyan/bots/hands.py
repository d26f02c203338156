"""A Gan Deng Yan hand as a player thinks of it: rank counts, what a play is, and the
fewest plays the hand splits into.

What a play is and what beats what are the engine's own (``plays.py``: ``Kind``,
``Rules``, ``classify_reading``, ``bomb_strength``); this module adds only the
player's arithmetic on top. A hand is 13 rank counts in climbing order
(``3 4 … K A 2``: index 0 is the 3, ``ACE`` 11, ``TWO`` 12) plus a number of jokers.
A play's *kind* is ``(type, rank, length)`` with the engine's type names (those of the
view's ``to_beat``); the joker bomb's rank is -1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, NamedTuple

from cardtable.core.cards import JOKERS as JOKER_CODES
from cardtable.games.gandengyan.plays import (
    ACE,
    BOMB,
    JOKER_BOMB,
    PAIRS,
    RANK_INDEX,
    SETS,
    SINGLE,
    STRAIGHT,
    TWO,
    Kind,
    Rules,
    classify_reading,
)

# The rules' own names and functions (GD-2 … GD-9): the engine's, not a second copy.
JOKERS = frozenset(JOKER_CODES)


# A hand as one integer: 4 bits per rank count, then the jokers. Taking a play out of a
# hand is a subtraction, and the memo of splits is keyed by these codes.
BITS = 4
JOKER_SHIFT = 13 * BITS
SHIFTS = tuple(BITS * r for r in range(13))
# ONES[r]: one card of rank r; MASKS[start][end]: the bits of ranks start .. end - 1.
ONES = tuple(1 << s for s in SHIFTS)
MASKS = tuple(
    tuple(
        ((1 << BITS * (end - start)) - 1) << BITS * start if end > start else 0 for end in range(14)
    )
    for start in range(13)
)
# A split built as the tuple it is (a NamedTuple's ``__new__`` stays interpreted compiled).
_new = tuple.__new__


def hand_code(counts: Sequence[int], jokers: int) -> int:
    code = jokers << JOKER_SHIFT
    for r, c in enumerate(counts):
        if c:
            shift = SHIFTS[r]
            code += c << shift
    return code


def decode(code: int) -> tuple[tuple[int, ...], int]:
    return tuple((code >> s) & 15 for s in SHIFTS), code >> JOKER_SHIFT


class Move(NamedTuple):
    """A play as the bots see it: the natural cards it takes (``(rank, n)`` pairs), the
    jokers it takes, its kind, its number of cards and its hand code (what it takes out
    of a hand's code). A pass is ``PASS_MOVE``."""

    naturals: tuple[tuple[int, int], ...]
    jokers: int
    kind: Kind | None
    cards: int
    code: int = 0


def make_move(naturals: Sequence[tuple[int, int]], jokers: int, kind: Kind | None) -> Move:
    counts = [0] * 13
    cards = jokers
    for r, n in naturals:  # a loop, not sum() over a generator (compiled, a closure)
        counts[r] += n
        cards += n
    # Built as the tuple it is: a NamedTuple's ``__new__`` stays interpreted compiled.
    return _new(Move, (tuple(naturals), jokers, kind, cards, hand_code(counts, jokers)))


PASS_MOVE = make_move((), 0, None)


# classify_reading's answers by (reading, cards, rules): the engine's classifier builds its
# Kind through the NamedTuple's interpreted ``__new__``, and a search meets the same few
# hundred shapes in thousands of new spellings (suits) of them.
_KINDS: dict[tuple[tuple[str, ...], int, Rules], Kind | None] = {}


def _kind_of(reading: tuple[str, ...], size: int, rules: Rules) -> Kind | None:
    key = (reading, size, rules)
    if key in _KINDS:
        return _KINDS[key]
    if len(_KINDS) > 100_000:
        _KINDS.clear()
    kind = _KINDS[key] = classify_reading(reading, size, rules)
    return kind


def move_of(cards: Sequence[str], reading: Sequence[str], rules: Rules) -> Move:
    """The move of a play given by its card codes and the rank each stands for."""
    counts: dict[int, int] = {}
    jokers = 0
    for card in cards:
        if card in JOKERS:
            jokers += 1
        else:
            r = RANK_INDEX[card[0]]
            counts[r] = counts.get(r, 0) + 1
    kind = _kind_of(tuple(reading) if jokers < len(cards) else (), len(cards), rules)
    if kind is None:  # the engine only lists plays that make one
        raise ValueError(f"{list(cards)} read as {list(reading)} is not a play")
    return make_move(tuple(sorted(counts.items())), jokers, kind)


def without(counts: Sequence[int], jokers: int, move: Move) -> tuple[tuple[int, ...], int]:
    """The hand left after ``move``."""
    rest = list(counts)
    for r, n in move.naturals:
        rest[r] -= n
    return tuple(rest), jokers - move.jokers


# -- splitting a hand into plays -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Worth:
    """What a hand's split is worth: each play costs ``play``, a single ``single`` more;
    each play keeps some power to win a trick later: a normal play by its top rank (up to
    ``high`` for an ace), a set of 2s ``two``, a bomb ``bomb`` (and ``bomb_size`` per card
    over four). Jokers left alone cost ``lone_joker``."""

    play: float = 1.0
    single: float = 0.35
    high: float = 0.45
    two: float = 1.6
    bomb: float = 2.4
    bomb_size: float = 0.1
    lone_joker: float = 1.6


WORTH = Worth()


def group_value(kind_type: str, rank: int, length: int, worth: Worth) -> float:
    """What one play of a split is worth, its cost included."""
    if kind_type == BOMB:
        return worth.bomb + worth.bomb_size * (length - 4) + 0.01 * rank - worth.play
    if kind_type == JOKER_BOMB:
        return worth.bomb + worth.bomb_size * (length - 1) - worth.play
    if rank == TWO:
        return worth.two - worth.play - (worth.single if length == 1 else 0.0)
    top = rank
    if kind_type == STRAIGHT:
        top = rank + length - 1
    elif kind_type == PAIRS:
        top = rank + length // 2 - 1
    value = worth.high * top / ACE - worth.play
    return value - worth.single if kind_type == SINGLE else value


class Split(NamedTuple):
    """The best split found: its value and its number of plays."""

    value: float
    plays: int


def _next_run(rest: int, r: int, bits: int, two: int) -> tuple[int, int, int]:
    """The walk of a hand code's runs, one step: ``rest`` is the code shifted down to
    rank ``r`` (not 0: some rank from r up is held); the next run of held ranks is
    ``start .. end - 1``, and the code is shifted down past it. The 2s (rank ``two``)
    are a run of their own: no play runs an ace into a 2. Returns ``(start, end,
    rest)``. ``bits`` and ``two`` are ``BITS`` and ``TWO`` as the caller's C integers:
    compiled, this is a C function inlined into the caller's loop, where reading a
    module constant would be a Python look-up at each run."""
    while not rest & 15:
        rest >>= bits
        r += 1
    start = r
    rest >>= bits
    r += 1
    if start < two:
        while r < two and rest & 15:
            rest >>= bits
            r += 1
    return start, r, rest


class Splitter:
    """Splits hands under one set of rules and worths, remembering every hand it has seen
    (hands recur all the time in rollouts). Values of plays are tabled once."""

    MEMO_SIZE = 1 << 18

    def __init__(self, rules: Rules, worth: Worth) -> None:
        self.rules = rules
        self.worth = worth
        self.memo: dict[int, Split] = {}
        # Runs of held ranks by their bits of the hand code (which say where they lie):
        # each run's (value, plays).
        self.blocks: dict[int, tuple[float, int]] = {}
        smallest = 3 if rules.triple_is_bomb else 4
        self.set_kinds = [
            [Kind(BOMB if n >= smallest else SETS.get(n, SINGLE), r, n) for n in range(17)]
            for r in range(13)
        ]
        self.set_values = [[group_value(*k, worth) for k in row] for row in self.set_kinds]
        self.straight_values = [
            [group_value(STRAIGHT, r, n, worth) for n in range(14)] for r in range(13)
        ]
        self.pairs_values = [
            [group_value(PAIRS, r, 2 * n, worth) for n in range(14)] for r in range(13)
        ]
        self.lone_joker = Split(-worth.lone_joker, 1)
        self.joker_bombs = [Split(group_value(JOKER_BOMB, -1, k, worth), 1) for k in range(9)]

    def split(self, counts: tuple[int, ...], jokers: int) -> Split:
        return self.split_code(hand_code(counts, jokers))

    def split_code(self, code: int) -> Split:
        """The split of the hand whose code is ``code`` (remembered)."""
        found = self.memo.get(code)
        if found is None:
            memo = self.memo
            if len(memo) > self.MEMO_SIZE:
                forget(memo)
            jokers = code >> JOKER_SHIFT
            if jokers:
                found = self._with_jokers(code - (jokers << JOKER_SHIFT), jokers)
            else:
                found = self._blocks_of(code)
            memo[code] = found
        return found

    def _with_jokers(self, naturals: int, jokers: int) -> Split:
        """Each joker stands for some rank (never a 2) in whatever play it joins, or the
        jokers make a joker bomb: the best of those, each a hand without jokers, which
        splits by runs (quick: the runs are remembered). ``naturals`` is the code of
        the hand's natural cards."""
        if jokers == 1:
            return self._one_joker(naturals)
        alone_value, alone_plays = self._runs(naturals)
        best_value = alone_value + self.joker_bombs[min(jokers, 8)].value
        best_plays = alone_plays + 1
        # The best as a Split only once it is known (building one is a Python call);
        # None while it is (best_value, best_plays).
        best: Split | None = None
        less = jokers - 1
        fewer = less << JOKER_SHIFT
        # self's methods called by name, not through local aliases: compiled, that is a
        # C call, where an alias is a bound method called through Python.
        for r in range(TWO):
            found = self.split_code(naturals + ONES[r] + fewer)
            value = found.value
            if value > best_value:
                best, best_value = found, value
        return _new(Split, (best_value, best_plays)) if best is None else best

    def _one_joker(self, naturals: int) -> Split:
        """``_with_jokers`` for one joker, without walking each trial's hand: the hand's
        runs are found once, and a natural card more of rank r changes only the run it
        joins (its own, or r with the runs either side). Each trial is summed as
        ``_runs`` sums that hand, run by run from the lowest, so it is the same float."""
        bits = BITS
        two = TWO
        starts: list[int] = []
        ends: list[int] = []
        values: list[float] = []
        counts: list[int] = []  # each run's plays
        best_value = 0.0
        best_plays = 0
        whole = rest = naturals
        r = 0
        while rest:  # as in _runs, keeping each run's bounds
            start, r, rest = _next_run(rest, r, bits, two)
            mask = MASKS[start][r]
            run_value, run_plays = self._run(whole & mask)
            best_value += run_value
            best_plays += run_plays
            starts.append(start)
            ends.append(r)
            values.append(run_value)
            counts.append(run_plays)
        # The joker alone, as before any trial.
        best_value -= self.worth.lone_joker
        best_plays += 1
        n = len(starts)
        k = 0  # the first run that ends above r
        for r in range(two):
            while k < n:
                end = ends[k]
                if end > r:
                    break
                k += 1
            # The runs first .. last - 1 become one run over the ranks lo .. hi - 1.
            start = starts[k] if k < n else 13
            if start <= r:  # r is held: its run grows
                first, last, lo, hi = k, k + 1, start, ends[k]
            else:
                first, last, lo, hi = k, k, r, r + 1
                if k:
                    end = ends[k - 1]
                    if end == r:
                        first = k - 1
                        lo = starts[first]
                if start == r + 1 and hi < two:
                    last = k + 1
                    hi = ends[k]
            mask = MASKS[lo][hi]
            card = ONES[r]
            run_value, run_plays = self._run((whole + card) & mask)
            value = 0.0
            plays = run_plays
            for i in range(first):
                each = values[i]
                value += each
                plays += counts[i]
            value += run_value
            for i in range(last, n):
                each = values[i]
                value += each
                plays += counts[i]
            if value > best_value:
                best_value, best_plays = value, plays
        return _new(Split, (best_value, best_plays))

    def _blocks_of(self, code: int) -> Split:
        """Without jokers no play spans a rank the hand lacks: the split of a hand (by
        its code) is the sum of the splits of its runs of held ranks (and of its 2s),
        each remembered by itself under its own bits of the code, so a new hand is
        mostly made of runs seen before."""
        return _new(Split, self._runs(code))

    def _runs(self, code: int) -> tuple[float, int]:
        """``_blocks_of``'s value and plays, as a plain tuple."""
        # Module constants as locals: compiled, they are C integers in the loop.
        bits = BITS
        two = TWO
        value = 0.0
        plays = 0
        whole = rest = code
        r = 0
        while rest:
            start, r, rest = _next_run(rest, r, bits, two)
            mask = MASKS[start][r]
            run_value, run_plays = self._run(whole & mask)
            value += run_value
            plays += run_plays
        return (value, plays)

    def _run(self, key: int) -> tuple[float, int]:
        """The (value, plays) of one run of held ranks, by its bits of the hand code."""
        blocks = self.blocks
        found = blocks.get(key)
        if found is None:
            if len(blocks) > self.MEMO_SIZE:
                forget(blocks)
            # A plain tuple: compiled, unpacking one is direct, where a Split's items
            # (a subclass's) and its field names are look-ups on the class.
            run = self._search(decode(key)[0], 0)
            found = blocks[key] = (run.value, run.plays)
        return found

    def options(
        self, counts: tuple[int, ...], jokers: int
    ) -> list[tuple[Kind, float, tuple[int, ...], int]]:
        """The plays that take the lowest rank held: (kind, value, hand left, jokers
        used)."""
        out: list[tuple[Kind, float, tuple[int, ...], int]] = []
        r = 0
        while r < 13 and not counts[r]:
            r += 1
        if r == 13:
            return out
        c = counts[r]
        rest = list(counts)
        kinds, values = self.set_kinds[r], self.set_values[r]
        # Sets (and bombs) of rank r: k natural cards, w jokers (never for a 2).
        for k in range(c, 0, -1):
            rest[r] = c - k
            left = tuple(rest)
            for w in range(0, (0 if r == TWO else jokers) + 1):
                out.append((kinds[k + w], values[k + w], left, w))
        # Straights from r: each rank a natural card if held, else a joker.
        if r <= ACE - 2:
            run = list(counts)
            used = 0
            for hi in range(r, ACE + 1):
                if run[hi]:
                    run[hi] -= 1
                elif used < jokers:
                    used += 1
                else:
                    break
                n = hi - r + 1
                if n >= 3:
                    kind = Kind(STRAIGHT, r, n)
                    out.append((kind, self.straight_values[r][n], tuple(run), used))
        # Consecutive pairs from r: each rank at least one natural card, jokers fill in.
        if r <= ACE - 1:
            run = list(counts)
            used = 0
            for hi in range(r, ACE + 1):
                have = run[hi]
                if not have:
                    break
                take = 2 if have >= 2 else 1
                if used + 2 - take > jokers:
                    break
                run[hi] -= take
                used += 2 - take
                n = hi - r + 1
                if n >= self.rules.min_pairs:
                    kind = Kind(PAIRS, r, 2 * n)
                    out.append((kind, self.pairs_values[r][n], tuple(run), used))
        return out

    def _search(self, counts: tuple[int, ...], jokers: int) -> Split:
        if not any(counts):
            if jokers == 0:
                return Split(0.0, 0)
            return self.lone_joker if jokers == 1 else self.joker_bombs[min(jokers, 8)]
        best_value = -1e9
        best_plays = 0
        split = self.split
        for _, value, left, w in self.options(counts, jokers):
            sub = split(left, jokers - w)
            value += sub.value
            if value > best_value:
                best_value, best_plays = value, sub.plays + 1
        return Split(best_value, best_plays)

    def groups(self, counts: Sequence[int], jokers: int) -> list[Kind]:
        """The plays of the best split, lowest first."""
        out: list[Kind] = []
        hand = tuple(counts)
        while any(hand):
            target = self.split(hand, jokers)
            for kind, value, left, w in self.options(hand, jokers):
                if abs(self.split(left, jokers - w).value + value - target.value) < 1e-9:
                    out.append(kind)
                    hand, jokers = left, jokers - w
                    break
        if jokers:
            out.append(Kind(JOKER_BOMB, -1, jokers) if jokers >= 2 else Kind(SINGLE, -1, 1))
        return out


def forget(memo: dict[Any, Any]) -> None:
    """Forget the older half of a full memo (dicts keep their insertion order)."""
    for key in list(islice(memo, len(memo) // 2)):
        del memo[key]


_SPLITTERS: dict[tuple[Rules, Worth], Splitter] = {}


# The splitter asked for last, with its rules and worths: a rollout asks for the same one
# at every move, and hashing a Worth runs its dataclass's (interpreted) __hash__.
_last: tuple[Rules, Worth, Splitter] | None = None


def splitter(rules: Rules, worth: Worth = WORTH) -> Splitter:
    global _last
    last = _last
    if last is not None and last[0] is rules and last[1] is worth:
        return last[2]
    found = _SPLITTERS.get((rules, worth))
    if found is None:
        found = _SPLITTERS[(rules, worth)] = Splitter(rules, worth)
    _last = (rules, worth, found)
    return found


def split(counts: Sequence[int], jokers: int, rules: Rules, worth: Worth = WORTH) -> Split:
    """The most valuable way to split a hand into plays (fewest plays first: each costs
    ``worth.play``), searched exactly over sets, straights, consecutive pairs and bombs,
    with jokers filling in."""
    return splitter(rules, worth).split(tuple(counts), jokers)


def groups(counts: Sequence[int], jokers: int, rules: Rules, worth: Worth = WORTH) -> list[Kind]:
    """The plays of the best split, lowest first (for words and tests)."""
    return splitter(rules, worth).groups(counts, jokers)

"""The plays of Gan Deng Yan as pure functions: ranks, the classifier, what beats what,
and the legal-play generator (GD-2, GD-3, GD-6 … GD-10).

A hand is seen here as 13 rank counts plus a number of jokers: suits never matter in play
(GD-2), so the generator works on counts and the state turns its answers into card codes.
A play is described by *segments* ``(rank, naturals, jokers)``: at each rank the play uses
so many natural cards and so many jokers standing for that rank. The joker bomb, whose
jokers stand for nothing, is the single segment ``(JOKER_RANK, 0, k)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

# Climbing order (GD-2): 3 is the lowest rank, then … K, A, and 2 on top.
ORDER = "3456789TJQKA2"
RANK_INDEX = {r: i for i, r in enumerate(ORDER)}
ACE = RANK_INDEX["A"]
TWO = RANK_INDEX["2"]
JOKER_RANK = -1

SINGLE = "single"
PAIR = "pair"
TRIPLE = "triple"
STRAIGHT = "straight"
PAIRS = "consecutive_pairs"
BOMB = "bomb"
JOKER_BOMB = "joker_bomb"
TYPES = (SINGLE, PAIR, TRIPLE, STRAIGHT, PAIRS, BOMB, JOKER_BOMB)
SETS = {1: SINGLE, 2: PAIR, 3: TRIPLE}
BOMBS = frozenset((BOMB, JOKER_BOMB))

# Among the readings of the same cards, which counts as "higher" when the rank at the top
# ties (GD-10 leaves it open): a longer shape before a set.
_SHAPE_ORDER = {SINGLE: 0, PAIR: 1, TRIPLE: 2, PAIRS: 3, STRAIGHT: 4}

Segment = tuple[int, int, int]
Candidate = tuple["Kind", tuple[Segment, ...]]


class Rules(NamedTuple):
    """The table options the shape of plays depends on."""

    triple_is_bomb: bool = False
    min_pairs: int = 2
    joker_bomb_top: bool = False


STANDARD = Rules()


class Kind(NamedTuple):
    """What a play is: its type, its lowest rank (an ``ORDER`` index; ``JOKER_RANK`` for
    the joker bomb) and its number of cards."""

    type: str
    rank: int
    length: int

    @property
    def top(self) -> int:
        """The highest rank in the play."""
        if self.type == STRAIGHT:
            return self.rank + self.length - 1
        if self.type == PAIRS:
            return self.rank + self.length // 2 - 1
        return self.rank


def bomb_strength(kind: Kind, rules: Rules) -> tuple[int, int, int]:
    """GD-9: bombs rank by size, then rank; a joker bomb of k jokers sits just above the
    bombs of k + 2 cards (or above every bomb with ``joker_bomb=top``)."""
    if kind.type == JOKER_BOMB:
        if rules.joker_bomb_top:
            return (1000 + kind.length, 1, 0)
        return (kind.length + 2, 1, 0)
    return (kind.length, 0, kind.rank)


def reading_strength(kind: Kind, rules: Rules) -> tuple[int, tuple[int, int, int]]:
    """An order on the readings of the same cards, for "the highest reading" (GD-10):
    bombs first (by GD-9), then the highest top rank, then the longer shape."""
    if kind.type in BOMBS:
        return (1, bomb_strength(kind, rules))
    return (0, (kind.top, _SHAPE_ORDER[kind.type], 0))


def beats(play: Kind, target: Kind | None, rules: Rules) -> bool:
    """True when ``play`` may be played on ``target`` (``None``: a lead). GD-7 … GD-9."""
    if target is None:
        return True
    if play.type in BOMBS:
        if target.type in BOMBS:
            return bomb_strength(play, rules) > bomb_strength(target, rules)
        return True
    if target.type in BOMBS or play.type != target.type or play.length != target.length:
        return False
    if play.rank == target.rank + 1:
        return True
    # GD-8: 2s top their type; a 2 never beats a 2.
    return play.type in (SINGLE, PAIR, TRIPLE) and play.rank == TWO and target.rank != TWO


def classify(reads: Sequence[int], rules: Rules) -> Kind | None:
    """The type of a play read as the ranks ``reads`` (one per card), or None when those
    ranks make no play (GD-6). A play of only jokers is ``classify_reading``'s business."""
    n = len(reads)
    if n == 0:
        return None
    lo = min(reads)
    hi = max(reads)
    if lo == hi:
        if n == 3 and rules.triple_is_bomb:
            return Kind(BOMB, lo, 3)
        return Kind(SETS[n], lo, n) if n <= 3 else Kind(BOMB, lo, n)
    if hi > ACE:  # a 2 is never part of a straight or of consecutive pairs
        return None
    span = hi - lo + 1
    if n == span and n >= 3 and len(set(reads)) == n:
        return Kind(STRAIGHT, lo, n)
    if n == 2 * span and span >= rules.min_pairs and all(reads.count(r) == 2 for r in set(reads)):
        return Kind(PAIRS, lo, n)
    return None


def kind_from_json(data: Mapping[str, Any]) -> Kind:
    """A Kind from its wire form (a view's or an event's ``kind``, ``rank``, ``length``),
    built as the tuple it is: a NamedTuple's ``__new__`` stays interpreted compiled, and
    every sample of a search reads the trick anew."""
    rank = data.get("rank")
    index = RANK_INDEX[rank] if isinstance(rank, str) else -1
    return tuple.__new__(Kind, (str(data["kind"]), index, data["length"]))


def classify_reading(reading: Sequence[str], cards: int, rules: Rules) -> Kind | None:
    """The type of a play of ``cards`` cards read as ``reading`` (``ORDER`` letters); an
    empty reading is a play of only jokers: the joker bomb, from 2 jokers (GD-3, GD-6)."""
    if not reading:
        return Kind(JOKER_BOMB, JOKER_RANK, cards) if cards >= 2 else None
    return classify([RANK_INDEX[r] for r in reading], rules)


# -- the generator ----------------------------------------------------------------------

# Built once for the hot path (at most 2 decks: 8 natural cards of a rank, 4 jokers):
# _ONE[r][k][j] is the one-segment play (r, k, j); _SET_KIND[size][r] the kind of a set.
_ONE = [[[((r, k, j),) for j in range(5)] for k in range(9)] for r in range(13)]
_SET_KIND = {size: [Kind(SETS[size], r, size) for r in range(13)] for size in SETS}
# The kinds of runs and bombs, by lowest rank and ranks (pairs) or cards: a NamedTuple's
# ``__new__`` stays interpreted even compiled, and leads list many runs.
_STRAIGHT_KIND = [[Kind(STRAIGHT, r, n) for n in range(14)] for r in range(13)]
_PAIRS_KIND = [[Kind(PAIRS, r, 2 * n) for n in range(14)] for r in range(13)]
_RUN_KIND = {1: _STRAIGHT_KIND, 2: _PAIRS_KIND}
_BOMB_KIND = [[Kind(BOMB, r, size) for size in range(17)] for r in range(13)]
_JOKER_BOMB_KIND = [Kind(JOKER_BOMB, JOKER_RANK, k) for k in range(9)]


def legal_plays(
    counts: Sequence[int], jokers: int, target: Kind | None, rules: Rules
) -> list[Candidate]:
    """Every distinct legal play of a hand of ``counts`` (13 rank counts) and ``jokers``
    on ``target`` (``None``: a lead), each once: a play is its natural ranks plus what its
    jokers stand for. Leads go by rank windows; answers only look at the three possible
    targets: exactly one rank higher, the 2s, and bombs."""
    out: list[Candidate] = []
    if target is None:
        present = [r for r in range(13) if counts[r]]
        singles = _SET_KIND[1]
        for r in present:
            out.append((singles[r], _ONE[r][1][0]))
        least = rules.min_pairs
        if not jokers:  # the common case: sets and runs of natural cards only
            pair_kinds = _SET_KIND[2]
            for r in present:
                if counts[r] >= 2:
                    out.append((pair_kinds[r], _ONE[r][2][0]))
            if not rules.triple_is_bomb:
                triple_kinds = _SET_KIND[3]
                for r in present:
                    if counts[r] >= 3:
                        out.append((triple_kinds[r], _ONE[r][3][0]))
            _natural_runs(out, counts, 1, 3)
            _natural_runs(out, counts, 2, least)
            _bombs(out, counts, jokers, rules, None)
            return out
        for r in present:
            _sets(out, counts, jokers, r, 2)
        if not rules.triple_is_bomb:
            for r in present:
                _sets(out, counts, jokers, r, 3)
        # A window is worth walking only if its first ranks can be filled.
        for lo in range(ACE - 1):
            gaps = (not counts[lo]) + (not counts[lo + 1]) + (not counts[lo + 2])
            if gaps <= jokers:
                _straights(out, counts, jokers, lo, 0)
        for lo in range(ACE + 2 - least):
            gaps = 0
            for r in range(lo, lo + least):
                gaps += 2 - counts[r] if counts[r] < 2 else 0
            if gaps <= jokers:
                _pair_runs(out, counts, jokers, lo, least, 0)
        _bombs(out, counts, jokers, rules, None)
        return out
    if target.type in BOMBS:
        _bombs(out, counts, jokers, rules, bomb_strength(target, rules))
        return out
    if target.type == STRAIGHT:
        lo = target.rank + 1
        if lo + target.length - 1 <= ACE:
            _straights(out, counts, jokers, lo, target.length)
    elif target.type == PAIRS:
        lo = target.rank + 1
        pairs = target.length // 2
        if lo + pairs - 1 <= ACE:
            _pair_runs(out, counts, jokers, lo, pairs, pairs)
    elif target.rank < TWO:
        _sets(out, counts, jokers, target.rank + 1, target.length)
        if target.rank + 1 < TWO:
            _sets(out, counts, jokers, TWO, target.length)
    _bombs(out, counts, jokers, rules, None)
    return out


def _sets(out: list[Candidate], counts: Sequence[int], jokers: int, r: int, size: int) -> None:
    """Pairs and triples of rank ``r`` (singles have no jokers: GD-3)."""
    n = counts[r]
    if not n:
        return
    kind = _SET_KIND[size][r]
    one = _ONE[r]
    if r == TWO:  # a joker never stands for a 2 (GD-3)
        if n >= size:
            out.append((kind, one[size][0]))
        return
    for k in range(min(n, size), max(1, size - jokers) - 1, -1):
        out.append((kind, one[k][size - k]))


def _natural_runs(out: list[Candidate], counts: Sequence[int], width: int, least: int) -> None:
    """Without jokers: straights (``width`` 1, at least 3 ranks) or consecutive pairs
    (``width`` 2) inside each maximal run of ranks held ``width`` times, in the order of
    the general walk (by lowest rank, then length)."""
    kinds = _RUN_KIND[width]
    lo = 0
    while lo <= ACE:
        if counts[lo] < width:
            lo += 1
            continue
        end = lo
        while end + 1 <= ACE and counts[end + 1] >= width:
            end += 1
        for start in range(lo, end - least + 2):
            segs: tuple[Segment, ...] = ()
            for hi in range(start, end + 1):
                segs += _ONE[hi][width][0]
                n = hi - start + 1
                if n >= least:
                    out.append((kinds[start][n], segs))
        lo = end + 1


def _straights(
    out: list[Candidate], counts: Sequence[int], jokers: int, lo: int, length: int
) -> None:
    """Straights starting at ``lo``: of exactly ``length`` cards, or of any length >= 3
    when ``length`` is 0. Each rank is a natural card or a joker; at least one natural."""
    partial: list[tuple[tuple[Segment, ...], int, bool]] = [((), 0, False)]
    for hi in range(lo, ACE + 1):
        has = counts[hi] > 0
        grown: list[tuple[tuple[Segment, ...], int, bool]] = []
        for segs, used, natural in partial:
            if has:
                grown.append(((*segs, (hi, 1, 0)), used, True))
            if used < jokers:
                grown.append(((*segs, (hi, 0, 1)), used + 1, natural))
        partial = grown
        if not partial:
            return
        n = hi - lo + 1
        if n >= 3 and (not length or n == length):
            kind = _STRAIGHT_KIND[lo][n]
            out.extend((kind, segs) for segs, _, natural in partial if natural)
        if n == length:
            return


def _pair_runs(
    out: list[Candidate], counts: Sequence[int], jokers: int, lo: int, least: int, exact: int
) -> None:
    """Consecutive pairs starting at ``lo``: of exactly ``exact`` pairs, or of at least
    ``least`` pairs when ``exact`` is 0."""
    partial: list[tuple[tuple[Segment, ...], int, bool]] = [((), 0, False)]
    for hi in range(lo, ACE + 1):
        c = counts[hi]
        grown: list[tuple[tuple[Segment, ...], int, bool]] = []
        for segs, used, natural in partial:
            for k in (2, 1, 0):
                if k <= c and used + 2 - k <= jokers:
                    grown.append(((*segs, (hi, k, 2 - k)), used + 2 - k, natural or k > 0))
        partial = grown
        if not partial:
            return
        n = hi - lo + 1
        if n >= least and (not exact or n == exact):
            kind = _PAIRS_KIND[lo][n]
            out.extend((kind, segs) for segs, _, natural in partial if natural)
        if n == exact:
            return


def _bombs(
    out: list[Candidate],
    counts: Sequence[int],
    jokers: int,
    rules: Rules,
    above: tuple[int, int, int] | None,
) -> None:
    """Every bomb of the hand (stronger than ``above`` when given), joker bombs last."""
    smallest = 3 if rules.triple_is_bomb else 4
    if jokers < 2:  # most hands hold no bomb at all
        # The most held of a rank by a loop: compiled, max(counts) is a call that parses
        # its arguments as keywords, dearer than the thirteen comparisons.
        most = 0
        for n in counts:
            if n > most:
                most = n
        if most + jokers < smallest:
            return
    for r in range(13):
        n = counts[r]
        if not n:
            continue
        fill = 0 if r == TWO else jokers
        for size in range(smallest, n + fill + 1):
            kind = _BOMB_KIND[r][size]
            if above is not None and bomb_strength(kind, rules) <= above:
                continue
            for k in range(min(n, size), max(1, size - fill) - 1, -1):
                out.append((kind, _ONE[r][k][size - k]))
    for k in range(2, jokers + 1):
        kind = _JOKER_BOMB_KIND[k]
        if above is None or bomb_strength(kind, rules) > above:
            out.append((kind, ((JOKER_RANK, 0, k),)))

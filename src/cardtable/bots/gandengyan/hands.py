"""A Gan Deng Yan hand as a player thinks of it: rank counts, what a play is, and the
fewest plays the hand splits into.

Re-derived from the rules (spec GD-2 … GD-9), not imported from the engine: bots reach a
game only through its ``Game`` object. A hand is 13 rank counts in climbing order
(``3 4 … K A 2``: index 0 is the 3, ``ACE`` 11, ``TWO`` 12) plus a number of jokers.
A play's *kind* is ``(type, rank, length)`` with the engine's type names (those of the
view's ``to_beat``); the joker bomb's rank is -1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

ORDER = "3456789TJQKA2"
RANK_INDEX = {r: i for i, r in enumerate(ORDER)}
ACE = 11
TWO = 12
JOKERS = frozenset(("RJ", "BJ"))

SINGLE = "single"
PAIR = "pair"
TRIPLE = "triple"
STRAIGHT = "straight"
PAIRS = "consecutive_pairs"
BOMB = "bomb"
JOKER_BOMB = "joker_bomb"
BOMBS = frozenset((BOMB, JOKER_BOMB))
SETS = {1: SINGLE, 2: PAIR, 3: TRIPLE}


class Kind(NamedTuple):
    type: str
    rank: int
    length: int

    @property
    def top(self) -> int:
        if self.type == STRAIGHT:
            return self.rank + self.length - 1
        if self.type == PAIRS:
            return self.rank + self.length // 2 - 1
        return self.rank


class Rules(NamedTuple):
    """The table options the shape of plays depends on."""

    triple_is_bomb: bool = False
    min_pairs: int = 2
    joker_bomb_top: bool = False

    @classmethod
    def of(cls, options: object) -> Rules:
        get = getattr(options, "get", None)
        if get is None:
            return cls()
        return cls(
            bool(get("triple_is_bomb", False)),
            int(get("min_consecutive_pairs", 2)),
            get("joker_bomb", "above_size+2") == "top",
        )


class Move(NamedTuple):
    """A play as the bots see it: the natural cards it takes (``(rank, n)`` pairs), the
    jokers it takes and its kind. A pass is ``PASS_MOVE``."""

    naturals: tuple[tuple[int, int], ...]
    jokers: int
    kind: Kind | None

    @property
    def cards(self) -> int:
        return self.jokers + sum(n for _, n in self.naturals)


PASS_MOVE = Move((), 0, None)


def classify(reads: Sequence[int], cards: int, rules: Rules) -> Kind:
    """The kind of a legal play of ``cards`` cards read as the ranks ``reads`` (empty: a
    play of only jokers, the joker bomb)."""
    if not reads:
        return Kind(JOKER_BOMB, -1, cards)
    n = len(reads)
    lo, hi = min(reads), max(reads)
    if lo == hi:
        if n == 3 and rules.triple_is_bomb:
            return Kind(BOMB, lo, 3)
        return Kind(SETS[n], lo, n) if n <= 3 else Kind(BOMB, lo, n)
    if n == hi - lo + 1:
        return Kind(STRAIGHT, lo, n)
    return Kind(PAIRS, lo, n)


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
    reads = [RANK_INDEX[r] for r in reading] if jokers < len(cards) else []
    return Move(tuple(sorted(counts.items())), jokers, classify(reads, len(cards), rules))


def bomb_strength(kind: Kind, rules: Rules) -> tuple[int, int, int]:
    """GD-9: bombs by size, then rank; a joker bomb of k sits just above bombs of k + 2."""
    if kind.type == JOKER_BOMB:
        return (1000 + kind.length, 1, 0) if rules.joker_bomb_top else (kind.length + 2, 1, 0)
    return (kind.length, 0, kind.rank)


def beats(play: Kind, target: Kind | None, rules: Rules) -> bool:
    """Whether ``play`` may be played on ``target`` (GD-7 … GD-9)."""
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
    return play.type in (SINGLE, PAIR, TRIPLE) and play.rank == TWO and target.rank != TWO


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
    two: float = 1.25
    bomb: float = 1.7
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


def split(counts: Sequence[int], jokers: int, rules: Rules, worth: Worth = WORTH) -> Split:
    """The most valuable way to split a hand into plays (fewest plays first: each costs
    ``worth.play``), searched exactly over sets, straights, consecutive pairs and bombs,
    with jokers filling in."""
    return _split(tuple(counts), jokers, rules, worth)


@lru_cache(maxsize=1 << 18)
def _split(counts: tuple[int, ...], jokers: int, rules: Rules, worth: Worth) -> Split:
    r = 0
    while r < 13 and not counts[r]:
        r += 1
    if r == 13:
        if jokers == 0:
            return Split(0.0, 0)
        if jokers == 1:
            return Split(-worth.lone_joker, 1)
        return Split(group_value(JOKER_BOMB, -1, jokers, worth), 1)
    best_value = -1e9
    best_plays = 0
    c = counts[r]
    rest = list(counts)
    smallest_bomb = 3 if rules.triple_is_bomb else 4
    # Sets (and bombs) of rank r: k natural cards, w jokers (never for a 2, never a lone
    # joker in a single).
    for k in range(c, 0, -1):
        rest[r] = c - k
        left = tuple(rest)
        for w in range(0, (0 if r == TWO else jokers) + 1):
            size = k + w
            kind_type = BOMB if size >= smallest_bomb else SETS[size]
            sub = _split(left, jokers - w, rules, worth)
            value = sub.value + group_value(kind_type, r, size, worth)
            if value > best_value:
                best_value, best_plays = value, sub.plays + 1
    rest[r] = c
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
            length = hi - r + 1
            if length >= 3:
                sub = _split(tuple(run), jokers - used, rules, worth)
                value = sub.value + group_value(STRAIGHT, r, length, worth)
                if value > best_value:
                    best_value, best_plays = value, sub.plays + 1
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
            pairs = hi - r + 1
            if pairs >= rules.min_pairs:
                sub = _split(tuple(run), jokers - used, rules, worth)
                value = sub.value + group_value(PAIRS, r, 2 * pairs, worth)
                if value > best_value:
                    best_value, best_plays = value, sub.plays + 1
    return Split(best_value, best_plays)


def groups(counts: Sequence[int], jokers: int, rules: Rules, worth: Worth = WORTH) -> list[Kind]:
    """The plays of the best split, lowest first (for words and tests)."""
    out: list[Kind] = []
    hand = tuple(counts)
    while any(hand) or jokers:
        target = _split(hand, jokers, rules, worth)
        found = None
        for kind, left, w in _first_groups(hand, jokers, rules):
            sub = _split(left, jokers - w, rules, worth)
            if abs(sub.value + group_value(*kind, worth) - target.value) < 1e-9:
                found = (kind, left, w)
                break
        if found is None:  # only jokers left
            out.append(Kind(JOKER_BOMB, -1, jokers) if jokers >= 2 else Kind(SINGLE, -1, 1))
            break
        kind, hand, w = found
        jokers -= w
        out.append(kind)
    return out


def _first_groups(
    counts: tuple[int, ...], jokers: int, rules: Rules
) -> list[tuple[Kind, tuple[int, ...], int]]:
    """The plays ``_split`` tries for the lowest rank (kind, hand left, jokers used)."""
    out: list[tuple[Kind, tuple[int, ...], int]] = []
    r = next((i for i in range(13) if counts[i]), None)
    if r is None:
        return out
    c = counts[r]
    rest = list(counts)
    smallest_bomb = 3 if rules.triple_is_bomb else 4
    for k in range(c, 0, -1):
        rest[r] = c - k
        for w in range(0, (0 if r == TWO else jokers) + 1):
            size = k + w
            kind_type = BOMB if size >= smallest_bomb else SETS[size]
            out.append((Kind(kind_type, r, size), tuple(rest), w))
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
            if hi - r + 1 >= 3:
                out.append((Kind(STRAIGHT, r, hi - r + 1), tuple(run), used))
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
            if hi - r + 1 >= rules.min_pairs:
                out.append((Kind(PAIRS, r, 2 * (hi - r + 1)), tuple(run), used))
    return out

"""The Gan Deng Yan heuristic: how a good human chooses a play, as a function of a
``Table`` (what one seat knows) and its moves.

Every move is scored by what it leaves in hand: the hand left is split into the fewest
plays (``hands.split``; each play costs, 2s and bombs keep their power to win a trick
later), plus the chance the move wins the trick times what the lead is worth then (a lot
with one play left: we go out), minus the danger of letting an opponent with few cards
lead. A pass keeps the hand and leaves the trick to the seat that played last. So the
player goes out whenever it can, answers with the cheapest play, does not break
combinations or spend 2s and bombs unless they decide the hand (we go out next or an
opponent is about to), and leads its weakest plays while it has many.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.bots.gandengyan.hands import (
    ACE,
    BOMB,
    BOMBS,
    JOKER_BOMB,
    PAIRS,
    SINGLE,
    STRAIGHT,
    TWO,
    WORTH,
    Kind,
    Move,
    Rules,
    Worth,
    bomb_strength,
    split,
    without,
)


@dataclass(frozen=True, slots=True)
class Style:
    """The knobs of the heuristic (medium's defaults; easy and the rollouts vary them)."""

    worth: Worth = WORTH
    # What winning the lead is worth with n plays left in hand (index n; the last entry
    # for more); with the talon still out the winner draws first, so one play more.
    lead: tuple[float, ...] = (0.0, 3.0, 0.8, 0.3, 0.15)
    # An opponent who leads with n cards (after the draw) goes out with about this chance.
    danger: tuple[float, ...] = (1.0, 1.0, 0.25, 0.1, 0.04, 0.02)
    danger_weight: float = 3.0
    shed: float = 0.02  # per card a play sheds (fewer cards pay less)
    joker_shed: float = 0.1  # per joker a play sheds (each joker held doubles what we pay)
    bomb_risk: float = 0.02  # per card left after a bomb (a bomb doubles what we pay)
    lead_long: float = 0.0  # on a lead, per card beyond the first
    count_cards: bool = True  # remembers the cards played this hand


MEDIUM = Style()


@dataclass(slots=True)
class Table:
    """One seat's knowledge, as numbers. ``unseen`` counts, per rank and then jokers, the
    cards this seat has not seen (other hands and the talon)."""

    me: int
    players: int
    counts: tuple[int, ...]
    jokers: int
    target: Kind | None
    target_seat: int
    hand_counts: Sequence[int]
    talon: int
    unseen: Sequence[int]
    rules: Rules = field(default_factory=Rules)
    bombs: int = 0


def danger(style: Style, table: Table, seat: int) -> float:
    """The chance ``seat`` goes out if it gets the lead."""
    n = table.hand_counts[seat] + (1 if table.talon else 0)
    return style.danger[min(n, len(style.danger) - 1)]


def lead_value(style: Style, plays: int, talon: int) -> float:
    n = plays + (1 if talon and plays else 0)
    return style.lead[min(n, len(style.lead) - 1)]


def at_least(n: int, q: float, k: int) -> float:
    """P(Binomial(n, q) >= k)."""
    if k <= 0:
        return 1.0
    if n < k or q <= 0.0:
        return 0.0
    if q >= 1.0:
        return 1.0
    miss = 0.0
    term = (1.0 - q) ** n
    ratio = q / (1.0 - q)
    for i in range(k):
        miss += term
        term *= ratio * (n - i) / (i + 1)
    return max(0.0, 1.0 - miss)


def beat_chance(kind: Kind, hand: int, table: Table) -> float:
    """Roughly the chance that an opponent holding ``hand`` unseen cards can beat
    ``kind`` (each card of theirs drawn from the unseen ones)."""
    unseen = table.unseen
    total = sum(unseen)
    if total <= 0 or hand <= 0:
        return 0.0
    wild = unseen[13] / total
    t = kind.type
    chance = 0.0
    if t not in BOMBS:
        length = kind.length
        if t in (STRAIGHT, PAIRS):
            width = 1 if t == STRAIGHT else 2
            ranks = length // width
            lo = kind.rank + 1
            if lo + ranks - 1 <= ACE:
                chance = 1.0
                for r in range(lo, lo + ranks):
                    chance *= at_least(hand, unseen[r] / total + wild, width)
        elif kind.rank < TWO:
            q = unseen[kind.rank + 1] / total
            if length > 1 and kind.rank + 1 < TWO:
                q += wild
            chance = at_least(hand, q, length)
            if kind.rank + 1 < TWO:
                chance = 1.0 - (1.0 - chance) * (1.0 - at_least(hand, unseen[TWO] / total, length))
    # Bombs: some rank four times or more (jokers help), or jokers alone.
    if hand >= 2:
        if t in BOMBS:
            size = bomb_strength(kind, table.rules)[0]
            natural, joker_bomb = size + 1, max(2, size - 1)
        else:
            natural, joker_bomb = (3 if table.rules.triple_is_bomb else 4), 2
        bomb = at_least(hand, wild, joker_bomb)
        if hand >= natural:
            for r in range(13):
                bomb += at_least(hand, unseen[r] / total + (wild if r < TWO else 0.0), natural)
        chance = 1.0 - (1.0 - chance) * (1.0 - min(bomb, 0.9))
    return min(chance, 1.0)


def win_chance(kind: Kind, table: Table) -> float:
    """The chance nobody else beats ``kind`` (each opponent judged on its own)."""
    chance = 1.0
    for seat in range(table.players):
        if seat != table.me:
            chance *= 1.0 - beat_chance(kind, table.hand_counts[seat], table)
    return chance


def score_moves(table: Table, moves: Sequence[Move], style: Style = MEDIUM) -> list[float]:
    """A score for each move (higher is better); a move that empties the hand wins."""
    worth = style.worth
    rules = table.rules
    counts, jokers = table.counts, table.jokers
    held = sum(counts) + jokers
    base = split(counts, jokers, rules, worth)
    threat = 0.0
    for seat in range(table.players):
        if seat != table.me:
            threat = max(threat, danger(style, table, seat))
    chances: dict[Kind, float] = {}
    scores = []
    for move in moves:
        kind = move.kind
        if kind is None:  # a pass: whoever played last keeps the trick
            scores.append(
                base.value - style.danger_weight * danger(style, table, table.target_seat)
            )
            continue
        cards = move.cards
        if cards == held:
            scores.append(1e6)
            continue
        rest, wild = without(counts, jokers, move)
        after = split(rest, wild, rules, worth)
        chance = chances.get(kind)
        if chance is None:
            chance = chances[kind] = win_chance(kind, table)
        score = after.value + chance * lead_value(style, after.plays, table.talon)
        score -= (1.0 - chance) * style.danger_weight * threat
        score += style.shed * cards + style.joker_shed * move.jokers
        if kind.type in BOMBS:
            score -= style.bomb_risk * (held - cards) * (1 << min(table.bombs, 6))
        if table.target is None:
            score += style.lead_long * (cards - 1)
        scores.append(score)
    return scores


def choose(table: Table, moves: Sequence[Move], style: Style = MEDIUM) -> int:
    """The index of the best move (the first on a tie)."""
    scores = score_moves(table, moves, style)
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best] + 1e-12:
            best = i
    return best


def is_premium(kind: Kind | None) -> bool:
    """A 2 or a bomb: what a good player keeps for when it decides the hand."""
    return kind is not None and (kind.type in (BOMB, JOKER_BOMB) or kind.rank == TWO)


def biggest_single(moves: Sequence[Move]) -> int | None:
    """The index of the highest single on offer."""
    best, rank = None, -1
    for i, move in enumerate(moves):
        kind = move.kind
        if kind is not None and kind.type == SINGLE and kind.rank > rank:
            best, rank = i, kind.rank
    return best


__all__ = [
    "MEDIUM",
    "Style",
    "Table",
    "at_least",
    "beat_chance",
    "biggest_single",
    "choose",
    "is_premium",
    "score_moves",
    "win_chance",
]

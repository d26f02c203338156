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

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.games.gandengyan.bots.hands import (
    WORTH,
    Move,
    Worth,
    hand_code,
    splitter,
)
from cardtable.games.gandengyan.plays import (
    ACE,
    BOMB,
    BOMBS,
    JOKER_BOMB,
    PAIRS,
    SINGLE,
    STANDARD,
    STRAIGHT,
    TWO,
    Kind,
    Rules,
    bomb_strength,
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
    danger_weight: float = 6.0
    shed: float = 0.02  # per card a play sheds (fewer cards pay less)
    joker_shed: float = 0.1  # per joker a play sheds (each joker held doubles what we pay)
    bomb_risk: float = 0.02  # per card left after a bomb (a bomb doubles what we pay)
    lead_long: float = 0.0  # on a lead, per card beyond the first
    pass_cost: float = 0.5  # what passing gives away besides the danger
    premium_cost: float = 0.0  # what spending a 2 or a bomb gives away besides its worth
    count_cards: bool = True  # remembers the cards played this hand


MEDIUM = Style()


class Table:
    """One seat's knowledge, as numbers. ``unseen`` counts, per rank and then jokers, the
    cards this seat has not seen (other hands and the talon). Compiled, an extension type
    (policy.pxd): the rollouts read its fields at every move, a struct read instead of a
    look-up on the class."""

    me: int
    players: int
    counts: tuple[int, ...]
    jokers: int
    target: Kind | None
    target_seat: int
    hand_counts: Sequence[int]
    talon: int
    unseen: Sequence[int]
    rules: Rules
    bombs: int
    decks: int
    # Memo of ``bomb_chance`` for this table: (hand, natural, joker_bomb) -> chance.
    bomb_chances: dict[tuple[int, int, int], float]

    def __init__(
        self,
        me: int,
        players: int,
        counts: tuple[int, ...],
        jokers: int,
        target: Kind | None,
        target_seat: int,
        hand_counts: Sequence[int],
        talon: int,
        unseen: Sequence[int],
        rules: Rules = STANDARD,
        bombs: int = 0,
        decks: int = 1,
        bomb_chances: dict[tuple[int, int, int], float] | None = None,
    ) -> None:
        # Written out (it was a dataclass's): every rollout move makes a table.
        self.me = me
        self.players = players
        self.counts = counts
        self.jokers = jokers
        self.target = target
        self.target_seat = target_seat
        self.hand_counts = hand_counts
        self.talon = talon
        self.unseen = unseen
        self.rules = rules
        self.bombs = bombs
        self.decks = decks
        self.bomb_chances = {} if bomb_chances is None else bomb_chances


def danger(style: Style, table: Table, seat: int) -> float:
    """The chance ``seat`` goes out if it gets the lead."""
    n = table.hand_counts[seat] + (1 if table.talon else 0)
    return style.danger[min(n, len(style.danger) - 1)]


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
            need = (hand, size + 1, max(2, size - 1))
        else:
            need = (hand, 3 if table.rules.triple_is_bomb else 4, 2)
        bomb = table.bomb_chances.get(need)
        if bomb is None:
            bomb = table.bomb_chances[need] = bomb_chance(need[0], need[1], need[2], table)
        chance = 1.0 - (1.0 - chance) * (1.0 - bomb)
    return min(chance, 1.0)


def bomb_chance(hand: int, natural: int, joker_bomb: int, table: Table) -> float:
    """Roughly the chance a hand of ``hand`` unseen cards holds a bomb of ``natural``
    cards of a rank (jokers filling in) or ``joker_bomb`` jokers."""
    unseen = table.unseen
    total = sum(unseen)
    wild = unseen[13] / total
    bomb = at_least(hand, wild, joker_bomb)
    if hand >= natural:
        for r in range(13):
            bomb += at_least(hand, unseen[r] / total + (wild if r < TWO else 0.0), natural)
    return min(bomb, 0.9)


def win_chance(kind: Kind, table: Table) -> float:
    """The chance nobody else beats ``kind`` (each opponent judged on its own)."""
    chance = 1.0
    for seat in range(table.players):
        if seat != table.me:
            chance *= 1.0 - beat_chance(kind, table.hand_counts[seat], table)
    return chance


# Per (decks, rules), per kind: the chance a hand of n cards drawn from full decks can
# beat that kind, by n.
_STATIC: dict[tuple[int, Rules], dict[Kind, list[float]]] = {}
# Per (decks, rules): the full decks as a table. One table for every kind, so that its
# memo of bomb chances (the dear part: the same few for every kind) is filled once.
_FULL: dict[tuple[int, Rules], Table] = {}
# The decks, rules and kinds of the table asked for last: a rollout asks for the same at
# every move, and a key made and hashed each time (a Rules' hash is a tuple's) is dearer.
_last_static: tuple[int, Rules, dict[Kind, list[float]]] | None = None


def rough_win_chance(kind: Kind, table: Table) -> float:
    """``win_chance`` without counting cards: each opponent's hand drawn from full decks
    (tabled once per kind and hand size; what the rollouts use)."""
    global _last_static
    last = _last_static
    if last is not None and last[0] == table.decks and last[1] is table.rules:
        per_kind = last[2]
    else:
        found = _STATIC.get((table.decks, table.rules))
        if found is None:
            found = _STATIC[(table.decks, table.rules)] = {}
        per_kind = found
        _last_static = (table.decks, table.rules, per_kind)
    by_size = per_kind.get(kind)
    if by_size is None:
        # Each entry tabled when first asked for (-1.0 until then): hands in play hold a
        # few cards, and a search meets new kinds all along.
        by_size = per_kind[kind] = [-1.0] * 64
    chance = 1.0
    me = table.me
    for seat, hand in enumerate(table.hand_counts):
        if seat != me:
            n = hand if hand < 64 else 63
            beat = by_size[n]
            if beat < 0.0:
                beat = by_size[n] = beat_chance(kind, n, _full_decks(table))
            chance *= 1.0 - beat
    return chance


def _full_decks(table: Table) -> Table:
    full = _FULL.get((table.decks, table.rules))
    if full is None:
        full = _FULL[(table.decks, table.rules)] = Table(
            me=-1,
            players=2,
            counts=(),
            jokers=0,
            target=None,
            target_seat=-1,
            hand_counts=(),
            talon=0,
            unseen=[4 * table.decks] * 13 + [2 * table.decks],
            rules=table.rules,
        )
    return full


def score_moves(
    table: Table,
    moves: Sequence[Move],
    style: Style = MEDIUM,
    chance_of: Callable[[Kind, Table], float] = win_chance,
) -> list[float]:
    """A score for each move (higher is better); a move that empties the hand wins.
    ``chance_of`` is the chance a play wins the trick."""
    hands = splitter(table.rules, style.worth)
    counts, jokers = table.counts, table.jokers
    held = sum(counts) + jokers
    code = hand_code(counts, jokers)
    # hands's method called by name, not through a local alias: compiled, a C call.
    base = hands.split_code(code)
    threat = 0.0
    for seat in range(table.players):
        if seat != table.me:
            threat = max(threat, danger(style, table, seat))
    threat *= style.danger_weight
    talon = table.talon
    leads = style.lead
    last = len(leads) - 1
    chances: dict[Kind, float] = {}
    scores = []
    # The style's and the table's numbers read once: in the loop each is a look-up on
    # the class per move.
    shed, joker_shed, premium_cost = style.shed, style.joker_shed, style.premium_cost
    bomb_risk, lead_long = style.bomb_risk, style.lead_long
    doubling = 1 << min(table.bombs, 6)
    leading = table.target is None
    for move in moves:
        kind = move.kind
        if kind is None:  # a pass: whoever played last keeps the trick
            scores.append(
                base.value
                - style.pass_cost
                - style.danger_weight * danger(style, table, table.target_seat)
            )
            continue
        cards = move.cards
        if cards == held:
            scores.append(1e6)
            continue
        after = hands.split_code(code - move.code)
        known = chances.get(kind)
        if known is None:
            # The rollouts' chance called by name when it is the one asked for: compiled,
            # a C call rather than one through its Python wrapper.
            if chance_of is rough_win_chance:
                known = chances[kind] = rough_win_chance(kind, table)
            else:
                known = chances[kind] = chance_of(kind, table)
        chance = known
        plays = after.plays + (1 if talon else 0)  # the winner draws first
        score = after.value + chance * leads[plays if plays < last else last]
        score -= (1.0 - chance) * threat
        score += shed * cards + joker_shed * move.jokers
        if kind.type in BOMBS:
            score -= bomb_risk * (held - cards) * doubling
            score -= premium_cost
        elif kind.rank == TWO:
            score -= premium_cost
        if leading:
            score += lead_long * (cards - 1)
        scores.append(score)
    return scores


def choose(
    table: Table,
    moves: Sequence[Move],
    style: Style = MEDIUM,
    chance_of: Callable[[Kind, Table], float] = win_chance,
) -> int:
    """The index of the best move (the first on a tie)."""
    scores = score_moves(table, moves, style, chance_of)
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

"""The Caravan heuristic: a position score for one seat read from the six caravans, and a
one-move look-ahead that scores every legal action by the position it leaves, less what
it spends (the card played, a face card kept for later, the card thrown away).

How a good human plays, in numbers:

- a caravan is worth more the nearer it is to 21–26 and the more ranks could take it
  there in one card given its direction (``potential``); past 26 it is a debt (a jack or
  a disband must clear it);
- a facing pair I sell counts +1, one they sell −1 (a sale at 26 is safer than at 21),
  else the difference of the two potentials; selling two pairs with the third open is a
  threat worth more (``THREAT``); every pair sold is the end (``WIN``);
- a king, jack or joker on an opponent's caravan is scored by the same position: busting
  or cutting a caravan about to sell is worth about a whole pair;
- discards throw away the card least worth keeping (``keep``); a disband is free in cards
  but loses the caravan, so it wins only for a bust or dead caravan;
- once a deck is empty every card spent brings the end of my cards nearer (CV-20), so
  spending costs more the fewer I have left."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.games.caravan import rules as caravan
from cardtable.games.caravan.actions import CARAVANS
from cardtable.games.caravan.bots.table import EMPTY_END, End, Table
from cardtable.games.caravan.rules import (
    DOWN,
    FOLLOWERS,
    NONE,
    NUMBER_VALUES,
    SELL_HIGH,
    SELL_LOW,
    UP,
    can_sell,
    king_gain,
    pair_seller,
    rank_follows,
    stack_value,
)

WIN = 100.0
THREAT = 0.8
DANGER = 4.0
BUST = -0.35
SPEND = 0.01
DISBAND = 0.12
HOLD = {"J": 0.22, "K": 0.12, "Q": 0.03, "R": 0.3, "B": 0.3}
KEEP_FACE = {"J": 0.35, "K": 0.25, "Q": 0.06, "R": 0.4, "B": 0.4}
# The engine's seller of a pair (0 the first caravan, 1 the second, None) as the
# heuristic counts it: +1 the first caravan's owner, -1 the other, 0 nobody.
SIDE = {0: 1, 1: -1, None: 0}


@dataclass(frozen=True, slots=True)
class Style:
    """How a player weighs things. ``them``: how much the opponent's prospects count;
    ``threat``: whether a side selling two pairs is seen as the danger it is;
    ``mistakes``: the chance of a weaker choice at a decision; ``slack``: how much worse
    than the best such a choice may be."""

    them: float = 1.0
    threat: float = THREAT
    danger: float = DANGER
    mistakes: float = 0.0
    slack: float = 0.4


MEDIUM = Style()
EASY = Style(them=0.5, threat=0.0, danger=0.0, mistakes=0.25, slack=0.6)


_POTENTIAL: dict[tuple[int, End], float] = {}
# potential again, by (points, last rank, direction), for scores' inner loop: it never
# reads the suit, so a flat list indexed by points * 33 + last * 3 + direction + 1 serves
# the values a caravan usually has without a tuple to build and hash.
FLAT_POINTS = 64
_FLAT: list[float | None] = [None] * (FLAT_POINTS * 33)


def potential(points: int, end: End) -> float:
    """What one caravan is worth to its owner by itself: 0 empty, 1 selling, a debt past
    26; below 21 it grows with the value, and one card away it counts the ranks that could
    finish it (the direction allowing)."""
    key = (points, end)
    known = _POTENTIAL.get(key)
    if known is not None:
        return known
    if points == 0:
        worth = 0.0
    elif points > SELL_HIGH:
        worth = BUST
    elif points >= SELL_LOW:
        worth = 1.0
    elif SELL_LOW - points > 10:
        worth = 0.05 + 0.04 * points
    else:
        ranks = len(_finishers(points, end, 0))
        worth = 0.5 + 0.05 * ranks if ranks else 0.45
    _POTENTIAL[key] = worth
    return worth


def flat_potential(points: int, end: End) -> float:
    """``potential``, kept in the flat list where the points fit (a C call compiled)."""
    # the globals as typed locals (policy.pxd): a C comparison and a list read
    limit, flat = FLAT_POINTS, _FLAT
    if points < limit:
        # unpacked into C integers (policy.pxd): the index then costs no boxed ints
        last, heading = end[0], end[1]
        i = points * 33 + last * 3 + heading + 1
        known = flat[i]
        if known is None:
            known = flat[i] = potential(points, end)
        return known
    return potential(points, end)


def _finishers(points: int, end: End, beat: int) -> list[int]:
    """The ranks that take a caravan of ``points`` into 21–26 (and above ``beat``) in one
    card, as its direction allows (a card of its suit may go anyway: not counted)."""
    low = max(1, SELL_LOW - points, beat - points + 1)
    return [rank for rank in range(low, min(10, SELL_HIGH - points) + 1) if rank_follows(rank, end)]


def _finisher_count(points: int, end: End, beat: int) -> int:
    """``len(_finishers(points, end, beat))`` in C integers (policy.pxd), with
    ``rules.rank_follows`` inlined: a call into another module is a Python call per rank."""
    last, heading = end[0], end[1]
    none, up = NONE, UP
    low = max(1, SELL_LOW - points, beat - points + 1)
    high = min(10, SELL_HIGH - points)
    count = 0
    for rank in range(low, high + 1):
        if rank != last and (heading == none or (rank > last if heading == up else rank < last)):
            count += 1
    return count


def pair_score(mine: int, theirs: int, my_end: End, their_end: End, them: float) -> float:
    """One facing pair for the owner of ``mine``: ±1 for a sale (a sale with the other
    side near is worth less), else the difference of the potentials."""
    return seller_score(pair_seller(mine, theirs), mine, theirs, my_end, their_end, them)


def seller_score(
    seller: int | None, mine: int, theirs: int, my_end: End, their_end: End, them: float
) -> float:
    """``pair_score`` for a caller that already has the pair's ``seller`` (the engine's
    ``pair_seller``): the search's inner loop asks it once per action, not twice."""
    if seller == 0:
        return 1.0 + 0.03 * (mine - SELL_LOW) - (0.15 if can_sell(theirs) or theirs > 15 else 0.0)
    if seller == 1:
        return -them * (
            1.0 + 0.03 * (theirs - SELL_LOW) - (0.15 if can_sell(mine) or mine > 15 else 0.0)
        )
    return 0.5 * (flat_potential(mine, my_end) - them * flat_potential(theirs, their_end))


def status(mine: int, theirs: int) -> int:
    """Who sells a pair (CV-18): 1 the first caravan's owner, -1 the other, 0 nobody."""
    return _side(mine, theirs)


# CV-18's range again, for _side: C integers in the compiled build (policy.pxd).
_LOW, _HIGH = SELL_LOW, SELL_HIGH


def _side(mine: int, theirs: int) -> int:
    """``SIDE[pair_seller(mine, theirs)]`` in C integers: the one copy of the rule that
    ``status``, ``finish_chance`` and ``scores`` read. Compiled it is a C function of C
    integers only (policy.pxd), with no boxed int and no Python call, where a call into
    ``rules`` is a Python one with a None or int answer; without Cython a plain call."""
    a, b = _LOW <= mine <= _HIGH, _LOW <= theirs <= _HIGH
    if a and b:
        return 0 if mine == theirs else (1 if mine > theirs else -1)
    if a:
        return 1
    return -1 if b else 0


def combine(parts: Sequence[float], sold: Sequence[int], style: Style) -> float:
    """The pairs' scores and who sells each, as one score: ±``WIN`` once every pair has
    a seller; selling two pairs with the third open is a threat."""
    mine = sold.count(1)
    theirs = sold.count(-1)
    if mine + theirs == CARAVANS:
        return WIN if mine >= 2 else -WIN
    total = parts[0] + parts[1] + parts[2]
    if mine >= 2:
        total += style.threat
    if theirs >= 2:
        total -= style.threat * style.them
    return total


def position(values: Sequence[int], ends: Sequence[End], me: int, style: Style = MEDIUM) -> float:
    """How good the caravans are for seat ``me``."""
    own = CARAVANS * me
    other = CARAVANS - own
    them = style.them
    parts, sold = [], []
    for c in range(CARAVANS):
        m, t = values[own + c], values[other + c]
        # pair_score and status, with the pair's seller asked once
        seller = pair_seller(m, t)
        parts.append(seller_score(seller, m, t, ends[own + c], ends[other + c], them))
        sold.append(SIDE[seller])
    return combine(parts, sold, style)


def finish_chance(table: Table, values: Sequence[int], ends: Sequence[End], mover: int) -> float:
    """The chance that ``mover`` wins with its next move (see ``take_chance``)."""
    own = CARAVANS * mover
    other = CARAVANS - own
    # status of each pair counted in C integers (policy.pxd) by the C function _side; the
    # open pair is the first with no seller, as sold.index(0) found it
    won = lost = 0
    c = -1
    for i in range(CARAVANS):
        side = _side(values[own + i], values[other + i])
        if side == 1:
            won += 1
        elif side == -1:
            lost += 1
        elif c < 0:
            c = i
    if won == 0 or won + lost != 2:
        return 0.0
    x, y = own + c, other + c
    return take_chance(table, mover, won, values[x], values[y], ends[x], x, y)


def take_chance(
    table: Table, mover: int, won: int, mine: int, theirs: int, end: End, x: int, y: int
) -> float:
    """The chance that ``mover``, who sells ``won`` pairs while the other side sells the
    rest but one, wins with its next move by taking that open pair (its caravan ``x`` of
    ``mine`` points facing caravan ``y`` of ``theirs``): a card that takes it ends the game
    (with two sold, so does a king that puts the other side's caravan into range).
    Estimated from the ranks and kings that would do it, as if the mover's hand were
    drawn at random from a full deck."""
    beat = theirs if can_sell(theirs) else 0
    king_adds = table.rules.king_adds
    good = 0
    if mine:
        good = 4 * _finisher_count(mine, end, beat)
        if _king_takes(table.caravans[x], mine, beat, king_adds) or (
            won == 2 and _king_takes(table.caravans[y], theirs, 0, king_adds)
        ):
            good += 4
    elif won == 2 and _king_takes(table.caravans[y], theirs, 0, king_adds):
        good = 4
    if not good:
        return 0.0
    hand = len(table.hand) if mover == table.me else table.hand_sizes[mover]
    return 1.0 - (1.0 - good / 54.0) ** hand


def _king_takes(stacks: Sequence[Sequence[str]], points: int, beat: int, king_adds: bool) -> bool:
    for stack in stacks:
        # king_gain, inlined: a keyword call from a compiled module builds and parses
        # its keywords every time
        gain = NUMBER_VALUES[stack[0][0]]
        if not king_adds and len(stack) > 1:
            kings = 0
            for card in stack:
                if card[0] == "K":
                    kings += 1
            gain <<= kings
        more = points + gain
        if can_sell(more) and more > beat:
            return True
    return False


def keep(card: str, table: Table) -> float:
    """What a card in hand is worth keeping: face cards by their power, a number card by
    whether it could finish or extend one of my caravans."""
    face = KEEP_FACE.get(card[0])
    if face is not None:
        return face
    rank = NUMBER_VALUES[card[0]]
    own = CARAVANS * table.me
    values, ends = table.values, table.ends
    best = 0.03 + 0.004 * rank
    for x in range(own, own + CARAVANS):
        points = values[x] + rank
        # FOLLOWERS[end] holds the number cards that fit the end (caravan.fits)
        if points > SELL_HIGH or card not in FOLLOWERS[ends[x]]:
            continue
        worth = 0.3 if points >= SELL_LOW else 0.08 + 0.004 * rank
        if worth > best:
            best = worth
    return best


def spend_cost(table: Table) -> float:
    """The cost of using one card: small while the deck lasts, then growing as the last
    cards go (running out loses, CV-20)."""
    me = table.me
    if table.deck_sizes[me]:
        return SPEND
    left = max(table.hand_sizes[me], 1)
    return SPEND + 0.6 / (left * math.sqrt(left))


Change = list[tuple[int, int, End]]  # (caravan, new value, new end) for each one changed


def after(table: Table, action: Sequence[Any]) -> Change:
    """The caravans ``action`` changes, with their new values and ends."""
    n = len(action)
    values, ends = table.values, table.ends
    rules = table.rules
    if n == 2:  # a number card on my caravan
        card, c = action
        x = CARAVANS * table.me + c
        end = _end_after(table.caravans[x], card, rules.first_card_suit)
        return [(x, values[x] + NUMBER_VALUES[card[0]], end)]
    if n == 1:
        if isinstance(action[0], str):  # a discard
            return []
        return [(CARAVANS * table.me + action[0], 0, EMPTY_END)]  # a disband
    card, seat, c, k = action
    x = CARAVANS * seat + c
    stacks = table.caravans[x]
    face = card[0]
    if face == "K":
        return [(x, values[x] + king_gain(stacks[k], king_adds=rules.king_adds), ends[x])]
    if face == "Q":
        if k != len(stacks) - 1:
            return []
        last, heading, _ = ends[x]
        return [(x, values[x], (last, *caravan.queen_turn(heading, card)))]
    if face == "J":
        rest = stacks[:k] + stacks[k + 1 :]
        points = values[x] - stack_value(stacks[k], king_adds=rules.king_adds)
        return [(x, points, caravan.end(rest, first_card_suit=rules.first_card_suit))]
    return _joker(table, x, k)


_ENDS_AFTER: dict[tuple[str | None, str | None, str], End] = {}


def _end_after(stacks: Sequence[Sequence[str]], card: str, first_card_suit: bool) -> End:
    """The end of a caravan once the number card ``card`` goes on it, as the engine's
    ``end`` reads it. It depends only on the last number card and, with
    ``first_card_suit``, the first one's suit: kept per those, since the search weighs
    every action of every position."""
    last = stacks[-1][0] if stacks else None
    first = stacks[0][0][1] if stacks and first_card_suit else None
    key = (last, first, card)
    known = _ENDS_AFTER.get(key)
    if known is None:
        # end reads only a caravan's first stack and its last two
        tail = (stacks[0], stacks[-1], (card,)) if stacks else ((card,),)
        known = _ENDS_AFTER[key] = caravan.end(tail, first_card_suit=first_card_suit)
    return known


def _joker(table: Table, x: int, k: int) -> Change:
    """CV-17: a joker on an ace removes every other number card of its suit, on 2–10
    every other card of its rank, from all six caravans."""
    rules = table.rules
    caravans = table.caravans
    target = caravans[x][k]
    printed = target[0]
    by_suit = printed[0] == "A"
    # one character of each number card against `key`: C characters in the compiled
    # module (policy.pxd), where boxed indices and string compares cost a call each
    key = printed[1] if by_suit else printed[0]
    at = 1 if by_suit else 0
    sheltered, shield = rules.sheltered_joker, by_suit and rules.queen_shield
    king_adds, first_card_suit = rules.king_adds, rules.first_card_suit
    out: Change = []
    for y in range(len(caravans)):
        if sheltered and y == x:
            continue
        stacks = caravans[y]
        # Most caravans lose nothing: look for a card the joker takes before copying any.
        for stack in stacks:
            number = stack[0]
            if stack is not target and number[at] == key and not (shield and _has_queen(stack)):
                break
        else:
            continue
        kept = []
        for stack in stacks:
            number = stack[0]
            if stack is target or number[at] != key or (shield and _has_queen(stack)):
                kept.append(stack)
        points = caravan.value_of(kept, king_adds)
        out.append((y, points, caravan.end_of(kept, NONE, first_card_suit)))
    return out


def _has_queen(stack: Sequence[str]) -> bool:
    # a loop, not any(...): a generator is a closure, which a cpdef function cannot hold
    for card in stack:  # noqa: SIM110
        if card[0] == "Q":
            return True
    return False


def scores(table: Table, legal: Sequence[Sequence[Any]], style: Style = MEDIUM) -> list[float]:
    """Each legal action's score for the seat to move: the position it leaves, less the
    chance that the opponent then wins at once, less what it spends. The pairs an action
    leaves alone keep their scores (most actions change one caravan).

    This is the search's inner loop (every rollout move weighs every legal action), so
    the commonest changes (a number card, a king, a queen) and the one-pair arithmetic
    (``after``, ``seller_score``) are written out inline, with the same operations in the
    same order, and the pair's seller is ``_side`` (a C function compiled): the scores
    are the same to the last bit."""
    own = CARAVANS * table.me
    other = CARAVANS - own
    values, ends, them = table.values, table.ends, style.them
    caravans, rules = table.caravans, table.rules
    first_card_suit, king_adds = rules.first_card_suit, rules.king_adds
    sellers = [pair_seller(values[own + c], values[other + c]) for c in range(CARAVANS)]
    parts = [  # pair_score, with each pair's seller asked once
        seller_score(
            sellers[c], values[own + c], values[other + c], ends[own + c], ends[other + c], them
        )
        for c in range(CARAVANS)
    ]
    sold = [SIDE[seller] for seller in sellers]  # status
    total = parts[0] + parts[1] + parts[2]
    won, lost = sold.count(1), sold.count(-1)
    threat, threat_them, danger = style.threat, style.threat * them, style.danger
    # _judged, with finish_chance asked only where it can be more than 0 (the opponent
    # sells one pair and I one, or it two): the status of a pair seen from the other side
    # is its opposite, so the opponent's pairs are my `lost`, mine its.
    now = combine(parts, sold, style)
    if danger and -WIN < now < WIN and lost and won + lost == 2:
        now -= danger * finish_chance(table, values, ends, 1 - table.me)
    spend = spend_cost(table)
    points = 0  # set below for every action that changes a caravan
    # keep, written out for discards: what may follow each of my caravans
    follows = [FOLLOWERS[ends[own + c]] for c in range(CARAVANS)]
    # the tables as locals, which policy.pxd types as dicts: their reads are then C
    # calls, where a module global's .get is a method looked up and called every time
    number_values, keep_face, hold = NUMBER_VALUES, KEEP_FACE, HOLD
    out = []
    # The engine's actions are named tuples, whose items the compiled module reads through
    # the slow generic __getitem__ slot (about 700 instructions a read): each action is
    # unpacked once instead (a tuple iterator), its fields read from locals.
    per_seat = CARAVANS
    for action in legal:
        n = len(action)
        if n == 4:
            card, whose, c, k = action
            face = card[0]
        elif n == 2:
            card, c = action
            face = ""
        else:
            (only,) = action  # a card discarded, or a caravan disbanded
            face = ""
            if isinstance(only, str):
                card = only
        if n == 1 and isinstance(only, str):  # a discard (each card listed once)
            face_worth = keep_face.get(card[0])
            if face_worth is not None:
                out.append(now - face_worth - spend)
                continue
            rank = number_values[card[0]]
            worth = 0.03 + 0.004 * rank
            for c in range(CARAVANS):
                points = values[own + c] + rank
                if points <= SELL_HIGH and card in follows[c]:
                    finish = 0.3 if points >= SELL_LOW else 0.08 + 0.004 * rank
                    if finish > worth:
                        worth = finish
            out.append(now - worth - spend)
            continue
        # The one caravan x the action changes, to `points` and `end`; x < 0 for none;
        # `change` for a joker (`after`), which may change several.
        change: Change | None = None
        if n == 2:  # a number card on my caravan
            x = own + c
            rank = number_values[card[0]]
            points = values[x] + rank
            stacks = caravans[x]
            # the end caravan.end reads once the card is on (see _end_after): the card
            # against the last one (two equal ranks never follow, CV-9), no queen on it
            if stacks:
                before = ends[x][0]
                suit = stacks[0][0][1] if first_card_suit else card[1]
                end = (rank, UP if rank > before else DOWN, suit)
            else:
                end = (rank, NONE, card[1])
        elif n == 1:  # a disband: after's, written out
            x = own + only
            points, end = 0, EMPTY_END
        elif face == "K":
            x = per_seat * whose + c
            stack = caravans[x][k]
            gain = number_values[stack[0][0]]  # king_gain, inlined
            if not king_adds and len(stack) > 1:
                kings = 0
                for held in stack:
                    if held[0] == "K":
                        kings += 1
                gain <<= kings
            points, end = values[x] + gain, ends[x]
        elif face == "Q":
            x = per_seat * whose + c
            if k != len(caravans[x]) - 1:
                x = -1
            else:
                points = values[x]
                last, heading, _ = ends[x]
                end = (last, -heading, card[1])  # queen_turn
        elif face == "J":
            # after's jack without its keyword calls and the caravan copied without
            # the stack: stack_value of the stack taken off, and caravan.end of what
            # is left (no steady_base) read through indices that skip that stack
            x = per_seat * whose + c
            stacks = caravans[x]
            stack = stacks[k]
            gain = number_values[stack[0][0]]
            if len(stack) > 1:
                kings = 0
                for held in stack:
                    if held[0] == "K":
                        kings += 1
                gain = gain * (1 + kings) if king_adds else gain << kings
            points = values[x] - gain
            left = len(stacks) - 1
            if not left:
                end = EMPTY_END
            else:
                top = stacks[left] if k != left else stacks[left - 1]
                rank = number_values[top[0][0]]
                first = stacks[0] if k else stacks[1]
                suit = first[0][1] if first_card_suit else top[0][1]
                heading = NONE
                if left > 1:
                    below = left - 2 if k >= left - 1 else left - 1
                    before = number_values[stacks[below][0][0]]
                    heading = UP if rank > before else DOWN
                if len(top) > 1:
                    for held in top:
                        if held[0] == "Q":
                            heading, suit = -heading, held[1]
                end = (rank, heading, suit)
        else:  # a joker (after's, without its second look at the action)
            change = _joker(table, per_seat * whose + c, k)
            x = -1
            if len(change) == 1:
                x, points, end = change[0]
                change = None
        if change:
            new_values, new_ends = list(values), list(ends)
            for y, moved, moved_end in change:
                new_values[y], new_ends[y] = moved, moved_end
            score = position(new_values, new_ends, table.me, style)
            if style.danger and -WIN < score < WIN:
                score -= style.danger * finish_chance(table, new_values, new_ends, 1 - table.me)
        elif x < 0:
            score = now
        else:
            c = x % per_seat
            if x == own + c:
                m, t, em, et = points, values[other + c], end, ends[other + c]
            else:
                m, t, em, et = values[own + c], points, ends[own + c], end
            side = _side(m, t)  # status, as a C function compiled
            was = sold[c]
            mine = won - (was == 1) + (side == 1)
            theirs = lost - (was == -1) + (side == -1)
            if mine + theirs == CARAVANS:
                score = WIN if mine >= 2 else -WIN
            else:
                # seller_score, inlined
                # (can_sell(t) or t > 15, its terms swapped: the C comparison first)
                if side == 1:
                    pair = (
                        1.0
                        + 0.03 * (m - SELL_LOW)
                        - (0.15 if t > 15 or SELL_LOW <= t <= SELL_HIGH else 0.0)
                    )
                elif side == -1:
                    pair = -them * (
                        1.0
                        + 0.03 * (t - SELL_LOW)
                        - (0.15 if m > 15 or SELL_LOW <= m <= SELL_HIGH else 0.0)
                    )
                else:
                    pair = 0.5 * (flat_potential(m, em) - them * flat_potential(t, et))
                score = total - parts[c] + pair
                if mine >= 2:
                    score += threat
                if theirs >= 2:
                    score -= threat_them
                if danger and theirs and theirs + mine == 2:
                    new_sold = sold[:]
                    new_sold[c] = side
                    score -= danger * _danger(table, new_sold, [(x, points, end)], own, other)
        if n == 1:
            score -= DISBAND
        else:
            score -= spend
            if n == 4:
                score -= hold.get(face, 0.0)
        out.append(score)
    return out


def _danger(table: Table, sold: Sequence[int], change: Change, own: int, other: int) -> float:
    """The chance the opponent wins at once after a move that changed one caravan."""
    theirs, mine = sold.count(-1), sold.count(1)
    if theirs == 0 or theirs + mine != 2:
        return 0.0
    c = sold.index(0)
    x, y = other + c, own + c
    values, ends = table.values, table.ends
    t, m, et = values[x], values[y], ends[x]
    moved, points, end = change[0]
    if moved == x:
        t, et = points, end
    elif moved == y:
        m = points
    return take_chance(table, 1 - table.me, theirs, t, m, et, x, y)


def _judged(
    table: Table,
    values: Sequence[int],
    ends: Sequence[End],
    parts: Sequence[float],
    sold: Sequence[int],
    style: Style,
) -> float:
    """The position, less the chance the opponent then wins at once."""
    score = combine(parts, sold, style)
    if style.danger and -WIN < score < WIN:
        score -= style.danger * finish_chance(table, values, ends, 1 - table.me)
    return score


def decide(
    table: Table, legal: Sequence[Any], style: Style, rng: random.Random | None = None
) -> Any:
    """The best-scoring action; with ``style.mistakes``, sometimes a weaker one within
    ``style.slack`` of it (never one that loses on the spot)."""
    if len(legal) == 1:
        return legal[0]
    values = scores(table, legal, style)
    best, top = 0, values[0]  # the first of the best, as max(key=...) picks it
    for i in range(1, len(values)):
        if values[i] > top:
            best, top = i, values[i]
    if style.mistakes and rng is not None and rng.random() < style.mistakes:
        floor = values[best] - style.slack
        near = [i for i, v in enumerate(values) if v >= floor and v > -WIN / 2]
        return legal[rng.choice(near)]
    return legal[best]

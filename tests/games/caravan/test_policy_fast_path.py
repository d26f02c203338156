"""The bots' scoring loop (``policy.scores``) writes out the commonest changes and the
one-pair arithmetic for speed (docs/engines.md, "Caravan's engine and search"). It must
give the very same floats as the plain composition of ``after``, ``pair_seller`` and
``seller_score`` it replaces, kept here as the reference: a bot's every choice (and a
seeded search's) depends on them. The pair's seller in the references is the engine's
``rules.pair_seller`` itself, never the policy's own copy (``_side``, which ``status``,
``finish_chance`` and ``scores`` call)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable import games
from cardtable.games.caravan.actions import CARAVANS
from cardtable.games.caravan.bots import policy
from cardtable.games.caravan.bots.policy import (
    DISBAND,
    EASY,
    HOLD,
    MEDIUM,
    SIDE,
    WIN,
    Style,
    after,
    finish_chance,
    keep,
    pair_score,
    pair_seller,
    position,
    seller_score,
    spend_cost,
    status,
    take_chance,
)
from cardtable.games.caravan.bots.search import ROLLOUT, table_of
from cardtable.games.caravan.bots.table import Rules, Table, from_view, from_wire
from cardtable.games.caravan.rules import can_sell, king_gain

VARIANTS: list[dict[str, Any]] = [
    {},
    {"king_adds": True, "queen_anywhere": True, "first_card_suit": True},
    {"double_deck": True, "unlimited_attachments": True, "queen_shield": True},
    {"steady_course": True, "sheltered_joker": True, "reshuffle": True},
]


def plain_status(mine: int, theirs: int) -> int:
    """``policy.status`` from the engine's rule: 1 the first caravan's owner sells, -1 the
    other, 0 nobody."""
    return SIDE[pair_seller(mine, theirs)]


def plain_position(values: Sequence[int], ends: Sequence[Any], me: int, style: Style) -> float:
    """``policy.position`` as it read before its loop was written out."""
    own = CARAVANS * me
    other = CARAVANS - own
    parts, sold = [], []
    for c in range(CARAVANS):
        m, t = values[own + c], values[other + c]
        parts.append(pair_score(m, t, ends[own + c], ends[other + c], style.them))
        sold.append(plain_status(m, t))
    return policy.combine(parts, sold, style)


def plain_finish_chance(
    table: Table, values: Sequence[int], ends: Sequence[Any], mover: int
) -> float:
    """``policy.finish_chance`` as it read before its loop was written out."""
    own = CARAVANS * mover
    other = CARAVANS - own
    sold = [plain_status(values[own + c], values[other + c]) for c in range(CARAVANS)]
    won, lost = sold.count(1), sold.count(-1)
    if won == 0 or won + lost != 2:
        return 0.0
    c = sold.index(0)
    x, y = own + c, other + c
    return take_chance(table, mover, won, values[x], values[y], ends[x], x, y)


def plain_king_takes(
    stacks: Sequence[Sequence[str]], points: int, beat: int, king_adds: bool
) -> bool:
    """``policy._king_takes`` with ``rules.king_gain`` called, as before it was inlined."""
    for stack in stacks:
        more = points + king_gain(stack, king_adds=king_adds)
        if can_sell(more) and more > beat:
            return True
    return False


def composed_scores(table: Table, legal: Sequence[Sequence[Any]], style: Style) -> list[float]:
    """``policy.scores`` as it read before its loop was written out."""
    own = CARAVANS * table.me
    other = CARAVANS - own
    values, ends, them = table.values, table.ends, style.them
    parts = [
        pair_score(values[own + c], values[other + c], ends[own + c], ends[other + c], them)
        for c in range(CARAVANS)
    ]
    sold = [plain_status(values[own + c], values[other + c]) for c in range(CARAVANS)]
    now = policy._judged(table, values, ends, parts, sold, style)
    total = parts[0] + parts[1] + parts[2]
    won, lost = sold.count(1), sold.count(-1)
    spend = spend_cost(table)
    out = []
    for action in legal:
        n = len(action)
        if n == 1 and isinstance(action[0], str):
            out.append(now - keep(action[0], table) - spend)
            continue
        change = after(table, action)
        if not change:
            score = now
        elif len(change) == 1:
            x, points, end = change[0]
            c = x % CARAVANS
            if x == own + c:
                m, t, em, et = points, values[other + c], end, ends[other + c]
            else:
                m, t, em, et = values[own + c], points, ends[own + c], end
            seller = pair_seller(m, t)
            side = SIDE[seller]
            was = sold[c]
            mine = won - (was == 1) + (side == 1)
            theirs = lost - (was == -1) + (side == -1)
            if mine + theirs == CARAVANS:
                score = WIN if mine >= 2 else -WIN
            else:
                score = total - parts[c] + seller_score(seller, m, t, em, et, them)
                if mine >= 2:
                    score += style.threat
                if theirs >= 2:
                    score -= style.threat * them
                if style.danger and theirs and theirs + mine == 2:
                    new_sold = sold[:]
                    new_sold[c] = side
                    score -= style.danger * policy._danger(table, new_sold, change, own, other)
        else:
            new_values, new_ends = list(values), list(ends)
            for x, points, end in change:
                new_values[x], new_ends[x] = points, end
            score = plain_position(new_values, new_ends, table.me, style)
            if style.danger and -WIN < score < WIN:
                score -= style.danger * plain_finish_chance(
                    table, new_values, new_ends, 1 - table.me
                )
        if n == 1:
            score -= DISBAND
        else:
            score -= spend
            if n == 4:
                score -= HOLD.get(action[0][0], 0.0)
        out.append(score)
    return out


def assert_fast_path_is_plain(table: Table, actions: Sequence[Any]) -> None:
    """``scores`` (every style), ``position`` (either seat) and ``finish_chance`` (either
    mover) of ``table`` equal the plain composition, bit for bit."""
    for style in (MEDIUM, EASY, ROLLOUT):
        assert policy.scores(table, actions, style) == composed_scores(table, actions, style)
        for me in (0, 1):
            assert position(table.values, table.ends, me, style) == plain_position(
                table.values, table.ends, me, style
            )
    for mover in (0, 1):
        assert finish_chance(table, table.values, table.ends, mover) == plain_finish_chance(
            table, table.values, table.ends, mover
        )


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "standard")
def test_scores_equal_the_plain_composition(options: dict[str, Any]) -> None:
    """CV-8, CV-14, CV-15: every action of every position of seeded games, read from a
    sampled state and from a view, with each style, scores bit for bit as the plain
    composition does."""
    game = games.load("caravan", **options)
    rules = Rules.of(game.options)
    rng = random.Random(7)
    compared = 0
    for _ in range(6):
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_over():
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            plain = [from_wire(game.action_to_json(a)) for a in legal]
            for table, actions in (
                (table_of(state, seat), legal),
                (from_view(state.view(seat), rules), plain),
            ):
                assert_fast_path_is_plain(table, actions)
                for stacks in table.caravans:
                    for points, beat in ((0, 0), (12, 0), (15, 22), (20, 0), (24, 25)):
                        for king_adds in (False, True):
                            assert policy._king_takes(
                                stacks, points, beat, king_adds
                            ) == plain_king_takes(stacks, points, beat, king_adds)
            compared += len(legal)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert compared > 1000


def test_status_is_the_engines_pair_seller() -> None:
    """CV-18: the policy's one copy of who sells a pair (``_side``, through ``status``)
    agrees with ``rules.pair_seller`` for every pair of values, ties and busts too."""
    for mine in range(-2, 45):
        for theirs in range(-2, 45):
            assert status(mine, theirs) == plain_status(mine, theirs), (mine, theirs)


def _near_sales(rng: random.Random) -> int:
    """A caravan value drawn to sit around 21–26 (sales, ties, busts) most of the time."""
    roll = rng.random()
    if roll < 0.55:
        return rng.randint(19, 28)
    if roll < 0.7:
        return 0
    return rng.randint(1, 35)


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "standard")
def test_scores_equal_the_plain_composition_near_sales(options: dict[str, Any]) -> None:
    """CV-18, CV-19: positions of seeded games with the six values redrawn around 21–26,
    so that pairs sell, tie, bust and leave one pair open far more often than in play:
    ``scores``, ``finish_chance`` and ``position`` still equal the plain composition (whose
    seller is the engine's ``pair_seller``), bit for bit."""
    game = games.load("caravan", **options)
    rng = random.Random(11)
    compared = sold_two = 0
    for _ in range(4):
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_over():
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            table = table_of(state, seat)
            real = list(table.values)
            for _ in range(3):
                # never below the cards' own value: a jack then leaves no negative
                # caravan (which potential's flat cache would read from its far end)
                table.values = [max(value, _near_sales(rng)) for value in real]
                sold = [plain_status(table.values[c], table.values[CARAVANS + c]) for c in range(3)]
                sold_two += sold.count(0) == 1
                assert_fast_path_is_plain(table, legal)
                compared += len(legal)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert compared > 1000
    assert sold_two > 100  # the positions finish_chance and the danger term look at


def test_finisher_count_is_the_finishers_counted() -> None:
    """CV-9, CV-10, CV-11: take_chance's count of the ranks that finish a caravan is
    ``len(_finishers(...))`` for every end, value and bar to beat."""
    from cardtable.games.caravan.rules import FOLLOWERS

    for end in FOLLOWERS:
        for points in range(0, 40):
            for beat in range(0, 30):
                assert policy._finisher_count(points, end, beat) == len(
                    policy._finishers(points, end, beat)
                )

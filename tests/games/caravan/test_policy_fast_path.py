"""The bots' scoring loop (``policy.scores``) writes out the commonest changes and the
one-pair arithmetic for speed (docs/engines.md, "Caravan's engine and search"). It must
give the very same floats as the plain composition of ``after``, ``pair_seller`` and
``seller_score`` it replaces, kept here as the reference: a bot's every choice (and a
seeded search's) depends on them."""

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
)
from cardtable.games.caravan.bots.search import ROLLOUT, table_of
from cardtable.games.caravan.bots.table import Rules, Table, from_view, from_wire

VARIANTS: list[dict[str, Any]] = [
    {},
    {"king_adds": True, "queen_anywhere": True, "first_card_suit": True},
    {"double_deck": True, "unlimited_attachments": True, "queen_shield": True},
    {"steady_course": True, "sheltered_joker": True, "reshuffle": True},
]


def composed_scores(table: Table, legal: Sequence[Sequence[Any]], style: Style) -> list[float]:
    """``policy.scores`` as it read before its loop was written out."""
    own = CARAVANS * table.me
    other = CARAVANS - own
    values, ends, them = table.values, table.ends, style.them
    parts = [
        pair_score(values[own + c], values[other + c], ends[own + c], ends[other + c], them)
        for c in range(CARAVANS)
    ]
    sold = [status(values[own + c], values[other + c]) for c in range(CARAVANS)]
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
            score = position(new_values, new_ends, table.me, style)
            if style.danger and -WIN < score < WIN:
                score -= style.danger * finish_chance(table, new_values, new_ends, 1 - table.me)
        if n == 1:
            score -= DISBAND
        else:
            score -= spend
            if n == 4:
                score -= HOLD.get(action[0][0], 0.0)
        out.append(score)
    return out


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
                for style in (MEDIUM, EASY, ROLLOUT):
                    assert policy.scores(table, actions, style) == composed_scores(
                        table, actions, style
                    )
            compared += len(legal)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert compared > 1000

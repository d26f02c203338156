"""What guides ``hard`` (the generic ISMCTS) at Gan Deng Yan: a rollout policy (the medium
heuristic, read straight off the sample), an evaluation for rollouts cut short, and the
root's shortlist.

The policy and the evaluation run on *sampled* states (drawn from the searching bot's view
by ``determinize``): that is the bot's own imagination, so they read the sample's
internals for speed. The policy still plays each seat from what that seat knows in the
sample: its own hand, the hand sizes and the cards not yet played (the other hands and
the talon together, which is exactly what that seat has not seen)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.bots.gandengyan.hands import (
    PASS_MOVE,
    Kind,
    Move,
    Rules,
    move_of,
    split,
)
from cardtable.bots.gandengyan.players import deck_size, from_view, wire_move
from cardtable.bots.gandengyan.policy import (
    MEDIUM,
    Table,
    choose,
    rough_win_chance,
    score_moves,
)

ROLLOUT = MEDIUM

_RULES: dict[int, Rules] = {}
# The moves of engine actions met so far, per rules: ``(cards, reading)`` -> move.
_MOVES: dict[Rules, dict[tuple[Any, Any], Move]] = {}


def rules_of(state: Any) -> Rules:
    game = state.game
    rules = _RULES.get(id(game))
    if rules is None:
        rules = _RULES[id(game)] = Rules.of(game.options)
    return rules


def move_of_action(action: Any, rules: Rules) -> Move:
    """The move of an engine action (a play has ``cards`` and ``reading``; a pass has
    neither). Equal actions are the same play, so the answer is memoised."""
    cards = getattr(action, "cards", None)
    if cards is None:
        return PASS_MOVE
    known = _MOVES.get(rules)
    if known is None:
        known = _MOVES[rules] = {}
    key = (cards, action.reading)  # plain tuples: quicker to look up than the action
    found = known.get(key)
    if found is None:
        found = move_of(cards, action.reading or tuple(c[0] for c in cards), rules)
        if len(known) > 200_000:
            known.clear()
        known[key] = found
    return found


def table_of(state: Any, seat: int, rules: Rules) -> Table:
    """What ``seat`` knows in a sampled state, as the heuristic's numbers (no card
    counting: the rollouts judge plays by ``rough_win_chance``)."""
    beat = state.to_beat
    target = None
    target_seat = seat
    if beat is not None:
        target_seat = beat[0]
        kind = beat[2]
        target = Kind(kind.type, kind.rank, kind.length)
    return Table(
        me=seat,
        players=len(state.hands),
        counts=tuple(state.counts[seat]),
        jokers=state.jokers[seat],
        target=target,
        target_seat=target_seat,
        hand_counts=[len(h) for h in state.hands],
        talon=len(state.talon),
        unseen=(),
        rules=rules,
        bombs=state.bombs,
        decks=state.game.decks,
    )


def rollout_policy(state: Any, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
    """The medium heuristic for ``seat`` in the sample."""
    if len(legal) == 1:
        return legal[0]
    rules = rules_of(state)
    moves = [move_of_action(action, rules) for action in legal]
    return legal[choose(table_of(state, seat, rules), moves, ROLLOUT, rough_win_chance)]


def evaluate(state: Any) -> list[float]:
    """Each seat's chance to go out first, for a rollout cut short: a seat's weight falls
    by ``PLAY_ODDS`` for every play its hand still needs; the seat that will lead next
    (the last to play, or the leader to act) is a ``LEAD_PLAYS`` of a play nearer."""
    rules = rules_of(state)
    beat = state.to_beat
    leader = beat[0] if beat is not None else (state.to_act[0] if state.to_act else -1)
    weights = []
    for seat in range(len(state.hands)):
        plays: float = split(state.counts[seat], state.jokers[seat], rules).plays
        if seat == leader:
            plays -= LEAD_PLAYS
        weights.append(PLAY_ODDS**plays)
    total = sum(weights) or 1.0
    return [w / total for w in weights]


PLAY_ODDS = 0.35
LEAD_PLAYS = 0.7
# Rollouts stop after this many moves (a few tricks) and ``evaluate`` values the hands:
# a full hand with the talon drawn down is some 30 moves of the heuristic, most of the
# cost of a simulation, and its end says little more about the move searched.
rollout_steps = 8


# Simulations per move for ``hard``; the time cap (1 s) is only a safety net.
hard_iterations = 300
# A flat search: each root action is valued by rollouts of the heuristic.
tree_depth = 1


def root_actions(game: Any, view: Mapping[str, Any], legal: Sequence[Any]) -> list[Any]:
    """The root actions worth searching: one action per hand left (readings of the same
    cards), the ``SHORTLIST`` best by the heuristic, always the pass when there is one."""
    rules = Rules.of(game.options)
    table = from_view(view, rules, deck_size(game))
    moves = [wire_move(game, action, rules) for action in legal]
    scores = score_moves(table, moves, MEDIUM)
    ranked = sorted(range(len(legal)), key=lambda i: -scores[i])
    out: list[Any] = []
    seen: set[tuple[tuple[tuple[int, int], ...], int]] = set()
    for i in ranked:
        move = moves[i]
        key = (move.naturals, move.jokers)
        if key in seen:
            continue
        seen.add(key)
        if len(out) < SHORTLIST or move.kind is None:
            out.append(legal[i])
    return out


SHORTLIST = 6

"""What guides ``hard`` (the generic ISMCTS) at Gan Deng Yan: a rollout policy (the medium
heuristic, read straight off the sample), an evaluation for rollouts cut short, and the
root's shortlist.

The policy and the evaluation run on *sampled* states (drawn from the searching bot's view
by ``determinize``): that is the bot's own imagination, so they read the sample's
internals for speed. The policy still plays each seat from what that seat knows in the
sample: its own hand, the hand sizes and the cards not yet played (the other hands and
the talon together, which is exactly what that seat has not seen)."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from cardtable.core import Game, State, population
from cardtable.games.gandengyan.actions import Action, Play
from cardtable.games.gandengyan.bots import adapt
from cardtable.games.gandengyan.bots.hands import (
    PASS_MOVE,
    Move,
    hand_code,
    move_of,
    splitter,
)
from cardtable.games.gandengyan.bots.players import deck_size, engine, from_view, wire_move
from cardtable.games.gandengyan.bots.policy import (
    MEDIUM,
    Table,
    choose,
    is_premium,
    rough_win_chance,
    score_moves,
)
from cardtable.games.gandengyan.plays import (
    Rules,
)
from cardtable.games.gandengyan.state import GanDengYanState

ROLLOUT = MEDIUM

_RULES: dict[int, Rules] = {}
# The moves of engine actions met so far, per rules: ``(cards, reading)`` -> move.
_MOVES: dict[Rules, dict[tuple[Any, Any], Move]] = {}


def _unseen(view: Mapping[str, Any], game: Game[Any]) -> tuple[str, ...]:
    return engine(game).unseen(view)


# The cards a view's samples re-deal, counted once per view and game.
unseen_of = population.PerView(_unseen)


def determinize(
    game: Game[Any], view: Mapping[str, Any], seat: int, rng: random.Random
) -> GanDengYanState:
    """The game's own sample of ``view``, its unseen cards counted once per view: a
    search draws hundreds of samples of one view and never changes it."""
    return engine(game).determinize_from(view, seat, rng, unseen_of(view, game))


def sample_with_styles(
    game: Game[Any], view: Mapping[str, Any], seat: int, rng: random.Random
) -> GanDengYanState:
    """``determinize``'s sample, each opponent given a style drawn from what the view
    shows of it (``adapt``): the rollouts play that seat in that style. The styles ride
    on the sample's own attributes (a clone copies them); a state without them plays
    everyone as medium."""
    state = determinize(game, view, seat, rng)
    styles = adapt.draw_styles(beliefs_of(view), seat, len(state.hands), rng)
    state.search_styles = styles
    return state


# adapt.read_table(view), once per search (``population.PerView``)
beliefs_of = population.PerView(adapt.read_table)
CAUTIOUS_CARDS = adapt.BIG


def own(state: State[Any]) -> GanDengYanState:
    """A sampled state as what it is, its own engine's, with types (without
    ``typing.cast``: an interpreted call, at every rollout move)."""
    return state  # type: ignore[return-value]


def rules_of(state: GanDengYanState) -> Rules:
    return state.gdy.rules


def move_of_action(action: Action, rules: Rules) -> Move:
    """The move of an engine action (a play has ``cards`` and ``reading``; a pass has
    neither). Equal actions are the same play, so the answer is memoised."""
    if not isinstance(action, Play):
        return PASS_MOVE
    cards = action.cards
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


def table_of(state: GanDengYanState, seat: int, rules: Rules) -> Table:
    """What ``seat`` knows in a sampled state, as the heuristic's numbers (no card
    counting: the rollouts judge plays by ``rough_win_chance``)."""
    beat = state.to_beat
    target = None
    target_seat = seat
    if beat is not None:  # the engine's own kind: the bots judge plays by the engine's
        target_seat, _play, target = beat
    # Positional, in Table's order (me, players, counts, jokers, target, target_seat,
    # hand_counts, talon, unseen, rules, bombs, decks): compiled, a call with keywords
    # builds a dict and parses it, at every rollout move.
    return Table(
        seat,
        len(state.hands),
        tuple(state.counts[seat]),
        state.jokers[seat],
        target,
        target_seat,
        [len(h) for h in state.hands],
        len(state.talon),
        (),
        rules,
        state.bombs,
        state.gdy.decks,
    )


def rollout_policy(
    sample: State[Any], seat: int, legal: Sequence[Action], rng: random.Random
) -> Action:
    """The move of ``seat`` in the sample, in the style the sample drew for it
    (``sample_with_styles``; medium where it drew none), as the gauntlet's namesake plays
    (``opponents.py``): greedy sheds the most cards it can, spender plays a 2 or a bomb
    whenever it may, cautious keeps them while it holds more than 5 cards (unless the
    play goes out); medium's judgement chooses everything else (forgetful's too: the
    rollouts never count cards)."""
    if len(legal) == 1:
        return legal[0]
    state = own(sample)
    rules = rules_of(state)
    known = _MOVES.get(rules)
    moves = []
    for action in legal:  # move_of_action's memo, read here once per move
        # By field name: a Play's items by index go through its class's __getitem__.
        found = (
            known.get((action.cards, action.reading)) if known and type(action) is Play else None
        )
        moves.append(move_of_action(action, rules) if found is None else found)
    styles = state.search_styles
    picked = None if styles is None else styled_pick(styles[seat], moves, len(state.hands[seat]))
    if picked is None:
        return legal[choose(table_of(state, seat, rules), moves, ROLLOUT, rough_win_chance)]
    if len(picked) == 1:
        return legal[picked[0]]
    shortlist = [moves[i] for i in picked]
    table = table_of(state, seat, rules)
    return legal[picked[choose(table, shortlist, ROLLOUT, rough_win_chance)]]


def styled_pick(style: int, moves: Sequence[Move], held: int) -> list[int] | None:
    """The moves ``style`` allows (``opponents.py``'s ``pick``; None: medium's choice
    among them all, as for medium and forgetful): greedy's first longest play, spender's
    2s and bombs, cautious's plays that keep them."""
    if style == adapt.GREEDY_INDEX:
        best = -1
        most = 0
        for i, move in enumerate(moves):
            if move.kind is not None and move.cards > most:
                best, most = i, move.cards
        return None if best < 0 else [best]
    if style == adapt.SPENDER_INDEX:
        premium = [i for i, move in enumerate(moves) if is_premium(move.kind)]
        return premium or None
    if style == adapt.CAUTIOUS_INDEX:
        if held <= CAUTIOUS_CARDS:
            return None
        kept = [
            i for i, move in enumerate(moves) if not is_premium(move.kind) or move.cards == held
        ]
        return kept or None
    return None


def evaluate(sample: State[Any]) -> list[float]:
    """Each seat's chance to go out first, for a rollout cut short: a softmax over the
    seats of a score fitted on medium-against-medium games (``EVAL_WEIGHTS``) from what
    each hand still needs (its plays, the value of its split, its cards and jokers),
    whether it leads next (the last to play, or the leader to act) and whether the talon
    is still out. (The guess it replaces, 0.35 a play and 0.7 of a play for the next
    leader, was far too sure of itself: see ``EVAL_WEIGHTS``.)"""
    state = own(sample)
    rules = rules_of(state)
    beat = state.to_beat
    to_act = state.to_act
    actor = to_act[0] if to_act else -1
    leader = beat[0] if beat is not None else actor
    hands = state.hands
    talon = 1 if state.talon else 0
    fit = EVAL_WEIGHTS[2 if len(hands) == 2 else 4]
    rows = fit.table[talon]
    value_w = fit.value + talon * fit.value_talon
    cards_w = fit.cards + talon * fit.cards_talon
    weights = []
    # split()'s own steps, on the splitter looked up once (by name, not a bound method:
    # compiled, a C call on the extension type).
    split = splitter(rules)
    for seat in range(len(hands)):
        found = split.split_code(hand_code(state.counts[seat], state.jokers[seat]))
        cards = len(hands[seat])
        row = rows[1 if seat == leader else 0]
        score = row[found.plays if found.plays < len(row) else -1]
        score += value_w * found.value + cards_w * cards + fit.jokers * state.jokers[seat]
        if seat == actor:
            score += fit.actor
        weights.append(math.exp(score))
    total = sum(weights)
    return [w / total for w in weights]


class EvalWeights(NamedTuple):
    """``evaluate``'s weights for one table size: ``table[talon][leads][plays]`` by the
    plays the hand needs (0..5, the last entry for 6 or more), whether the talon is out
    and whether the seat leads next; then the weights of the split's value, the cards,
    the jokers, being the seat to act, and the value's and the cards' extra weights while
    the talon is out."""

    table: tuple[tuple[tuple[float, ...], tuple[float, ...]], ...]
    value: float
    cards: float
    jokers: float
    actor: float
    value_talon: float
    cards_talon: float


# A conditional logit (the chance each seat goes out first) fitted on the positions of
# 4,000 two-seat and 3,000 four-seat medium-against-medium games, per table size (2
# seats; 3 or more, fitted at 4). Held-out log loss per position: 0.625 at 2 seats and
# 1.306 at 4 (a coin: 0.693 and 1.386; the guessed 0.35 a play and 0.7 of a play for
# the next leader it replaces: 1.05 and 1.94, much overconfident).
EVAL_WEIGHTS = {
    2: EvalWeights(
        (
            (
                (0.0, -2.35, -1.47, -0.6, -0.31, -0.04, 0.42),
                (0.0, 1.3, 0.44, 0.4, 0.5, 0.83, 0.89),
            ),
            (
                (0.0, -1.05, -0.86, -0.46, 0.05, 0.54, 1.08),
                (0.0, -0.32, -0.39, -0.29, 0.09, 0.56, 1.03),
            ),
        ),
        value=0.926,
        cards=0.284,
        jokers=0.287,
        actor=0.172,
        value_talon=-0.505,
        cards_talon=-0.293,
    ),
    4: EvalWeights(
        (
            (
                (0.0, -1.36, -0.86, -0.55, -0.39, -0.46, -0.07),
                (0.0, 1.81, 0.73, 0.53, 0.37, 0.24, 0.0),
            ),
            (
                (0.0, -0.43, -0.41, -0.26, -0.05, 0.14, 0.38),
                (0.0, 0.21, -0.12, -0.11, 0.03, 0.24, 0.39),
            ),
        ),
        value=0.517,
        cards=0.069,
        jokers=0.202,
        actor=0.03,
        value_talon=-0.269,
        cards_talon=-0.04,
    ),
}


# Rollouts stop after this many moves (a few tricks) and ``evaluate`` values the hands:
# a full hand with the talon drawn down is some 30 moves of the heuristic, most of the
# cost of a simulation, and its end says little more about the move searched.
rollout_steps = 8


# Simulations per move for ``hard``; the time cap (1 s) is only a safety net.
hard_iterations = 300
# A flat search: each root action is valued by rollouts of the heuristic.
tree_depth = 1


def root_actions(game: Game[Any], view: Mapping[str, Any], legal: Sequence[Any]) -> list[Any]:
    """The root actions worth searching: one action per hand left (readings of the same
    cards), the ``SHORTLIST`` best by the heuristic, always the pass when there is one."""
    rules = engine(game).rules
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

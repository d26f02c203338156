"""What guides ``hard`` (the generic ISMCTS) at Caravan: a fast rollout policy (the
medium heuristic read straight off the sampled state), short rollouts and an evaluation
of the position where they stop.

Both run on *sampled* states (drawn from the searching bot's view by
``game.determinize``): that is the bot's own imagination, so they read the sample's
caravans, values and ends directly (a ``CaravanState``, with types) instead of building a
view. The rollout policy plays
each seat from its own hand in the sample and never looks at the other hand.

hard adapts (issue #24): ``sample`` draws, with each sample, a style for the opponent from
what the view shows it has done (``adapt``), and the rollouts play the opponent in that
style; the searching seat plays itself as medium."""

from __future__ import annotations

import math
import random
import weakref
from collections.abc import Mapping, Sequence
from typing import Any, cast

from cardtable.core import Game, population
from cardtable.games.caravan.bots import adapt
from cardtable.games.caravan.bots.policy import (
    MEDIUM,
    WIN,
    Style,
    decide,
    finish_chance,
    position,
    scores,
)
from cardtable.games.caravan.bots.table import Rules, Table, from_view, from_wire
from cardtable.games.caravan.game import CaravanGame, Reading
from cardtable.games.caravan.state import CaravanState

# Rollouts stop after this many moves and ``evaluate`` values the position there: a
# Caravan game between good players lasts some 40 moves, too long to play out many
# times a second, and the heuristic's score of a position a few moves on is a good guide.
ROLLOUT_PLIES = 6
# How sharply a position score turns into a chance to win (a sold pair is worth 1).
SCALE = 1.1
# The rollout players: the medium heuristic, now and then a near-best move instead, so
# that rollouts from one position do not all play the same game.
ROLLOUT = Style(mistakes=0.1, slack=0.15)

# Per game object (weakly held, so a server that loads many tables does not keep them):
# the options the heuristic reads.
_RULES: weakref.WeakKeyDictionary[Any, Rules] = weakref.WeakKeyDictionary()
# Per sample, the moves its rollout has made: an attribute of the sample itself (a
# weakly keyed dictionary did the same in interpreted code, a fifth of a rollout move).
# A sample is the bot's own imagination, never a table's game, and a clone starts afresh.
_PLIES = "_rollout_plies"


# The last game asked and its rules, weakly held too: a search asks for the same game's at
# every rollout move, and the weakly keyed dictionary is interpreted code.
_LAST: tuple[weakref.ref[Any], Rules] | None = None


def _reading(view: Mapping[str, Any], game: Game[Any], seat: int) -> Reading:
    return cast(CaravanGame, game).reading(view, seat)


# What the game reads from a view for a seat, read once per view, game and seat.
reading_of = population.PerView(_reading)


def determinize(
    game: Game[Any], view: Mapping[str, Any], seat: int, rng: random.Random
) -> CaravanState:
    """The game's own sample of ``view``, the view read once: a search draws hundreds of
    samples of one view and never changes it."""
    own = cast(CaravanGame, game)
    return own.determinize_from(view, seat, rng, reading_of(view, game, seat))


def sample(game: Game[Any], view: Mapping[str, Any], seat: int, rng: random.Random) -> CaravanState:
    """``determinize``, and the style each seat plays in the sample's rollouts: the
    opponent's drawn (from the search's generator) from what the view shows of it
    (``adapt``), the searching seat's own medium."""
    state = determinize(game, view, seat, rng)
    state.search_styles = adapt.draw_styles(beliefs_of(view), seat, state.players, rng)
    return state


# adapt.read_table(view), once per search (``population.PerView``)
beliefs_of = population.PerView(adapt.read_table)


def rules_of(state: CaravanState) -> Rules:
    global _LAST
    game = state.rules
    last = _LAST
    if last is not None and last[0]() is game:
        return last[1]
    rules = _RULES.get(game)
    if rules is None:
        rules = _RULES[game] = Rules.of(game.options)
    _LAST = (weakref.ref(game), rules)
    return rules


def table_of(state: CaravanState, seat: int) -> Table:
    """The sampled state as ``seat`` sees it (its own hand; the rest is public)."""
    hands, decks = state.hands, state.decks
    return Table(
        seat,
        rules_of(state),
        state.caravans,
        state.values,
        state.ends,
        hands[seat],
        [len(hands[0]), len(hands[1])],
        [len(decks[0]), len(decks[1])],
        state.to_place,
    )


def rollout_policy(state: Any, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
    """The heuristic's move for ``seat`` in the style the sample gives it (``sample``;
    medium where it gives none): its gauntlet namesake's weights and moves, with the
    rollout's slips."""
    if len(legal) == 1:
        return legal[0]
    sampled = cast(CaravanState, state)
    styles = sampled.search_styles
    if styles is None:
        return decide(table_of(sampled, seat), legal, ROLLOUT, rng)
    style = styles[seat]
    moves = legal if style.raids == adapt.ANY else adapt.allowed(style, legal, seat)
    return decide(table_of(sampled, seat), moves, style.policy, rng)


def rollout_horizon(state: Any) -> bool:
    """False for the first ``ROLLOUT_PLIES`` moves of a rollout on this sample, then True:
    the search stops the rollout there and asks ``evaluate``."""
    plies = getattr(state, _PLIES, -1) + 1
    setattr(state, _PLIES, plies)
    return plies > ROLLOUT_PLIES


def evaluate(state: Any) -> list[float]:
    """Each seat's chance to win from the position score of the seat to move (which may
    also win at once, ``finish_chance``)."""
    sample = cast(CaravanState, state)  # its own engine, with types
    if sample.is_over():
        winner = sample.winner
        return [1.0 if seat == winner else 0.0 for seat in (0, 1)]
    mover = sample.to_act[0]
    table = table_of(sample, mover)
    score = position(table.values, table.ends, mover, MEDIUM)
    if abs(score) >= WIN:
        chance = 1.0 if score > 0 else 0.0
    else:
        win_now = finish_chance(table, table.values, table.ends, mover)
        chance = win_now + (1.0 - win_now) / (1.0 + math.exp(-SCALE * score))
    return [chance, 1.0 - chance] if mover == 0 else [1.0 - chance, chance]


# Simulations per move for ``hard``: well under a second on a quiet core; the time cap
# (1 s) is a safety net.
hard_iterations = 120
tree_depth = 1
SHORTLIST = 5
SHORTLIST_MARGIN = 1.5


def root_actions(game: Any, view: Mapping[str, Any], legal: Sequence[Any]) -> list[Any]:
    """The actions worth searching: the medium heuristic's best few (within
    ``SHORTLIST_MARGIN`` of its best), read from the bot's view."""
    table = from_view(view, Rules.of(game.options))
    plain = [from_wire(game.action_to_json(action)) for action in legal]
    values = scores(table, plain, MEDIUM)
    order = sorted(range(len(legal)), key=lambda i: -values[i])
    floor = values[order[0]] - SHORTLIST_MARGIN
    return [legal[i] for i in order[:SHORTLIST] if values[i] >= floor]

"""What guides ``hard`` (the generic ISMCTS) at Cabo: a fast rollout policy and an
evaluation of a position from the totals.

Both run on *sampled* states (drawn from the searching bot's view by ``determinize``):
that is the bot's own imagination, so they may read the sample's internals for speed. The
rollout policy still plays each seat from that seat's own knowledge bits in the sample,
so simulated players do not play with cards they have not seen."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

from cardtable.core import Game, State, population
from cardtable.games.cabo.bots import adapt
from cardtable.games.cabo.bots.adapt import RolloutStyle
from cardtable.games.cabo.bots.knowledge import BASE_COUNTS, Rules, from_sample, from_view
from cardtable.games.cabo.bots.players import wire_key
from cardtable.games.cabo.bots.policy import (
    CALL,
    DISCARD,
    DRAW,
    MEDIUM,
    PATIENCE_DECKS,
    SKIP,
    TAKE,
    Key,
    Mind,
    Style,
)
from cardtable.games.cabo.game import CaboGame
from cardtable.games.cabo.state import CaboState

# Spread of one round's score and a typical round's top score, for the win chances.
ROUND_SPREAD = 9.0
ROUND_TOP = 16.0

_RULES: dict[int, Rules] = {}


def own(state: State[Any]) -> CaboState:
    """A sampled state as what it is, its own engine's, with types (the search hands the
    hooks the generic ``State``; this is the one cast at that boundary, without
    ``typing.cast``: an interpreted call, at every rollout move)."""
    return state  # type: ignore[return-value]


def rules_of(state: CaboState) -> Rules:
    game = state.game
    rules = _RULES.get(id(game))
    if rules is None:
        rules = _RULES[id(game)] = Rules.of(game.options)
    return rules


def action_for(key: Key, legal: Sequence[Any]) -> Any:
    """The legal action a decision key names (engine actions carry their fields)."""
    kind = key[0]
    for action in legal:
        if action.kind != kind:
            continue
        if kind == "replace":
            if action.slots == key[1]:
                return action
        elif kind == "peek":
            if action.seat == key[1] and action.slot == key[2]:
                return action
        elif kind == "swap":
            if action.a == key[1] and action.b == key[2]:
                return action
        else:
            return action
    return None


def rollout_policy(sample: State[Any], seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
    """At two players, the medium player's rules of thumb cut down to a few comparisons on
    the sample (unseen cards count as ``UNSEEN``, an opponent's card its owner has seen as
    ``KEPT``); at more, where those shortcuts played far below medium, the medium player
    itself on the sample's knowledge bits (its draw valued by a fixed estimate)."""
    state = own(sample)
    if len(legal) == 1:
        return legal[0]
    if state.players >= MIND_ROLLOUTS_FROM:
        table = from_sample(state, seat, rules_of(state))
        action = action_for(Mind(table, ROLLOUT).decide(), legal)
        return legal[rng.randrange(len(legal))] if action is None else action
    phase = state.phase
    bit = 1 << seat
    row: list[int] = state.rows[seat]
    known: list[int] = state.known[seat]
    # Our highest known card and where; whether we have an unknown card and where.
    high, high_at, unknown_at, total, unknown = -1, -1, -1, 0.0, 0
    for i, card in enumerate(row):
        if known[i] & bit:
            total += card
            if card > high:
                high, high_at = card, i
        else:
            total += UNSEEN
            unknown += 1
            if unknown_at < 0:
                unknown_at = i
    if phase == "start":
        return _start(state, seat, legal, bit, total, unknown, high, unknown_at)
    if phase == "drawn" or phase == "taken":
        holding = state.holding
        assert holding is not None  # "drawn" and "taken" hold a card
        card = holding
        slot, gain = _best_slot(row, known, bit, card, high, high_at, unknown_at)
        base = 1 if phase == "drawn" else 0
        if phase == "drawn" and (gain <= 0 or gain <= _power_value(card, unknown, high)):
            return legal[0]
        pair = _known_pair(row, known, bit)
        if pair is not None and 2 * row[pair[0]] - card > gain:
            return action_for(("replace", pair), legal) or legal[base + slot]
        return legal[base + slot]
    if phase == "power":
        return _power(state, seat, legal, bit, high, high_at, unknown_at, rng)
    return legal[rng.randrange(len(legal))]


UNSEEN = 6.5
ROLLOUT = Style(exact_draw=False)
MIND_ROLLOUTS_FROM = 3  # table size from which rollouts play the full heuristic
KEPT = 4.5
TAKE_GAIN = 3.0


def _best_slot(
    row: list[int], known: list[int], bit: int, card: int, high: int, high_at: int, unknown_at: int
) -> tuple[int, float]:
    """Where ``card`` does the most good in our row, and how much."""
    gain_known = high - card if high_at >= 0 else -99.0
    gain_unknown = UNSEEN + 0.5 - card if unknown_at >= 0 else -99.0
    if gain_unknown > gain_known:
        return unknown_at, gain_unknown
    return high_at, gain_known


def _known_pair(row: list[int], known: list[int], bit: int) -> tuple[int, int] | None:
    seen: dict[int, int] = {}
    for i, card in enumerate(row):
        if known[i] & bit:
            if card in seen:
                return (seen[card], i)
            seen[card] = i
    return None


def _power_value(card: int, unknown: int, high: int) -> float:
    if card == 7 or card == 8:
        return 2.0 if unknown else 0.0
    if card == 9 or card == 10:
        return 0.8
    if card == 11 or card == 12:
        return max(high - KEPT, UNSEEN - KEPT) * 1.5 if high >= 0 else 2.0
    return 0.0


def _start(
    state: CaboState,
    seat: int,
    legal: Sequence[Any],
    bit: int,
    total: float,
    unknown: int,
    high: int,
    unknown_at: int,
) -> Any:
    style = style_of(state, seat)
    if state.caller is None and _calls(state, seat, bit, style, total):
        return legal[-1]
    discard = state.discard
    if discard and style.take_always:
        return legal[1]
    if discard:
        top = discard[-1]
        gain = max(high, UNSEEN if unknown else -1.0) - top
        if gain >= TAKE_GAIN:
            return legal[1]
    return legal[0]


# Where a sample carries the style each seat plays in its rollouts (``determinize`` sets
# it; a clone copies it). The engine's state has no such field: it is set by name.
STYLES_FIELD = "search_styles"


def style_of(state: CaboState, seat: int) -> RolloutStyle:
    """The style ``seat`` plays in this rollout (medium where the sample sets none)."""
    styles: tuple[RolloutStyle, ...] | None = getattr(state, STYLES_FIELD, None)
    return adapt.STYLES[adapt.MEDIUM_INDEX] if styles is None else styles[seat]


def sample_turns(state: CaboState) -> float:
    """The turns each seat has played this round, counted as a view counts them."""
    return adapt.turns_of(state.players, len(state.deck), state.reshuffles)


def _calls(state: CaboState, seat: int, bit: int, style: RolloutStyle, total: float) -> bool:
    """Whether ``seat`` calls in this rollout: the searching seat by its own rule, an
    opponent as its drawn style does (``total``: its expected sum, unseen cards at
    ``UNSEEN``)."""
    if seat != state.searcher:
        if style.first_call and sample_turns(state) < style.first_call:
            return False
        if not style.by_rule:
            return total <= style.call_at
    return _should_call(state, seat, bit)


def _should_call(state: CaboState, seat: int, bit: int) -> bool:
    """The medium player's call (policy.Mind.should_call) on the sample's knowledge bits:
    the chance that our sum is the lowest after the others' last turns, against what
    playing on is expected to cost."""
    if state.reshuffles >= PATIENCE_DECKS:
        return True
    rows, knowns = state.rows, state.known
    seen_sum = sum(state.discard)
    seen = len(state.discard)
    for owner, row in enumerate(rows):  # index loops: zip(strict=True) costs, compiled
        known = knowns[owner]
        for i in range(len(row)):
            if known[i] & bit:
                seen_sum += row[i]
                seen += 1
    mean = (DECK_SUM - seen_sum) / max(52 - seen, 1)
    kept = max(mean - KEPT_DISCOUNT, 1.0)
    sums = []
    unknowns = []
    for owner, row in enumerate(rows):
        known = knowns[owner]
        total = 0.0
        unknown = 0
        for i in range(len(row)):
            mask = known[i]
            if mask & bit:
                total += row[i]
            else:
                unknown += 1
                total += kept if owner != seat and mask >> owner & 1 else mean
        sums.append(total)
        unknowns.append(unknown)
    mine, my_unknown = sums[seat], unknowns[seat]
    chance = 1.0
    for owner in range(state.players):
        if owner != seat:
            margin = sums[owner] - OPPONENT_GAIN - mine + 0.5
            spread = math.sqrt((my_unknown + unknowns[owner]) * CARD_VARIANCE + 2.0)
            chance *= 0.5 * (1.0 + math.erf(margin / (spread * SQRT2)))
    penalty = rules_of(state).caller_penalty
    factor = own_wait(state.players) if seat == state.searcher else WAIT_FACTOR
    wait = mine * (1.0 if len(state.deck) <= state.players else factor)
    return (1.0 - chance) * (mine + penalty) < wait


DECK_SUM = 338
KEPT_DISCOUNT = MEDIUM.kept_discount
OPPONENT_GAIN = MEDIUM.opponent_gain
WAIT_FACTOR = MEDIUM.wait_factor
# hard's own calls (its default at the root and its own seat in rollouts): more patient
# than medium's, by table size (see docs/bots/cabo.md: at two seats a medium player that
# waits for a surer call wins 63% of duplicate games against medium).
OWN_WAIT: dict[int, float] = {2: 0.3}


def own_wait(players: int) -> float:
    return OWN_WAIT.get(players, WAIT_FACTOR)


def own_style(players: int) -> Style:
    wait = own_wait(players)
    return MEDIUM if wait == MEDIUM.wait_factor else replace(MEDIUM, wait_factor=wait)


CARD_VARIANCE = 14.0
SQRT2 = math.sqrt(2.0)


def _power(
    state: CaboState,
    seat: int,
    legal: Sequence[Any],
    bit: int,
    high: int,
    high_at: int,
    unknown_at: int,
    rng: random.Random,
) -> Any:
    power = state.power
    if power == "peek":
        return legal[unknown_at] if unknown_at >= 0 else legal[-1]
    if power == "spy":
        # A card of another player we have not seen (legal lists them all, then skip).
        for _ in range(4):
            action = legal[rng.randrange(len(legal) - 1)]
            if not state.known[action.seat][action.slot] & bit:
                return action
        return legal[-1]
    mine = high_at if high >= 9 else unknown_at
    if mine < 0:
        return legal[-1]
    value = high if mine == high_at else UNSEEN
    best, best_value = None, value - 2.5
    for action in legal[:-1]:
        (s, i), (t, j) = action.a, action.b
        if (s, i) == (seat, mine):
            other, slot = t, j
        elif (t, j) == (seat, mine):
            other, slot = s, i
        else:
            continue
        mask = state.known[other][slot]
        theirs = state.rows[other][slot] if mask & bit else (KEPT if mask >> other & 1 else UNSEEN)
        if theirs < best_value:
            best, best_value = action, theirs
    return legal[-1] if best is None else best


def rollout_horizon(sample: State[Any]) -> int:
    """Rollouts stop when the round changes; ``evaluate`` values the totals then."""
    return own(sample).round


def win_chances(totals: Sequence[float], target: float) -> list[float]:
    """Each seat's chance to finish with the lowest total, from the totals so far: future
    rounds add a normal spread that shrinks as the highest total nears the target."""
    rounds = 1.0 + max(target - max(totals), 0.0) / ROUND_TOP
    spread = ROUND_SPREAD * math.sqrt(2.0 * rounds)
    chances = []
    for i, mine in enumerate(totals):
        chance = 1.0
        for j, theirs in enumerate(totals):
            if j != i:
                chance *= 0.5 * (1.0 + math.erf((theirs - mine) / (spread * math.sqrt(2.0))))
        chances.append(chance)
    norm = sum(chances) or 1.0
    return [c / norm for c in chances]


def evaluate(sample: State[Any]) -> list[float]:
    """Win chances from the totals. A rollout cut inside a round (``rollout_steps``) counts
    the round as if it were scored now: each row's sum, the caller's call judged on them,
    a Kamikaze as the rules score it."""
    state = own(sample)
    totals = [float(t) for t in state.totals]
    if state.phase not in ("start", "setup") or state.discard:
        scores = round_scores(state.rows, state.caller, rules_of(state))
        # An index loop: zip(strict=True) is a keyword call each time, compiled.
        totals = [totals[i] + scores[i] for i in range(len(totals))]
    return win_chances(totals, rules_of(state).target)


def round_scores(rows: Sequence[Sequence[int]], caller: int | None, rules: Rules) -> list[int]:
    """CA-15 on card numbers (the bots' own arithmetic: they never import the engine)."""
    if rules.kamikaze:
        for seat, row in enumerate(rows):
            if len(row) == 4 and sum(row) == 50 and sorted(row) == [12, 12, 13, 13]:
                return [0 if other == seat else 50 for other in range(len(rows))]
    sums = [sum(row) for row in rows]
    if caller is not None:
        sums[caller] = 0 if sums[caller] <= min(sums) else sums[caller] + rules.caller_penalty
    return sums


# Simulations per move for ``hard``, by table size: well under a second on a quiet core;
# the time cap (1 s) is only a safety net. Longer rounds make each simulation dearer.
BUDGET = {2: 400, 3: 240, 4: 240, 5: 200}


def hard_iterations(game: Game[Any]) -> int:
    return BUDGET.get(int(game.options["players"]), 150)


# A flat search: each of the root's actions is valued by rollouts of the heuristic.
tree_depth = 1
# Rollouts stop at the end of the round or after this many moves (about three turns of
# each player at four players), whichever comes first; ``evaluate`` values the position.
rollout_steps = 20


def root_actions(game: Game[Any], view: Mapping[str, Any], legal: Sequence[Any]) -> list[Any]:
    """The actions worth searching at the root: the heuristic's shortlist, read from the
    bot's view. At the start of a turn, the draw against a plausible take or call (where
    lookahead pays most); at two players, when placing a card, the options within
    ``SHORTLIST`` points of the heuristic's best (blind exchanges and plainly worse slots
    are left out: rollouts are too noisy to rank options a dozen points apart better than
    arithmetic does); the best few swaps and skipping. A look (7–10) is free information:
    the heuristic picks it and nothing is searched."""
    table = from_view(view, Rules.of(game.options))
    mind = Mind(table, own_style(table.players))
    options = {wire_key(game.action_to_json(action)): action for action in legal}
    choice = mind.decide()
    phase = table.phase
    if phase == "start":
        if table.reshuffles >= PATIENCE_DECKS and CALL in options:
            return [options[CALL]]  # the round must end: nothing to search
        keys = start_shortlist(mind, choice)
        if CALL in keys and choice != CALL and not call_worth_a_look(mind, view):
            keys.remove(CALL)
        return [options[key] for key in keys if key in options]
    ranked: list[tuple[float, Key]] = []
    # Placements are searched at every table size: on common random numbers (``paired``)
    # a few hundred rollouts tell apart options a few points apart, and the heuristic's
    # choice stays unless another is surely better.
    if phase in ("drawn", "taken") and table.holding is not None:
        ranked = mind.place_options(table.holding)
        if phase == "drawn":
            ranked.append((mind.power_value(table.holding), DISCARD))
    elif phase == "power" and table.power == "swap":
        ranked = [(mind.s.swap_min, SKIP), *mind.swap_options()]
    ranked.sort(key=lambda option: -option[0])
    keys = [choice]
    if ranked:
        floor = ranked[0][0] - SHORTLIST
        keys += [key for value, key in ranked[:SHORTLIST_SIZE] if value >= floor]
    out = []
    for key in keys:
        action = options.get(key)
        if action is not None and action not in out:
            out.append(action)
    return out or list(legal)


SHORTLIST = 3.0
SHORTLIST_SIZE = 5
CALL_CHANCE = 0.2  # a call is worth a search when its chance of the lowest sum is above


def call_worth_a_look(mind: Mind, view: Mapping[str, Any]) -> bool:
    """Whether the search may weigh a call its default would not make: never into a likely
    loss at a high total (its chance of the lowest sum under ``CALL_FLOOR`` with an
    expected sum above ``CALL_CEILING``) unless an opponent, by what it has shown, is
    likely to call at its next turn anyway (then our row is scored as it stands whatever
    we do, and only our call can turn it into nothing). Against a player who has not
    called in many turns (greedy or cautious, most likely) waiting is cheap."""
    if mind.t.players not in ADAPT_SEATS:
        return True
    if mind.call_chance() >= CALL_FLOOR or mind.expected_sum(mind.me)[0] <= CALL_CEILING:
        return True
    turn = int(adapt.turns_played(view))
    return adapt.chance_to_call_soon(beliefs_of(view), turn) >= CALL_SOON


CALL_FLOOR = 0.5
# The table sizes where hard's call guard reads its opponents' styles: the rates in
# ``adapt`` were measured at two seats, and only there the guard (docs/bots/cabo.md).
ADAPT_SEATS = (2,)
# Where rollouts play each opponent in a style drawn from its posterior: nowhere. Measured
# at two seats (200 games per opponent, seed 24) it lost against the greedy player (0.855
# and 0.875 against 0.960 without) and gained nothing measurable against any other.
STYLED_ROLLOUT_SEATS: tuple[int, ...] = ()
CALL_CEILING = 10.0
CALL_SOON = 0.15  # a likely medium at its first turns (0.3, 0.37); greedy, cautious: 0.003


def start_shortlist(mind: Mind, choice: Key) -> list[Key]:
    """Drawing, plus taking the discard when it is nearly as good as a draw and calling
    when the call has a real chance (most turns: only the draw, nothing to search)."""
    table = mind.t
    keys = [choice, DRAW]
    if table.top is not None:
        take = mind.best_place(table.top)[0] - mind.s.take_margin
        if take > 0 and take >= mind.draw_value() - SHORTLIST:
            keys.append(TAKE)
    if table.caller is None and mind.call_chance() >= CALL_CHANCE:
        keys.append(CALL)
    return list(dict.fromkeys(keys))


def determinize(
    game: Game[Any], view: Mapping[str, Any], seat: int, rng: random.Random
) -> CaboState:
    """The game's own sample of the hidden cards, then weighted by what people keep: a card
    an opponent has looked at and still holds is unlikely to be high (they would have
    replaced it), so a high one is traded, with a chance that grows with its number and
    with the turns its owner has had, for a random card of the deck. Both are cards this
    seat has not seen, so the sample stays consistent with the view. At the table sizes
    of ``STYLED_ROLLOUT_SEATS`` (none: measured, it lost) each opponent plays the
    sample's rollouts in a style drawn from what the view shows of it (``adapt``)."""
    state = cast(CaboGame, game).determinize(view, seat, rng)
    styles = None
    if state.players in STYLED_ROLLOUT_SEATS:
        styles = adapt.draw_styles(beliefs_of(view), seat, state.players, rng)
    return weigh_kept(state, seat, rng, styles)


def reference_sample(
    game: Game[Any], view: Mapping[str, Any], seat: int, rng: random.Random
) -> CaboState:
    """``determinize`` with every opponent playing medium's rollouts: the review's
    reference, so that a mark measures the move, not a guess at who the opponent was."""
    return weigh_kept(cast(CaboGame, game).determinize(view, seat, rng), seat, rng, None)


def weigh_kept(
    state: CaboState, seat: int, rng: random.Random, styles: tuple[RolloutStyle, ...] | None
) -> CaboState:
    """``determinize``'s weighting of the kept cards, on the game's own sample."""
    state.searcher = seat  # whose imagination: its own calls in rollouts are its own
    if styles is not None:
        setattr(state, STYLES_FIELD, styles)
    # Rollouts stop when the round ends and ``evaluate`` reads only the totals: the next
    # round's deal need not be shuffled (a fresh shuffle and a copy of the state's
    # generator were a quarter of a rollout's time). Stacked decks are the engine's own
    # way to fix a round's cards.
    state.stacked = NEXT_DECKS
    deck: list[int] = state.deck
    if not deck:
        return state
    bit = 1 << seat
    players = state.players
    turns = max(52 - 4 * players - len(deck), 0) / players
    strength = KEPT_WEIGHT * min(1.0, turns / 2.0)
    for owner in range(players):
        if owner == seat:
            continue
        row, known = state.rows[owner], state.known[owner]
        # A caller called on the cards it knows: they are low, whatever the turn.
        weight, above = (1.0, CALLER_ABOVE) if owner == state.caller else (strength, KEPT_ABOVE)
        for j, mask in enumerate(known):
            if mask & bit or not mask >> owner & 1:
                continue
            for _ in range(TRIES):
                card = row[j]
                if card <= above or rng.random() >= weight * (card - above) / (13 - above):
                    break
                k = rng.randrange(len(deck))
                row[j], deck[k] = deck[k], card
    return state


# adapt.read_table(view), once per search (``population.PerView``)
beliefs_of = population.PerView(adapt.read_table)


KEPT_WEIGHT = 0.8
_DECK = [card for card, count in enumerate(BASE_COUNTS) for _ in range(count)]
random.Random(0).shuffle(_DECK)
# A rollout crosses one round's end at most; later deals (none) would be shuffled again.
NEXT_DECKS = (tuple(_DECK),) * 2
KEPT_ABOVE = 5
CALLER_ABOVE = 3
TRIES = 2


# The root's few actions are compared on common random numbers (the same samples and
# rollout seeds for each), and the heuristic's choice (the shortlist's first) is kept
# unless another action beats it by ``confidence`` standard errors.
paired = True
confidence = 1.0

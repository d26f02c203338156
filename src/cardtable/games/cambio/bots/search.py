"""What guides ``hard`` (the generic ISMCTS) at Cambio: a fast rollout policy, the root's
shortlist, a weighted sampler and the simulation budget.

Rollouts run on *sampled* states (drawn from the searching bot's view by ``determinize``):
that is the bot's own imagination, so they may read the sample's internals for speed. The
rollout policy still plays each seat from that seat's own knowledge bits in the sample, so
simulated players never play with cards they have not seen. It is the medium player's
rules of thumb (policy.py) cut down to a few comparisons per decision."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from cardtable.core import Game, State, population
from cardtable.games.cambio.bots import adapt
from cardtable.games.cambio.bots.adapt import RolloutStyle
from cardtable.games.cambio.bots.knowledge import (
    FULL_DECK,
    Rules,
    Table,
    _turns,
    from_view,
    match_key,
    rules_of,
)
from cardtable.games.cambio.bots.players import wire_key
from cardtable.games.cambio.bots.policy import (
    DISCARD,
    DRAW,
    MEDIUM,
    SKIP,
    STILL,
    Key,
    Mind,
    kept_discount,
)
from cardtable.games.cambio.game import CambioGame
from cardtable.games.cambio.state import CambioState

# The medium player's knobs, as plain numbers.
KEPT_DISCOUNT = MEDIUM.kept_discount
PEEK_VALUE = MEDIUM.peek_value
SPY_VALUE = MEDIUM.spy_value
INFO_BONUS = MEDIUM.info_bonus
SWAP_MIN = MEDIUM.swap_min
KING_SWAP_MIN = MEDIUM.king_swap_min
SNAP_MARGIN = MEDIUM.snap_margin
HARM_OTHER = MEDIUM.harm_other
LAST_GAIN = 2.0 + MEDIUM.last_swap_risk  # an opponent's last turn, on average
CALL_CHANCE = MEDIUM.call_chance
CALL_STEP = MEDIUM.call_chance_step
CALL_MAX = MEDIUM.call_max_total
VARIANCE = 12.0  # of one unseen card's value (standard values: about 12)
SQRT2 = math.sqrt(2.0)
POWER = {"7": 1, "8": 1, "9": 2, "T": 2, "J": 3, "Q": 3, "K": 4}  # peek, spy, swap, king
UNKNOWN_POWER = 0.4  # what an unseen card replaced out of hand gives through its power


class Mindset:
    """One seat's view of a sampled state for one rollout decision: estimates of the cards
    from that seat's knowledge bits, each worked out only when a rule of thumb asks."""

    __slots__ = ("_est", "_mean", "bit", "seat", "state", "values")

    def __init__(self, state: CambioState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.bit = 1 << seat
        self.values: Mapping[str, int] = state.rules.values
        self._mean: float | None = None
        self._est: list[list[float] | None] = [None] * state.players

    @property
    def mean(self) -> float:
        """The mean value of the cards this seat has not seen (the pile and its own known
        cards accounted for: what it knows of other hands is left out, for speed)."""
        if self._mean is None:
            state, values, bit = self.state, self.values, self.bit
            discard = state.discard
            seen_sum = sum(map(values.__getitem__, discard))
            seen = len(discard)
            hand, known = state.hands[self.seat], state.known[self.seat]
            for i in range(len(hand)):
                card = hand[i]
                if known[i] & bit and card is not None:
                    seen_sum += values[card]
                    seen += 1
            if state.drawn is not None and state.current == self.seat:
                seen_sum += values[state.drawn]
                seen += 1
            left = len(FULL_DECK) - seen
            self._mean = (state.rules.deck_sum - seen_sum) / left if left > 0 else 5.0
        return self._mean

    def row(self, owner: int) -> list[float]:
        """The estimated value of each card of ``owner`` (an empty slot counts 0)."""
        out = self._est[owner]
        if out is None:
            state, values, bit = self.state, self.values, self.bit
            mean = self.mean
            kept = mean
            if owner != self.seat:
                drawn = max(len(FULL_DECK) - 4 * state.players - 1 - len(state.deck), 0)
                kept -= kept_discount(KEPT_DISCOUNT, drawn / state.players)
            owner_bit = 1 << owner
            out = []
            hand, known = state.hands[owner], state.known[owner]
            for i in range(len(hand)):
                card, mask = hand[i], known[i]
                if card is None:
                    out.append(0.0)
                elif mask & bit:
                    out.append(float(values[card]))
                elif mask & owner_bit:
                    out.append(kept)
                else:
                    out.append(mean)
            self._est[owner] = out
        return out

    def knows(self, owner: int, slot: int) -> bool:
        return bool(self.state.known[owner][slot] & self.bit)

    def unknown_at(self) -> int:
        """The first of our cards we do not know, or -1."""
        bit = self.bit
        hand, known = self.state.hands[self.seat], self.state.known[self.seat]
        for i in range(len(hand)):
            if hand[i] is not None and not known[i] & bit:
                return i
        return -1

    def high(self) -> float:
        """Our highest known card's value (-99 when we know none)."""
        bit, values = self.bit, self.values
        hand, known = self.state.hands[self.seat], self.state.known[self.seat]
        high = -99
        for i in range(len(hand)):
            card = hand[i]
            if card is not None and known[i] & bit and values[card] > high:
                high = values[card]
        return high

    def total(self, owner: int) -> float:
        return sum(self.row(owner))

    def unknowns(self, owner: int) -> int:
        hand, known, bit = self.state.hands[owner], self.state.known[owner], self.bit
        count = 0
        for i in range(len(hand)):
            if hand[i] is not None and not known[i] & bit:
                count += 1
        return count

    def leader(self) -> int:
        """The opponent with the lowest expected total (the caller once there is one)."""
        state = self.state
        caller = state.caller
        if caller is not None and caller != self.seat:
            return int(caller)
        best, best_total = -1, math.inf
        for owner in range(state.players):
            if owner != self.seat:
                total = self.total(owner)
                if total < best_total:
                    best, best_total = owner, total
        return best

    def harm(self, owner: int, leader: int) -> float:
        return 1.0 if self.state.players == 2 or owner == leader else HARM_OTHER


def own(state: State[Any]) -> CambioState:
    """A sampled state as what it is, its own engine's, with types (the search hands the
    hooks the generic ``State``; this is the one cast at that boundary)."""
    return cast(CambioState, state)


def rollout_policy(sample: State[Any], seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
    """The medium player's rules of thumb on the sample, from ``seat``'s knowledge bits;
    ``None`` lets a snap window pass."""
    state = own(sample)
    current = state.current
    if state.giver is not None:
        return _give(Mindset(state, seat), legal) if seat == state.giver else None
    phase = state.phase
    if phase == "setup":
        return legal[0]
    if len(legal) == 1 and seat == current:
        return legal[0]
    style = style_of(state, seat)
    mind = Mindset(seen_by_all(state) if style.sees_all else state, seat)
    snap = _snap(mind, legal, style.snap_all)
    if seat != current:
        return snap
    if phase == "turn":
        if snap is not None:
            return snap
        if state.caller is None and _should_call(mind, style):
            return legal[1]  # draw, call, snaps…
        return legal[0]
    if phase == "drawn":
        return _place(mind, legal)
    if snap is not None:
        return snap
    return _power(mind, legal)


ALL_SEATS = -1  # every bit set: every seat's ``1 << seat`` finds it


def seen_by_all(state: CambioState) -> CambioState:
    """The sample as a player who reads every card sees it: a shallow copy whose knowledge
    bits say every seat has seen every card (the sample itself is left as it is)."""
    other = CambioState.__new__(CambioState)
    other.__dict__.update(state.__dict__)
    other.known = [[ALL_SEATS] * len(row) for row in state.hands]
    return other


def style_of(state: CambioState, seat: int) -> RolloutStyle:
    """The style ``seat`` plays in this rollout (medium where the sample sets none)."""
    styles = state.search_styles  # determinize sets it, a clone copies it
    return adapt.STYLES[adapt.MEDIUM_INDEX] if styles is None else styles[seat]


def _snap(mind: Mindset, legal: Sequence[Any], eager: bool = False) -> Any:
    """A snap of a card this seat knows matches the top discard, if one is worth it
    (``eager``: any such snap, worth it or not)."""
    state = mind.state
    if not state.discard:
        return None
    rules = state.rules
    if rules.snap_anytime:
        if not state.snap_open:
            return None
    elif not (rules.snap_own_turn and state.phase == "turn" and state.current == mind.seat):
        return None
    want = match_key(state.discard[-1])
    seat, bit = mind.seat, mind.bit
    values = mind.values
    best, best_worth = None, -math.inf if eager else 0.0
    for owner, row in enumerate(state.hands):
        known = state.known[owner]
        for slot, card in enumerate(row):
            if card is None or not known[slot] & bit or match_key(card) != want:
                continue
            if owner == seat:
                worth = values[card] + 0.1
            else:
                give = max(mind.row(seat))
                harm = mind.harm(owner, mind.leader())
                worth = give + harm * (give - values[card]) - SNAP_MARGIN
            if worth > best_worth:
                action = rules.snap_table[owner][slot]
                if _listed(action, legal):
                    best, best_worth = action, worth
    return best


def _listed(action: Any, legal: Sequence[Any]) -> bool:
    """``action in legal``, looking for the very object first: the rules' tables hold the
    actions the engine lists, so a scan by identity finds a legal one without comparing
    tuples (a swap list at four seats is over a hundred of them)."""
    for listed in legal:
        if listed is action:
            return True
    return action in legal


def _give(mind: Mindset, legal: Sequence[Any]) -> Any:
    """Our worst card (by estimate) goes into the opponent's empty slot."""
    est = mind.row(mind.seat)
    hand = mind.state.hands[mind.seat]
    best = max((i for i, c in enumerate(hand) if c is not None), key=est.__getitem__)
    action = mind.state.rules.give_table[best]
    return action if _listed(action, legal) else legal[0]


def _should_call(mind: Mindset, style: RolloutStyle) -> bool:
    """The medium player's call (policy.Mind.should_call), on the knowledge bits, with
    ``style``'s threshold, ceiling and turns."""
    seat = mind.seat
    state = mind.state
    players: int = state.players
    if style.first_call or style.last_call < math.inf:
        turns = _turns(players, len(state.deck), len(state.discard))
        if not style.first_call <= turns <= style.last_call:
            return False
    bit, values = mind.bit, mind.values
    known_sum = 0
    hand, known = state.hands[seat], state.known[seat]
    for i in range(len(hand)):
        card = hand[i]
        if known[i] & bit and card is not None:
            known_sum += values[card]
    ceiling = style.call_max
    if known_sum > ceiling:
        return False  # unseen cards only add (their mean is positive)
    mine = mind.total(seat)
    if mine > ceiling:
        return False
    worst = max(mind.row(seat))
    threshold = style.call_chance - CALL_STEP * (players - 2)
    threshold -= STILL * (1.0 - min(1.0, _gain(mind.values, worst) / 2.0))
    my_unknown = mind.unknowns(seat)
    chance = 1.0
    for owner in range(players):
        if owner == seat:
            continue
        theirs = mind.total(owner) - LAST_GAIN
        spread = math.sqrt((my_unknown + mind.unknowns(owner)) * VARIANCE + 4.0)
        chance *= 0.5 * (1.0 + math.erf((theirs - mine + 0.5) / (spread * SQRT2)))
    return chance >= threshold


def _gain(values: Mapping[str, int], worst: float) -> float:
    """What a fresh card saves over one worth ``worst``, on average over the whole deck."""
    key = (values["Kh"], values["RJ"], round(worst * 4))  # the only values options change
    gain = _GAINS.get(key)
    if gain is None:
        if len(_GAINS) > 4096:
            _GAINS.clear()
        deck = [values[c] for c in FULL_DECK]
        gain = _GAINS[key] = sum(max(0.0, worst - v) for v in deck) / len(deck)
    return gain


_GAINS: dict[tuple[int, int, int], float] = {}


def _power_value(mind: Mindset, card: str, unknown_after: bool) -> float:
    """What discarding ``card`` is worth through its power, roughly."""
    power = POWER.get(card[0], 0) if card[1] != "J" else 0  # jokers: no power
    if not power:
        return 0.0
    last = mind.state.caller is not None
    if power == 1:
        return PEEK_VALUE if unknown_after and not last else 0.0
    if power == 2:
        return 0.0 if last else SPY_VALUE
    # A swap: our highest card against the lowest estimate among the opponents' cards.
    seat = mind.seat
    high = max(mind.row(seat))
    low = high
    for owner in range(mind.state.players):
        if owner != seat:
            row, hand = mind.row(owner), mind.state.hands[owner]
            for i in range(len(hand)):
                if hand[i] is not None and row[i] < low:
                    low = row[i]
    swap = max((high - low) * 2.0 - SWAP_MIN, 0.0)
    return swap + (0.0 if power == 3 or last else 1.0)


def _place(mind: Mindset, legal: Sequence[Any]) -> Any:
    """The drawn card: the replacement (or the discard) worth most."""
    state = mind.state
    card = state.drawn
    assert card is not None  # the "drawn" phase holds a drawn card
    value = mind.values[card]
    seat = mind.seat
    est = mind.row(seat)
    hand, known, bit = state.hands[seat], state.known[seat], mind.bit
    unknown = mind.unknown_at() >= 0
    info = 0.0 if state.caller is not None else INFO_BONUS
    best, best_gain = legal[0], _power_value(mind, card, unknown)
    for action in legal[1:]:
        slot = action.slot
        gain = est[slot] - value
        if known[slot] & bit:
            old = hand[slot]
            if old[0] in POWER:
                gain += _power_value(mind, old, unknown)
        else:
            gain += UNKNOWN_POWER + info
        if gain > best_gain:
            best, best_gain = action, gain
    return best


def _power(mind: Mindset, legal: Sequence[Any]) -> Any:
    state = mind.state
    step = state.step
    seat = mind.seat
    table = state.rules.peek_table
    last = state.caller is not None
    skip = legal[0]
    if step == "peek_own" or step == "king_peek_last":
        if last:
            return skip
        unknown = mind.unknown_at()
        if unknown >= 0:
            return table[seat][unknown]
        return _spy(mind, legal) if step == "king_peek_last" else skip
    if step == "peek_opponent":
        return skip if last else _spy(mind, legal)
    if step == "swap":
        return _swap(mind, legal, SWAP_MIN)
    if step == "king_swap":
        return _swap(mind, legal, KING_SWAP_MIN)
    # A king's first step: look where the swap that follows will gain most. A known
    # high card of ours wants an opponent's low card (peek one their owner kept); else
    # look at one of our unknown cards.
    unknown = mind.unknown_at()
    if mind.high() >= mind.mean or unknown < 0:
        spy = _spy(mind, legal)
        if spy is not skip:
            return spy
    if unknown >= 0:
        return table[seat][unknown]
    if step == "king_either":
        return _swap(mind, legal, KING_SWAP_MIN)
    return skip


def _spy(mind: Mindset, legal: Sequence[Any]) -> Any:
    """An opponent's card we have not seen: the leader's, one its owner kept first."""
    state = mind.state
    seat, bit = mind.seat, mind.bit
    leader = mind.leader()
    best, best_score = legal[0], -math.inf
    table = state.rules.peek_table
    for owner, row in enumerate(state.hands):
        if owner == seat:
            continue
        known = state.known[owner]
        for slot, card in enumerate(row):
            if card is None or known[slot] & bit:
                continue
            score = 3.0 * (owner == leader) + 2.0 * (known[slot] >> owner & 1) - 0.1 * slot
            if score > best_score:
                best, best_score = table[owner][slot], score
    return best if _listed(best, legal) else legal[0]


def _swap(mind: Mindset, legal: Sequence[Any], floor: float) -> Any:
    """Our highest card (by estimate) for the opponent's card that gains most."""
    state = mind.state
    seat = mind.seat
    mine = mind.row(seat)
    hand = state.hands[seat]
    slot = -1  # the first of our highest cards
    for i in range(len(hand)):
        if hand[i] is not None and (slot < 0 or mine[i] > mine[slot]):
            slot = i
    if slot < 0:
        return legal[0]
    leader = mind.leader()
    locked = state.caller if state.rules.lock_caller else None
    best, best_value = None, floor
    for owner in range(state.players):
        if owner in (seat, locked):
            continue
        weight = 1.0 + mind.harm(owner, leader)
        theirs = mind.row(owner)
        for j, card in enumerate(state.hands[owner]):
            if card is None:
                continue
            value = (mine[slot] - theirs[j]) * weight
            if value > best_value:
                best, best_value = (owner, j), value
    if best is None:
        return legal[0]
    a, b = (seat, slot), best
    action = state.rules.swap_table[min(a, b)][max(a, b)]
    return action if _listed(action, legal) else legal[0]


# -- the root ------------------------------------------------------------------------------
def root_actions(game: Game[Any], view: Mapping[str, Any], legal: Sequence[Any]) -> list[Any]:
    """The actions worth searching at the root, read from the bot's view: at the start of a
    turn drawing, and calling only where the heuristic calls (its snap alone, if any); with
    a drawn card the options within ``SHORTLIST`` points of the heuristic's best; a swap's
    best few and skipping. Snaps of known matches, looks and gives are the heuristic's
    alone (nothing to search); a snap window where the heuristic snaps nothing is let pass
    (``[None]``: the search returns it without simulating)."""
    options = {wire_key(game.action_to_json(action)): action for action in legal}
    table = from_view(view, Rules.of(game.options))
    mind = Mind(table, MEDIUM, options)
    choice = mind.decide()
    me = table.me
    if table.turn != me or table.giver is not None or table.phase == "setup":
        return [options[choice]] if choice is not None else [None]
    if choice is not None and table.caller is None and first_turn(view, table):
        # A departure before anyone has shown how they play bets on a long round; against
        # a player who calls at once (random) those bets lost (docs/bots/cambio.md).
        return [options[choice]]
    keys: list[Key] = [choice] if choice is not None else []
    if table.phase == "turn":
        if choice is not None and choice[0] == "snap":
            return [options[choice]]
        # A call is medium's alone (first when medium calls): the search may hold one back
        # by drawing, never make one medium would not (issue #24: those lost to greedy).
        keys.append(DRAW)
    elif table.phase == "drawn" and table.drawn is not None and SEARCH_PLACE:
        ranked = mind.place_options(table.drawn)
        ranked.sort(key=lambda option: -option[0])
        floor = ranked[0][0] - SHORTLIST
        keys += [key for value, key in ranked[:SHORTLIST_SIZE] if value >= floor]
    elif table.phase == "power" and table.step in ("swap", "king_swap") and SEARCH_SWAP:
        own = table.step == "king_swap"
        ranked = []
        for key in options:
            if key[0] == "swap":
                a, b = key[1], key[2]
                assert isinstance(a, tuple) and isinstance(b, tuple)
                if not own or me in (a[0], b[0]):
                    ranked.append((mind.swap_value(a, b), key))
        ranked.sort(key=lambda option: -option[0])
        keys += [key for _, key in ranked[:SHORTLIST_SIZE]]
        keys.append(SKIP)
    out = []
    for key in keys:
        action = options.get(key)
        if action is not None and action not in out:
            out.append(action)
    return out or list(legal)


def first_turn(view: Mapping[str, Any], table: Table) -> bool:
    """Whether this seat is in its first turn of the round: fewer turns completed than
    seats. Each completed turn puts one card on the discard pile (after the card turned up
    at the deal); in the power step the card just discarded is this turn's own. A correct
    snap puts one more there, so a first turn may read as a later one, never the reverse."""
    completed = len(view["discard"]) - 1 - (table.phase == "power")
    return completed < table.players


SEARCH_PLACE = True
SEARCH_SWAP = True
SHORTLIST = 4.0
SHORTLIST_SIZE = 4
DISCARD_KEY = DISCARD


def determinize(
    game: Game[Any], view: Mapping[str, Any], seat: int, rng: random.Random
) -> CambioState:
    """One state the search imagines: a weighted sample of the hidden cards
    (``weighted_sample``), marked with the deck's size at the root so that a rollout knows
    how far it has gone (``rollout_horizon``). The search plays every root action from the
    same sample and rollout seed (``paired``), so the actions meet the same hidden cards and
    the same draws. Each opponent plays its rollouts in a style drawn from what the view
    shows of it (``adapt``)."""
    state = reference_sample(game, view, seat, rng)
    state.search_styles = adapt.draw_styles(beliefs_of(view), seat, state.players, rng)
    return state


# adapt.read_table(view), once per search (``population.PerView``)
beliefs_of = population.PerView(adapt.read_table)


def reference_sample(
    game: Game[Any], view: Mapping[str, Any], seat: int, rng: random.Random
) -> CambioState:
    """``determinize`` with every seat playing medium: the review's opponent."""
    state = weighted_sample(game, view, seat, rng)
    state.search_mark = len(state.deck)  # the deck's size at the root
    return state


def weighted_sample(
    game: Game[Any], view: Mapping[str, Any], seat: int, rng: random.Random
) -> CambioState:
    """The game's own sample of the hidden cards, then weighted by what people keep: a card
    an opponent has looked at and still holds is unlikely to be high (they would have
    replaced it). Metropolis steps against random deck cards tilt each such card's value
    by ``exp(-KEPT_TILT * value)``: one step before its owner has had a turn, three after
    (kept cards then read about 2.8 below the unseen mean, as measured in medium's games).
    Both cards are ones this seat has not seen, so the sample stays consistent with
    the view. (The deck order stays random: a swapped card lands where the other was.)"""
    state = cast(CambioGame, game).determinize(view, seat, rng)
    deck = state.deck
    if not deck:
        return state
    values: Mapping[str, int] = state.rules.values
    bit = 1 << seat
    players = state.players
    turns = max(len(FULL_DECK) - 4 * players - 1 - len(deck), 0) / players
    steps = KEPT_STEPS if turns >= 1.0 else 1
    for owner in range(players):
        if owner == seat:
            continue
        row, known = state.hands[owner], state.known[owner]
        owner_bit = 1 << owner
        for j, mask in enumerate(known):
            card = row[j]
            if mask & bit or not mask & owner_bit or card is None:
                continue
            for _ in range(steps):
                k = rng.randrange(len(deck))
                other = deck[k]
                drop = values[card] - values[other]
                if drop >= 0 or rng.random() < math.exp(KEPT_TILT * drop):
                    row[j], deck[k] = other, card
                    card = other
    return state


KEPT_TILT = 0.3
KEPT_STEPS = 3  # one step lowers a kept card by about 1.6, three by about 2.8

# -- rollouts cut short ----------------------------------------------------------------------
HORIZON = {2: 4, 3: 6}  # draws after the root before a rollout is cut (8 from 4 players)


def rollout_horizon(sample: State[Any]) -> bool:
    """Whether a rollout has gone far enough: ``HORIZON`` draws past the root (or past a
    reshuffle), unless someone has called, when it plays on to the end (a few turns)."""
    state = own(sample)
    if state.caller is not None:
        return False
    root: int | None = state.search_mark
    if root is None:
        return False
    drawn = root - len(state.deck)
    return drawn < 0 or drawn >= HORIZON.get(state.players, 8)


# A fitted model of who wins when medium players play on (logistic regression over
# medium's games, pairwise): per seat, the true sum of the cards it has not seen itself,
# the sum of those it knows (and that sum with each card capped at 4: a known high card is
# soon replaced), how many it has not seen, how many it holds, and whether it moves next.
EVAL_WEIGHTS = {2: (0.0275, 0.045, -0.1688, -0.6116, -0.191, 0.1002)}


def evaluate(sample: State[Any]) -> list[float]:
    """Each seat's chance to win a position cut short: the product of its pairwise chances
    to finish below each opponent, normalized."""
    state = own(sample)
    players: int = state.players
    values: Mapping[str, int] = state.rules.values
    wu, wk, wc, wn, wh, wm = EVAL_WEIGHTS.get(players, EVAL_WEIGHTS[2])
    strength = []
    for seat in range(players):
        bit = 1 << seat
        unknown = known = capped = 0.0
        hidden = held = 0
        hand, known_bits = state.hands[seat], state.known[seat]
        for i in range(len(hand)):
            card, mask = hand[i], known_bits[i]
            if card is None:
                continue
            held += 1
            value = values[card]
            if mask & bit:
                known += value
                capped += value if value < 4 else 4
            else:
                unknown += value
                hidden += 1
        z = wu * unknown + wk * known + wc * capped + wn * hidden + wh * held
        strength.append(z + (wm if seat == state.current else 0.0))
    chances = []
    for seat, mine in enumerate(strength):
        chance = 1.0
        for other, theirs in enumerate(strength):
            if other != seat:
                chance /= 1.0 + math.exp(theirs - mine)
        chances.append(chance)
    norm = sum(chances) or 1.0
    return [c / norm for c in chances]


# Rollouts per move for ``hard`` (one per root action per sample); the time cap (1 s) is
# only a safety net.
hard_iterations = 400
# A flat search: each root action is valued by rollouts of the heuristic, all of them
# from the same samples and rollout seeds (common random numbers), and the heuristic's
# choice (the shortlist's first) is kept unless another action beats it by ``confidence``
# standard errors of the paired difference.
tree_depth = 1
paired = True
confidence = 1.0

__all__ = [
    "confidence",
    "determinize",
    "evaluate",
    "hard_iterations",
    "paired",
    "rollout_horizon",
    "rollout_policy",
    "root_actions",
    "rules_of",
    "tree_depth",
]

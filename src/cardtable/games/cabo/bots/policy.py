"""The Cabo heuristic: how a good human plays, as a function of a ``Table`` (one seat's
knowledge) to a decision key.

A decision key is a small tuple: ``("draw",)``, ``("take_discard",)``, ``("call",)``,
``("discard",)``, ``("replace", slots)``, ``("peek", seat, slot)``,
``("swap", (s, i), (t, j))`` (positions in increasing order) or ``("skip",)``. The bots
turn a key back into one of the legal actions they were given.

The player values each card it has not seen at the mean of the cards it has not seen
(an opponent's card its owner has seen a little lower: people keep low cards), keeps low
cards and replaces high ones, exchanges known equal cards, completes a Kamikaze, uses
every power (looks at its own unknown cards first, spies on the most dangerous opponent,
swaps its known high card for an opponent's known low one, hurts a caller in the last
turns) and calls Cabo when the chance that its total is the lowest makes the call cheaper
than playing on."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from cardtable.games.cabo.bots.knowledge import KAMIKAZE, Table

Key = tuple[object, ...]
DRAW: Key = ("draw",)
TAKE: Key = ("take_discard",)
CALL: Key = ("call",)
DISCARD: Key = ("discard",)
SKIP: Key = ("skip",)
KAMIKAZE_GAIN = 60.0  # worth more than any plain replacement: 0 for us, 50 for the others
PEEK_CARDS = (7, 8)
SPY_CARDS = (9, 10)
SWAP_CARDS = (11, 12)
# With deck_out=reshuffle (CA-14) only a call ends a round, and players who each find
# waiting cheaper than calling (all sums tiny, say) would play one round for ever: once the
# deck has been refilled this often in a round, medium calls at its turn.
PATIENCE_DECKS = 2


@dataclass(frozen=True, slots=True)
class Style:
    """The knobs of the heuristic (medium's defaults; easy and the rollouts vary them)."""

    kept_discount: float = 1.5  # an opponent's card its owner has seen: likely lower
    peek_value: float = 2.0  # looking at one of our unknown cards
    spy_value: float = 0.8  # looking at an opponent's card
    unknown_bonus: float = 0.5  # placing on an unknown slot also makes the slot known
    swap_min: float = 2.0  # the least a swap must be worth
    opponent_gain: float = 2.0  # what an opponent gains in its last turn after a call
    wait_factor: float = 0.8  # playing on: the expected sum shrinks to this share
    take_margin: float = 0.3  # a taken discard is public: opponents know where it went
    exact_draw: bool = True  # value a draw card by card (else a fixed estimate)
    draw_estimate: float = 2.0


MEDIUM = Style()


def is_kamikaze(cards: list[int | None]) -> bool:
    """Exactly 12, 12, 13, 13, all known."""
    # A list, not a generator: compiled, a cpdef function cannot hold a closure.
    return (
        len(cards) == 4 and None not in cards and sorted([c or 0 for c in cards]) == KAMIKAZE_LIST
    )


KAMIKAZE_LIST = list(KAMIKAZE)


def phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class Mind:
    """One decision: the table, the style and the numbers derived from them. Compiled, an
    extension type (policy.pxd): a rollout at three seats or more makes one at every
    decision and its methods call one another throughout."""

    def __init__(self, table: Table, style: Style) -> None:
        self.t = table
        self.s = style
        self.me = table.me
        self.row = table.rows[table.me]
        self.mean = table.mean()
        # The round ends for us after this turn: information is worth nothing any more.
        self.last_turn = (table.caller is not None and table.caller != table.me) or table.deck <= 1
        self.kamikaze_now = table.rules.kamikaze and is_kamikaze(self.row)
        # Each row's estimates, worked out once per decision (a rollout's hottest part).
        self._estimates: list[list[float] | None] = [None] * table.players

    # -- estimates -------------------------------------------------------------------
    def estimate(self, owner: int, slot: int) -> float:
        card = self.t.rows[owner][slot]
        if card is not None:
            return float(card)
        if owner != self.me and self.t.owner_knows[owner][slot]:
            return max(self.mean - self.s.kept_discount, 1.0)
        return self.mean

    def estimates(self, owner: int) -> list[float]:
        """``estimate`` of every slot of ``owner``'s row."""
        known = self._estimates[owner]
        if known is None:
            known = [self.estimate(owner, i) for i in range(len(self.t.rows[owner]))]
            self._estimates[owner] = known
        return known

    def expected_sum(self, owner: int) -> tuple[float, int]:
        return sum(self.estimates(owner)), self.t.rows[owner].count(None)

    def opponents(self) -> list[int]:
        return [s for s in range(self.t.players) if s != self.me]

    # -- placing a card in our row ---------------------------------------------------
    def place_options(self, card: int) -> list[tuple[float, Key]]:
        row, mean = self.row, self.mean
        bonus = 0.0 if self.last_turn else self.s.unknown_bonus
        out: list[tuple[float, Key]] = []
        for i, value in enumerate(row):
            gain = (mean + bonus if value is None else value) - card
            out.append((gain, ("replace", (i,))))
        groups: dict[int, list[int]] = {}
        for i, value in enumerate(row):
            if value is not None:
                groups.setdefault(value, []).append(i)
        for value, slots in groups.items():
            if len(slots) >= 2:
                slots = slots[:4]
                out.append((len(slots) * value - card + 0.5, ("replace", tuple(slots))))
        if self.kamikaze_now:
            out = [(gain - KAMIKAZE_GAIN, key) for gain, key in out]
        elif self.t.rules.kamikaze and len(row) == 4 and card >= 12:
            for i in range(4):
                if is_kamikaze([*row[:i], card, *row[i + 1 :]]):
                    out.append((KAMIKAZE_GAIN, ("replace", (i,))))
        return out

    def best_place(self, card: int) -> tuple[float, Key]:
        best: tuple[float, Key] | None = None
        for option in self.place_options(card):
            if best is None or option[0] > best[0]:
                best = option
        assert best is not None
        return best

    # -- powers ----------------------------------------------------------------------
    def harm_weight(self, owner: int) -> float:
        """How much raising ``owner``'s sum is worth to us, per point."""
        weight = 1.0 / (self.t.players - 1)
        if owner == self.t.caller:
            weight = 1.5
        elif self.t.players > 2 and self.t.totals[owner] == min(self.t.totals):
            weight *= 1.5
        return weight

    def swap_options(self) -> list[tuple[float, Key]]:
        """Every swap on offer with its worth: what it saves us plus what it costs the
        other player (weighted by how much that player matters)."""
        t, me = self.t, self.me
        locked = t.caller if t.rules.lock_caller else None
        others = [
            (owner, 1.0 + self.harm_weight(owner), self.estimates(owner))
            for owner in self.opponents()
            if owner != locked
        ]
        out: list[tuple[float, Key]] = []
        kamikaze = t.rules.kamikaze
        for i, mine in enumerate(self.estimates(me)):
            for owner, weight, theirs in others:
                for j, value in enumerate(theirs):
                    score = (mine - value) * weight
                    if kamikaze:
                        score += self.kamikaze_swap(i, owner, j)
                    a, b = (me, i), (owner, j)
                    out.append((score, ("swap", a, b) if me < owner else ("swap", b, a)))
        return out

    def best_swap(self) -> tuple[float, Key]:
        best: tuple[float, Key] = (-math.inf, SKIP)
        for option in self.swap_options():
            if option[0] > best[0]:
                best = option
        return best

    def kamikaze_swap(self, i: int, owner: int, j: int) -> float:
        """Never hand an opponent its Kamikaze; take ours if the swap completes it."""
        mine, theirs = self.row[i], self.t.rows[owner][j]
        their_row = self.t.rows[owner]
        if (
            mine is not None
            and mine >= 12
            and is_kamikaze([*their_row[:j], mine, *their_row[j + 1 :]])
        ):
            return -2 * KAMIKAZE_GAIN
        if (
            theirs is not None
            and theirs >= 12
            and is_kamikaze([*self.row[:i], theirs, *self.row[i + 1 :]])
        ):
            return KAMIKAZE_GAIN
        if self.kamikaze_now:
            return -KAMIKAZE_GAIN
        return 0.0

    def power_value(self, card: int) -> float:
        if self.last_turn and card not in SWAP_CARDS:
            return 0.0
        if card in PEEK_CARDS:
            return self.s.peek_value if None in self.row else 0.0
        if card in SPY_CARDS:
            # A loop, not any() over a generator: compiled, a cpdef method has no closure.
            for owner in self.opponents():
                if None in self.t.rows[owner]:
                    return self.s.spy_value
            return 0.0
        if card in SWAP_CARDS:
            return max(self.best_swap()[0], 0.0)
        return 0.0

    def draw_value(self) -> float:
        """What drawing from the deck is worth: for each card we may draw, the better of
        placing it and discarding it for its power."""
        if not self.s.exact_draw:
            return self.s.draw_estimate
        pool = self.t.pool
        total = sum(pool)
        if not total:
            return 0.0
        swap_value = self.power_value(11)
        value = 0.0
        for card, count in enumerate(pool):
            if count:
                power = swap_value if card in SWAP_CARDS else self.power_value(card)
                value += count * max(self.best_place(card)[0], power)
        return value / total

    # -- calling ---------------------------------------------------------------------
    def call_chance(self) -> float:
        """The chance that our sum is the lowest after everyone's last turn."""
        variance = self.t.variance()
        mine, unknown = self.expected_sum(self.me)
        chance = 1.0
        for owner in self.opponents():
            theirs, their_unknown = self.expected_sum(owner)
            margin = theirs - self.s.opponent_gain - mine
            spread = math.sqrt((unknown + their_unknown) * variance + 2.0)
            chance *= phi((margin + 0.5) / spread)
        return chance

    def should_call(self) -> bool:
        if self.t.reshuffles >= PATIENCE_DECKS:
            return True
        mine, _ = self.expected_sum(self.me)
        chance = self.call_chance()
        cost_call = (1.0 - chance) * (mine + self.t.rules.caller_penalty)
        cost_wait = mine * (1.0 if self.t.deck <= self.t.players else self.s.wait_factor)
        return cost_call < cost_wait

    # -- the decisions ---------------------------------------------------------------
    def decide(self) -> Key:
        phase = self.t.phase
        if phase == "start":
            return self.start()
        if phase in ("drawn", "taken"):
            return self.place()
        if phase == "power":
            return self.use_power()
        if phase == "setup":
            knows = self.t.owner_knows[self.me]
            return ("peek", self.me, knows.index(False) if False in knows else 0)
        return SKIP

    def start(self) -> Key:
        t = self.t
        can_call = t.caller is None
        if self.kamikaze_now:
            return CALL if can_call else DRAW
        if can_call and self.should_call():
            return CALL
        if t.top is not None:
            gain = self.best_place(t.top)[0] - self.s.take_margin
            if gain > 0 and gain > self.draw_value():
                return TAKE
        return DRAW

    def place(self) -> Key:
        card = self.t.holding
        assert card is not None, "placing a card this seat does not know"
        gain, key = self.best_place(card)
        if self.t.phase == "drawn":
            power = self.power_value(card)
            if power >= gain or gain <= 0:
                return DISCARD
        return key

    def use_power(self) -> Key:
        power = self.t.power
        if power == "peek":
            return ("peek", self.me, self.row.index(None)) if None in self.row else SKIP
        if power == "spy":
            return self.spy()
        score, key = self.best_swap()
        return key if score >= self.s.swap_min else SKIP

    def spy(self) -> Key:
        if self.last_turn:
            return SKIP
        best: tuple[float, Key] = (-math.inf, SKIP)
        for owner in self.opponents():
            theirs, _ = self.expected_sum(owner)
            threat = -theirs - 0.2 * self.t.totals[owner]
            for j, card in enumerate(self.t.rows[owner]):
                if card is None:
                    score = threat + 3.0 * self.t.owner_knows[owner][j]
                    if score > best[0]:
                        best = (score, ("peek", owner, j))
        return best[1]


def decide(table: Table, style: Style = MEDIUM) -> Key:
    return Mind(table, style).decide()


def blunder(table: Table, key: Key, rng: random.Random) -> Key:
    """A beginner's weaker choice instead of ``key`` (still a legal one)."""
    phase = table.phase
    row = table.rows[table.me]
    if phase == "start":
        return DRAW if key != DRAW else key
    if phase == "drawn":
        return DISCARD if key != DISCARD else ("replace", (rng.randrange(len(row)),))
    if phase == "taken":
        return ("replace", (rng.randrange(len(row)),))
    if phase == "power":
        return SKIP
    return key

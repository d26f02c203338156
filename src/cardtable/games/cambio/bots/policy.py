"""The Cambio heuristic: how a good human plays, as a function of a ``Table`` (one seat's
knowledge) and the legal moves to a decision key.

A decision key is a small tuple: ``("draw",)``, ``("call",)``, ``("discard",)``,
``("replace", slot)``, ``("peek", seat, slot)``, ``("swap", (s, i), (t, j))`` (positions in
increasing order), ``("skip",)``, ``("snap", seat, slot)``, ``("give", slot)``, or ``None``:
let an optional moment pass (a snap window where this seat has nothing worth snapping).

The player values each card it has not seen at the mean of the cards it has not seen (an
opponent's card its owner has looked at a little lower: people keep low cards), keeps low
cards and replaces high ones, snaps the cards it knows match (never one it does not know),
uses every power (looks at its own unknown cards first, spies where a later swap or the
call will need it, swaps its known high card for an opponent's low one, peeks with a king
where the following swap gains most), and calls Cambio when the chance that its total is
the lowest after the others' last turns is high enough."""

from __future__ import annotations

import math
import random
from collections.abc import Collection
from dataclasses import dataclass

from cardtable.games.cambio.bots.knowledge import (
    HIDDEN,
    KING,
    PEEK_OWN,
    SPY,
    SWAP,
    Table,
    match_key,
    phi,
    power_of,
)

Key = tuple[object, ...]
Position = tuple[int, int]
DRAW: Key = ("draw",)
CALL: Key = ("call",)
DISCARD: Key = ("discard",)
SKIP: Key = ("skip",)


def kept_discount(full: float, turns: float) -> float:
    """How much lower than an unseen card an opponent's kept card is, after ``turns``:
    measured over medium's games, a card its owner has looked at and kept is 2.3 below
    the unseen mean after one turn and 2.6–3.1 below from the second on."""
    return full * min(1.0, (turns + 0.5) / 2.0)


def swap_key(a: Position, b: Position) -> Key:
    return ("swap", a, b) if a < b else ("swap", b, a)


@dataclass(frozen=True, slots=True)
class Style:
    """The knobs of the heuristic (medium's defaults; easy varies them)."""

    kept_discount: float = 3.0  # an opponent's card its owner has kept: likely lower
    peek_value: float = 2.0  # looking at one of our unknown cards (7, 8)
    spy_value: float = 0.6  # looking at an opponent's card (9, 10)
    info_bonus: float = 0.8  # a card placed on an unknown slot also makes the slot known
    swap_min: float = 0.8  # the least a blind swap must be worth
    king_swap_min: float = 0.3  # the least a king's (seen) swap must be worth
    snap_margin: float = 0.5  # the least snapping an opponent's card must be worth
    harm_other: float = 0.35  # weight of an opponent who is neither leader nor caller
    last_swap_risk: float = 0.8  # what an opponent's last turn may cost us through a swap
    call_chance: float = 0.7  # call when the chance of being lowest is at least this
    call_chance_step: float = 0.08  # … less per extra opponent (4 players: 0.39)
    call_max_total: float = 7.0  # and only with an expected total at most this


MEDIUM = Style()
STILL = 0.5  # how much the call threshold drops when waiting cannot improve our hand


class Mind:
    """One decision: the table, the style, the legal keys and what follows from them."""

    def __init__(self, table: Table, style: Style, legal: Collection[Key]) -> None:
        self.t = table
        self.s = style
        self.legal = legal
        self.me = table.me
        self.values = table.rules.values
        self.mean = table.mean
        self.row = table.cards[table.me]
        # After a call our turn is the last: information is worth nothing any more.
        self.last_turn = table.caller is not None and table.caller != table.me
        self.kept = kept_discount(style.kept_discount, table.turns)
        self._est: dict[Position, float] = {}
        self._leader: int | None = None

    # -- estimates -------------------------------------------------------------------
    def est(self, seat: int, slot: int) -> float:
        """The value of a card as this seat expects it (an empty slot counts 0)."""
        card = self.t.cards[seat][slot]
        if card is None:
            return 0.0
        if card != HIDDEN:
            return float(self.values[card])
        if seat != self.me and self.t.owner_knows[seat][slot]:
            return self.mean - self.kept
        return self.mean

    def total(self, seat: int, drop: int = -1, add: str | None = None) -> float:
        """A seat's expected total; ``drop`` leaves a slot out, ``add`` adds a known card."""
        known: list[str] = []
        guess = 0.0
        for i, card in enumerate(self.t.cards[seat]):
            if card is None or i == drop:
                continue
            if card == HIDDEN:
                guess += self.est(seat, i)
            else:
                known.append(card)
        if add is not None:
            known.append(add)
        return self.t.rules.score(known) + guess

    def unknowns(self, seat: int) -> int:
        return sum(c == HIDDEN for c in self.t.cards[seat])

    def opponents(self) -> list[int]:
        return self.t.opponents()

    def leader(self) -> int:
        """The opponent with the lowest expected total (the caller once there is one)."""
        if self._leader is None:
            caller = self.t.caller
            if caller is not None and caller != self.me:
                self._leader = caller
            else:
                self._leader = min(self.opponents(), key=self.total)
        return self._leader

    def harm(self, seat: int) -> float:
        """How much raising ``seat``'s total is worth to us, per point."""
        if self.t.players == 2 or seat == self.leader():
            return 1.0
        return self.s.harm_other

    def expected_gain(self, worst: float) -> float:
        """What replacing a card worth ``worst`` by a fresh draw saves, on average."""
        left = self.t.values_left
        n = sum(left.values())
        if not n:
            return 0.0
        return sum(c * max(0.0, worst - v) for v, c in left.items()) / n

    # -- snaps -----------------------------------------------------------------------
    def best_snap(self) -> tuple[float, Key | None]:
        """The snap worth most among the legal ones, only of cards known to match the top
        discard (a wrong snap costs a penalty card)."""
        top = self.t.top
        best: tuple[float, Key | None] = (0.0, None)
        if top is None:
            return best
        want = match_key(top)
        mine_now = self.total(self.me)
        give_value = max((self.est(self.me, i) for i in self.t.slots(self.me)), default=0.0)
        for seat, row in enumerate(self.t.cards):
            for slot, card in enumerate(row):
                if card is None or card == HIDDEN or match_key(card) != want:
                    continue
                key: Key = ("snap", seat, slot)
                if key not in self.legal:
                    continue
                if seat == self.me:
                    worth = mine_now - self.total(self.me, drop=slot)
                    if len(self.t.slots(self.me)) == 1:
                        worth += 5.0  # an empty hand ends the round at 0
                    worth += 0.1  # one card fewer to be swapped or guessed
                else:
                    # We give them our worst card: we lose it, they trade theirs for it.
                    value = float(self.values[card])
                    worth = give_value + self.harm(seat) * (give_value - value)
                    worth -= self.s.snap_margin
                if worth > best[0]:
                    best = (worth, key)
        return best

    def give(self) -> Key:
        """After snapping an opponent's card: give our worst card (a known one on a tie)."""
        slots = self.t.slots(self.me)
        slot = max(slots, key=lambda i: (self.est(self.me, i), self.row[i] != HIDDEN))
        return ("give", slot)

    # -- calling -----------------------------------------------------------------------
    def last_turn_gain(self, seat: int) -> float:
        """What ``seat`` is expected to save in its last turn after our call."""
        worst = max((self.est(seat, i) for i in self.t.slots(seat)), default=0.0)
        return self.expected_gain(worst) + self.s.last_swap_risk

    def call_chance(self) -> float:
        """The chance that our total is the lowest once everyone has had a last turn."""
        variance = self.t.variance
        mine = self.total(self.me)
        my_unknown = self.unknowns(self.me)
        chance = 1.0
        for seat in self.opponents():
            theirs = self.total(seat) - self.last_turn_gain(seat)
            spread = math.sqrt((my_unknown + self.unknowns(seat)) * variance + 4.0)
            chance *= phi((theirs - mine + 0.5) / spread)
        return chance

    def should_call(self) -> bool:
        if CALL not in self.legal:
            return False
        if self.total(self.me) > self.s.call_max_total:
            return False
        threshold = self.s.call_chance - self.s.call_chance_step * (self.t.players - 2)
        # Waiting is worth little when a fresh draw can hardly improve our hand (all low
        # and known): then a smaller chance will do, or two such hands wait for ever.
        worst = max((self.est(self.me, i) for i in self.t.slots(self.me)), default=0.0)
        threshold -= STILL * (1.0 - min(1.0, self.expected_gain(worst) / 2.0))
        return self.call_chance() >= threshold

    # -- powers ------------------------------------------------------------------------
    def swap_value(self, a: Position, b: Position) -> float:
        """What exchanging the cards at ``a`` and ``b`` is worth to us (estimates)."""
        (s, i), (t, j) = a, b
        ea, eb = self.est(s, i), self.est(t, j)
        if s == t:
            return 0.0
        if s == self.me:
            return (ea - eb) * (1.0 + self.harm(t))
        if t == self.me:
            return (eb - ea) * (1.0 + self.harm(s))
        # Two opponents: move the high card to the one who matters more.
        return (self.harm(s) - self.harm(t)) * (eb - ea)

    def best_swap(self, own: bool) -> tuple[float, Key]:
        """The legal swap worth most (``own``: one card must be ours, the king's swap)."""
        best: tuple[float, Key] = (-math.inf, SKIP)
        for key in self.legal:
            if key[0] != "swap":
                continue
            a, b = key[1], key[2]
            assert isinstance(a, tuple) and isinstance(b, tuple)
            if own and self.me not in (a[0], b[0]):
                continue
            value = self.swap_value(a, b)
            if value > best[0]:
                best = (value, key)
        return best

    def swap_options_value(self) -> float:
        """The best swap on our hand from what we know now, before any legal list: our
        highest card against the lowest card of an opponent."""
        mine = [self.est(self.me, i) for i in self.t.slots(self.me)]
        if not mine:
            return 0.0
        high = max(mine)
        best = 0.0
        locked = self.t.caller if self.t.rules.lock_caller else None
        for seat in self.opponents():
            if seat == locked:
                continue
            for j in self.t.slots(seat):
                best = max(best, (high - self.est(seat, j)) * (1.0 + self.harm(seat)))
        return best

    def power_value(self, card: str, unknown_after: int) -> float:
        """What discarding ``card`` normally is worth through its power (CB-13)."""
        power = power_of(card)
        if power is None:
            return 0.0
        if power == PEEK_OWN:
            return 0.0 if self.last_turn or not unknown_after else self.s.peek_value
        if power == SPY:
            if self.last_turn:
                return 0.0
            hidden = any(c == HIDDEN for s in self.opponents() for c in self.t.cards[s])
            return self.s.spy_value if hidden else 0.0
        swap = max(self.swap_options_value() - self.s.swap_min, 0.0)
        if power == SWAP:
            return swap
        assert power == KING
        return swap + (0.0 if self.last_turn else 1.0)

    def unknown_power_value(self, unknown_after: int) -> float:
        """The expected power of a card we have not seen (replacing an unknown card)."""
        left = self.t.ranks_left
        n = sum(left.values())
        if not n:
            return 0.0
        value = 0.0
        for rank, card in (("7", "7s"), ("8", "8s"), ("9", "9s"), ("T", "Ts"), ("J", "Js")):
            value += left.get(rank, 0) * self.power_value(card, unknown_after)
        value += left.get("Q", 0) * self.power_value("Js", unknown_after)
        value += left.get("K", 0) * self.power_value("Ks", unknown_after)
        return value / n

    def place_options(self, card: str) -> list[tuple[float, Key]]:
        """Each legal way to deal with the drawn ``card`` and what it is worth."""
        t = self.t
        now = self.total(self.me)
        unknown = self.unknowns(self.me)
        out: list[tuple[float, Key]] = []
        if DISCARD in self.legal:
            out.append((self.power_value(card, unknown), DISCARD))
        anytime = t.rules.snap == "anytime"
        for i in t.slots(self.me):
            key: Key = ("replace", i)
            if key not in self.legal:
                continue
            old = self.row[i]
            gain = now - self.total(self.me, drop=i, add=card)
            if old == HIDDEN:
                if not self.last_turn:
                    gain += self.s.info_bonus
                gain += self.unknown_power_value(unknown - 1)
            else:
                assert old is not None
                gain += self.power_value(old, unknown)
                if anytime:
                    gain += self.follow_up_snap(old, i)
            out.append((gain, key))
        return out

    def follow_up_snap(self, old: str, slot: int) -> float:
        """With ``snap=anytime``, a card of ours we know matches the one we put on the pile
        can be snapped at once."""
        want = match_key(old)
        best = 0.0
        for i, card in enumerate(self.row):
            if i != slot and card is not None and card != HIDDEN and match_key(card) == want:
                best = max(best, 0.8 * self.values[card])
        return best

    def place(self) -> Key:
        card = self.t.drawn
        assert card is not None, "placing a card this seat does not know"
        options = self.place_options(card)
        if not options:
            return DISCARD
        return max(options, key=lambda option: option[0])[1]

    def spy_target(self) -> Key:
        """An opponent's card we have not seen: the leader's first, and among them the ones
        their owner kept (likely low: what a later swap wants)."""
        best: tuple[float, Key] = (-math.inf, SKIP)
        leader = self.leader()
        for seat in self.opponents():
            for j in self.t.slots(seat):
                key: Key = ("peek", seat, j)
                if self.t.cards[seat][j] != HIDDEN or key not in self.legal:
                    continue
                score = 3.0 * (seat == leader) + 2.0 * self.t.owner_knows[seat][j] - 0.1 * j
                if score > best[0]:
                    best = (score, key)
        return best[1]

    def own_peek(self) -> Key:
        for i in self.t.slots(self.me):
            key: Key = ("peek", self.me, i)
            if self.row[i] == HIDDEN and key in self.legal:
                return key
        return SKIP

    def king_peek(self) -> Key:
        """Where a king's look does most for the swap that follows: for each card we have
        not seen, the expected best swap once we know it."""
        t = self.t
        left = t.values_left
        n = sum(left.values())
        mine = {i: self.est(self.me, i) for i in t.slots(self.me)}
        locked = t.caller if t.rules.lock_caller else None
        targets = [
            (seat, j, self.est(seat, j), 1.0 + self.harm(seat))
            for seat in self.opponents()
            if seat != locked
            for j in t.slots(seat)
        ]
        if not mine or not targets or not n:
            return self.own_peek() if not self.last_turn else SKIP
        base = max(0.0, max((mine[i] - e) * w for i in mine for _, _, e, w in targets))
        best: tuple[float, Key] = (base + 0.01, SKIP)
        for i in mine:
            if self.row[i] != HIDDEN:
                continue
            key: Key = ("peek", self.me, i)
            if key not in self.legal:
                continue
            # max(0.0, max(...)), not max([0.0, *...]): Cython cannot compile a starred
            # generator in a list, and left this module interpreted.
            rest = max(
                0.0,
                max(
                    ((mine[x] - e) * w for x in mine if x != i for _, _, e, w in targets),
                    default=0.0,
                ),
            )
            value = 0.0
            for v, c in left.items():
                value += c * max(rest, max((v - e) * w for _, _, e, w in targets))
            value = value / n + (0.0 if self.last_turn else 0.5)
            if value > best[0]:
                best = (value, key)
        high = max(mine.values())
        for seat, j, e, w in targets:
            key = ("peek", seat, j)
            if t.cards[seat][j] != HIDDEN or key not in self.legal:
                continue
            shift = e - self.mean  # the owner's kept cards read lower
            rest = max(
                0.0,
                max(
                    (
                        (mine[x] - e2) * w2
                        for x in mine
                        for s2, j2, e2, w2 in targets
                        if (s2, j2) != (seat, j)
                    ),
                    default=0.0,
                ),
            )
            value = 0.0
            for v, c in left.items():
                value += c * max(rest, (high - (v + shift)) * w)
            value /= n
            if value > best[0]:
                best = (value, key)
        if best[1] == SKIP and not self.last_turn:
            return self.own_peek() if self.unknowns(self.me) else self.spy_or_skip()
        return best[1]

    def spy_or_skip(self) -> Key:
        return SKIP if self.last_turn else self.spy_target()

    def use_power(self) -> Key:
        step = self.t.step
        if step == "peek_own":
            return SKIP if self.last_turn else self.own_peek()
        if step == "peek_opponent":
            return self.spy_or_skip()
        if step == "swap":
            value, key = self.best_swap(own=False)
            return key if value >= self.s.swap_min else SKIP
        if step in ("king_peek", "king_either"):
            key = self.king_peek()
            if key == SKIP and step == "king_either":
                value, swap = self.best_swap(own=True)
                return swap if value >= self.s.king_swap_min else SKIP
            return key
        if step == "king_swap":
            value, key = self.best_swap(own=True)
            return key if value >= self.s.king_swap_min else SKIP
        if step == "king_peek_last":
            if self.last_turn:
                return SKIP
            key = self.own_peek()
            return key if key != SKIP else self.spy_target()
        return SKIP

    # -- the decisions ---------------------------------------------------------------
    def decide(self) -> Key | None:
        t = self.t
        if t.giver is not None:
            return self.give() if t.giver == self.me else None
        phase = t.phase
        if phase == "setup":
            key = self.own_peek()
            return key if key != SKIP else next(iter(self.legal), None)
        if phase == "over":
            return None
        snap = self.best_snap()[1]
        if t.turn != self.me:
            return snap  # a snap window: snap what we know matches, or let it pass
        if phase == "turn":
            if snap is not None:
                return snap
            if self.should_call():
                return CALL
            return DRAW
        if phase == "drawn":
            return self.place()
        if snap is not None:
            return snap  # the window is open while we resolve the power: snap first
        return self.use_power()


def decide(table: Table, legal: Collection[Key], style: Style = MEDIUM) -> Key | None:
    return Mind(table, style, legal).decide()


def blunder(mind: Mind, key: Key | None, rng: random.Random) -> Key | None:
    """A beginner's weaker choice instead of ``key`` (one of the legal keys, or ``key``)."""
    t = mind.t
    legal = mind.legal
    if t.phase == "drawn" and t.turn == mind.me:
        if key == DISCARD:
            slots = [k for k in legal if k[0] == "replace"]
            return rng.choice(slots) if slots else key
        return DISCARD if DISCARD in legal else key
    if t.phase == "power" and t.turn == mind.me and key is not None and key[0] != "snap":
        return SKIP if SKIP in legal else key
    if t.phase == "turn" and key == CALL:
        return DRAW
    return key

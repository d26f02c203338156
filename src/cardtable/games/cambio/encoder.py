"""Cambio for the research adapters: the observation of a seat's view and the action
index space (documented in ``docs/research.md``).

**Positions.** A card on the table is addressed by *(relative seat, rank)*: the seat
counted from the acting seat in playing order (0 is itself), and the card's rank among
that seat's occupied slots, left to right (the game's slots keep their numbers for the
whole round and may be empty; empty slots are skipped). A seat never holds more than
``55 - players`` cards (54 cards, at least one on the pile, every other seat at least one
but the seat whose card was just snapped), so ``M = 55 - players`` ranks per seat cover
every position that can ever arise: every legal action has an index.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, cast

from cardtable.core import Game, Outcome, State
from cardtable.core.cards import JOKERS, RED_SUITS, standard_deck
from cardtable.games.cambio.state import CambioState
from cardtable.rl.encoding import (
    Encoder,
    Hot,
    Index,
    Unindexable,
    Values,
    View,
    lower_is_better,
)

KEYS = "A23456789TJQKX"  # CB-4 match keys: kings share K, jokers share X
FACE = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 10)}
PHASES = ("setup", "turn", "drawn", "power", "over")
STEPS = (
    "peek_own",
    "peek_opponent",
    "swap",
    "king_peek",
    "king_swap",
    "king_either",
    "king_peek_last",
)
HIDDEN = "??"
CONSTANTS = ("draw", "discard", "call", "skip", "wait")
DRAW, DISCARD, CALL, SKIP, WAIT = range(5)
_REPLACE, _GIVE, _PEEK, _SNAP, _SWAP = range(1, 6)
F_OCCUPIED, F_UNKNOWN, F_KEY, F_VALUE, F_KNOWN = 0, 1, 2, 16, 17
# In place of a seat in a cached index: an index that never moves, a swap (two ends),
# an index worked out afresh
_FIXED, _PAIR, _WORK_OUT = -1, -2, -3
HANDS_CAP = 1 << 16  # encoded hands kept for reuse by the fast path
HIDDEN_ID = 255  # the fast path's number for a card the seat does not see


def _shifts(hand: Sequence[str | None]) -> list[int]:
    """Per slot, the empty slots before it (its rank is the slot minus that)."""
    out = []
    k = 0
    for c in hand:
        out.append(k)
        if c is None:
            k += 1
    return out


class CambioEncoder(Encoder):
    compiled = "cardtable.games.cambio.compiled"  # the observation and the indices

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        p = self.players
        o = game.options
        self.M = m = 55 - p
        self.N = n = p * m
        red_king, joker = int(o["red_king"]), int(o["joker"])
        # card -> (key index, value / 10)
        self.card: dict[str, tuple[int, float]] = {}
        for c in standard_deck(jokers=True):
            if c in JOKERS:
                key, value = KEYS.index("X"), joker
            else:
                key = KEYS.index(c[0])
                value = red_king if c[0] == "K" and c[1] in RED_SUITS else FACE[c[0]]
            self.card[c] = (key, value / 10)
        # -- actions: draw discard call skip wait | replace M | give M | peek N | snap N | swap
        self.REPLACE = 5
        self.GIVE = self.REPLACE + m
        self.PEEK = self.GIVE + m
        self.SNAP = self.PEEK + n
        self.SWAP = self.SNAP + n
        self.num_actions = self.SWAP + n * (n - 1) // 2
        self.wait_index = WAIT
        self._parsed: dict[Any, tuple[int, ...]] = {}
        self._plain: list[dict[Any, tuple[int, int, Any]]] = [{} for _ in range(p)]
        self._no_holes = [range(1 << 20)] * p  # every slot its own rank
        # -- observation
        lay = self.layout
        self.o_phase = lay.block("phase", len(PHASES))
        self.o_step = lay.block("power step", len(STEPS))
        self.o_turn = lay.block("whose turn (relative seat)", p)
        self.o_drawn = lay.block("drawn: someone holds a card / I know it", 2)
        self.o_drawn_key = lay.block("drawn card's rank key", len(KEYS))
        self.o_drawn_value = lay.block("drawn card's value / 10", 1)
        self.o_deck = lay.block("deck size / 54", 1)
        self.o_top = lay.block("top discard's rank key", len(KEYS))
        self.o_top_value = lay.block("top discard's value / 10", 1)
        self.o_pile = lay.block("discard pile size / 54", 1)
        self.o_pile_keys = lay.block("discard pile: cards of each key / 4", len(KEYS))
        self.o_snappable = lay.block("top discard may be snapped", 1)
        self.o_caller = lay.block("caller (relative seat), then 'nobody'", p + 1)
        self.o_give = lay.block("give pending / I give", 2)
        self.o_give_to = lay.block("give goes to (relative seat)", p)
        self.o_setup = lay.block("set-up looks left / 2 (relative seats)", p)
        self.o_sizes = lay.block("cards held / 10, capped at 1 (relative seats)", p)
        self.F = 17 + p
        self.o_pos = lay.block(
            "positions (relative seat, rank): occupied, unknown, key x14, value / 10, "
            "known by (relative seats)",
            n * self.F,
        )
        self.obs_size = lay.size
        self._phase = {ph: self.o_phase + i for i, ph in enumerate(PHASES)}
        self._step = {st: self.o_step + i for i, st in enumerate(STEPS)}
        # per card code (and "??"): its one-hot offset in a position, its value / 10
        self.offset = {c: F_KEY + key for c, (key, _) in self.card.items()} | {HIDDEN: F_UNKNOWN}
        self.worth = {c: value for c, (_, value) in self.card.items()} | {HIDDEN: 0.0}
        # per observing seat: the offset of seat t's "knows it" bit in a position
        self.rel = [[F_KNOWN + (t - me) % p for t in range(p)] for me in range(p)]
        # the fast path's card numbers (HIDDEN_ID for a card the seat does not see)
        self._codes = list(self.card)
        self._cid = {c: i for i, c in enumerate(self._codes)}
        self._worth = {c: value for c, (_, value) in self.card.items()}
        self._slots: list[dict[int, tuple[int, ...]]] = [{} for _ in range(p)]
        self._hands: dict[tuple[Any, ...], tuple[tuple[Any, ...], ...]] = {}

    # -- observations ------------------------------------------------------------------
    def features(self, view: View, hot: Hot, index: Index, values: Values) -> None:
        me: int = view["seat"]
        p = self.players
        card = self.card
        hot.append(self._phase[view["phase"]])
        step = view["step"]
        if step is not None:
            hot.append(self._step[step])
        hot.append(self.o_turn + (view["turn"] - me) % p)
        drawn = view["drawn"]
        if drawn is not None:
            hot.append(self.o_drawn)
            if drawn != HIDDEN:
                key, value = card[drawn]
                hot += (self.o_drawn + 1, self.o_drawn_key + key)
                index.append(self.o_drawn_value)
                values.append(value)
        index.append(self.o_deck)
        values.append(view["deck"] / 54)
        self._pile(view["discard"], hot, index, values)
        if view["snappable"]:
            hot.append(self.o_snappable)
        caller = view["caller"]
        hot.append(self.o_caller + (p if caller is None else (caller - me) % p))
        give = view["give"]
        if give is not None:
            hot.append(self.o_give)
            if give["seat"] == me:
                hot.append(self.o_give + 1)
            hot.append(self.o_give_to + (give["to"][0] - me) % p)
        for s, left in enumerate(view["setup_peeks"]):
            if left:
                index.append(self.o_setup + (s - me) % p)
                values.append(left / 2)
        # positions: list comprehensions, the cheapest loops Python has
        f, m = self.F, self.M
        offset, worth = self.offset, self.worth
        rel = self.rel[me]
        hands: list[list[str | None]] = view["hands"]
        known: list[list[list[int]]] = view["known_by"]
        for s in range(p):
            r = (s - me) % p
            hand = hands[s]
            held = [i for i, c in enumerate(hand) if c is not None]
            first = self.o_pos + r * m * f
            at = range(first, first + len(held) * f, f)
            cards = [c for c in hand if c is not None]
            knows = known[s]
            hot += at
            hot += [a + offset[c] for a, c in zip(at, cards, strict=True)]
            hot += [a + rel[t] for a, i in zip(at, held, strict=True) for t in knows[i]]
            for a, c in zip(at, cards, strict=True):
                v = worth[c]
                if v:
                    index.append(a + F_VALUE)
                    values.append(v)
            index.append(self.o_sizes + r)
            values.append(min(len(held) / 10, 1.0))

    def state_features(
        self, state: State[Any], seat: int, hot: Hot, index: Index, values: Values
    ) -> None:
        """The fast path: ``features`` of ``state.view(seat)``, read from the fields the
        view is built from with the view's rules (a card shows when its knowledge mask
        has the seat's bit or the game is over; the drawn card to the seat whose turn it
        is). Each card position's entries are precomputed once per (position, what the
        seat sees there, who knows it) and looked up by a single int."""
        st = cast(CambioState, state)  # its own engine, with types (tests pin this to the view)
        me, p = seat, self.players
        rules = st.rules
        card = self.card
        phase = st.phase
        over = phase == "over"
        hot.append(self._phase[phase])
        if st.step is not None:
            hot.append(self._step[st.step])
        hot.append(self.o_turn + (st.current - me) % p)
        drawn = st.drawn
        if drawn is not None:
            hot.append(self.o_drawn)
            if over or st.current == me:
                key, value = card[drawn]
                hot += (self.o_drawn + 1, self.o_drawn_key + key)
                index.append(self.o_drawn_value)
                values.append(value)
        index.append(self.o_deck)
        values.append(len(st.deck) / 54)
        self._pile(st.discard, hot, index, values)
        if over or phase == "setup":
            snappable = False
        elif rules.snap_anytime:
            snappable = st.snap_open
        else:
            snappable = rules.snap_own_turn and phase == "turn"
        if snappable:
            hot.append(self.o_snappable)
        caller = st.caller
        hot.append(self.o_caller + (p if caller is None else (caller - me) % p))
        if st.giver is not None and st.give_to is not None:
            hot.append(self.o_give)
            if st.giver == me:
                hot.append(self.o_give + 1)
            hot.append(self.o_give_to + (st.give_to[0] - me) % p)
        for s, left in enumerate(st.setup_left):
            if left:
                index.append(self.o_setup + (s - me) % p)
                values.append(left / 2)
        # Hands: one that has not changed since it was last encoded for this seat is
        # looked up whole (its key is built in C); a changed one card by card.
        memo = self._hands
        if len(memo) >= HANDS_CAP:
            memo.clear()
        for s, (hand, known) in enumerate(zip(st.hands, st.known, strict=True)):
            seen = (me, s, over, tuple(hand), tuple(known))
            block = memo.get(seen)
            if block is None:
                block = memo[seen] = self._hand(me, s, over, hand, known)
            hot += block[0]
            index += block[1]
            values += block[2]

    def _pile(self, pile: Sequence[str], hot: Hot, index: Index, values: Values) -> None:
        """The discard pile: its top card, its size and how many of each key it holds (the
        same for the view's pile and the state's, which is what the view shows)."""
        if not pile:
            return
        card = self.card
        key, value = card[pile[-1]]
        hot.append(self.o_top + key)
        index += (self.o_top_value, self.o_pile)
        values += (value, len(pile) / 54)
        counts = [0] * len(KEYS)
        for c, n in Counter(pile).items():  # counted in C
            counts[card[c][0]] += n
        base = self.o_pile_keys
        for k, n in enumerate(counts):
            if n:
                index.append(base + k)
                values.append(min(n / 4, 1.0))

    def _hand(
        self, me: int, s: int, over: bool, hand: list[str | None], known: list[int]
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]:
        """The entries of seat ``s``'s cards as ``me`` sees them (the view's
        ``hands[s]`` and ``known_by[s]``): one precomputed tuple per (position, the card
        ``me`` sees there, who knows it), looked up by a single int."""
        f, m, p = self.F, self.M, self.players
        r = (s - me) % p
        hot: Hot = []
        index: Index = []
        values: Values = []
        bit = 1 << me
        slots = self._slots[me]
        cid, worth = self._cid, self._worth
        at = (self.o_pos + r * m * f) << 16
        held = 0
        for c, mask in zip(hand, known, strict=True):
            if c is None:
                continue
            if over or mask & bit:
                key = at | cid[c] << 8 | mask
                v = worth[c]
                if v:
                    index.append((at >> 16) + F_VALUE)
                    values.append(v)
            else:
                key = at | HIDDEN_ID << 8 | mask
            hit = slots.get(key)
            if hit is None:
                hit = slots[key] = self._slot(me, key)
            hot += hit
            at += f << 16
            held += 1
        index.append(self.o_sizes + r)
        values.append(min(held / 10, 1.0))
        return tuple(hot), tuple(index), tuple(values)

    def _slot(self, me: int, key: int) -> tuple[int, ...]:
        """The one-entries of a card position (``state_features``' key: the position's
        offset, the card the seat sees there, its knowledge mask)."""
        at, code, mask = key >> 16, key >> 8 & 0xFF, key & 0xFF
        shown = HIDDEN if code == HIDDEN_ID else self._codes[code]
        rel = self.rel[me]
        return (
            at,
            at + self.offset[shown],
            *(at + rel[t] for t in range(self.players) if mask >> t & 1),
        )

    # -- actions -----------------------------------------------------------------------
    def _parse(self, action: Any) -> tuple[int, ...]:
        parsed = self._parsed.get(action)
        if parsed is None:
            d = self.game.action_to_json(action)
            kind = d["type"]
            if kind in CONSTANTS:
                parsed = (0, CONSTANTS.index(kind))
            elif kind == "replace":
                parsed = (_REPLACE, d["slot"])
            elif kind == "give":
                parsed = (_GIVE, d["slot"])
            elif kind == "peek":
                parsed = (_PEEK, d["seat"], d["slot"])
            elif kind == "snap":
                parsed = (_SNAP, d["seat"], d["slot"])
            elif kind == "swap":
                parsed = (_SWAP, *d["a"], *d["b"])
            else:  # pragma: no cover - the wire has no other kinds
                raise Unindexable(f"Unknown Cambio action {d!r}")
            self._parsed[action] = parsed
        return parsed

    def indices(self, legal: Sequence[Any], seat: int, view: Callable[[], View]) -> list[int]:
        """An index depends on the action, the acting seat and where the table's empty
        slots are (a card's rank skips them): one cache per (seat, empty slots)."""
        return self._indices(legal, seat, view()["hands"])

    def legal_indices_python(self, state: State[Any], legal: Sequence[Any], seat: int) -> list[int]:
        # Which slots are empty is public (the view shows them as null): read it from the
        # state's hands rather than building the view.
        st = cast(CambioState, state)  # its own engine, with types (tests pin this to the view)
        return self._indices(legal, seat, st.hands)

    def _indices(
        self, legal: Sequence[Any], seat: int, hands: Sequence[Sequence[str | None]]
    ) -> list[int]:
        """Each action's index as if no hand had an empty slot (cached per acting seat),
        corrected for the empty slots of the one hand it points into; a swap (two hands)
        is worked out afresh when some hand has an empty slot."""
        plain = self._plain[seat]
        get = plain.get
        found = [get(a) for a in legal]
        if None in found:
            for k, a in enumerate(legal):
                if found[k] is None:
                    found[k] = plain[a] = self._plain_entry(a, seat)
        if not any(None in hand for hand in hands):
            plain_out: list[int] = [e[0] for e in found]  # type: ignore[index]
            if -1 not in plain_out:  # -1: a rank past the cap, worked out (and refused) below
                return plain_out
        shifts = [_shifts(hand) if None in hand else None for hand in hands]
        ranks: Sequence[Sequence[int]] | None = None
        out = []
        for a, entry in zip(legal, found, strict=True):
            i, t, slot = entry  # type: ignore[misc]
            if t == _FIXED:
                out.append(i)
            elif t == _PAIR:
                out.append(self._pair(seat, slot, shifts))
            elif t == _WORK_OUT:
                if ranks is None:
                    ranks = self.ranks(hands)
                out.append(self._index(self._parse(a), seat, ranks))
            else:
                shift = shifts[t]
                out.append(i if shift is None else i - shift[slot])
        return out

    def _plain_entry(self, action: Any, seat: int) -> tuple[int, int, Any]:
        """(index with no empty slots, the seat whose hand it points into, the slot), or
        ``_FIXED`` / ``_WORK_OUT`` in place of the seat."""
        parsed = self._parse(action)
        kind = parsed[0]
        if kind == 0:
            return parsed[1], _FIXED, 0
        try:
            index = self._index(parsed, seat, self._no_holes)
        except Unindexable:
            return -1, _WORK_OUT, 0
        if kind in (_REPLACE, _GIVE):
            return index, seat, parsed[1]
        if kind == _SWAP:
            return index, _PAIR, parsed[1:]
        return index, parsed[1], parsed[2]

    def _pair(
        self, seat: int, ends: tuple[int, int, int, int], shifts: list[list[int] | None]
    ) -> int:
        """A swap's index when some hands have empty slots: each end's rank is its slot
        less the empty slots before it."""
        p, m = self.players, self.M
        t, i, u, j = ends
        shift = shifts[t]
        x = ((t - seat) % p) * m + i - (shift[i] if shift else 0)
        shift = shifts[u]
        y = ((u - seat) % p) * m + j - (shift[j] if shift else 0)
        if x > y:
            x, y = y, x
        return self.SWAP + x * (2 * self.N - x - 1) // 2 + (y - x - 1)

    def ranks(self, hands: Sequence[Sequence[str | None]]) -> Sequence[Sequence[int]]:
        """Per seat, per slot: the slot's rank among the seat's occupied slots."""
        out = []
        for hand in hands:
            row = []
            k = 0
            for c in hand:
                row.append(k)
                if c is not None:
                    k += 1
            out.append(row)
        return out

    def _index(self, a: tuple[int, ...], seat: int, ranks: Sequence[Sequence[int]]) -> int:
        kind = a[0]
        if kind == 0:
            return a[1]
        if kind in (_REPLACE, _GIVE):
            k = ranks[seat][a[1]]
            if k >= self.M:
                raise Unindexable(f"Card rank {k} is past the cap {self.M}")
            return (self.REPLACE if kind == _REPLACE else self.GIVE) + k
        if kind == _SWAP:
            x = self._position(ranks, seat, a[1], a[2])
            y = self._position(ranks, seat, a[3], a[4])
            if x > y:
                x, y = y, x
            return self.SWAP + x * (2 * self.N - x - 1) // 2 + (y - x - 1)
        base = self.PEEK if kind == _PEEK else self.SNAP
        return base + self._position(ranks, seat, a[1], a[2])

    def _position(self, ranks: Sequence[Sequence[int]], me: int, seat: int, slot: int) -> int:
        k = ranks[seat][slot]
        if k >= self.M:
            raise Unindexable(f"Card rank {k} is past the cap {self.M}")
        return ((seat - me) % self.players) * self.M + k

    def build_names(self) -> list[str]:
        m, n = self.M, self.N
        pos = [f"{x // m:+d}:{x % m}" for x in range(n)]
        names = list(CONSTANTS)
        names += [f"replace:{k}" for k in range(m)]
        names += [f"give:{k}" for k in range(m)]
        names += [f"peek:{q}" for q in pos]
        names += [f"snap:{q}" for q in pos]
        names += [f"swap:{pos[x]}/{pos[y]}" for x in range(n) for y in range(x + 1, n)]
        return names

    def optional(self, legal: Sequence[Any]) -> bool:
        return bool(legal) and self._parse(legal[0])[0] == _SNAP

    def score_rewards(self, outcome: Outcome) -> list[float]:
        return lower_is_better(outcome.scores)


ENCODER = CambioEncoder

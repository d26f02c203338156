"""Cabo for the research adapters: the observation of a seat's view and the action index
space (documented in ``docs/research.md``).

A row's slots close up when an exchange succeeds and grow by one when it fails, so a row
has no fixed bound short of the deck. The index space covers rows of up to
``ROW_CAP = 16`` cards (exchanges of 2 to 4 of them included); random play never came
near it (rows of 11 at most in thousands of games). A position past the cap ends the
episode as truncated.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any, cast

from cardtable.core import Game, Outcome, State
from cardtable.games.cabo.state import CaboState
from cardtable.rl.encoding import (
    Encoder,
    Hot,
    Index,
    Unindexable,
    Values,
    View,
    lower_is_better,
)

ROW_CAP = 16
ROWS_CAP = 1 << 16  # encoded rows kept for reuse by the fast path
MAX_EXCHANGE = 4
CONSTANTS = ("draw", "take_discard", "call", "discard", "skip")
PHASES = ("setup", "start", "drawn", "taken", "power", "over")
POWERS = ("peek", "spy", "swap")
VALUES = 14  # cards 0..13


class CaboEncoder(Encoder):
    row_cap = ROW_CAP
    compiled = "cardtable.games.cabo.compiled"

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        p, r = self.players, self.row_cap
        self.target = int(game.options["target"])
        # -- actions: constants | replace / exchange | peek (seat, slot) | swap
        self.combos = [c for k in range(1, MAX_EXCHANGE + 1) for c in combinations(range(r), k)]
        self.REPLACE = len(CONSTANTS)
        self.combo_index = {c: self.REPLACE + i for i, c in enumerate(self.combos)}
        self.PEEK = self.REPLACE + len(self.combos)
        self.SWAP = self.PEEK + p * r
        self.num_actions = self.SWAP + r * (p - 1) * r
        # -- observation
        lay = self.layout
        self.o_phase = lay.block("phase", len(PHASES))
        self.o_turn = lay.block("whose turn (relative seat)", p)
        self.o_starter = lay.block("round starter (relative seat)", p)
        self.o_hold = lay.block("holding: a card is held / I know it / from deck / from pile", 4)
        self.o_holder = lay.block("who holds it (relative seat)", p)
        self.o_held = lay.block("the held card (0-13) if known", VALUES)
        self.o_power = lay.block("power waiting: peek, spy, swap", len(POWERS))
        self.o_deck = lay.block("deck size / 52", 1)
        self.o_refills = lay.block("deck refills this round / 4, capped at 1", 1)
        self.o_top = lay.block("top discard (0-13)", VALUES)
        self.o_pile = lay.block("discard pile size / 52", 1)
        self.o_pile_values = lay.block("discard pile: cards of each value / 4", VALUES)
        self.o_caller = lay.block("caller (relative seat), then 'nobody'", p + 1)
        self.o_final = lay.block("last turns owed / players", 1)
        self.o_setup = lay.block("set-up looks left / 2 (relative seats)", p)
        self.o_totals = lay.block("running totals / target, capped at 1 (relative seats)", p)
        self.o_resets = lay.block("reset used (relative seats)", p)
        self.o_round = lay.block("round / 20, capped at 1", 1)
        self.o_sizes = lay.block("row sizes / 16 (relative seats)", p)
        self.F = 18 + p
        self.o_pos = lay.block(
            "slots (relative seat, slot): present, unknown, value x14, value / 13, public, "
            "seen by (relative seats)",
            p * r * self.F,
        )
        self.obs_size = lay.size
        self._phase = {ph: self.o_phase + i for i, ph in enumerate(PHASES)}
        self._power = {pw: self.o_power + i for i, pw in enumerate(POWERS)}
        self.rel = [[18 + (t - me) % p for t in range(p)] for me in range(p)]  # seen_by bits
        self._slots: list[dict[int, tuple[int, ...]]] = [{} for _ in range(p)]
        self._rows: dict[tuple[Any, ...], tuple[tuple[Any, ...], ...]] = {}

    # -- observations ------------------------------------------------------------------
    def features(self, view: View, hot: Hot, index: Index, values: Values) -> None:
        me: int = view["seat"]
        p, cap = self.players, self.row_cap
        hot.append(self._phase[view["phase"]])
        hot.append(self.o_turn + (view["turn"] - me) % p)
        hot.append(self.o_starter + (view["starter"] - me) % p)
        holding = view["holding"]
        if holding is not None:
            hot.append(self.o_hold)
            card = holding["card"]
            if card is not None:
                hot += (self.o_hold + 1, self.o_held + int(card))
            hot.append(self.o_hold + (2 if holding["from"] == "deck" else 3))
            hot.append(self.o_holder + (holding["seat"] - me) % p)
        power = view["power"]
        if power is not None:
            hot.append(self._power[power])
        index.append(self.o_deck)
        values.append(view["deck"] / 52)
        if view["reshuffles"]:
            index.append(self.o_refills)
            values.append(min(view["reshuffles"] / 4, 1.0))
        pile: list[str] = view["discard"]
        if pile:
            hot.append(self.o_top + int(pile[-1]))
            index.append(self.o_pile)
            values.append(len(pile) / 52)
            counts = [0] * VALUES
            for c in pile:
                counts[int(c)] += 1
            for v, n in enumerate(counts):
                if n:
                    index.append(self.o_pile_values + v)
                    values.append(n / 4)
        caller = view["caller"]
        hot.append(self.o_caller + (p if caller is None else (caller - me) % p))
        if view["final_turns"]:
            index.append(self.o_final)
            values.append(view["final_turns"] / p)
        target = self.target
        for s in range(p):
            r = (s - me) % p
            if view["setup_peeks"][s]:
                index.append(self.o_setup + r)
                values.append(view["setup_peeks"][s] / 2)
            total = view["totals"][s]
            if total:
                index.append(self.o_totals + r)
                values.append(max(0.0, min(total / target, 1.0)))
            if view["resets_used"][s]:
                hot.append(self.o_resets + r)
        index.append(self.o_round)
        values.append(min(view["round"] / 20, 1.0))
        f = self.F
        put = hot.append
        rel = self.rel[me]
        for s, row in enumerate(view["rows"]):
            r = (s - me) % p
            index.append(self.o_sizes + r)
            values.append(min(len(row) / cap, 1.0))
            at = self.o_pos + r * cap * f
            for slot in row[:cap]:
                put(at)
                card = slot["card"]
                if card is None:
                    put(at + 1)
                else:
                    value = int(card)
                    put(at + 2 + value)
                    if value:
                        index.append(at + 16)
                        values.append(value / 13)
                if slot["public"]:
                    put(at + 17)
                for t in slot["seen_by"]:
                    put(at + rel[t])
                at += f

    def state_features(
        self, state: State[Any], seat: int, hot: Hot, index: Index, values: Values
    ) -> None:
        """The fast path: ``features`` of ``state.view(seat)``, read from the fields the
        view is built from with the view's rules (a row card shows when its knowledge
        mask has the seat's bit; a held card when it came from the pile or the seat holds
        it). Rows are encoded once per content and reused."""
        st = cast(CaboState, state)  # its own engine, with types (tests pin this to the view)
        me, p = seat, self.players
        hot.append(self._phase[st.phase])
        turn = st.turn
        hot.append(self.o_turn + (turn - me) % p)
        hot.append(self.o_starter + (st.starter - me) % p)
        held = st.holding
        if held is not None:
            hot.append(self.o_hold)
            if not st.from_deck or turn == me:
                hot += (self.o_hold + 1, self.o_held + held)
            hot.append(self.o_hold + (2 if st.from_deck else 3))
            hot.append(self.o_holder + (turn - me) % p)
        if st.power is not None:
            hot.append(self._power[st.power])
        index.append(self.o_deck)
        values.append(len(st.deck) / 52)
        if st.reshuffles:
            index.append(self.o_refills)
            values.append(min(st.reshuffles / 4, 1.0))
        pile = st.discard
        if pile:
            hot.append(self.o_top + pile[-1])
            index.append(self.o_pile)
            values.append(len(pile) / 52)
            base = self.o_pile_values
            for v, n in Counter(pile).items():  # counted in C
                index.append(base + v)
                values.append(n / 4)
        caller = st.caller
        hot.append(self.o_caller + (p if caller is None else (caller - me) % p))
        if st.final_left:
            index.append(self.o_final)
            values.append(st.final_left / p)
        target = self.target
        setup, totals, resets = st.setup_left, st.totals, st.resets_used
        for s in range(p):
            r = (s - me) % p
            if setup[s]:
                index.append(self.o_setup + r)
                values.append(setup[s] / 2)
            total = totals[s]
            if total:
                index.append(self.o_totals + r)
                values.append(max(0.0, min(total / target, 1.0)))
            if resets[s]:
                hot.append(self.o_resets + r)
        index.append(self.o_round)
        values.append(min(st.round / 20, 1.0))
        # Rows: a row that has not changed since it was last encoded for this seat is
        # looked up whole (its key is built in C); a changed one slot by slot.
        rows = self._rows
        if len(rows) >= ROWS_CAP:
            rows.clear()
        for s, (row, known) in enumerate(zip(st.rows, st.known, strict=True)):
            key = (me, s, tuple(row), tuple(known))
            block = rows.get(key)
            if block is None:
                block = rows[key] = self._row(me, s, row, known)
            hot += block[0]
            index += block[1]
            values += block[2]

    def _row(
        self, me: int, s: int, row: list[int], known: list[int]
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]:
        """The entries of seat ``s``'s row as ``me`` sees it (the view's ``rows[s]``):
        one precomputed tuple per (slot position, the card if ``me`` sees it, who has
        seen it), looked up by a single int."""
        p, cap, f = self.players, self.row_cap, self.F
        r = (s - me) % p
        hot: Hot = []
        index: Index = [self.o_sizes + r]
        values: Values = [min(len(row) / cap, 1.0)]
        slots = self._slots[me]
        bit = 1 << me
        at = (self.o_pos + r * cap * f) << 20
        for card, mask in zip(row[:cap], known, strict=False):
            key = at | (card << 12 | 1 << 11 | mask if mask & bit else mask)
            hit = slots.get(key)
            if hit is None:
                hit = slots[key] = self._slot(me, key)
            hot += hit
            if mask & bit and card:
                index.append((at >> 20) + 16)
                values.append(card / 13)
            at += f << 20
        return tuple(hot), tuple(index), tuple(values)

    def _slot(self, me: int, key: int) -> tuple[int, ...]:
        """The one-entries of a row slot (``state_features``' key: the slot's offset, the
        card if the seat sees it, its knowledge mask)."""
        p = self.players
        at, mask = key >> 20, key & 0x7FF
        out = [at]
        out.append(at + 2 + (key >> 12 & 0xFF) if key & 1 << 11 else at + 1)
        if mask & 1 << p:
            out.append(at + 17)
        rel = self.rel[me]
        out += [at + rel[t] for t in range(p) if mask >> t & 1]
        return tuple(out)

    # -- actions -----------------------------------------------------------------------
    def index(self, action: Any, seat: int) -> int:
        d = self.game.action_to_json(action)
        kind = d["type"]
        p, cap = self.players, self.row_cap
        if kind in CONSTANTS:
            return CONSTANTS.index(kind)
        if kind == "replace":
            slots = tuple(sorted(d["slots"]))
            index = self.combo_index.get(slots)
            if index is None:
                raise Unindexable(f"Slots {slots} are past the row cap {cap}")
            return index
        if kind == "peek":
            if d["slot"] >= cap:
                raise Unindexable(f"Slot {d['slot']} is past the row cap {cap}")
            return self.PEEK + ((int(d["seat"]) - seat) % p) * cap + int(d["slot"])
        if kind == "swap":
            mine, other = (d["a"], d["b"]) if d["a"][0] == seat else (d["b"], d["a"])
            if mine[1] >= cap or other[1] >= cap:
                raise Unindexable(f"A swap past the row cap {cap}: {d}")
            r = (int(other[0]) - seat) % p
            return self.SWAP + (int(mine[1]) * (p - 1) + r - 1) * cap + int(other[1])
        raise Unindexable(f"Unknown Cabo action {d!r}")  # pragma: no cover

    def build_names(self) -> list[str]:
        p, cap = self.players, self.row_cap
        names = list(CONSTANTS)
        names += ["replace:" + ",".join(map(str, c)) for c in self.combos]
        names += [f"peek:{r:+d}:{i}" for r in range(p) for i in range(cap)]
        names += [
            f"swap:{i}/{r:+d}:{j}" for i in range(cap) for r in range(1, p) for j in range(cap)
        ]
        return names

    def score_rewards(self, outcome: Outcome) -> list[float]:
        return lower_is_better(outcome.scores)


ENCODER = CaboEncoder

"""Cabo for the research adapters: the observation of a seat's view and the action index
space (documented in ``docs/research.md``).

A row's slots close up when an exchange succeeds and grow by one when it fails, so a row
has no fixed bound short of the deck. The index space covers rows of up to
``ROW_CAP = 16`` cards (exchanges of 2 to 4 of them included); random play never came
near it (rows of 11 at most in thousands of games). A position past the cap ends the
episode as truncated.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from cardtable.core import Game, Outcome
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
MAX_EXCHANGE = 4
CONSTANTS = ("draw", "take_discard", "call", "discard", "skip")
PHASES = ("setup", "start", "drawn", "taken", "power", "over")
POWERS = ("peek", "spy", "swap")
VALUES = 14  # cards 0..13


class CaboEncoder(Encoder):
    row_cap = ROW_CAP

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

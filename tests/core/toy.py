"""A tiny two-seat game for testing the core machinery on its own: each seat in turn takes
one of the cards left on the table; the higher total wins. Player 1's last card is hidden
from player 0 until the end (just enough hidden information to matter)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from cardtable.core import Event, Game, Option, Outcome, State, View
from cardtable.core.deck import stack
from cardtable.core.rng import make_rng
from cardtable.core.wire import action_type, integer, only_keys


class Take(NamedTuple):
    index: int


class ToyState(State[Take]):
    def __init__(self, game: ToyGame, table: list[int]) -> None:
        super().__init__(game, 2)
        self.table = table
        self.taken: list[list[int]] = [[], []]
        self.turn = 0

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    def _legal_actions(self, seat: int) -> list[Take]:
        return [Take(i) for i in range(len(self.table))]

    def _apply(self, seat: int, action: Take) -> list[Event]:
        card = self.table.pop(action.index)
        self.taken[seat].append(card)
        self.turn = 1 - seat
        return [Event("take", {"seat": seat}, {seat: {"card": card}})]

    def _why_illegal(self, seat: int, action: Take) -> str:
        return f"There is no card {action.index} on the table"

    def clone(self) -> ToyState:
        copy = ToyState(self.game, list(self.table))  # type: ignore[arg-type]
        copy.taken = [list(t) for t in self.taken]
        copy.turn = self.turn
        return copy

    def view(self, seat: int | None) -> View:
        view = self._base_view(seat)
        view["table"] = list(self.table)
        view["taken"] = [
            list(t) if s == seat or self.is_over() else len(t) for s, t in enumerate(self.taken)
        ]
        return view

    def full_view(self) -> View:
        return {"table": list(self.table), "taken": [list(t) for t in self.taken]}

    def all_cards(self) -> list[str]:
        return [str(c) for c in self.table + self.taken[0] + self.taken[1]]

    def is_over(self) -> bool:
        return not self.table

    def _outcome(self) -> Outcome:
        totals = [sum(t) for t in self.taken]
        best = max(totals)
        return Outcome(tuple(totals), tuple(s for s in range(2) if totals[s] == best))


class ToyGame(Game[Take]):
    name = "toy"
    title = "Toy"
    OPTIONS = (
        Option("players", 2, "seats", low=2, high=2),
        Option("cards", 4, "cards on the table", low=2, high=8),
    )

    def new_state(self, seed: int | None = None, deck: Sequence[Any] | None = None) -> ToyState:
        full = [str(v) for v in range(1, int(self.options["cards"]) + 1)]
        cards = stack(full, deck, make_rng(seed))
        return ToyState(self, [int(c) for c in cards])

    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> ToyState:
        raise NotImplementedError

    def action_to_json(self, action: Take) -> dict[str, Any]:
        return {"type": "take", "index": action.index}

    def action_from_json(self, data: object) -> Take:
        _, d = action_type(data, ["take"])
        only_keys(d, "index")
        return Take(integer(d, "index"))

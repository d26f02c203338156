"""Cabo's gauntlet opponents (``cardtable gauntlet``, docs/bots/cabo.md "Gauntlet"): styles
of play nobody would ship as a level, each a variation of the heuristic player.

- ``greedy``: forgets what it saw after a few turns and calls Cabo as soon as its
  expected sum is at most ``GREEDY_CALL_AT`` (and never otherwise);
- ``swap_blind``: remembers each card where it saw it and never notices another seat's
  swap (it follows its own);
- ``taker``: Cabo has no snapping; its snap-happy player takes the face-up discard at
  every turn it may, where medium weighs that everyone sees where it goes;
- ``cautious``: never calls before its ``CAUTIOUS_FIRST_CALL``-th turn.

The cheater is the gauntlet's generic all-seeing search."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from cardtable.core import Game
from cardtable.games.cabo.bots.adapt import turns_played
from cardtable.games.cabo.bots.knowledge import from_view
from cardtable.games.cabo.bots.players import HeuristicBot
from cardtable.games.cabo.bots.policy import MEDIUM, Mind

GREEDY_CALL_AT = 6.0
GREEDY_MEMORY = (2, 5)
# A taken card must be worth this much less than medium asks: always enough.
TAKER = replace(MEDIUM, take_margin=-1000.0)
CAUTIOUS_FIRST_CALL = 6

Position = tuple[int, int]


def kind_of(game: Game[Any], action: Any) -> str:
    return str(game.action_to_json(action)["type"])


def instead_of_call(game: Game[Any], legal: Sequence[Any]) -> Any:
    return next(a for a in legal if kind_of(game, a) == "draw")


class Greedy(HeuristicBot):
    def __init__(self, game: Game[Any]) -> None:
        super().__init__("greedy", game, memory=GREEDY_MEMORY)

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        can_call = any(kind_of(self.game, a) == "call" for a in legal)
        if can_call:
            table = from_view(view, self.rules, self.forgotten(view))
            mine, _ = Mind(table, self.style).expected_sum(table.me)
            if mine <= GREEDY_CALL_AT:
                return next(a for a in legal if kind_of(self.game, a) == "call")
        action = super().act(view, legal, rng)
        if action is not None and kind_of(self.game, action) == "call":
            return instead_of_call(self.game, legal)
        return action


class SwapBlind(HeuristicBot):
    """The heuristic on its own memory of where it saw each card: a card the view shows
    moved by someone else (its number left a place it was remembered at and turned up at
    another) is not believed to have moved. Cards share numbers, so a coincidence can
    fool it the other way too: it is a player with a poor eye for swaps."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__("swap_blind", game)
        self.belief: dict[Position, str] = {}

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        self.belief = self.believe(view)
        rows = [
            [{**slot, "card": self.belief.get((owner, i))} for i, slot in enumerate(slots)]
            for owner, slots in enumerate(view["rows"])
        ]
        action = super().act({**view, "rows": rows}, legal, rng)
        if action is not None and kind_of(self.game, action) == "swap":
            data = self.game.action_to_json(action)
            self.follow(
                (int(data["a"][0]), int(data["a"][1])), (int(data["b"][0]), int(data["b"][1]))
            )
        return action

    def believe(self, view: Mapping[str, Any]) -> dict[Position, str]:
        shown = {
            (owner, i): slot["card"]
            for owner, slots in enumerate(view["rows"])
            for i, slot in enumerate(slots)
            if slot["card"] is not None
        }
        left = {pos: card for pos, card in self.belief.items() if shown.get(pos) != card}
        moved: set[Position] = set()
        for pos, card in shown.items():
            before = self.belief.get(pos)
            if before == card:
                continue
            origin = next((q for q, c in left.items() if c == card and q != pos), None)
            if origin is not None:
                moved.update({pos, origin})
        belief = {pos: card for pos, card in self.belief.items() if pos in moved}
        belief.update({pos: card for pos, card in shown.items() if pos not in moved})
        return belief

    def follow(self, a: Position, b: Position) -> None:
        first, second = self.belief.pop(a, None), self.belief.pop(b, None)
        if first is not None:
            self.belief[b] = first
        if second is not None:
            self.belief[a] = second


class Cautious(HeuristicBot):
    def __init__(self, game: Game[Any]) -> None:
        super().__init__("cautious", game)

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        action = super().act(view, legal, rng)
        if kind_of(self.game, action) == "call" and turns_played(view) < CAUTIOUS_FIRST_CALL:
            return instead_of_call(self.game, legal)
        return action


def greedy(game: Game[Any]) -> Greedy:
    return Greedy(game)


def swap_blind(game: Game[Any]) -> SwapBlind:
    return SwapBlind(game)


def taker(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("taker", game, TAKER)


def cautious(game: Game[Any]) -> Cautious:
    return Cautious(game)


OPPONENTS = {
    "greedy": greedy,
    "swap_blind": swap_blind,
    "taker": taker,
    "cautious": cautious,
}

"""Gan Deng Yan's gauntlet opponents (``cardtable gauntlet``, docs/bots/gandengyan.md
"Gauntlet"). Gan Deng Yan has no call, no swap and no snap: each style is the closest
honest equivalent of its Cambio namesake (the mapping is in the doc).

- ``greedy``: sheds as many cards as it can at every turn, never passes when it may play,
  and does not count the cards played (its memory is the trick in progress);
- ``forgetful``: medium's judgement without counting the cards played (a player who does
  not notice what went by, as the swap-blind one does not notice swaps);
- ``spender``: plays a 2 or a bomb whenever it may (snap-happy: spends what a good player
  keeps);
- ``cautious``: never plays a 2 or a bomb while it holds more than ``CAUTIOUS_CARDS``
  cards, unless that play goes out.

The cheater is the gauntlet's generic all-seeing search."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from cardtable.core import Game
from cardtable.games.gandengyan.bots.hands import Move
from cardtable.games.gandengyan.bots.players import HeuristicBot, from_view, wire_move
from cardtable.games.gandengyan.bots.policy import MEDIUM, choose, is_premium

FORGETFUL = replace(MEDIUM, count_cards=False)
CAUTIOUS_CARDS = 5


class Styled(HeuristicBot):
    """Medium's heuristic, its choice ruled by a style's ``pick`` (None: medium's own)."""

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        moves = [wire_move(self.game, action, self.rules) for action in legal]
        held = len(view["hand"])
        picked = self.pick(moves, held)
        if picked is None:
            return super().act(view, legal, rng)
        if isinstance(picked, list):  # a shortlist: medium's choice among it
            table = from_view(view, self.rules, self.decks, self.style.count_cards)
            return legal[picked[choose(table, [moves[i] for i in picked], self.style)]]
        return legal[picked]

    def pick(self, moves: Sequence[Move], held: int) -> int | list[int] | None:
        return None


class Greedy(Styled):
    def pick(self, moves: Sequence[Move], held: int) -> int | list[int] | None:
        plays = [i for i, m in enumerate(moves) if m.kind is not None]
        if not plays:
            return None
        return max(plays, key=lambda i: moves[i].cards)  # the first of the longest


class Spender(Styled):
    def pick(self, moves: Sequence[Move], held: int) -> int | list[int] | None:
        premium = [i for i, m in enumerate(moves) if is_premium(m.kind)]
        return premium or None


class Cautious(Styled):
    def pick(self, moves: Sequence[Move], held: int) -> int | list[int] | None:
        if held <= CAUTIOUS_CARDS:
            return None
        kept = [i for i, m in enumerate(moves) if not is_premium(m.kind) or m.cards == held]
        return kept or None


def greedy(game: Game[Any]) -> Greedy:
    return Greedy("greedy", game, FORGETFUL)


def forgetful(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("forgetful", game, FORGETFUL)


def spender(game: Game[Any]) -> Spender:
    return Spender("spender", game)


def cautious(game: Game[Any]) -> Cautious:
    return Cautious("cautious", game)


OPPONENTS = {"greedy": greedy, "forgetful": forgetful, "spender": spender, "cautious": cautious}

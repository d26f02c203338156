"""Caravan's gauntlet opponents (``cardtable gauntlet``, docs/bots/caravan.md "Gauntlet").
Caravan has no call, no swap and no snap: each style is the closest honest equivalent of
its Cambio namesake (the mapping is in the doc).

- ``greedy``: builds its own caravans and gives the opponent's prospects no weight;
- ``forgetful``: medium without an eye for the opponent's selling caravans (it does not
  notice the danger of two sold sides, as the swap-blind player does not notice swaps);
- ``raider``: attaches a face card to an opponent's caravan whenever it may (snap-happy:
  it takes every shot at the other side);
- ``cautious``: never plays on the opponent's caravans and weighs their threat double.

The cheater is the gauntlet's generic all-seeing search."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from cardtable.core import Game
from cardtable.games.caravan.bots.players import HeuristicBot
from cardtable.games.caravan.bots.policy import MEDIUM, decide
from cardtable.games.caravan.bots.table import from_view, from_wire, kind

GREEDY = replace(MEDIUM, them=0.0)
FORGETFUL = replace(MEDIUM, threat=0.0, danger=0.0)
CAUTIOUS = replace(MEDIUM, threat=2 * MEDIUM.threat, danger=2 * MEDIUM.danger)


def attacks(action: Sequence[Any], me: int) -> bool:
    """A face card or joker onto an opponent's caravan."""
    return kind(action) == "attach" and int(action[1]) != me


class Shortlisted(HeuristicBot):
    """The heuristic choosing among the legal actions a style allows."""

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        plain = [from_wire(self.game.action_to_json(action)) for action in legal]
        allowed = self.allow(plain, int(view["seat"])) or plain
        choice = decide(from_view(view, self.rules), allowed, self.style, rng)
        return legal[plain.index(choice)]

    def allow(self, plain: Sequence[Any], me: int) -> list[Any]:
        return list(plain)


class Raider(Shortlisted):
    def allow(self, plain: Sequence[Any], me: int) -> list[Any]:
        return [a for a in plain if attacks(a, me)]


class Cautious(Shortlisted):
    def allow(self, plain: Sequence[Any], me: int) -> list[Any]:
        return [a for a in plain if not attacks(a, me)]


def greedy(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("greedy", game, GREEDY)


def forgetful(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("forgetful", game, FORGETFUL)


def raider(game: Game[Any]) -> Raider:
    return Raider("raider", game, MEDIUM)


def cautious(game: Game[Any]) -> Cautious:
    return Cautious("cautious", game, CAUTIOUS)


OPPONENTS = {"greedy": greedy, "forgetful": forgetful, "raider": raider, "cautious": cautious}

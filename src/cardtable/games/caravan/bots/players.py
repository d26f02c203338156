"""Caravan's heuristic players on a seat's view: ``medium`` (a good human) and ``easy`` (a
beginner: it half ignores what the opponent builds, does not see two sold pairs as the
danger they are, and one time in four takes a weaker move). Both read only the view and
the legal actions, through their wire forms (``game.action_to_json``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import Game
from cardtable.games.caravan.bots.policy import EASY, MEDIUM, Style, decide
from cardtable.games.caravan.bots.table import Rules, from_view, from_wire


class HeuristicBot:
    def __init__(self, name: str, game: Game[Any], style: Style) -> None:
        self.name = name
        self.game = game
        self.rules = Rules.of(game.options)
        self.style = style

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        table = from_view(view, self.rules)
        plain = [from_wire(self.game.action_to_json(action)) for action in legal]
        choice = decide(table, plain, self.style, rng)
        return legal[plain.index(choice)]


def medium(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("medium", game, MEDIUM)


def easy(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("easy", game, EASY)


__all__ = ["HeuristicBot", "easy", "medium"]

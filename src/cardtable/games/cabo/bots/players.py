"""Cabo's heuristic players: ``medium`` (a good human) and ``easy`` (a beginner who forgets
what it saw after a while and sometimes makes the weaker choice). Both read only the view
they are given; they reach the game's actions through ``game.action_to_json``."""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import Game
from cardtable.games.cabo.bots.knowledge import Rules, Table, from_view
from cardtable.games.cabo.bots.policy import MEDIUM, Key, Style, blunder, decide


def wire_key(data: Mapping[str, Any]) -> Key:
    """The decision key of an action's wire form."""
    kind = data["type"]
    if kind == "replace":
        return ("replace", tuple(sorted(data["slots"])))
    if kind == "peek":
        return ("peek", data["seat"], data["slot"])
    if kind == "swap":
        a, b = tuple(data["a"]), tuple(data["b"])
        return ("swap", a, b) if a <= b else ("swap", b, a)
    return (kind,)


class HeuristicBot:
    """The Cabo heuristic on a seat's view. ``memory`` (own turns, ``None``: perfect)
    bounds how long a privately seen card is remembered; ``mistakes`` is the chance of a
    weaker choice at each decision."""

    def __init__(
        self,
        name: str,
        game: Game[Any],
        style: Style = MEDIUM,
        memory: tuple[int, int] | None = None,
        mistakes: float = 0.0,
    ) -> None:
        self.name = name
        self.game = game
        self.rules = Rules.of(game.options)
        self.style = style
        self.memory = memory
        self.mistakes = mistakes

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        table = from_view(view, self.rules, self.forgotten(view))
        key = decide(table, self.style)
        if self.mistakes and rng.random() < self.mistakes:
            key = blunder(table, key, rng)
        options = {wire_key(self.game.action_to_json(action)): action for action in legal}
        chosen = options.get(key)
        if chosen is None:  # a forgetful player may aim at something not on offer
            return legal[0] if table.phase != "power" else options.get(("skip",), legal[-1])
        return chosen

    def forgotten(self, view: Mapping[str, Any]) -> set[tuple[int, int]]:
        """The privately seen cards this player has lost track of. Memory fades with the
        turns played this round; each card lasts a span of its own, fixed by what it is
        and where, so a forgotten card stays forgotten (the choice is reproducible from
        the view alone)."""
        if self.memory is None:
            return set()
        shortest, longest = self.memory
        players = int(view["players"])
        dealt = 52 - 4 * players
        turns = max(dealt - int(view["deck"]), 0) / players
        out = set()
        salt = f"{view['round']}:{view['totals']}"
        for owner, slots in enumerate(view["rows"]):
            for i, slot in enumerate(slots):
                if slot["card"] is None or slot["public"]:
                    continue
                mark = zlib.crc32(f"{salt}:{owner}:{i}:{slot['card']}".encode())
                span = shortest + mark % (longest - shortest + 1)
                if turns > span:
                    out.add((owner, i))
        return out


def medium(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("medium", game)


EASY_STYLE = Style(peek_value=1.0, spy_value=0.3, swap_min=3.0, wait_factor=0.7)


def easy(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("easy", game, EASY_STYLE, memory=(2, 6), mistakes=0.15)


__all__ = ["HeuristicBot", "Table", "easy", "medium"]

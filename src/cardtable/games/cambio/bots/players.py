"""Cambio's heuristic players: ``medium`` (a good human) and ``easy`` (a beginner who
forgets what it saw after a while and sometimes makes the weaker choice). Both read only
the view they are given and reach the game's actions through ``game.action_to_json``.

In a snap window (``snap=anytime``) every seat may act; a seat with nothing worth snapping
returns ``None``, which lets the moment pass (docs/server.md, Bots)."""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import Game
from cardtable.games.cambio.bots.knowledge import HIDDEN, Rules, Table, _turns, from_view
from cardtable.games.cambio.bots.policy import MEDIUM, Key, Mind, Style, blunder


def wire_key(data: Mapping[str, Any]) -> Key:
    """The decision key of an action's wire form."""
    kind = data["type"]
    if kind in ("replace", "give"):
        return (kind, data["slot"])
    if kind in ("peek", "snap"):
        return (kind, data["seat"], data["slot"])
    if kind == "swap":
        a, b = tuple(data["a"]), tuple(data["b"])
        return ("swap", a, b) if a <= b else ("swap", b, a)
    return (kind,)


class HeuristicBot:
    """The Cambio heuristic on a seat's view. ``memory`` (turns, ``None``: perfect) bounds
    how long a seen card is remembered; ``mistakes`` is the chance of a weaker choice at
    each decision."""

    def __init__(
        self,
        name: str,
        game: Game[Any],
        style: Style = MEDIUM,
        memory: tuple[float, float] | None = None,
        mistakes: float = 0.0,
    ) -> None:
        self.name = name
        self.game = game
        self.rules = Rules.of(game.options)
        self.style = style
        self.memory = memory
        self.mistakes = mistakes

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        options = {wire_key(self.game.action_to_json(action)): action for action in legal}
        table = from_view(view, self.rules, self.forgotten(view))
        mind = Mind(table, self.style, options)
        key = mind.decide()
        if self.mistakes and rng.random() < self.mistakes:
            key = blunder(mind, key, rng)
        if key is None:
            if table.turn != table.me or table.phase == "setup":
                return None  # nothing worth snapping: let the window pass
            key = ("skip",) if table.phase == "power" else ("draw",)
        chosen = options.get(key)
        if chosen is None:  # never expected; stay legal whatever happens
            return legal[0]
        return chosen

    def forgotten(self, view: Mapping[str, Any]) -> set[tuple[int, int]]:
        """The seen cards this player has lost track of. Memory fades with the turns played:
        each card lasts a span of its own (``memory`` gives the shortest and longest, in
        turns), fixed by what it is and where, so a forgotten card stays forgotten while it
        stays there (the choice is reproducible from the view alone). The card in hand is
        never forgotten."""
        if self.memory is None:
            return set()
        shortest, longest = self.memory
        players = int(view["players"])
        turns = _turns(players, int(view["deck"]), len(view["discard"]))
        me = view["seat"]
        out = set()
        for owner, row in enumerate(view["hands"]):
            for i, card in enumerate(row):
                if card is None or card == HIDDEN:
                    continue
                mark = zlib.crc32(f"{me}:{owner}:{i}:{card}".encode()) / 0xFFFFFFFF
                span = shortest + mark * (longest - shortest)
                if turns > span:
                    out.add((owner, i))
        return out


def medium(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("medium", game)


# A beginner: peeks and spies count for less, swaps only when obvious, calls later.
EASY_STYLE = Style(
    peek_value=1.0,
    spy_value=0.2,
    info_bonus=0.3,
    swap_min=2.5,
    king_swap_min=1.5,
    snap_margin=2.0,
    call_chance=0.7,
)


def easy(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("easy", game, EASY_STYLE, memory=(1.5, 8.0), mistakes=0.15)


__all__ = ["HeuristicBot", "Table", "easy", "medium", "wire_key"]

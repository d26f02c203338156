"""Gan Deng Yan's heuristic players: ``medium`` (a good human) and ``easy`` (a beginner
who does not keep track of the cards played and sometimes makes the weaker choice). Both
read only the view they are given and reach the actions through ``game.action_to_json``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from cardtable.core import Game
from cardtable.games.gandengyan.bots.hands import (
    JOKERS,
    PASS_MOVE,
    Move,
    move_of,
)
from cardtable.games.gandengyan.bots.policy import (
    MEDIUM,
    Style,
    Table,
    biggest_single,
    choose,
    is_premium,
)
from cardtable.games.gandengyan.game import GanDengYanGame
from cardtable.games.gandengyan.plays import (
    RANK_INDEX,
    Kind,
    Rules,
)


def engine(game: Game[Any]) -> GanDengYanGame:
    """The bots' own game, with types (the registry hands them a ``Game``)."""
    return cast(GanDengYanGame, game)


def deck_size(game: Game[Any]) -> int:
    """Decks in play (GD-1), as the game worked them out from its options."""
    return engine(game).decks


def hand_counts(cards: Sequence[str]) -> tuple[tuple[int, ...], int]:
    counts = [0] * 13
    jokers = 0
    for card in cards:
        if card in JOKERS:
            jokers += 1
        else:
            counts[RANK_INDEX[card[0]]] += 1
    return tuple(counts), jokers


def from_view(view: Mapping[str, Any], rules: Rules, decks: int, count_cards: bool = True) -> Table:
    """What the seat of ``view`` knows. Without ``count_cards`` the player only remembers
    the cards of the trick in progress (a beginner)."""
    me = int(view["seat"])
    counts, jokers = hand_counts(view["hand"])
    beat = view.get("to_beat")
    target = None
    target_seat = me
    if beat is not None:
        rank = beat.get("rank")
        target = Kind(
            str(beat["kind"]), RANK_INDEX[rank] if isinstance(rank, str) else -1, beat["length"]
        )
        target_seat = int(beat["seat"])
    if count_cards:
        seen = list(view["played"])
    else:
        seen = [c for entry in view.get("trick", ()) for c in entry.get("cards", ())]
    played, played_jokers = hand_counts(seen)
    unseen = [max(0, 4 * decks - counts[r] - played[r]) for r in range(13)]
    unseen.append(max(0, 2 * decks - jokers - played_jokers))
    return Table(
        me=me,
        players=int(view["players"]),
        counts=counts,
        jokers=jokers,
        target=target,
        target_seat=target_seat,
        hand_counts=[int(c) for c in view["counts"]],
        talon=int(view["talon"]),
        unseen=unseen,
        rules=rules,
        bombs=int(view.get("bombs", 0)),
        decks=decks,
    )


_WIRE_MOVES: dict[tuple[int, Any], Move] = {}


def wire_move(game: Game[Any], action: Any, rules: Rules) -> Move:
    """The move of a legal action, read from its wire form (memoised per game: equal
    actions are the same play)."""
    key = (id(game), action)
    found = _WIRE_MOVES.get(key)
    if found is not None:
        return found
    data = game.action_to_json(action)
    if data.get("type") != "play":
        found = PASS_MOVE
    else:
        cards = data["cards"]
        found = move_of(cards, data.get("as") or [c[0] for c in cards], rules)
    if len(_WIRE_MOVES) > 100_000:
        _WIRE_MOVES.clear()
    _WIRE_MOVES[key] = found
    return found


class HeuristicBot:
    """The Gan Deng Yan heuristic on a seat's view. ``mistakes`` is the chance of a weaker
    choice at a decision: leading the biggest single, or answering with a 2 or a bomb (or
    any answer at all) when a good player would not."""

    def __init__(
        self, name: str, game: Game[Any], style: Style = MEDIUM, mistakes: float = 0.0
    ) -> None:
        self.name = name
        self.game = game
        self.rules = engine(game).rules
        self.decks = deck_size(game)
        self.style = style
        self.mistakes = mistakes

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        moves = [wire_move(self.game, action, self.rules) for action in legal]
        table = from_view(view, self.rules, self.decks, self.style.count_cards)
        best = choose(table, moves, self.style)
        if self.mistakes and rng.random() < self.mistakes:
            best = self.blunder(table, moves, best, rng)
        return legal[best]

    @staticmethod
    def blunder(table: Table, moves: Sequence[Move], best: int, rng: random.Random) -> int:
        """A beginner's weaker choice instead of ``best`` (never passing up going out)."""
        held = sum(table.counts) + table.jokers
        if moves[best].cards == held and moves[best].kind is not None:
            return best
        if table.target is None:
            single = biggest_single(moves)
            return best if single is None else single
        plays = [i for i, m in enumerate(moves) if m.kind is not None]
        if not plays:
            return best
        premium = [i for i in plays if is_premium(moves[i].kind)]
        if premium and rng.random() < 0.6:
            return rng.choice(premium)
        return rng.choice(plays)


def medium(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("medium", game)


EASY_STYLE = Style(count_cards=False, danger_weight=1.0, lead=(0.0, 1.5, 0.5, 0.2, 0.1))


def easy(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("easy", game, EASY_STYLE, mistakes=0.25)


__all__ = ["HeuristicBot", "easy", "from_view", "medium"]

"""Cambio's gauntlet opponents (``cardtable gauntlet``, docs/bots/cambio.md "Gauntlet"):
styles of play nobody would ship as a level, each a variation of the heuristic player,
so that a bot is measured against more than the one policy its search imagines.

- ``greedy``: forgets what it saw after a few turns and calls Cambio as soon as its
  estimated total is at most ``GREEDY_CALL_AT``, whatever the others hold;
- ``swap_blind``: remembers every card it saw where it saw it and never notices another
  seat's swap (it follows its own);
- ``snapper``: snaps every card it knows matches the discard, whenever it may;
- ``cautious``: never calls before its ``CAUTIOUS_FIRST_CALL``-th turn, and then only when
  fairly sure;
- ``cheater``: medium's heuristic reading every card on the table (the true state). A
  yardstick that exists only in the gauntlet;
- ``seer``: the all-seeing greedy bot of issue #24's outside measurement (jason-s-yu/cambia's
  ``GreedyAgent``), rewritten from its description: it reads every card, calls at a true
  total of at most ``SEER_CALL_AT``, snaps every match and keeps a drawn card only where
  it lowers its own total. A weaker yardstick than the cheater, kept so that our figures
  compare with the outside ones."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from cardtable.core import Game, State
from cardtable.core.slots import swap
from cardtable.games.cambio.actions import CALL, DISCARD, DRAW, SKIP, Give, Peek, Replace, Snap
from cardtable.games.cambio.bots.knowledge import HIDDEN, Rules, _turns, match_key
from cardtable.games.cambio.bots.players import HeuristicBot
from cardtable.games.cambio.bots.policy import MEDIUM
from cardtable.games.cambio.state import SETUP, CambioState

GREEDY_CALL_AT = 5.0
# Always willing to call (a chance of at least -1 holds): only the total decides.
GREEDY_STYLE = replace(
    MEDIUM, call_chance=-1.0, call_chance_step=0.0, call_max_total=GREEDY_CALL_AT
)
GREEDY_MEMORY = (2.0, 6.0)
CAUTIOUS_FIRST_CALL = 8
CAUTIOUS_STYLE = replace(MEDIUM, call_chance=0.85, call_max_total=5.0)
SEER_CALL_AT = 5  # cambia's ``cambia_call_threshold`` default
# The ranks whose power cambia's greedy bot uses when it discards: peeks and the king.
SEER_POWERS = frozenset("789TK")

Position = tuple[int, int]


def kind_of(game: Game[Any], action: Any) -> str:
    return str(game.action_to_json(action)["type"])


def greedy(game: Game[Any]) -> HeuristicBot:
    return HeuristicBot("greedy", game, GREEDY_STYLE, memory=GREEDY_MEMORY)


class SwapBlind(HeuristicBot):
    """The heuristic on its own memory of where it saw each card: a card the view shows
    moved by someone else (it was remembered elsewhere) is not believed to have moved."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__("swap_blind", game)
        self.belief: dict[Position, str] = {}

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        self.belief = self.believe(view)
        hands = [
            [
                self.belief.get((owner, i), HIDDEN) if card is not None else None
                for i, card in enumerate(row)
            ]
            for owner, row in enumerate(view["hands"])
        ]
        action = super().act({**view, "hands": hands}, legal, rng)
        if action is not None and kind_of(self.game, action) == "swap":
            self.follow(self.game.action_to_json(action))
        return action

    def believe(self, view: Mapping[str, Any]) -> dict[Position, str]:
        """The old belief, updated with what the view shows except where the view shows a
        card remembered at another place (moved by someone else's swap)."""
        where = {card: pos for pos, card in self.belief.items()}
        moved: set[Position] = set()
        for owner, row in enumerate(view["hands"]):
            for i, card in enumerate(row):
                before = where.get(card)
                if card not in (None, HIDDEN) and before is not None and before != (owner, i):
                    moved.update({(owner, i), before})
        belief = {pos: card for pos, card in self.belief.items() if pos in moved}
        for owner, row in enumerate(view["hands"]):
            for i, card in enumerate(row):
                if (owner, i) not in moved and card not in (None, HIDDEN):
                    belief[(owner, i)] = card
        return belief

    def follow(self, swap: Mapping[str, Any]) -> None:
        """Its own swap it notices: the two remembered cards change places."""
        a, b = (int(swap["a"][0]), int(swap["a"][1])), (int(swap["b"][0]), int(swap["b"][1]))
        first, second = self.belief.pop(a, None), self.belief.pop(b, None)
        if first is not None:
            self.belief[b] = first
        if second is not None:
            self.belief[a] = second


def swap_blind(game: Game[Any]) -> SwapBlind:
    return SwapBlind(game)


class Snapper(HeuristicBot):
    """Snaps any card it knows matches the discard, whenever a snap is legal (the heuristic
    weighs a snap against what it costs; this player never does)."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__("snapper", game)

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        discard = view["discard"]
        if discard and view.get("give") is None:
            want = match_key(discard[-1])
            for action in legal:
                data = self.game.action_to_json(action)
                if data["type"] != "snap":
                    continue
                card = view["hands"][data["seat"]][data["slot"]]
                if card not in (None, HIDDEN) and match_key(card) == want:
                    return action
        return super().act(view, legal, rng)


def snapper(game: Game[Any]) -> Snapper:
    return Snapper(game)


class Cautious(HeuristicBot):
    """The heuristic with a stricter call that never comes before its own
    ``CAUTIOUS_FIRST_CALL``-th turn."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__("cautious", game, CAUTIOUS_STYLE)

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        action = super().act(view, legal, rng)
        if action is None or kind_of(self.game, action) != "call":
            return action
        turns = _turns(int(view["players"]), int(view["deck"]), len(view["discard"]))
        if turns >= CAUTIOUS_FIRST_CALL:
            return action
        return next(a for a in legal if kind_of(self.game, a) == "draw")


def cautious(game: Game[Any]) -> Cautious:
    return Cautious(game)


class Seeing:
    """An opponent that reads the true state: the gauntlet hands it over (``watch``) and
    the game goes on in it. Never shown one, it refuses to play rather than play blind."""

    name: str
    state: CambioState | None = None

    def watch(self, state: State[Any]) -> None:
        assert isinstance(state, CambioState)
        self.state = state

    def shown(self) -> CambioState:
        if self.state is None:
            raise RuntimeError(
                f"The {self.name} plays only in the gauntlet, which shows it the state"
            )
        return self.state


class Cheater(Seeing, HeuristicBot):
    """Medium's heuristic on a view with every card face up, read from the true state."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__("cheater", game)

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        hands = [list(row) for row in self.shown().hands]
        return super().act({**view, "hands": hands}, legal, rng)


def cheater(game: Game[Any]) -> Cheater:
    return Cheater(game)


class Seer(Seeing):
    """cambia's all-seeing greedy bot: simple rules on the true state, in the order it
    tries them: call, snap, keep the drawn card or discard it, the power step, the give;
    otherwise draw."""

    def __init__(self, game: Game[Any]) -> None:
        self.name = "seer"
        self.game = game
        self.values = Rules.of(game.options).values

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        state = self.shown()
        me = int(view["seat"])
        for rule in (self.call, self.snap, self.keep, self.power, self.give):
            action = rule(state, me, legal)
            if action is not None:
                return action
        if DRAW in legal:
            return DRAW
        if state.phase == SETUP:  # initial_peek=choose_two: cambia looks at its first cards
            return legal[0]
        # A snap window on another seat's turn, or an unexpected choice: pass or stay legal.
        return None if me != state.current else legal[0]

    def total(self, hand: Sequence[str | None]) -> int:
        return sum(self.values[c] for c in hand if c is not None)

    def call(self, state: CambioState, me: int, legal: Sequence[Any]) -> Any:
        return CALL if CALL in legal and self.total(state.hands[me]) <= SEER_CALL_AT else None

    def snap(self, state: CambioState, me: int, legal: Sequence[Any]) -> Any:
        """Its own matching card first, then an opponent's, each at the lowest slot."""
        if not state.discard:
            return None
        want = match_key(state.discard[-1])
        matching = [
            a
            for a in legal
            if type(a) is Snap
            and (card := state.hands[a.seat][a.slot]) is not None
            and match_key(card) == want
        ]
        mine = [a for a in matching if a.seat == me]
        return min(mine or matching, key=lambda a: a.slot, default=None)

    def keep(self, state: CambioState, me: int, legal: Sequence[Any]) -> Any:
        """Replace the card whose exchange lowers its total most; failing that, a drawn card
        at most the call threshold replaces its highest card; otherwise discard."""
        if DISCARD not in legal or state.drawn is None:
            return None
        drawn = self.values[state.drawn]
        hand = state.hands[me]
        # The highest card, the lowest slot among equals (cambia scans slots in order).
        held = [
            (self.values[card], -a.slot, a)
            for a in legal
            if type(a) is Replace and (card := hand[a.slot]) is not None
        ]
        if not held:
            return DISCARD
        value, _, replace_it = max(held)
        lowers = value > drawn or (drawn <= SEER_CALL_AT and value >= drawn)
        return replace_it if lowers else DISCARD

    def power(self, state: CambioState, me: int, legal: Sequence[Any]) -> Any:
        """7–10 and the king's look peek the lowest slot (it learns nothing it did not see);
        a jack or queen is not used; the king swaps its lowest card with the lowest card of
        the next seat when that one is worth less."""
        if SKIP not in legal:
            return None
        power = state.power
        if power is None or power[0] not in SEER_POWERS:
            return SKIP
        peeks = sorted((a for a in legal if type(a) is Peek), key=lambda a: (a.seat != me, a))
        if peeks:
            return peeks[0]
        mine = min((i for i, c in enumerate(state.hands[me]) if c is not None), default=None)
        other = (me + 1) % state.players
        theirs = min((i for i, c in enumerate(state.hands[other]) if c is not None), default=None)
        if mine is None or theirs is None:
            return SKIP
        action = swap((me, mine), (other, theirs))
        ours, its = state.hands[me][mine], state.hands[other][theirs]
        assert ours is not None and its is not None
        return action if self.values[its] < self.values[ours] and action in legal else SKIP

    def give(self, state: CambioState, me: int, legal: Sequence[Any]) -> Any:
        """After snapping an opponent's card: its highest card goes into the empty slot."""
        hand = state.hands[me]
        gives = [
            (self.values[card], -a.slot, a)
            for a in legal
            if type(a) is Give and (card := hand[a.slot]) is not None
        ]
        return max(gives)[2] if gives else None


def seer(game: Game[Any]) -> Seer:
    return Seer(game)


OPPONENTS = {
    "greedy": greedy,
    "swap_blind": swap_blind,
    "snapper": snapper,
    "cautious": cautious,
    "cheater": cheater,
    "seer": seer,
}

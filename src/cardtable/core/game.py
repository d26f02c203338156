"""The game contract (docs/architecture.md): a ``Game`` is a rules value built from validated
options; a ``State`` is one mutable game in progress.

The base classes own what is the same for every game: option validation, seat checks,
legality checking with player-facing messages, and a per-position cache of legal actions
so that ``legal_actions`` + ``apply`` (the hot path of bots and benchmarks) computes the
legal list once. A game implements the ``_``-prefixed hooks."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from cardtable.core.errors import GameNotOver, IllegalAction
from cardtable.core.events import Event
from cardtable.core.options import Option, OptionValue, resolve
from cardtable.core.outcome import Outcome

A = TypeVar("A", bound=Hashable)
View = dict[str, Any]
# The wire form of conceding in the games whose rules have it (``Game.concession``).
CONCEDE: dict[str, Any] = {"type": "resign"}


class State(ABC, Generic[A]):
    """One game in progress. Mutable; ``clone()`` gives an independent copy."""

    game: Game[A]
    players: int

    def __init__(self, game: Game[A], players: int) -> None:
        self.game = game
        self.players = players
        self._legal: dict[int, list[A]] = {}

    # -- the public contract -------------------------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now: usually one; several while a snap window is open;
        none once the game is over."""

    def legal_actions(self, seat: int) -> list[A]:
        """The legal actions of ``seat`` now, in a deterministic order (empty when the seat
        may not act)."""
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal_for(seat)
        return cached.copy()

    def apply(self, seat: int, action: A | Mapping[str, Any]) -> list[Event]:
        """Play ``action`` for ``seat`` and return the events it caused. An illegal or
        malformed action raises ``IllegalAction`` and changes nothing. A wire-form dict is
        accepted too."""
        # A game's actions are tuples (NamedTuples): they skip the dearer ABC check.
        if not isinstance(action, tuple) and isinstance(action, Mapping):
            action = self.game.action_from_json(action)
        if type(seat) is int:
            # The hot path (every bot and search): an action of the list just given for
            # this seat. A seat with legal actions listed at this position is one that
            # may act, so the seat and turn checks below have nothing to add.
            cached = self._legal.get(seat)
            if cached:
                try:
                    action = cached[cached.index(action)]
                except ValueError:
                    pass  # the full checks below say what is wrong
                else:
                    self._legal = {}
                    return self._apply(seat, action)
        self._check_seat(seat)
        legal = self._legal_for(seat)
        try:
            # The listed object, not the caller's: an equal plain tuple must not reach
            # the rules in place of the game's own action type.
            action = legal[legal.index(action)]
        except ValueError:
            raise IllegalAction(self._explain(seat, action)) from None
        self._legal = {}
        return self._apply(seat, action)

    @abstractmethod
    def clone(self) -> State[A]:
        """An independent copy (its own random generator included)."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """A JSON-ready dict of exactly what ``seat`` knows (``None``: a spectator), built
        by allow-list. Always holds ``game``, ``seat``, ``players``, ``to_act`` and
        ``over``."""

    @abstractmethod
    def is_over(self) -> bool: ...

    def outcome(self) -> Outcome:
        if not self.is_over():
            raise GameNotOver("The game is not over yet")
        return self._outcome()

    @abstractmethod
    def full_view(self) -> View:
        """Everything, every hidden card included: for replays after the end, tests and
        debugging. Never sent to a seat during a live game."""

    @abstractmethod
    def all_cards(self) -> list[str]:
        """Every card in the game wherever it is (conservation checks)."""

    # -- hooks for each game -------------------------------------------------------
    @abstractmethod
    def _legal_actions(self, seat: int) -> list[A]:
        """Legal actions of a seat that is in ``to_act``."""

    @abstractmethod
    def _apply(self, seat: int, action: A) -> list[Event]:
        """Apply an action already known to be legal."""

    @abstractmethod
    def _outcome(self) -> Outcome: ...

    def _why_illegal(self, seat: int, action: A) -> str:
        """A player-facing reason why a (well-formed) action is not legal now."""
        return "That move is not allowed now"

    # -- shared machinery ----------------------------------------------------------
    def _explain(self, seat: int, action: object) -> str:
        if not isinstance(action, Hashable):
            return f"{action!r} is not an action of {self.game.title}"
        try:
            wire = self.game.action_to_json(action)  # type: ignore[arg-type]
        except Exception:  # anything at all may come through the Python API
            return f"{action!r} is not an action of {self.game.title}"
        try:
            canonical = self.game.action_from_json(wire)
        except IllegalAction as error:  # the game's own words for a malformed action
            return str(error)
        if canonical != action:
            return f"{action!r} is not an action of {self.game.title}"
        return self._why_illegal(seat, canonical)

    def _legal_for(self, seat: int) -> list[A]:
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal_actions(seat) if seat in self.to_act else []
            self._legal[seat] = cached
        return cached

    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(
                f"There is no seat {seat!r} at this table (seats are 0 to {self.players - 1})"
            )
        if self.is_over():
            raise IllegalAction("The game is over: no more moves")
        if seat not in self.to_act:
            waiting = ", ".join(str(s) for s in self.to_act)
            raise IllegalAction(f"It is not your turn: waiting for seat {waiting}")

    def _base_view(self, seat: int | None) -> View:
        return {
            "game": self.game.name,
            "seat": seat,
            "players": self.players,
            "to_act": list(self.to_act),
            "over": self.is_over(),
        }


class Game(ABC, Generic[A]):
    """A game's rules with one set of validated options. Immutable after construction."""

    name: ClassVar[str]
    title: ClassVar[str]
    OPTIONS: ClassVar[tuple[Option, ...]]
    # Every rule id of the game's spec (``CB-1`` …); the test suite checks each one has a
    # scenario test that names it.
    RULE_IDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, **options: object) -> None:
        self.options: dict[str, OptionValue] = resolve(self.name, self.OPTIONS, options)

    @property
    def players(self) -> int:
        return int(self.options["players"])

    @classmethod
    def option(cls, name: str) -> Option:
        return next(o for o in cls.OPTIONS if o.name == name)

    @abstractmethod
    def new_state(self, seed: int | None = None, deck: Sequence[Any] | None = None) -> State[A]:
        """A new game. Same seed, same game; ``deck`` stacks the deck (top first)."""

    @abstractmethod
    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> State[A]:
        """A full state consistent with ``view`` (what ``seat`` knows), every card the seat
        does not know re-dealt at random from the cards it cannot account for."""

    @abstractmethod
    def action_to_json(self, action: A) -> dict[str, Any]: ...

    @abstractmethod
    def action_from_json(self, data: object) -> A:
        """The action for a wire-form dict; malformed input raises ``IllegalAction``."""

    def concession(self) -> A | None:
        """The action by which a seat concedes the game, open to it at any time (out of
        turn too; the engine may still refuse it where its rules say so), or None when the
        rules have no concession: the house then ends a two-seat game by forfeit. The
        default is the game's own ``{"type": "resign"}`` action if its rules know one, so
        a game declares a concession by giving its rules that action; one whose concession
        has another form overrides this."""
        try:
            return self.action_from_json(CONCEDE)
        except IllegalAction:
            return None

    def concede(self, state: State[A], seat: int) -> list[Event] | None:
        """Play ``seat``'s concession on ``state`` and return its events; None, and
        ``state`` unchanged, when the rules give the seat no concession now."""
        action = self.concession()
        if action is None:
            return None
        try:
            return state.apply(seat, action)
        except IllegalAction:
            return None

    def describe_action(self, action: A) -> str:
        """A short phrase for menus and logs ("Draw a card"); games override it."""
        return str(self.action_to_json(action))

    def describe_event(self, event: Mapping[str, Any], viewer: int | None = None) -> str:
        """One line of words for an event as a seat sees it (``Event.for_seat``); the
        ``viewer``'s own seat is "you" (None: every seat in the third person, as in logs)."""
        return ", ".join(f"{k}={v}" for k, v in event.items())

    def render_text(self, view: Mapping[str, Any]) -> str:
        """A plain-text picture of a view for the terminal (``cardtable play``)."""
        import json

        return json.dumps(dict(view), indent=1, ensure_ascii=False)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({opts})"

"""The contract every per-game encoder fulfils (``cardtable.rl.<game>``), and the pieces
they share.

An encoder turns a seat's **view** (never the state) into a fixed-size float vector, and
the game's actions into a fixed ``Discrete(n)`` index space: one index per possible
action of that game and option set, the same meaning in every position. Seats are always
*relative* to the seat that observes or acts (offset 0 is that seat, 1 the next one in
playing order, …), so one policy can play any seat.
"""

from __future__ import annotations

import importlib
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Any

import numpy as np

from cardtable.core import Game, Outcome, State

View = Mapping[str, Any]
Hot = list[int]  # indexes of the observation set to 1.0
Index = list[int]  # indexes of the other non-zero entries …
Values = list[float]  # … and their values, in the same order

REWARDS = ("win", "score")
CACHE_CAP = 1 << 16  # actions whose index a cache keeps
#: set (to anything but "" or "0") to make every encoder use its pure-Python fast path
PURE_PYTHON = "CARDTABLE_PURE_PYTHON"


class Unindexable(ValueError):
    """A legal action falls outside the documented index space (a hand grew past the
    encoder's cap). The adapters end the episode as *truncated* when it happens."""


class Layout:
    """Named blocks of a flat vector, allotted in order: ``block("hand", 13)`` returns the
    offset of a new block of 13 entries. ``names`` keeps (name, offset, size) for the
    documentation and for people reading a vector."""

    def __init__(self) -> None:
        self.size = 0
        self.blocks: list[tuple[str, int, int]] = []

    def block(self, name: str, size: int) -> int:
        offset = self.size
        self.blocks.append((name, offset, size))
        self.size += size
        return offset


class Encoder(ABC):
    """Observation encoding and action indexing of one game with one set of options."""

    #: the number of observation entries and of action indices
    obs_size: int
    num_actions: int
    #: bounds of every observation entry (``Box(low, high)``)
    low: float = -1.0
    high: float = 1.0
    #: the compiled module (full name: a game's ``cardtable.games.<game>.compiled``) whose
    #: ``Observer`` accelerates this encoder
    compiled: str | None = None

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.players = game.players
        self.layout = Layout()
        self._names: list[str] | None = None
        self._cache: list[dict[Any, int]] = [{} for _ in range(self.players)]

    @cached_property
    def accelerator(self) -> Any:
        """The compiled ``Observer`` made for this encoder (on first use, once the
        subclass has its layout), or ``None`` where its module was not built or
        ``CARDTABLE_PURE_PYTHON`` is set. It reads the state's fields as the pure-Python
        fast path does and gives exactly the same observations (and, where it has
        ``legal_indices``, the same indices)."""
        module = None if self.compiled is None else compiled_module(self.compiled)
        return None if module is None else module.Observer(self)

    def observer(self) -> Callable[[State[Any], int], np.ndarray]:
        """What ``observe`` calls: the accelerator's ``observe`` where there is one, else
        ``observe_python`` (for a caller that observes often and looks it up once)."""
        accelerator = self.accelerator
        return self.observe_python if accelerator is None else accelerator.observe

    # -- observations ------------------------------------------------------------------
    def observation(self, view: View) -> np.ndarray:
        """A fresh float32 vector for ``view`` (what the view's seat knows)."""
        out = np.zeros(self.obs_size, np.float32)
        self.encode_into(view, out)
        return out

    def encode_into(self, view: View, out: np.ndarray) -> None:
        """Write the encoding of ``view`` into ``out`` (a zeroed float32 vector)."""
        hot: Hot = []
        index: Index = []
        values: Values = []
        self.features(view, hot, index, values)
        scatter(out, hot, index, values)

    def observe(self, state: State[Any], seat: int) -> np.ndarray:
        """The observation of ``seat`` in ``state``: always equal to
        ``observation(state.view(seat))``. The adapters call this; an encoder with a
        *fast path* (``state_features``) reads the state's fields that the view is built
        from, applying the same visibility rules, instead of building the view first;
        its compiled ``accelerator``, where built, does the same in C. A seat that is not
        at the table raises ``ValueError``."""
        self.check_seat(seat)
        return self.observer()(state, seat)

    def check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(
                f"There is no seat {seat!r} at this table (seats are 0 to {self.players - 1})"
            )

    def observe_python(self, state: State[Any], seat: int) -> np.ndarray:
        """``observe`` by the pure-Python fast path (the accelerator's reference)."""
        self.check_seat(seat)
        out = np.zeros(self.obs_size, np.float32)
        hot: Hot = []
        index: Index = []
        values: Values = []
        self.state_features(state, seat, hot, index, values)
        scatter(out, hot, index, values)
        return out

    def state_features(
        self, state: State[Any], seat: int, hot: Hot, index: Index, values: Values
    ) -> None:
        """``features`` of ``seat``'s view of ``state``. The default builds the view; a
        fast path overrides it and must give exactly the same entries (tested on random
        positions of every option set, and by the leak test)."""
        self.features(state.view(seat), hot, index, values)

    @abstractmethod
    def features(self, view: View, hot: Hot, index: Index, values: Values) -> None:
        """Append the non-zero entries of the encoding of ``view``: to ``hot`` the indexes
        set to one, to ``index`` and ``values`` the others. Built from the view alone."""

    # -- actions -----------------------------------------------------------------------
    def indices(self, legal: Sequence[Any], seat: int, view: Callable[[], View]) -> list[int]:
        """The index of each of ``legal`` (the actions of ``seat`` now, in order);
        ``view()`` gives the seat's view when an index depends on the table (it is built
        only if asked for). Raises ``Unindexable`` for an action outside the space.

        The default looks each action up in a per-seat cache (actions are hashable values,
        and their index depends only on the action and the acting seat) and asks
        ``index(action, seat)`` for the ones it has not met yet."""
        return self.cached_indices(self._cache[seat], legal, legal, seat)

    def cached_indices(
        self, cache: dict[Any, int], keys: Sequence[Any], legal: Sequence[Any], seat: int
    ) -> list[int]:
        """The index of each of ``legal``, looked up in ``cache`` under its key in ``keys``
        (one per action, in the same order); ``index(action, seat)`` answers the ones not
        met yet. A cache that reaches ``CACHE_CAP`` entries starts afresh."""
        get = cache.get
        out = [get(key, -1) for key in keys]
        if -1 in out:
            if len(cache) >= CACHE_CAP:
                cache.clear()
            for k, (key, action) in enumerate(zip(keys, legal, strict=True)):
                if out[k] < 0:
                    out[k] = cache[key] = self.index(action, seat)
        return out

    def legal_indices(self, state: State[Any], legal: Sequence[Any], seat: int) -> list[int]:
        """``indices`` of ``legal`` (``seat``'s legal actions in ``state``), by the compiled
        accelerator where built, else by ``legal_indices_python``."""
        return self.indexer()(state, list(legal), seat)

    def legal_indices_python(self, state: State[Any], legal: Sequence[Any], seat: int) -> list[int]:
        """``legal_indices`` in pure Python (the accelerator's reference). An encoder
        whose indices depend on the table overrides this to read the public fields it needs
        from the state instead of building the seat's view."""
        return self.indices(legal, seat, lambda: state.view(seat))

    def indexer(self) -> Callable[[State[Any], list[Any], int], list[int]]:
        """What ``legal_indices`` calls (for a caller that asks often and looks it up
        once): the accelerator's ``legal_indices`` where it has one, else
        ``legal_indices_python``."""
        accelerator = self.accelerator
        if accelerator is not None and hasattr(accelerator, "legal_indices"):
            return accelerator.legal_indices  # type: ignore[no-any-return]
        return self.legal_indices_python

    def index(self, action: Any, seat: int) -> int:
        """The index of one action of ``seat`` (see ``indices``)."""
        raise NotImplementedError

    @abstractmethod
    def build_names(self) -> list[str]:
        """One short, unique name per index (documentation, OpenSpiel's action strings)."""

    def name(self, index: int) -> str:
        if self._names is None:
            self._names = self.build_names()
            assert len(self._names) == self.num_actions
        return self._names[index]

    def optional(self, legal: Sequence[Any]) -> bool:
        """Whether a seat listed in ``to_act`` behind the first one may decline to act
        (Cambio's snap window). Such a seat is asked with one extra choice, ``wait``."""
        return False

    #: the index of the ``wait`` choice, for encoders whose ``optional`` can be true
    wait_index: int | None = None

    # -- rewards -----------------------------------------------------------------------
    def rewards(self, outcome: Outcome, kind: str) -> list[float]:
        """Each seat's reward for a finished game: ``win`` (the default, zero-sum: a lone
        winner +1, each loser -1/(n-1), shared on ties) or ``score`` (the game's score as a
        difference, see each encoder)."""
        if kind == "win":
            return win_share(outcome.winners, self.players)
        return self.score_rewards(outcome)

    @abstractmethod
    def score_rewards(self, outcome: Outcome) -> list[float]: ...


def accelerators_off() -> bool:
    """Whether ``CARDTABLE_PURE_PYTHON`` turns the compiled accelerators off."""
    return os.environ.get(PURE_PYTHON, "") not in ("", "0")


def compiled_module(name: str) -> Any:
    """The compiled module ``name`` (a full module name), or ``None`` where it was not
    built (no C compiler at install) or ``CARDTABLE_PURE_PYTHON`` is set."""
    if accelerators_off():
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def scatter(out: np.ndarray, hot: Hot, index: Index, values: Values) -> None:
    """Write the non-zero entries into a zeroed vector."""
    # A typed array converts faster than numpy's guess from a list of ints.
    out[np.array(hot, np.intp)] = 1.0
    if index:
        out[np.array(index, np.intp)] = values


def win_share(winners: Sequence[int], players: int) -> list[float]:
    """Zero-sum win/loss: the winners share ``+1``-worth of the pot. A lone winner gets
    +1 and every loser -1/(n-1); with w tied winners each gets (n/w - 1)/(n - 1); when
    everybody ties everybody gets 0. Two players: +1 / -1 / 0 on a tie."""
    if not winners or len(winners) == players:
        return [0.0] * players
    lose = -1.0 / (players - 1)
    win = (players / len(winners) - 1.0) / (players - 1)
    won = set(winners)
    return [win if s in won else lose for s in range(players)]


def lower_is_better(scores: Sequence[float]) -> list[float]:
    """Score difference when a low score wins: the mean of the others' scores minus mine
    (zero-sum)."""
    n = len(scores)
    total = sum(scores)
    return [(total - s) / (n - 1) - s for s in scores]


def relative(seat: int, me: int, players: int) -> int:
    """``seat`` counted from ``me`` in playing order (0 is ``me``)."""
    return (seat - me) % players


def clip(value: float, low: float = -1.0, high: float = 1.0) -> float:
    return low if value < low else high if value > high else value

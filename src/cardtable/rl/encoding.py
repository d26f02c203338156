"""The contract every per-game encoder fulfils (``cardtable.rl.<game>``), and the pieces
they share.

An encoder turns a seat's **view** (never the state) into a fixed-size float vector, and
the game's actions into a fixed ``Discrete(n)`` index space: one index per possible
action of that game and option set, the same meaning in every position. Seats are always
*relative* to the seat that observes or acts (offset 0 is that seat, 1 the next one in
playing order, …), so one policy can play any seat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from cardtable.core import Game, Outcome, State

View = Mapping[str, Any]
Hot = list[int]  # indexes of the observation set to 1.0
Index = list[int]  # indexes of the other non-zero entries …
Values = list[float]  # … and their values, in the same order

REWARDS = ("win", "score")


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
    #: whether ``state_features`` patches a ``Canvas`` per seat (worth it where a step
    #: changes a small part of a large observation: Cambio, Cabo)
    patched = False
    #: bounds of every observation entry (``Box(low, high)``)
    low: float = -1.0
    high: float = 1.0

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.players = game.players
        self.layout = Layout()
        self._names: list[str] | None = None
        self._cache: list[dict[Any, int]] = [{} for _ in range(self.players)]
        self._canvases: list[Canvas | None] = [None] * self.players

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
        ``observation(state.view(seat))``, a fresh array the caller may keep. The adapters
        call this; an encoder with a *fast path* (``state_features``) reads the state's
        fields that the view is built from, applying the same visibility rules, instead of
        building the view first, and patches the seat's last observation (its ``Canvas``)
        where it changed instead of writing it all again."""
        hot: Hot = []
        index: Index = []
        values: Values = []
        if not self.patched:
            self.state_features(state, seat, hot, index, values, None)
            out = np.zeros(self.obs_size, np.float32)
            scatter(out, hot, index, values)
            return out
        canvas = self._canvases[seat]
        if canvas is None:
            canvas = self._canvases[seat] = Canvas(self.obs_size)
        try:
            self.state_features(state, seat, hot, index, values, canvas)
        except BaseException:
            self._canvases[seat] = None  # half patched: start afresh next time
            raise
        return canvas.finish(hot, index, values)

    def state_features(
        self,
        state: State[Any],
        seat: int,
        hot: Hot,
        index: Index,
        values: Values,
        canvas: Canvas | None = None,
    ) -> None:
        """``features`` of ``seat``'s view of ``state``. The default builds the view; a
        fast path overrides it and must give exactly the same entries (tested on random
        positions of every option set, and by the leak test). An encoder that is
        ``patched`` is given the seat's ``canvas`` and shows whole blocks on it
        (``Canvas.block``, ``Canvas.cells``) instead of appending their entries; the
        rest, appended, are the loose entries (``Canvas.finish``)."""
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
        cache = self._cache[seat]
        get = cache.get
        out = [get(a, -1) for a in legal]
        if -1 in out:
            for k, a in enumerate(legal):
                if out[k] < 0:
                    out[k] = cache[a] = self.index(a, seat)
        return out

    def legal_indices(self, state: State[Any], legal: Sequence[Any], seat: int) -> list[int]:
        """``indices`` of ``legal`` (``seat``'s legal actions in ``state``). An encoder
        whose indices depend on the table overrides this to read the public fields it needs
        from the state instead of building the seat's view."""
        return self.indices(legal, seat, lambda: state.view(seat))

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


Cell = tuple[tuple[int, ...], tuple[float, ...]]  # some entries and their values
Patch = Cell  # a block's entries and their values
CellOf = Callable[[int], Cell]  # a cell's entries worked out from its key


def patch(hot: Sequence[int], index: Sequence[int], values: Sequence[float]) -> Patch:
    """A block's non-zero entries: the one-entries, then the others, with their values."""
    return (*hot, *index), (*([1.0] * len(hot)), *values)


NOTHING: Patch = ((), ())  # the entries of an empty block


class Canvas:
    """One seat's observation as last written, patched where the position changed.

    The observation is cut into *blocks* that never share an entry (a seat's hand, a
    row, the discard pile …) plus the *loose* entries (phase, turn …). A block is shown
    with the key of what it shows (``block``, or ``cells`` for a row of cells each with
    its own key): when the key is the one shown already, nothing is done; otherwise the
    entries it wrote last are cleared and the new ones written. The loose entries are
    compared with the last ones and rewritten only when they differ. ``finish`` applies
    all the clearing, then all the writing, in two numpy calls. So the array is always
    exactly the encoding of the last position asked, whatever states were asked before
    (keys are compared, never assumed): a canvas may serve clones and different games of
    the same encoder."""

    __slots__ = ("_blocks", "_cells", "_clear", "_loose", "_spots", "_vals", "out")

    def __init__(self, size: int) -> None:
        self.out = np.zeros(size, np.float32)
        self._blocks: dict[int, tuple[Any, tuple[int, ...]]] = {}  # block: (key, entries)
        self._cells: dict[int, tuple[list[int], list[Cell]]] = {}  # block: cells shown
        self._loose: tuple[Hot, Index, Values] = ([], [], [])
        self._clear: list[int] = []  # entries to clear, then …
        self._spots: list[int] = []  # … entries to write, with …
        self._vals: list[float] = []  # … their values

    def same(self, block: int, key: Any) -> bool:
        """Whether ``block`` shows ``key`` already."""
        last = self._blocks.get(block)
        return last is not None and last[0] == key

    def block(self, block: int, key: Any, entries: Patch) -> None:
        """Show ``entries`` (what ``key`` encodes to) in ``block``."""
        last = self._blocks.get(block)
        if last is not None:
            self._clear += last[1]
        self._spots += entries[0]
        self._vals += entries[1]
        self._blocks[block] = (key, entries[0])

    def note(self, block: int, key: Any) -> None:
        """Remember that ``block``, shown by ``cells``, now shows ``key`` (a summary of
        its cells' keys, so that ``same`` can skip building them)."""
        self._blocks[block] = (key, ())

    def cells(self, block: int, keys: list[int], table: dict[int, Cell], cell: CellOf) -> None:
        """Show in ``block`` a row of cells, one per key (an int naming a cell's place
        and content; ``table`` holds the entries of each, ``cell(key)`` works out a new
        one). Only the cells whose key changed since the last call are rewritten."""
        last = self._cells.get(block)
        old_keys, old_cells = last if last is not None else ([], [])
        if keys == old_keys:
            return
        clear, spots, vals = self._clear, self._spots, self._vals
        cells: list[Cell] = []
        n = len(old_keys)
        get = table.get
        for k, key in enumerate(keys):
            entry = get(key)
            if entry is None:
                entry = table[key] = cell(key)
            cells.append(entry)
            if k < n:
                if old_keys[k] == key:
                    continue
                clear += old_cells[k][0]
            spots += entry[0]
            vals += entry[1]
        for old in old_cells[len(keys) :]:
            clear += old[0]
        self._cells[block] = (keys, cells)

    def finish(self, hot: Hot, index: Index, values: Values) -> np.ndarray:
        """Show the loose entries (those outside every block), apply what the blocks
        changed, and return a copy of the observation."""
        clear, spots, vals = self._clear, self._spots, self._vals
        last_hot, last_index, last_values = self._loose
        if hot != last_hot or index != last_index or values != last_values:
            clear += last_hot
            clear += last_index
            spots += hot
            vals += [1.0] * len(hot)
            spots += index
            vals += values
            self._loose = (hot, index, values)
        out = self.out
        if clear:
            out[np.array(clear, np.intp)] = 0.0
            self._clear = []
        if spots:
            out[np.array(spots, np.intp)] = vals
            self._spots = []
            self._vals = []
        return out.copy()


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

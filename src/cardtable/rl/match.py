"""One game driven for the research adapters: whose decision it is, that seat's legal
action indices, and the views and observations of the current position, each computed at
most once per position.

**Seats that may act at once.** When ``state.to_act`` lists several seats, the adapters
ask one seat at a time (the *decider*):

- seats that must act (Cambio's and Cabo's ``choose_two`` set-up looks) are asked in the
  order ``to_act`` lists them;
- seats behind the first that may only *optionally* act (Cambio's ``snap=anytime``
  window: everybody but the player whose turn it is may snap) are asked first, one after
  the other, each with one extra choice, ``wait``; when all of them have waited the first
  seat of ``to_act`` (the player whose turn it is) makes its move. Any move changes the
  position and the round of questions starts again, so every seat gets a chance to snap
  every discard before the next draw closes the window.

This is the sequential reading of a race that the server settles by arrival order.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardtable.core import Game, State
from cardtable.rl.encoding import Encoder, Unindexable, View, compiled_module


class _Wait:
    """The ``wait`` choice of an optional seat: let the window pass (no game action)."""

    def __repr__(self) -> str:
        return "WAIT"


WAIT: Any = _Wait()

TRUNCATED_CAP = "action_cap"
TRUNCATED_MOVES = "max_moves"


class Match:
    """A game in progress as the adapters see it. ``start(seed)`` deals; ``decider`` is the
    seat asked now (``None`` once the game is over or truncated); ``act(index)`` plays."""

    state: State[Any]

    def __init__(self, game: Game[Any], encoder: Encoder, max_moves: int | None = None) -> None:
        self.game = game
        self.encoder = encoder
        self.max_moves = max_moves
        self.players = game.players
        self.decider: int | None = None
        self.pending: list[int] = []
        self.moves = 0
        self.truncated: str | None = None
        self._views: dict[int, View] = {}
        self._obs: dict[int, np.ndarray] = {}
        self._legal: list[Any] | None = None
        self._indices: list[int] | None = None
        self._mask: np.ndarray | None = None  # the last mask made, patched for the next
        self._masked: list[int] = []  # … and its ones
        self._observe = encoder.observer()
        self._legal_indices = encoder.indexer()
        self._actions = compiled_module(
            "cardtable.rl.compiled.actions"
        )  # the mask's patch in C, where built

    # -- the game ----------------------------------------------------------------------
    def start(self, seed: int) -> None:
        self.state = self.game.new_state(seed=seed)
        self.moves = 0
        self.truncated = None
        self._changed()

    def adopt(self, state: State[Any], pending: list[int], moves: int) -> None:
        """Take over ``state`` (a determinized copy) with the public schedule of another
        match: the seats still to be asked in an open window, and the move count."""
        self.state = state
        self.moves = moves
        self.truncated = None
        self._changed()
        if self.decider is not None:
            self.pending = list(pending)
            self.decider = self.pending[0] if pending else state.to_act[0]

    def over(self) -> bool:
        return self.decider is None

    def clone(self) -> Match:
        """An independent copy (its own state; the game and encoder are shared)."""
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.state = self.state.clone()
        other.pending = list(self.pending)
        other._views = dict(self._views)  # views are never mutated once made
        other._obs = dict(self._obs)
        other._legal = None if self._legal is None else list(self._legal)
        other._indices = None if self._indices is None else list(self._indices)
        other._mask = None  # its own, made when first asked
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        return self.clone()

    def _changed(self) -> None:
        """The position changed: drop what was computed for the old one and find who
        decides now."""
        self._views = {}
        self._obs = {}
        self._forget_decision()
        state = self.state
        if state.is_over():
            self.pending = []
            self.decider = None
            return
        if self.max_moves is not None and self.moves >= self.max_moves:
            self._truncate(TRUNCATED_MOVES)
            return
        to_act = state.to_act
        if len(to_act) == 1:
            self.pending = []
            self.decider = to_act[0]
            return
        optional = self.encoder.optional
        self.pending = [s for s in to_act[1:] if optional(state.legal_actions(s))]
        self.decider = self.pending[0] if self.pending else to_act[0]

    def _forget_decision(self) -> None:
        self._legal = None
        self._indices = None

    def _truncate(self, why: str) -> None:
        self.truncated = why
        self.pending = []
        self.decider = None
        self._forget_decision()

    # -- the decision ------------------------------------------------------------------
    def legal(self) -> list[Any]:
        """The decider's legal game actions (``WAIT`` last for an optional seat)."""
        if self._legal is None:
            seat = self.decider
            assert seat is not None, "the game is over"
            legal = self.state.legal_actions(seat)
            if self.pending and self.pending[0] == seat:
                legal.append(WAIT)
            self._legal = legal
        return self._legal

    def indices(self) -> list[int]:
        """The decider's legal action indices, in the order of ``legal()`` (``sorted``
        them where an ascending list is wanted). An action outside the index space
        truncates the game (``truncated == "action_cap"``) and gives ``[]``."""
        if self._indices is None:
            seat = self.decider
            if seat is None:
                return []
            legal = self.legal()
            waits = bool(legal) and legal[-1] is WAIT
            try:
                found = self._legal_indices(self.state, legal[:-1] if waits else legal, seat)
            except Unindexable:
                self._truncate(TRUNCATED_CAP)
                return []
            if waits:
                assert self.encoder.wait_index is not None
                found.append(self.encoder.wait_index)
            self._indices = found
        return self._indices

    def action(self, index: int) -> Any:
        """The game action (or ``WAIT``) behind a legal index of the decider."""
        indices = self.indices()
        try:
            return self.legal()[indices.index(index)]
        except ValueError:
            raise ValueError(
                f"Action index {index} is not legal now; legal: {sorted(self.indices())}"
            ) from None

    def index_of(self, action: Any) -> int:
        """The index of one of the decider's legal game actions (or ``WAIT``)."""
        indices = self.indices()
        for index, listed in zip(indices, self.legal(), strict=True):
            if listed is action or listed == action:
                return index
        raise ValueError(f"{action!r} is not a legal action of seat {self.decider} now")

    def act(self, index: int) -> None:
        """Play the decider's action with this index."""
        self.play(self.action(index))

    def play(self, action: Any) -> None:
        """Play a game action (or ``WAIT``) for the decider."""
        seat = self.decider
        assert seat is not None, "the game is over"
        self.moves += 1
        if action is WAIT:
            self.pending.pop(0)
            self.decider = self.pending[0] if self.pending else self.state.to_act[0]
            self._forget_decision()
            if self.max_moves is not None and self.moves >= self.max_moves:
                self._truncate(TRUNCATED_MOVES)
            return
        self.state.apply(seat, action)
        self._changed()

    # -- what seats see ----------------------------------------------------------------
    def view(self, seat: int) -> View:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def observation(self, seat: int) -> np.ndarray:
        obs = self._obs.get(seat)
        if obs is None:
            obs = self._obs[seat] = self._observe(self.state, seat)
        return obs

    def mask(self, seat: int) -> np.ndarray:
        """``seat``'s action mask, a fresh int8 array (all zeros unless it decides now).
        The compiled path writes the decider's in one pass; the pure-Python one patches a
        kept array (the last legal indices cleared, the new ones set) and copies it,
        since numpy's fancy indexing over a fresh one costs more."""
        size = self.encoder.num_actions
        if seat != self.decider:
            return np.zeros(size, np.int8)
        indices = self.indices()
        if self._actions is not None:
            return self._actions.mask(size, indices)  # type: ignore[no-any-return]
        mask = self._mask
        if mask is None:
            mask = self._mask = np.zeros(size, np.int8)
            self._masked = []
        mask[np.array(self._masked, np.intp)] = 0
        mask[np.array(indices, np.intp)] = 1
        self._masked = indices
        return mask.copy()

    def rewards(self, kind: str) -> list[float]:
        """Each seat's final reward (zeros for a truncated game)."""
        if self.truncated or not self.state.is_over():
            return [0.0] * self.players
        return self.encoder.rewards(self.state.outcome(), kind)

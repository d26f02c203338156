"""The value of a decision's candidate actions, in the game's own units.

Each candidate is played from the same imagined states with the same rollout seeds
(common random numbers, as the paired search of ``bots/ismcts.py``), so two actions differ
by what they do and not by the luck of the draw. The imagined states come from the seat's
view alone (the game's sampler, as its search bot draws them); the hindsight line plays
the same rollouts from the true state instead. A simulation is one rollout of one
candidate: that is what the budget counts."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable import games
from cardtable.bots.ismcts import Ismcts, SearchLimits, random_policy, win_rewards
from cardtable.core import Game, State
from cardtable.core.package import ReviewSpec, SearchHooks

# A review values at most this many actions per decision: the game's shortlist (the
# search's root actions) and the action taken.
MAX_CANDIDATES = 8

Source = Callable[[random.Random], State[Any]]


@dataclass(frozen=True)
class Estimate:
    action: Any
    mean: float
    se: float  # the standard error of the mean


@dataclass(frozen=True)
class Values:
    """Every candidate's estimate (in ``candidates`` order), and the best one's paired
    margin over each (``gap``, in the better direction, with its standard error)."""

    estimates: list[Estimate]
    best: int
    gap: list[float]
    gap_se: list[float]
    simulations: int


class Judge:
    """Values candidate actions for one game, with its search hooks and review spec."""

    def __init__(self, game: Game[Any]) -> None:
        package = games.package(game.name)
        self.game = game
        self.hooks: SearchHooks = package.search
        self.spec: ReviewSpec = package.review
        self.sign = 1.0 if self.spec.higher_is_better else -1.0
        self.mover = Ismcts(game, SearchLimits(), self.hooks.rollout_policy or random_policy)

    def candidates(self, view: Mapping[str, Any], legal: Sequence[Any], taken: Any) -> list[Any]:
        """The action taken first, then the game's shortlist from the view (its search's
        root actions; without one, the legal actions in order), at most
        ``MAX_CANDIDATES``."""
        shortlist: Sequence[Any] = legal
        if self.hooks.root_actions is not None:
            shortlist = self.hooks.root_actions(self.game, view, legal) or legal
        out = [taken]
        for action in shortlist:
            if len(out) >= MAX_CANDIDATES:
                break
            if action is not None and action not in out:
                out.append(action)
        return out

    def from_view(self, view: Mapping[str, Any], seat: int) -> Source:
        """Imagined states drawn from the seat's view: nothing else is read."""
        frozen = dict(view)
        sampler = self.hooks.determinize
        if sampler is None:
            return lambda rng: self.game.determinize(frozen, seat, rng)
        return lambda rng: sampler(self.game, frozen, seat, rng)

    @staticmethod
    def from_state(state: State[Any]) -> Source:
        """The true state, every card known (the hindsight line)."""
        return lambda rng: state.clone()

    def values(
        self, source: Source, seat: int, actions: Sequence[Any], samples: int, rng: random.Random
    ) -> Values:
        """Each action's value over ``samples`` imagined states (one rollout each)."""
        rows: list[list[float]] = [[] for _ in actions]
        for _ in range(samples):
            root = source(rng)
            seed = rng.getrandbits(64)
            for i, action in enumerate(actions):
                state = root.clone()
                state.apply(seat, action)
                end = self.rollout(state, root, random.Random(seed))
                rows[i].append(self.value(root, end, seat))
        return self.summarize(actions, rows, samples)

    def summarize(self, actions: Sequence[Any], rows: list[list[float]], samples: int) -> Values:
        estimates = [Estimate(a, mean(r), stderr(r)) for a, r in zip(actions, rows, strict=True)]
        best = max(range(len(actions)), key=lambda i: (self.sign * estimates[i].mean, -i))
        gap, gap_se = [], []
        for row in rows:
            diffs = [self.sign * (b - x) for b, x in zip(rows[best], row, strict=True)]
            gap.append(mean(diffs))
            gap_se.append(stderr(diffs))
        return Values(estimates, best, gap, gap_se, samples * len(actions))

    def rollout(self, state: State[Any], root: State[Any], rng: random.Random) -> State[Any]:
        """Play on with the game's rollout policy until the end, the horizon or the cap."""
        horizon = self.spec.horizon
        mark = horizon(root) if horizon is not None else None
        for _ in range(self.spec.steps):
            if state.is_over() or (horizon is not None and horizon(state) != mark):
                break
            actor, action = self.mover.rollout_move(state, rng)
            state.apply(actor, action)
        return state

    def value(self, root: State[Any], end: State[Any], seat: int) -> float:
        if self.spec.value is not None:
            return self.spec.value(root, end, seat)
        if end.is_over():
            return win_rewards(end)[seat]
        if self.hooks.evaluate is not None:
            return float(self.hooks.evaluate(end)[seat])
        return 1.0 / end.players


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def stderr(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values)
    return math.sqrt(max(sum((v - m) ** 2 for v in values) / (n - 1), 0.0) / n)

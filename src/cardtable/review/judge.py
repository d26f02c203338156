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
# The race (``Judge.race``): candidates are compared after every this many samples, and a
# candidate whose paired gap to the leader is above this many standard errors is dropped.
RACE_ROUND = 8
DROP_Z = 2.5

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
    # every seat's value, averaged over the seats, after the action taken: what an average
    # seat could expect from here (the deal's luck is measured against it)
    field: float | None = None


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
        sampler = self.spec.determinize or self.hooks.determinize
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
        return self.race(source, seat, actions, samples * len(actions), rng, drop=False)

    def race(
        self,
        source: Source,
        seat: int,
        actions: Sequence[Any],
        budget: int,
        rng: random.Random,
        drop: bool = True,
    ) -> Values:
        """The candidates valued within ``budget`` simulations, spent where they decide
        something: after every round of ``RACE_ROUND`` samples, a candidate other than the
        action taken (``actions[0]``, whose loss the mark reads) that is clearly worse than
        the leader (its paired gap above ``DROP_Z`` standard errors) stops being played;
        the samples it would have had go to the taken action and the close ones. Every
        candidate still in the race is played on the same samples (common random numbers),
        so a dropped candidate's rows are a prefix of the leader's."""
        rows: list[list[float]] = [[] for _ in actions]
        field: list[float] = []
        alive = list(range(len(actions)))
        used = 0
        while used + len(alive) <= budget:
            if drop and len(alive) == 1 and rows[0]:
                break  # every other candidate is clearly worse: nothing left to compare
            root = source(rng)
            seed = rng.getrandbits(64)
            for i in alive:
                state = root.clone()
                state.apply(seat, actions[i])
                end = self.rollout(state, root, random.Random(seed))
                rows[i].append(self.value(root, end, seat))
                if i == 0:
                    field.append(self.field_value(root, end))
            used += len(alive)
            if drop and len(rows[0]) % RACE_ROUND == 0:
                alive = self.survivors(rows, alive)
        return self.summarize(actions, rows, used, alive, field)

    def survivors(self, rows: list[list[float]], alive: list[int]) -> list[int]:
        """The candidates still in the race: the taken one, and every one not clearly
        worse than the leader."""
        leader = max(alive, key=lambda i: self.sign * mean(rows[i]))
        out = []
        for i in alive:
            diffs = [self.sign * (b - x) for b, x in zip(rows[leader], rows[i], strict=False)]
            if i == 0 or i == leader or mean(diffs) <= DROP_Z * stderr(diffs):
                out.append(i)
        return out

    def summarize(
        self,
        actions: Sequence[Any],
        rows: list[list[float]],
        simulations: int,
        alive: Sequence[int] | None = None,
        field: Sequence[float] = (),
    ) -> Values:
        estimates = [Estimate(a, mean(r), stderr(r)) for a, r in zip(actions, rows, strict=True)]
        pool = list(alive) if alive else list(range(len(actions)))
        best = max(pool, key=lambda i: (self.sign * estimates[i].mean, -i))
        gap, gap_se = [], []
        for row in rows:  # paired over the samples both were played on
            diffs = [self.sign * (b - x) for b, x in zip(rows[best], row, strict=False)]
            gap.append(mean(diffs))
            gap_se.append(stderr(diffs))
        return Values(estimates, best, gap, gap_se, simulations, mean(field) if field else None)

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

    def field_value(self, root: State[Any], end: State[Any]) -> float:
        return mean([self.value(root, end, s) for s in range(end.players)])

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

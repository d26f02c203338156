"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012), generic
over any registered game.

Each iteration samples a full state consistent with the bot's view (``game.determinize``),
walks one shared tree keyed by (seat, action) with availability-aware UCB, expands one
node, finishes the game with a rollout policy, and backs up each seat's reward to the
edges that seat chose. Several seats able to act at once (snap windows) are handled by
letting a random one of them move in the simulation, as arrival order is random at a real
table. The search never sees a real state: only samples drawn from the view."""

from __future__ import annotations

import gc
import math
import random
import threading
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.core import Game, State
from cardtable.core.package import Evaluator, Horizon, Observer, RolloutPolicy, Sampler
from cardtable.core.rng import Rng, fast, settle

# The hooks' types (a rollout policy, a sampler, an evaluation, a horizon, an observer)
# are declared with the game package record that carries them (``core/package.py``).


# The cyclic garbage collector, paused while a search runs. A simulation's states, nodes
# and lists are freed by reference counting as soon as they are dropped (a search leaves
# no cyclic garbage: tests/bots/test_search_gc.py), yet their sheer number keeps setting
# off collections that walk every live container, the games' caches included: up to a
# tenth of a search's time. One search at a time holds the pause (searches in threads
# of one process share the collector), so it never outlasts a search.
_collector = threading.Lock()
_collector_held = False


def pause_collector() -> bool:
    """Pause the cyclic collector for a search; False (nothing to resume) when another
    search holds the pause or the collector was already off."""
    global _collector_held
    with _collector:
        if _collector_held or not gc.isenabled():
            return False
        gc.disable()
        _collector_held = True
        return True


def resume_collector() -> None:
    global _collector_held
    with _collector:
        _collector_held = False
        gc.enable()


def random_policy(state: State[Any], seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
    return legal[rng.randrange(len(legal))]


def win_rewards(state: State[Any]) -> list[float]:
    """1 shared among the winners, 0 for the others."""
    winners = state.outcome().winners
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(state.players)]


@dataclass(slots=True)
class Node:
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[tuple[int, Hashable], Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(max(self.available, 1)) / self.visits
        )


@dataclass
class SearchLimits:
    """A search stops at whichever comes first."""

    iterations: int = 100_000
    seconds: float = 1.0
    rollout_steps: int = 400


@dataclass
class Ismcts:
    game: Game[Any]
    limits: SearchLimits
    policy: RolloutPolicy = random_policy
    evaluate: Evaluator | None = None
    exploration: float = 0.7
    last_iterations: int = 0
    horizon: Horizon | None = None
    observe: Observer | None = None
    # How many moves deep the tree grows (None: no limit). 1 is a flat search over the
    # root's actions, every later move made by the rollout policy: with small budgets and
    # wide moves a good policy beats a tree whose new nodes try actions at random.
    depth: int | None = None
    sample: Sampler | None = None
    # A flat search (depth 1) may compare its root actions on common random numbers:
    # each simulation draws one sample and one rollout seed and plays every root action
    # from them, so the actions' values differ by what the actions do, not by the luck of
    # the deal and the draws (paired comparisons need far fewer simulations than UCB's
    # independent ones). ``iterations`` then counts rollouts, one per action per sample.
    paired: bool = False
    # With ``paired``, the first of the searched actions (a caller's default, e.g. its
    # heuristic's choice) is kept unless another beats it by this many standard errors
    # of the paired difference: the search overrules the default only when it is sure.
    confidence: float = 0.0
    # What the time cap is measured on: a test passes a clock it controls, so that "the
    # cap stops the search" holds however busy the machine is.
    clock: Callable[[], float] = time.perf_counter
    _mark: Hashable = None
    _replay: Rng = field(default_factory=lambda: Rng(0), repr=False, compare=False)

    def search(
        self, view: Mapping[str, Any], seat: int, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        """The action (one of ``legal``) with the most visits after the search."""
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        # The search draws from a compiled twin of ``rng`` (the same stream: core/rng.py)
        # and hands its state back, so the caller's generator ends where it always did.
        twin = fast(rng)
        paused = pause_collector()
        try:
            if self.paired and self.depth == 1:
                return self.search_paired(view, seat, legal, twin)
            return self.search_tree(view, seat, legal, twin)
        finally:
            if paused:
                resume_collector()
            settle(rng, twin)

    def search_tree(
        self, view: Mapping[str, Any], seat: int, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        root = Node()
        start = self.clock()
        deadline = start + self.limits.seconds
        iterations = 0
        while iterations < self.limits.iterations:
            now = self.clock()
            # Stop before a simulation that would likely end past the deadline, so the
            # cap holds per move and not just per simulation.
            if iterations and now + (now - start) / iterations >= deadline:
                break
            self.iterate(root, self.draw(view, seat, rng), seat, rng, legal)
            iterations += 1
        self.last_iterations = iterations
        return self.best(root, seat, legal)

    def draw(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> State[Any]:
        if self.sample is None:
            return self.game.determinize(view, seat, rng)
        return self.sample(self.game, view, seat, rng)

    def search_paired(
        self, view: Mapping[str, Any], seat: int, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        """A flat search on common random numbers (see ``paired``): every root action is
        played from the same samples with the same rollout seeds; the one with the best
        mean reward wins, if it beats the first action by ``confidence`` standard errors."""
        count = len(legal)
        differences = [0.0] * count  # sums of (reward of action i - reward of action 0)
        squares = [0.0] * count
        start = self.clock()
        deadline = start + self.limits.seconds
        samples = 0
        while samples == 0 or (samples + 1) * count <= self.limits.iterations:
            now = self.clock()
            if samples and now + (now - start) / samples >= deadline:
                break
            rewards = self.paired_rewards(self.draw(view, seat, rng), seat, legal, rng)
            for i, reward in enumerate(rewards):
                difference = reward - rewards[0]
                differences[i] += difference
                squares[i] += difference * difference
            samples += 1
        self.last_iterations = samples * count
        return legal[self.paired_choice(differences, squares, samples)]

    def paired_rewards(
        self, state: State[Any], seat: int, legal: Sequence[Any], rng: random.Random
    ) -> list[float]:
        """``seat``'s reward after each root action, all from ``state`` and one seed."""
        seed = rng.getrandbits(64)
        if self.horizon is not None:
            self._mark = self.horizon(state)
        # One generator re-seeded per rollout: the stream of a new Random(seed), without
        # a new 2.5 kB twister each time.
        replay = self._replay
        out = []
        for i, action in enumerate(legal):
            copy = state if i == len(legal) - 1 else state.clone()
            copy.apply(seat, action)
            replay.seed(seed)
            out.append(self.rollout(copy, replay)[seat])
        return out

    def paired_choice(self, differences: list[float], squares: list[float], samples: int) -> int:
        """The index of the action to play: the best mean among those that beat the first
        action by ``confidence`` standard errors, else the first."""
        best, best_mean = 0, 0.0
        for i in range(1, len(differences)):
            mean = differences[i] / samples
            variance = max(squares[i] / samples - mean * mean, 0.0)
            error = math.sqrt(variance / max(samples - 1, 1))
            if mean > best_mean and mean > self.confidence * error:
                best, best_mean = i, mean
        return best

    def iterate(
        self,
        root: Node,
        state: State[Any],
        seat: int,
        rng: random.Random,
        root_legal: Sequence[Any] | None = None,
    ) -> None:
        """One simulation. ``root_legal`` (default: all of them) are the root actions
        searched, so a caller may leave out some it knows are not worth a look."""
        node, path = root, []
        actor = seat
        if self.horizon is not None:
            self._mark = self.horizon(state)
        while not state.is_over():
            if node is root and root_legal is not None:
                legal = root_legal
            else:
                legal = state.legal_actions(actor)
            child, action, expanded = self.select(node, actor, legal, rng)
            state.apply(actor, action)
            path.append((child, actor))
            if expanded or state.is_over() or len(path) == self.depth:
                break
            node = child
            actor = self.next_actor(state, rng)
            if self.observe is not None:
                seen = self.observe(state, actor)
                if seen is not None:  # keyed apart from every (seat, action) edge
                    node = node.children.setdefault((-1, seen), Node())
        rewards = self.rollout(state, rng)
        for child, mover in path:
            child.visits += 1
            child.reward += rewards[mover]

    def select(
        self, node: Node, actor: int, legal: Sequence[Any], rng: random.Random
    ) -> tuple[Node, Any, bool]:
        untried = []
        best, best_score, best_action = None, -1.0, None
        for action in legal:
            child = node.children.get((actor, action))
            if child is None:
                untried.append(action)
                continue
            child.available += 1
            if child.visits:
                score = child.ucb(self.exploration)
                if score > best_score:
                    best, best_score, best_action = child, score, action
        if untried or best is None:
            action = rng.choice(untried) if untried else rng.choice(list(legal))
            child = node.children.setdefault((actor, action), Node())
            child.available += 1
            return child, action, True
        return best, best_action, False

    @staticmethod
    def next_actor(state: State[Any], rng: random.Random) -> int:
        seats = state.to_act
        return seats[0] if len(seats) == 1 else rng.choice(seats)

    def rollout_move(self, state: State[Any], rng: random.Random) -> tuple[int, Any]:
        """The next move of a rollout. Several seats able to act come in a random order
        (arrival order); a policy that returns None for a seat lets the moment pass to the
        next one, as a bot does at a table, and the last seat asked moves at random."""
        seats = state.to_act
        if len(seats) == 1:
            actor = seats[0]
            legal = state.legal_actions(actor)
            action = self.policy(state, actor, legal, rng)
            return actor, legal[rng.randrange(len(legal))] if action is None else action
        waiting = list(seats)
        while True:
            actor = waiting.pop(rng.randrange(len(waiting)))
            legal = state.legal_actions(actor)
            action = self.policy(state, actor, legal, rng)
            if action is not None:
                return actor, action
            if not waiting:
                return actor, legal[rng.randrange(len(legal))]

    def rollout(self, state: State[Any], rng: random.Random) -> Sequence[float]:
        horizon, mark = self.horizon, self._mark
        for _ in range(self.limits.rollout_steps):
            if state.is_over():
                return win_rewards(state)
            if horizon is not None and horizon(state) != mark:
                break
            actor, action = self.rollout_move(state, rng)
            state.apply(actor, action)
        if state.is_over():
            return win_rewards(state)
        if self.evaluate is not None:
            return self.evaluate(state)
        return [1.0 / state.players] * state.players

    @staticmethod
    def best(root: Node, seat: int, legal: Sequence[Any]) -> Any:
        def visits(action: Any) -> int:
            child = root.children.get((seat, action))
            return child.visits if child else -1

        return max(legal, key=visits)

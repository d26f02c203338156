"""Environment overhead: AEC steps per second against the raw engine's decisions per
second (``cardtable bench --rl``).

Both loops play uniformly random games to the end on one core. The engine's decision is
``legal_actions`` + a uniform choice + ``apply``; the AEC step is PettingZoo's loop:
``env.last()`` (the observation, i.e. the seat's view encoded, and the action mask), a
uniform choice among the legal indices, ``env.step``. The figure of merit is their ratio,
the cost of the environment on top of the game."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardtable.cli.bench import BenchResult, bench_engine
from cardtable.rl import aec_env


@dataclass
class RlBenchResult:
    game: str
    engine: BenchResult
    steps: int
    games: int
    seconds: float

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def overhead(self) -> float:
        """How many times slower an AEC step is than an engine decision."""
        return self.engine.decisions_per_second / self.steps_per_second

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "engine_decisions_per_second": round(self.engine.decisions_per_second, 1),
            "aec_steps_per_second": round(self.steps_per_second, 1),
            "overhead": round(self.overhead, 2),
            "aec_steps": self.steps,
            "aec_games": self.games,
            "seconds": round(self.seconds, 3),
        }


def bench_aec(
    name: str, seconds: float = 3.0, seed: int = 1, **options: Any
) -> tuple[int, int, float]:
    """Random games through the AEC environment for about ``seconds``: (steps, games,
    seconds). A step is one agent's move (the dead steps after the end are not counted)."""
    env = aec_env(name, **options)
    rng = random.Random(seed)
    steps = played = 0
    flatnonzero = np.flatnonzero
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        env.reset(seed=rng.getrandbits(32))
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = flatnonzero(obs["action_mask"].view(np.bool_))
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        played += 1
        if time.perf_counter() >= deadline:
            break
    return steps, played, time.perf_counter() - start


def bench_rl(name: str, seconds: float = 3.0, seed: int = 1, **options: Any) -> RlBenchResult:
    """The engine bench and the AEC bench of one game, back to back."""
    engine = bench_engine(name, seconds, seed, **options)
    steps, played, spent = bench_aec(name, seconds, seed, **options)
    return RlBenchResult(name, engine, steps, played, spent)

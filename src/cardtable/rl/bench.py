"""Environment overhead: AEC steps per second against the raw engine's decisions per
second (``cardtable bench --rl``).

Both loops play uniformly random games to the end on one core. The engine's decision is
``legal_actions`` + a uniform choice + ``apply``; the AEC step is PettingZoo's loop:
``env.last()`` (the observation, i.e. the seat's view encoded, and the action mask,
made every step though this agent does not read them), a uniform choice among the legal
indices (``info["legal"]``, the mask's ones, which a trainer would otherwise find with a
scan of the whole mask), ``env.step``. The figure of merit is their ratio,
the cost of the environment on top of the game.

A third loop takes PettingZoo's ``env.last(observe=False)`` (no observation, no mask):
what the environment costs besides encoding, the floor no observation encoder can go
below."""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass
from typing import Any

from cardtable.bench import BenchResult, bench_engine
from cardtable.rl import aec_env, encoder


@dataclass
class RlBenchResult:
    game: str
    engine: BenchResult
    steps: int
    games: int
    seconds: float
    cpu_seconds: float
    #: the 1-minute load average before and after (a shared machine's figures move with it)
    load: tuple[float, float] = (0.0, 0.0)
    #: the same loop without observations (``env.last(observe=False)``)
    bare_steps: int = 0
    bare_cpu_seconds: float = 0.0
    #: whether the encoder's compiled accelerator made the observations (``cardtable.rl.compiled``)
    compiled: bool = False

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def steps_per_cpu_second(self) -> float:
        return self.steps / max(self.cpu_seconds, 1e-9)

    @property
    def overhead(self) -> float:
        """How many times an AEC step costs an engine decision, in CPU time (on a shared
        machine the wall clock also measures the neighbours)."""
        return self.engine.decisions_per_cpu_second / self.steps_per_cpu_second

    @property
    def overhead_without_observation(self) -> float:
        """The overhead of the loop that asks for no observation (0 if not timed)."""
        if not self.bare_steps:
            return 0.0
        bare_rate = self.bare_steps / max(self.bare_cpu_seconds, 1e-9)
        return self.engine.decisions_per_cpu_second / bare_rate

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "engine_decisions_per_second": round(self.engine.decisions_per_second, 1),
            "engine_decisions_per_cpu_second": round(self.engine.decisions_per_cpu_second, 1),
            "aec_steps_per_second": round(self.steps_per_second, 1),
            "aec_steps_per_cpu_second": round(self.steps_per_cpu_second, 1),
            "overhead": round(self.overhead, 2),
            "overhead_without_observation": round(self.overhead_without_observation, 2),
            "aec_steps": self.steps,
            "aec_games": self.games,
            "compiled": self.compiled,
            "load_average": [round(x, 2) for x in self.load],
        }


def bench_aec(
    name: str, seconds: float = 3.0, seed: int = 1, observe: bool = True, **options: Any
) -> tuple[int, int, float, float]:
    """Random games through the AEC environment for about ``seconds``: (steps, games,
    seconds, CPU seconds). A step is one agent's move (the dead steps that PettingZoo asks
    of each agent after the end are not counted). ``observe=False`` asks ``env.last``
    for no observation (nor mask)."""
    env = aec_env(name, **options)
    rng = random.Random(seed)
    steps = played = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    env.reset(seed=seed)  # then, as a trainer does, each game deals from the env's own seeds
    while True:
        if played:
            env.reset()
        for _agent in env.agent_iter():
            _obs, _reward, terminated, truncated, info = env.last(observe)
            if terminated or truncated:
                env.step(None)
                continue
            legal = info["legal"]  # the mask's ones, without a scan of the whole mask
            env.step(legal[rng.randrange(len(legal))])
            steps += 1
        played += 1
        if time.perf_counter() >= deadline:
            break
    return steps, played, time.perf_counter() - start, time.process_time() - cpu_start


ROUND = 0.2  # seconds each loop runs before the next one takes over


def bench_rl(
    name: str, seconds: float = 3.0, seed: int = 1, rounds: int | None = None, **options: Any
) -> RlBenchResult:
    """The engine bench, the AEC bench and the AEC bench without observations of one game,
    alternated over ``rounds`` rounds (``seconds`` each in all; by default rounds of a
    fifth of a second) so that all three see the same machine: on a shared machine whose
    speed drifts from second to second, three rounds of two seconds gave ratios 15% apart
    from one run to the next, thirty rounds of a fifth of a second 5%."""
    if rounds is None:
        rounds = max(1, round(seconds / ROUND))
    part = seconds / rounds
    load_before = load_average()
    engine = BenchResult(name, 0, 0, 0.0, 0.0)
    steps = played = bare_steps = 0
    wall = cpu = bare_cpu = 0.0
    for k in range(rounds):
        e = bench_engine(name, part, seed + k, **options)
        engine.decisions += e.decisions
        engine.games += e.games
        engine.seconds += e.seconds
        engine.cpu_seconds += e.cpu_seconds
        s, g, w, c = bench_aec(name, part, seed + k, **options)
        steps, played, wall, cpu = steps + s, played + g, wall + w, cpu + c
        s, _, _, c = bench_aec(name, part, seed + k, observe=False, **options)
        bare_steps, bare_cpu = bare_steps + s, bare_cpu + c
    load = (load_before, load_average())
    compiled = encoder(name, **options).accelerator is not None
    return RlBenchResult(
        name, engine, steps, played, wall, cpu, load, bare_steps, bare_cpu, compiled
    )


def load_average() -> float:
    """The 1-minute load average, 0 where the system has none."""
    try:
        return os.getloadavg()[0]
    except OSError:  # pragma: no cover - not on Linux or macOS
        return 0.0

"""Engine speed: random playouts on one core. A decision is ``legal_actions`` + a uniform
choice + ``apply`` — the loop every bot and simulation runs.

The measuring lives here, below both ``cli`` (which prints it: ``cardtable bench``) and
``rl`` (whose environment bench compares itself with it), so neither imports the other."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from cardtable import games


@dataclass
class BenchResult:
    game: str
    decisions: int
    games: int
    seconds: float
    cpu_seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_cpu_second(self) -> float:
        """What the engine does with a core of its own; on a shared machine the wall-clock
        figure also measures the neighbours."""
        return self.decisions / max(self.cpu_seconds, 1e-9)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "decisions": self.decisions,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "decisions_per_second": round(self.decisions_per_second, 1),
            "decisions_per_cpu_second": round(self.decisions_per_cpu_second, 1),
            "games_per_second": round(self.games_per_second, 2),
        }


def bench_engine(name: str, seconds: float = 3.0, seed: int = 1, **options: Any) -> BenchResult:
    """Play random games of ``name`` for about ``seconds`` and count the decisions. Games
    are always played to the end, so the figure covers every phase of a game."""
    game = games.load(name, **options)
    rng = random.Random(seed)
    decisions = played = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while True:
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_over():
            seats = state.to_act
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            decisions += 1
        played += 1
        if time.perf_counter() >= deadline:
            break
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return BenchResult(name, decisions, played, wall, cpu)

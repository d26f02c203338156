"""Engine speed: random playouts on one core. A decision is ``legal_actions`` + a uniform
choice + ``apply`` — the loop every bot and simulation runs. Beside the games, the same
loop drives OpenSpiel's C++ Dou Dizhu from Python (when ``pyspiel`` is installed): on a
shared machine only a ratio measured in one run means anything.

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
    # This game's decisions per CPU-second over the baseline's in the same run.
    ratio: float | None = None

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
            **({} if self.ratio is None else {"vs_baseline": round(self.ratio, 3)}),
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


BASELINE = "dou_dizhu"
BASELINE_TITLE = "dou_dizhu (C++)"


def bench_baseline(seconds: float = 3.0, seed: int = 1) -> BenchResult | None:
    """OpenSpiel's C++ Dou Dizhu in the same loop as ``bench_engine`` (its deal is chance
    nodes, sampled and not counted as decisions); None without ``pyspiel``."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(BASELINE)
    rng = random.Random(seed)
    decisions = played = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        played += 1
        if time.perf_counter() >= deadline:
            break
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return BenchResult(BASELINE_TITLE, decisions, played, wall, cpu)


def bench_side_by_side(names: list[str], seconds: float = 3.0) -> list[BenchResult]:
    """Each game, with the baseline measured before and after them in the same run (its
    two halves pooled), each game's ``ratio`` against it; the baseline's row last."""
    before = bench_baseline(seconds / 2)
    results = [bench_engine(name, seconds) for name in names]
    after = bench_baseline(seconds / 2)
    if before is None or after is None:
        return results
    baseline = BenchResult(
        BASELINE_TITLE,
        before.decisions + after.decisions,
        before.games + after.games,
        before.seconds + after.seconds,
        before.cpu_seconds + after.cpu_seconds,
        ratio=1.0,
    )
    for result in results:
        result.ratio = result.decisions_per_cpu_second / baseline.decisions_per_cpu_second
    return [*results, baseline]

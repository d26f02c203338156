"""Games between bots: the engine of ``cardtable sim``. Bots sit in rotated seatings so each
listed bot plays every seat equally; several worker processes share the games with
``jobs``."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from cardtable import bots, games
from cardtable.core import State


@dataclass
class BotTally:
    """Results of one listed bot (by its position in the list) over all games."""

    name: str
    games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    think: list[float] = field(default_factory=list)  # wall-clock seconds per decision
    think_cpu: list[float] = field(default_factory=list)  # CPU seconds of the same decisions

    def add(self, other: BotTally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.score_sum += other.score_sum
        self.think.extend(other.think)
        self.think_cpu.extend(other.think_cpu)

    def to_json(self) -> dict[str, Any]:
        played = max(self.games, 1)
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.wins / played,
            "win_rate_ci95": wilson_interval(self.wins, self.games),
            "mean_score": self.score_sum / played,
            "think_ms": think_summary(self.think),
            # On a shared machine the wall clock counts other processes' time too.
            "think_cpu_ms": think_summary(self.think_cpu),
        }


def wilson_interval(wins: float, games: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson score interval of a win rate (ties count as shared wins)."""
    if games == 0:
        return [0.0, 1.0]
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def think_summary(seconds: list[float]) -> dict[str, float]:
    if not seconds:
        return {"decisions": 0, "median": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {
        "decisions": len(ordered),
        "median": round(statistics.median(ordered) * 1000, 3),
        "p95": round(p95 * 1000, 3),
        "max": round(ordered[-1] * 1000, 3),
    }


@dataclass
class SimResult:
    game: str
    options: dict[str, Any]
    seed: int
    tallies: list[BotTally]
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    seat_wins: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "games_per_second": self.games / self.seconds if self.seconds else 0.0,
            "bots": [
                {**t.to_json(), "fair_share_ratio": t.wins / max(t.games, 1) * len(self.tallies)}
                for t in self.tallies
            ],
            "seats": [
                {"seat": s, "wins": w, "win_rate": w / max(self.games, 1)}
                for s, w in enumerate(self.seat_wins)
            ],
        }


def seating(bot_names: Sequence[str], game_index: int) -> list[int]:
    """Which listed bot sits in each seat for game ``game_index`` (a rotation)."""
    n = len(bot_names)
    return [(seat + game_index) % n for seat in range(n)]


def play_one(
    state: State[Any],
    players: Sequence[bots.Bot],
    rng: random.Random,
    think: Sequence[list[float]] | None = None,
    think_cpu: Sequence[list[float]] | None = None,
) -> int:
    """Play a game to the end with one bot per seat; returns the number of decisions and
    appends each decision's wall-clock and CPU think time to ``think[seat]`` and
    ``think_cpu[seat]``."""
    decisions = 0
    while not state.is_over():
        # Several seats may act at once (a snap window): arrival order is random. A bot
        # that returns None lets the moment pass, as at a server table: the next seat in
        # that random order acts instead.
        waiting = list(state.to_act)
        while True:
            seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
            legal = state.legal_actions(seat)
            view = state.view(seat)
            start, start_cpu = time.perf_counter(), time.thread_time()
            action = players[seat].act(view, legal, rng)
            if think is not None:
                think[seat].append(time.perf_counter() - start)
            if think_cpu is not None:
                think_cpu[seat].append(time.thread_time() - start_cpu)
            if action is not None:
                break
            waiting.remove(seat)
            if not waiting:
                raise RuntimeError("Every seat to act let the moment pass: the game is stuck")
        state.apply(seat, action)
        decisions += 1
    return decisions


def run_games(
    game_name: str,
    options: dict[str, Any],
    bot_names: Sequence[str],
    seed: int,
    indices: Sequence[int],
    on_progress: Callable[[int], None] | None = None,
    seconds: float | None = None,
) -> SimResult:
    """Play the games numbered ``indices`` (each seeded from ``seed`` and its number);
    ``seconds`` caps a search bot's time per move."""
    game = games.load(game_name, **options)
    roster = [bots.make(name, game, seconds) for name in bot_names]
    result = SimResult(game_name, dict(game.options), seed, [BotTally(n) for n in bot_names])
    result.seat_wins = [0.0] * len(bot_names)
    start = time.perf_counter()
    for index in indices:
        game_seed = seed * 1_000_003 + index
        state = game.new_state(seed=game_seed)
        order = seating(bot_names, index)
        # The bots' randomness must not follow the deal, or results skew by seat.
        bot_rng = random.Random(f"bots-{game_seed}")
        think = [result.tallies[i].think for i in order]
        think_cpu = [result.tallies[i].think_cpu for i in order]
        players = [roster[i] for i in order]
        result.decisions += play_one(state, players, bot_rng, think, think_cpu)
        record(result, state, order)
        if on_progress is not None:
            on_progress(1)
    result.seconds = time.perf_counter() - start
    return result


def record(result: SimResult, state: State[Any], order: Sequence[int]) -> None:
    outcome = state.outcome()
    share = 1.0 / len(outcome.winners)
    for seat, bot_index in enumerate(order):
        tally = result.tallies[bot_index]
        tally.games += 1
        tally.score_sum += outcome.scores[seat]
        if seat in outcome.winners:
            tally.wins += share
            result.seat_wins[seat] += share
    result.games += 1


def merge(parts: Sequence[SimResult], seconds: float) -> SimResult:
    total = parts[0]
    for part in parts[1:]:
        total.games += part.games
        total.decisions += part.decisions
        for mine, theirs in zip(total.tallies, part.tallies, strict=True):
            mine.add(theirs)
        total.seat_wins = [a + b for a, b in zip(total.seat_wins, part.seat_wins, strict=True)]
    total.seconds = seconds
    return total


def simulate(
    game_name: str,
    options: dict[str, Any],
    bot_names: Sequence[str],
    count: int,
    seed: int,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
    seconds: float | None = None,
) -> SimResult:
    """``count`` games; with ``jobs`` > 1 they are split over worker processes (the same
    games and results as with one job)."""
    start = time.perf_counter()
    if jobs <= 1 or count < 2:
        result = run_games(game_name, options, bot_names, seed, range(count), on_progress, seconds)
        result.seconds = time.perf_counter() - start
        return result
    # Small chunks keep both the workers and the progress bar busy.
    size = max(1, count // (jobs * 20))
    chunks = [list(range(i, min(i + size, count))) for i in range(0, count, size)]
    parts: list[SimResult] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {
            pool.submit(run_games, game_name, options, bot_names, seed, chunk, None, seconds): len(
                chunk
            )
            for chunk in chunks
        }
        for future in as_completed(futures):
            parts.append(future.result())
            if on_progress is not None:
                on_progress(futures[future])
    return merge(parts, time.perf_counter() - start)

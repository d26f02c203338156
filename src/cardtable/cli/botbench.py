"""Search speed (``cardtable bench --bots``): ISMCTS simulations per second per game.

The bot timed is the game's ``hard`` (its own rollout policy, evaluation and root
shortlist), with a time cap far above its simulation budget so that the budget ends every
search. It searches positions of random games: at each decision with more than one legal
action the seat to act asks hard for a move (timed), then a random legal action is played,
so the positions cover every phase of a game. A simulation is what the search counts in
``last_iterations``: one sample played out (for a paired search, one root action played
out from one sample)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from cardtable import bots, games, native
from cardtable.bots.search import IsmctsBot
from cardtable.cli.bench import print_figures

# Far above any game's simulation budget: the budget, not the clock, ends a search.
SEARCH_CAP_SECONDS = 60.0


@dataclass
class BotBenchResult:
    game: str
    searches: int
    simulations: int
    seconds: float  # wall clock inside the searches
    cpu_seconds: float  # the searching thread's CPU time

    @property
    def simulations_per_second(self) -> float:
        return self.simulations / max(self.seconds, 1e-9)

    @property
    def simulations_per_cpu_second(self) -> float:
        """What a search does with a core of its own (on a shared machine the wall clock
        also counts the neighbours)."""
        return self.simulations / max(self.cpu_seconds, 1e-9)

    @property
    def ms_per_search(self) -> float:
        return 1000 * self.seconds / max(self.searches, 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "searches": self.searches,
            "simulations": self.simulations,
            "seconds": round(self.seconds, 3),
            "simulations_per_second": round(self.simulations_per_second, 1),
            "simulations_per_cpu_second": round(self.simulations_per_cpu_second, 1),
            "ms_per_search": round(self.ms_per_search, 1),
        }


def hard_bot(name: str, **options: Any) -> tuple[Any, IsmctsBot]:
    """The game and its ``hard`` search bot."""
    game = games.load(name, **options)
    bot = bots.make("hard", game, seconds=SEARCH_CAP_SECONDS)
    assert isinstance(bot, IsmctsBot), "hard is the ISMCTS bot"
    return game, bot


def bench_bots(name: str, seconds: float = 3.0, seed: int = 1, **options: Any) -> BotBenchResult:
    """Let ``hard`` search positions of random games of ``name`` for about ``seconds`` of
    searching (at least one search), counting its simulations."""
    game, bot = hard_bot(name, **options)
    rng = random.Random(seed)
    result = BotBenchResult(name, 0, 0, 0.0, 0.0)
    while result.searches == 0 or result.seconds < seconds:  # a new game
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_over() and (result.searches == 0 or result.seconds < seconds):
            seats = state.to_act
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                search(bot, state.view(seat), legal, rng, result)
            state.apply(seat, legal[rng.randrange(len(legal))])
    return result


def search(
    bot: IsmctsBot, view: Any, legal: list[Any], rng: random.Random, result: BotBenchResult
) -> None:
    """One timed search, added to ``result``."""
    start, cpu = time.perf_counter(), time.thread_time()
    bot.act(view, legal, rng)
    result.seconds += time.perf_counter() - start
    result.cpu_seconds += time.thread_time() - cpu
    if bot.last_iterations:  # a shortlist of one move is played without a search
        result.searches += 1
        result.simulations += bot.last_iterations


def print_bench(names: list[str], seconds: float, as_json: bool) -> None:
    """``cardtable bench --bots``: hard's simulations per second, per game."""
    print_figures(
        [bench_bots(name, seconds) for name in names],
        as_json,
        "Search speed (hard's ISMCTS, one core)",
        ("game", "simulations/s", "per CPU-s", "searches", "ms per search"),
        lambda r: (
            r.game,
            f"{r.simulations_per_second:,.0f}",
            f"{r.simulations_per_cpu_second:,.0f}",
            f"{r.searches:,}",
            f"{r.ms_per_search:,.0f}",
        ),
        caption=native.mode(),
    )

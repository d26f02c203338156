"""How stable a review's marks are across review seeds (issue 22, docs/review.md "Measured").

For each game: medium bots play ``--games`` games against each other (game seeds from
``--first-game``), seat 0 of each is reviewed with every seed of ``--seeds``, and the table
says how many decisions were judged, the simulations and CPU seconds one review took
(``time.process_time``, so a busy shared machine does not inflate it; min–max over the
reviews), how many decisions got the same mark on every seed, and how many marks stayed
within one step (best/good, good/inaccuracy, ...) of each other.

    PYTHONPATH=src .venv/bin/python bench/review_stability.py
    PYTHONPATH=src .venv/bin/python bench/review_stability.py --game gandengyan --games 4
    PYTHONPATH=src .venv/bin/python bench/review_stability.py --budget 200 --no-hindsight
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Mapping
from typing import Any

from cardtable import bots, games
from cardtable.review import MARKS, Budget, GameRecord, review_game

GAMES: dict[str, dict[str, Any]] = {
    "cambio": {"players": 2},
    "cabo": {"players": 2},
    "gandengyan": {"players": 2},
    "caravan": {},
}


def medium_game(name: str, options: Mapping[str, Any], seed: int) -> GameRecord:
    """A game of medium bots on every seat (as ``tests/review/support.py`` plays one)."""
    game = games.load(name, **options)
    state, bot, rng = game.new_state(seed=seed), bots.make("medium", game), random.Random(seed)
    log: list[tuple[int, dict[str, Any]]] = []
    while not state.is_over():
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bot.act(state.view(seat), legal, rng)
        action = legal[0] if action is None else action
        state.apply(seat, action)
        log.append((seat, game.action_to_json(action)))
    return GameRecord(name, dict(game.options), seed, log)


def measure(name: str, args: argparse.Namespace) -> tuple[dict[str, Any], list[int], list[float]]:
    budget = Budget(args.budget, args.game_budget, hindsight=not args.no_hindsight)
    decisions = same = close = 0
    sims: list[int] = []
    cpu: list[float] = []
    for game_seed in range(args.first_game, args.first_game + args.games):
        record = medium_game(name, GAMES[name], game_seed)
        marks: list[list[str | None]] = []
        for seed in args.seeds:
            start = time.process_time()
            review = review_game(record, 0, budget, seed=seed)
            cpu.append(time.process_time() - start)
            sims.append(review["simulations"])
            marks.append([d["mark"] for d in review["decisions"]])
            if args.verbose:
                print(name, game_seed, seed, " ".join(str(m)[:4] for m in marks[-1]))
        for row in zip(*marks, strict=True):
            if any(m is None for m in row):
                continue
            decisions += 1
            steps = [MARKS.index(m) for m in row if m is not None]
            same += len(set(steps)) == 1
            close += max(steps) - min(steps) <= 1
    return {"game": name, "decisions": decisions, "same": same, "close": close}, sims, cpu


def span(values: list[Any], fmt: str) -> str:
    low, high = min(values), max(values)
    return (
        fmt.format(low)
        if fmt.format(low) == fmt.format(high)
        else (f"{fmt.format(low)}–{fmt.format(high)}")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable")
    parser.add_argument("--games", type=int, default=1, help="games per game (default 1)")
    parser.add_argument("--first-game", type=int, default=1, help="the first game's seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--budget", type=int, default=400, help="simulations a decision")
    parser.add_argument("--game-budget", type=int, default=20_000, help="simulations a game")
    parser.add_argument("--no-hindsight", action="store_true")
    parser.add_argument("--verbose", action="store_true", help="every review's marks")
    args = parser.parse_args()
    print(
        f"seat 0, medium vs medium, {args.games} game(s) from seed {args.first_game}, "
        f"review seeds {args.seeds}, {args.budget}/decision, {args.game_budget}/game, "
        f"hindsight {'off' if args.no_hindsight else 'on'}"
    )
    print("| game | decisions | sims per review | CPU s per review | same mark | within one |")
    print("|---|---|---|---|---|---|")
    for name in args.game or list(GAMES):
        row, sims, cpu = measure(name, args)
        n = row["decisions"]
        print(
            f"| {name} | {n} | {span(sims, '{:,}')} | {span(cpu, '{:.1f}')} "
            f"| {row['same']}/{n} | {row['close']}/{n} |",
            flush=True,
        )


if __name__ == "__main__":
    main()

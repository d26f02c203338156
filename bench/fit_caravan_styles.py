"""Fit the shares Caravan's hard reads its opponent by (``games/caravan/bots/adapt.py``:
``SHARES``, and a check of ``TEMPER``), from games of each style against medium seen from
medium's views, as hard sees its opponent.

For each style of ``adapt.STYLES`` (medium itself, then the gauntlet's), ``--games`` deals
are played twice (the style in either seat; 2 players, default options). From medium's
view at each of its decisions it counts where the opponent's cards lie (``adapt.traces``):
the shares printed are the style's cards in each place over all those views, in the form
adapt.py keeps them.

Then, on ``--check`` more deals (other seeds), it reads every such view with the fitted
shares and ``PRIOR`` at each ``TEMPER`` of a few, and prints how well the posterior names
the style that is playing: the mean log weight of the true style, the share of views
where it is the likeliest, and the mean weight medium gets when medium is playing (the
adaptation must not mistake medium for someone else).

    PYTHONPATH=src .venv/bin/python bench/fit_caravan_styles.py --games 150 --check 60
"""

from __future__ import annotations

import argparse
import json
import math
import random
from typing import Any

from cardtable import bots, games
from cardtable.cli.gauntlet import opponents
from cardtable.games.caravan.bots import adapt

TEMPERS = (0.3, 0.5, 0.7, 1.0, 1.3, 1.6, 2.0)


def play(style: str, seed: int, medium_seat: int) -> list[list[int]]:
    """The opponent's traces in medium's view at each of medium's decisions."""
    game = games.load("caravan", players=2)
    state = game.new_state(seed=seed)
    seats: list[Any] = [None, None]
    seats[medium_seat] = bots.make("medium", game)
    seats[1 - medium_seat] = (
        bots.make("medium", game) if style == "medium" else opponents(game)[style](game)
    )
    rng = random.Random(f"fit-{seed}-{medium_seat}")
    them = 1 - medium_seat
    out = []
    while not state.is_over():
        seat = state.to_act[0]
        view = state.view(seat)
        if seat == medium_seat:
            out.append(adapt.traces(view, them))
        state.apply(seat, seats[seat].act(view, state.legal_actions(seat), rng))
    return out


def games_of(style: str, seeds: range) -> list[list[list[int]]]:
    return [play(style, seed, seat) for seed in seeds for seat in (0, 1)]


def shares(played: list[list[list[int]]]) -> tuple[float, ...]:
    totals = [0] * len(adapt.PLACES)
    for views in played:
        for counts in views:
            for i, n in enumerate(counts):
                totals[i] += n
    whole = max(sum(totals), 1)
    return tuple(round(n / whole, 4) for n in totals)


def check(held_out: dict[str, list[list[list[int]]]]) -> list[dict[str, Any]]:
    """How the posterior reads the held-out views at each temper."""
    rows = []
    for temper in TEMPERS:
        adapt.TEMPER = temper
        logs, hits, views = 0.0, 0, 0
        medium_weight, medium_views = 0.0, 0
        per_style: dict[str, float] = {}
        for truth, played in held_out.items():
            index = adapt.NAMES.index(truth)
            style_logs = style_views = 0.0
            for game_views in played:
                for counts in game_views:
                    weights = posterior_of(counts)
                    logs += math.log(max(weights[index], 1e-12))
                    style_logs += weights[index]
                    style_views += 1
                    hits += max(range(len(weights)), key=weights.__getitem__) == index
                    views += 1
                    if truth == "medium":
                        medium_weight += weights[index]
                        medium_views += 1
            per_style[truth] = round(style_logs / max(style_views, 1), 3)
        rows.append(
            {
                "temper": temper,
                "mean_log_true": round(logs / max(views, 1), 4),
                "likeliest_is_true": round(hits / max(views, 1), 3),
                "medium_weight_when_medium": round(medium_weight / max(medium_views, 1), 3),
                "mean_true_weight": per_style,
            }
        )
    return rows


def posterior_of(counts: list[int]) -> list[float]:
    logs = [adapt.log_likelihood(name, counts) for name in adapt.NAMES]
    top = max(logs)
    weights = [p * math.exp(v - top) for p, v in zip(adapt.PRIOR, logs, strict=True)]
    total = sum(weights)
    return [w / total for w in weights]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150, help="deals per style (each twice)")
    parser.add_argument("--check", type=int, default=60, help="held-out deals per style")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    fit = {name: games_of(name, range(args.seed, args.seed + args.games)) for name in adapt.NAMES}
    fitted = {name: shares(played) for name, played in fit.items()}
    print("SHARES = {")
    for name, row in fitted.items():
        print(f'    "{name}": {row},')
    print("}")
    adapt.SHARES = fitted
    start = args.seed + args.games
    held = {name: games_of(name, range(start, start + args.check)) for name in adapt.NAMES}
    rows = check(held)
    if args.json:
        print(json.dumps({"shares": fitted, "check": rows}, indent=1))
    else:
        for row in rows:
            print(row)


if __name__ == "__main__":
    main()

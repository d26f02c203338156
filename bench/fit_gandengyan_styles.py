"""Fit the rates Gan Deng Yan's hard reads its opponents by (``games/gandengyan/bots/
adapt.py``: ``FITTED``, floored into ``RATES``), from games of each style against medium.

For each style, ``--games`` deals are played twice (the style in either seat), 2 players,
default options. At every decision of the style's seat the trick as medium's view shows
it is extended by that decision (a pass that ends the trick, or a play that goes out,
would be gone from the next view, so each decision is read before it is swept away) and
``adapt.traces`` reads its context and outcome, the very reading ``posterior`` makes.
Printed: per style and context the share of each outcome, in the form adapt.py keeps
them (an outcome never seen is 0.0; adapt's ``FLOOR`` stands in); ``--json`` for the
raw counts.

    PYTHONPATH=src .venv/bin/python bench/fit_gandengyan_styles.py --games 300
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from cardtable import bots, games
from cardtable.cli.gauntlet import opponents
from cardtable.games.gandengyan.bots import adapt

OPTIONS: dict[str, Any] = {"players": 2}


def shown(event_data: dict[str, Any]) -> dict[str, Any]:
    """A play event's data as a trick entry of a view."""
    return {k: event_data[k] for k in ("seat", "cards", "as", "kind", "rank", "length")}


def play(style: str, seed: int, medium_seat: int, counts: list[list[int]]) -> None:
    game = games.load("gandengyan", **OPTIONS)
    state = game.new_state(seed=seed)
    seats: list[Any] = [None, None]
    seats[medium_seat] = bots.make("medium", game)
    them = 1 - medium_seat
    seats[them] = bots.make("medium", game) if style == "medium" else opponents(game)[style](game)
    rng = random.Random(f"fit-{seed}-{medium_seat}")
    while not state.is_over():
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = seats[seat].act(state.view(seat), legal, rng)
        before = state.view(medium_seat) if seat == them else None
        events = state.apply(seat, action)
        if before is None:
            continue
        entry: dict[str, Any] | None = None
        for event in events:
            if event.type == "pass":
                entry = {"seat": seat, "pass": True}
            elif event.type == "play":
                entry = shown(event.data)
            if entry is not None:
                break
        if entry is None:
            continue
        played = 0 if entry.get("pass") else len(entry["cards"])
        view = dict(before)
        view["trick"] = [*before["trick"], entry]
        view["counts"] = list(before["counts"])
        view["counts"][seat] -= played
        seen = adapt.traces(view, seat)
        if len(seen) > len(adapt.traces(before, seat)):  # a lead passed on is no trace
            context, outcome = seen[-1]
            counts[context][outcome] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="deals per style (each twice)")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    fitted: dict[str, list[list[int]]] = {}
    for style in adapt.NAMES:
        counts = fitted.setdefault(style, [[0] * adapt.OUTCOMES for _ in range(adapt.CONTEXTS)])
        for deal in range(args.games):
            for medium_seat in (0, 1):
                play(style, args.seed * 100_000 + deal, medium_seat, counts)
    if args.json:
        print(json.dumps(fitted, indent=1))
        return
    for style, counts in fitted.items():
        print(f'    "{style}": (')
        for row in counts:
            total = sum(row)
            rates = [round(c / total, 3) if total else 0.0 for c in row]
            print(f"        ({', '.join(map(str, rates))}),  # n={total}")
        print("    ),")


if __name__ == "__main__":
    main()

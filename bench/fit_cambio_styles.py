"""Fit the rates Cambio's hard reads its opponents by (``games/cambio/bots/adapt.py``:
``HAZARD``, ``SHRINK``, ``GROW``), from games of each style against medium seen from
medium's views, as hard sees its opponents.

For each style, ``--games`` deals are played twice (the style in either seat), 2 players,
``snap=own_turn lock_caller=true`` (issue #24's setting). From medium's view after every
move it notes when the opponent called (the turns it had played, as ``_turns`` estimates
them from the view: the same reading ``posterior`` makes) and, at the end, how far its hand
grew or shrank over how many turns. Printed: per style the chance of a call at a turn not
called before (a call at turn t over the games still uncalled at t), and shrinks and
growths per turn, in the form adapt.py keeps them; ``--json`` for the raw counts.

    PYTHONPATH=src .venv/bin/python bench/fit_cambio_styles.py --games 300
"""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import dataclass, field
from typing import Any

from cardtable import bots, games
from cardtable.cli.gauntlet import opponents
from cardtable.games.cambio.bots.adapt import HAZARD, NAMES
from cardtable.games.cambio.bots.knowledge import HAND, _turns
from cardtable.games.cambio.bots.opponents import Seeing

OPTIONS: dict[str, Any] = {"players": 2, "snap": "own_turn", "lock_caller": True}
TURNS_KEPT = 10  # adapt.py keeps ten rates; the last holds for later turns


@dataclass
class Counts:
    at_risk: list[int] = field(default_factory=lambda: [0] * TURNS_KEPT)
    calls: list[int] = field(default_factory=lambda: [0] * TURNS_KEPT)
    turns: float = 0.0
    shrunk: int = 0
    grown: int = 0

    def hazard(self) -> list[float]:
        return [
            round(c / r, 3) if r else 0.0 for c, r in zip(self.calls, self.at_risk, strict=True)
        ]


def turns_seen(view: dict[str, Any]) -> float:
    return _turns(int(view["players"]), int(view["deck"]), len(view["discard"]))


def play(style: str, seed: int, medium_seat: int, counts: Counts) -> None:
    game = games.load("cambio", **OPTIONS)
    state = game.new_state(seed=seed)
    seats: list[Any] = [None, None]
    seats[medium_seat] = bots.make("medium", game)
    seats[1 - medium_seat] = opponent = opponents(game)[style](game)
    if isinstance(opponent, Seeing):  # the seer reads the table, as the gauntlet lets it
        opponent.watch(state)
    rng = random.Random(f"fit-{seed}-{medium_seat}")
    them, called_at = 1 - medium_seat, None
    while not state.is_over():
        seat = state.to_act[0]
        view = state.view(seat)
        state.apply(seat, seats[seat].act(view, state.legal_actions(seat), rng))
        seen = state.view(medium_seat)
        if called_at is None and seen["caller"] == them:
            called_at = int(turns_seen(seen))
    end = state.view(medium_seat)
    played = int(turns_seen(end)) if called_at is None else called_at
    for turn in range(played + (called_at is not None)):
        counts.at_risk[min(turn, TURNS_KEPT - 1)] += 1
    if called_at is not None:
        counts.calls[min(called_at, TURNS_KEPT - 1)] += 1
    size = sum(card is not None for card in end["hands"][them])
    counts.turns += turns_seen(end)
    counts.shrunk += max(HAND - size, 0)
    counts.grown += max(size - HAND, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="deals per style (each twice)")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    fitted: dict[str, Counts] = {}
    for style in NAMES:
        counts = fitted.setdefault(style, Counts())
        for deal in range(args.games):
            for medium_seat in (0, 1):
                play(style, args.seed * 100_000 + deal, medium_seat, counts)
    if args.json:
        print(json.dumps({s: c.__dict__ for s, c in fitted.items()}, indent=1))
        return
    for style, counts in fitted.items():
        turns = max(counts.turns, 1e-9)
        print(f"{style}:")
        print(f"  HAZARD  {counts.hazard()}")
        print(f"  kept    {list(HAZARD[style])}")
        print(f"  SHRINK  {counts.shrunk / turns:.3f}   GROW {counts.grown / turns:.3f}")


if __name__ == "__main__":
    main()

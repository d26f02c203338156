"""Everything an engine shows, as text, for seeded games: the legal actions of every seat
to act, every seat's view and the spectator's, every event as each seat and a replay see
it, a determinization of each view, a few ``ismcts:N`` search moves, and the outcome. Two
runs of the same engine source — compiled and pure Python — must write the same text
(``test_compiled.py``).

``python -m tests.conformance.traces DIR`` writes one file per case into DIR and prints
how the engines ran (``cardtable.native.mode()``)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from cardtable import bots, games, native

from .playthroughs import registered_cases
from .support import choose, views

SEEDS = (11, 12)
# Simulations per search move: enough to reach rollouts and evaluation in every game.
SEARCH = "ismcts:24"
SEARCH_MOVES = 2


def cases() -> list[tuple[str, dict[str, Any], int]]:
    """The golden playthroughs' cases, then each game with its defaults on a few seeds."""
    return [*registered_cases(), *((n, {}, s) for n in games.names() for s in SEEDS)]


def case_id(name: str, options: dict[str, Any], seed: int) -> str:
    return "-".join([name, *(f"{k}={v}" for k, v in sorted(options.items())), str(seed)])


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def trace(name: str, options: dict[str, Any], seed: int) -> str:
    game = games.load(name, **options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    search = bots.make(SEARCH, game, clock=lambda: 0.0)
    searched = 0
    lines: list[str] = []
    while True:
        lines.append(f"to_act {dump(list(state.to_act))}")
        for seat in state.to_act:
            legal = [game.action_to_json(a) for a in state.legal_actions(seat)]
            lines.append(f"legal {seat} {dump(legal)}")
        lines.extend(f"view {dump(view)}" for view in views(state))
        for seat in range(state.players):
            sample = game.determinize(state.view(seat), seat, random.Random(seed + seat))
            lines.append(f"determinized {seat} {dump(sample.full_view())}")
        if state.is_over():
            break
        seat, action = choose(state, rng)
        if searched < SEARCH_MOVES and len(state.legal_actions(seat)) > 1:
            searched += 1
            legal = state.legal_actions(seat)
            action = search.act(state.view(seat), legal, random.Random(seed))
            lines.append(f"searched {seat}")
        lines.append(f"step {seat} {dump(game.action_to_json(action))}")
        for event in state.apply(seat, action):
            seen = [event.for_seat(s) for s in [*range(state.players), None]]
            lines.append(f"event {dump(event.full())} {dump(seen)}")
    lines.append(f"outcome {dump(state.outcome().to_json())}")
    return "\n".join(lines) + "\n"


def main() -> None:
    folder = Path(sys.argv[1])
    for name, options, seed in cases():
        text = trace(name, options, seed)
        (folder / f"{case_id(name, options, seed)}.txt").write_text(text, encoding="utf-8")
    print(native.mode())
    print(f"compiled: {native.compiled_modules()}")


if __name__ == "__main__":
    main()

"""Golden playthroughs (after OpenSpiel): every seat's view, and the spectator's, at every
step of a few seeded random games, so any leak or rule change shows up as a diff.

Regenerate after an intended change with ``python -m tests.conformance.playthroughs``
and read the diff before committing it."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from cardtable import games

from .support import choose, views

HERE = Path(__file__).parent / "playthroughs"

# (game, options, seed): two-seat games keep the files small; one three-seat Cambio with
# snap=anytime covers several seats acting at once.
CASES: list[tuple[str, dict[str, Any], int]] = [
    ("cambio", {"players": 2}, 1),
    ("cambio", {"players": 3, "snap": "anytime"}, 2),
    ("cabo", {"players": 2, "rounds": 1}, 1),
    ("gandengyan", {"players": 3}, 1),
    ("caravan", {}, 1),
]


def case_path(name: str, options: dict[str, Any], seed: int) -> Path:
    suffix = "-".join(f"{k}={v}" for k, v in sorted(options.items()))
    return HERE / f"{name}-{suffix or 'default'}-seed{seed}.txt"


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def render(name: str, options: dict[str, Any], seed: int) -> str:
    game = games.load(name, **options)
    state = game.new_state(seed=seed)
    lines = [f"game: {name}", f"options: {dump(game.options)}", f"seed: {seed}"]

    def record() -> None:
        for seat, view in zip([*range(state.players), None], views(state), strict=True):
            who = "spectator" if seat is None else f"seat {seat}"
            lines.append(f"  {who}: {dump(view)}")

    record()
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        seat, action = choose(state, rng)
        lines.append(f"step {step}: seat {seat} {dump(game.action_to_json(action))}")
        state.apply(seat, action)
        record()
        step += 1
    lines.append(f"outcome: {dump(state.outcome().to_json())}")
    return "\n".join(lines) + "\n"


def registered_cases() -> list[tuple[str, dict[str, Any], int]]:
    return [case for case in CASES if case[0] in games.names()]


def main() -> None:
    HERE.mkdir(exist_ok=True)
    wanted = set(sys.argv[1:])
    for name, options, seed in registered_cases():
        if wanted and name not in wanted:
            continue
        path = case_path(name, options, seed)
        path.write_text(render(name, options, seed), encoding="utf-8")
        print(f"wrote {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}")


if __name__ == "__main__":
    main()

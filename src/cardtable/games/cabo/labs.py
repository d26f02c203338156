"""Cabo's score calculator (CA-15 … CA-17; docs/learn.md): round scores and running
totals of a game. Every figure comes from the engine's own ``scoring`` functions: no
rule is written twice. Bad input raises ``ValueError`` naming it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from cardtable.core.package import Lab
from cardtable.games.cabo import scoring


class Round(BaseModel):
    rows: list[list[int]] = Field(min_length=2, max_length=5)
    caller: int | None = None


class Score(BaseModel):
    rounds: list[Round] = Field(min_length=1, max_length=50)
    caller_penalty: int = Field(10, ge=0, le=20)
    kamikaze: bool = True
    reset_at_100: str = "once"
    target: int = Field(100, ge=1, le=1000)


def check_round(n: int, rnd: Round, players: int) -> None:
    if len(rnd.rows) != players:
        raise ValueError(f"rounds[{n}]: {len(rnd.rows)} rows, the first round has {players}")
    for i, row in enumerate(rnd.rows):
        if not 1 <= len(row) <= 12 or any(not 0 <= c <= 13 for c in row):
            raise ValueError(
                f"rounds[{n}].rows[{i}]: player {i + 1}'s row holds 1–12 cards numbered 0–13"
            )
    if rnd.caller is not None and not 0 <= rnd.caller < players:
        raise ValueError(f"rounds[{n}].caller: no seat {rnd.caller}")


def score(body: Score) -> dict[str, Any]:
    """Round scores and running totals of a Cabo game (CA-15 … CA-17)."""
    if body.reset_at_100 not in scoring.RESETS:
        raise ValueError(f"reset_at_100: must be one of {', '.join(scoring.RESETS)}")
    players = len(body.rounds[0].rows)
    totals, used = [0] * players, [False] * players
    out = []
    for n, rnd in enumerate(body.rounds):
        check_round(n, rnd, players)
        scores = scoring.round_scores(
            rnd.rows, rnd.caller, caller_penalty=body.caller_penalty, kamikaze=body.kamikaze
        )
        totals, used, reset = scoring.add_round(
            totals, scores, used, target=body.target, reset=body.reset_at_100
        )
        kamikaze = scoring.kamikaze_seat(rnd.rows) if body.kamikaze else None
        out.append(
            {"sums": [sum(r) for r in rnd.rows], "scores": scores, "totals": totals,
             "reset": reset, "kamikaze": kamikaze}
        )  # fmt: skip
    over = scoring.passed_target(totals, body.target)
    return {"rounds": out, "over": over, "winners": scoring.winners(totals) if over else None}


LABS: dict[str, Lab] = {"score": Lab(Score, score)}

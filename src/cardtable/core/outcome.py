"""The result of a finished game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """``scores`` per seat in the game's own sense (card totals for Cambio and Cabo where
    lower is better, points for Gan Deng Yan, pairs sold for Caravan); ``winners`` are the
    seats that won (several on a tie); ``details`` holds per-game extras such as the
    revealed hands."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "details": dict(self.details),
        }

"""The search bots: ``hard`` and ``ismcts:N`` wrap ISMCTS with a game's rollout policy."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.bots.ismcts import Evaluator, Ismcts, RolloutPolicy, SearchLimits, random_policy
from cardtable.core import Game


class IsmctsBot:
    def __init__(
        self,
        name: str,
        game: Game[Any],
        limits: SearchLimits,
        policy: RolloutPolicy = random_policy,
        evaluate: Evaluator | None = None,
    ) -> None:
        self.name = name
        self.search = Ismcts(game, limits, policy, evaluate)

    @property
    def last_iterations(self) -> int:
        return self.search.last_iterations

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        seat = view["seat"]
        assert isinstance(seat, int), "a bot plays a seat, not a spectator view"
        return self.search.search(view, seat, legal, rng)

"""The search bots: ``hard`` and ``ismcts:N`` wrap ISMCTS with a game's rollout policy."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable.bots.ismcts import Ismcts, SearchLimits, random_policy
from cardtable.core import Game
from cardtable.core.package import (
    Evaluator,
    Horizon,
    Observer,
    RolloutPolicy,
    RootActions,
    Sampler,
)


class IsmctsBot:
    def __init__(
        self,
        name: str,
        game: Game[Any],
        limits: SearchLimits,
        policy: RolloutPolicy = random_policy,
        evaluate: Evaluator | None = None,
        horizon: Horizon | None = None,
        observe: Observer | None = None,
        depth: int | None = None,
        root_actions: RootActions | None = None,
        sample: Sampler | None = None,
        exploration: float | None = None,
        paired: bool = False,
        confidence: float = 0.0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.name = name
        self.game = game
        self.root_actions = root_actions
        self.search = Ismcts(
            game,
            limits,
            policy,
            evaluate,
            horizon=horizon,
            observe=observe,
            depth=depth,
            sample=sample,
            paired=paired,
            confidence=confidence,
            clock=clock,
        )
        if exploration is not None:  # a game whose rewards differ little explores less
            self.search.exploration = exploration

    @property
    def last_iterations(self) -> int:
        return self.search.last_iterations

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        seat = view["seat"]
        assert isinstance(seat, int), "a bot plays a seat, not a spectator view"
        if self.root_actions is not None and len(legal) > 1:
            legal = self.root_actions(self.game, view, legal) or legal
        return self.search.search(view, seat, legal, rng)

"""The search draws from ``core.rng.Rng`` (compiled draws, docs/engines.md) and still
makes exactly the draws it made from a plain ``random.Random``: the same seeds give the
same searches and leave the caller's generator at the same place."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cardtable import games
from cardtable.bots.ismcts import Ismcts, SearchLimits
from cardtable.core import Game, State
from cardtable.core.rng import Rng
from tests.core.toy import ToyGame

from .support import playout

TABLE = [5, 1, 4, 2, 3, 6]


def toy_sample(game: Game[Any], view: Mapping[str, Any], seat: int, rng: random.Random) -> Any:
    """The toy's position, rebuilt from the view without a draw: the caller's stream then
    holds only the search's own draws."""
    return game.new_state(deck=[str(c) for c in view["table"]])


def test_paired_rollouts_replay_the_stream_of_a_new_random_per_seed() -> None:
    """Each sample takes one 64-bit seed from the caller's generator, and every root
    action's rollout draws what ``random.Random(seed)`` would (common random numbers)."""
    firsts: list[float] = []  # each rollout's first draw

    def policy(state: State[Any], seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
        draw = rng.random()
        if len(legal) == len(TABLE) - 1:  # the rollout's first move, after the root's
            firsts.append(draw)
        return legal[rng.randrange(len(legal))]

    game = ToyGame(cards=len(TABLE))
    state = game.new_state(deck=[str(c) for c in TABLE])
    samples = 5
    search = Ismcts(
        game,
        SearchLimits(iterations=samples * len(TABLE), seconds=float("inf")),
        policy,
        depth=1,
        paired=True,
        sample=toy_sample,
    )
    caller, reference = random.Random(3), random.Random(3)
    search.search(state.view(0), 0, state.legal_actions(0), caller)
    seeds = [reference.getrandbits(64) for _ in range(samples)]
    assert caller.getstate() == reference.getstate()
    assert firsts == [random.Random(seed).random() for seed in seeds for _ in TABLE]


@pytest.mark.parametrize("game_name", games.names())
def test_a_search_is_the_same_from_a_random_and_from_an_rng(game_name: str) -> None:
    game = games.load(game_name, players=2)
    search = Ismcts(game, SearchLimits(iterations=40, seconds=float("inf")))
    for position in playout(game, 4, 5)[:4]:
        seat = position.to_act[0]
        legal = position.legal_actions(seat)
        if len(legal) < 2:
            continue
        view = position.view(seat)
        plain, ours = random.Random(17), Rng(17)
        assert search.search(view, seat, legal, plain) == search.search(view, seat, legal, ours)
        assert plain.getstate() == ours.getstate()

"""The same seed and the same choices replay the same game, seat by seat."""

from __future__ import annotations

import random

import pytest

from cardtable import games

from .support import new_game, option_cases, playout, views

SEEDS = [11, 2024, 987654321]


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("seed", SEEDS)
def test_same_seed_and_choices_replay_the_same_game(name: str, seed: int) -> None:
    game = new_game(name, {})
    first = game.new_state(seed=seed)
    record = []
    for step in playout(first, random.Random(seed)):
        record.append((step.seat, game.action_to_json(step.action), views(first)))
    second = game.new_state(seed=seed)
    for seat, wire, seen in record:
        assert views(second) == seen
        second.apply(seat, wire)
    assert second.full_view() == first.full_view()
    assert second.outcome() == first.outcome()


@pytest.mark.parametrize("name", games.names())
def test_different_seeds_deal_different_games(name: str) -> None:
    game = new_game(name, {})
    deals = {str(game.new_state(seed=seed).full_view()) for seed in range(6)}
    assert len(deals) > 1


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("options", [pytest.param(o, id=str(o)) for o in [{}]])
def test_clone_is_independent(name: str, options: dict[str, object]) -> None:
    game = new_game(name, options)
    state = game.new_state(seed=5)
    copy = state.clone()
    before = state.full_view()
    for _ in playout(copy, random.Random(5)):
        pass
    assert copy.is_over()
    assert state.full_view() == before and not state.is_over()


@pytest.mark.parametrize(
    "name,options",
    [(name, options) for name in games.names() for options in option_cases(name)],
    ids=lambda value: str(value),
)
def test_every_option_value_plays_to_the_end(name: str, options: dict[str, object]) -> None:
    game = new_game(name, options)
    state = game.new_state(seed=77)
    for _ in playout(state, random.Random(77)):
        pass
    assert state.is_over()
    assert len(state.outcome().scores) == state.players

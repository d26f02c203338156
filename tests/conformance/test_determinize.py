"""``determinize`` re-deals exactly what a seat does not know, and its samples are full,
playable games (search bots play them out)."""

from __future__ import annotations

import random

import pytest

from cardtable import games

from .support import new_game, playout


@pytest.mark.parametrize("name", games.names())
def test_determinize_redeals_hidden_cards(name: str) -> None:
    state = new_game(name, {}).new_state(seed=3)
    view = state.view(0)
    samples = {
        str(state.game.determinize(view, 0, random.Random(k)).full_view()) for k in range(12)
    }
    assert len(samples) > 1, "what seat 0 cannot see must be re-dealt, not copied"


@pytest.mark.parametrize("name", games.names())
def test_determinize_is_reproducible_with_the_same_rng(name: str) -> None:
    state = new_game(name, {}).new_state(seed=4)
    view = state.view(1)
    a = state.game.determinize(view, 1, random.Random(9)).full_view()
    b = state.game.determinize(view, 1, random.Random(9)).full_view()
    assert a == b


@pytest.mark.parametrize("name", games.names())
def test_determinized_states_play_to_the_end(name: str) -> None:
    game = new_game(name, {})
    state = game.new_state(seed=8)
    rng = random.Random(8)
    for index, step in enumerate(playout(state, rng)):
        if index % 7 == 3:
            sample = game.determinize(state.view(step.seat), step.seat, random.Random(index))
            assert sample.view(step.seat) == state.view(step.seat)
            for _ in playout(sample, random.Random(index)):
                pass
            assert sample.is_over()

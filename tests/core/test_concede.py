"""Conceding is in the game contract (``Game.concession`` / ``Game.concede``): the house
asks the game, and knows no game's rule for it."""

from __future__ import annotations

import pytest

from cardtable import games


@pytest.mark.parametrize("name", games.names())
def test_every_game_answers_whether_a_seat_may_concede(name: str) -> None:
    game = games.load(name)
    state = game.new_state(seed=3)
    before = state.view(None)
    events = game.concede(state, state.to_act[0])
    if game.concession() is None:
        assert events is None
        assert state.view(None) == before  # nothing changed
    else:
        assert events and state.is_over()


def test_a_caravan_seat_concedes_out_of_turn_and_loses() -> None:
    game = games.load("caravan")
    state = game.new_state(seed=3)
    waiting = 1 - state.to_act[0]
    assert game.concede(state, waiting)
    assert state.is_over() and list(state.outcome().winners) == [1 - waiting]

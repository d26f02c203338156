"""Resigning (CV-21) is open to either player at any time, on its turn or not, so that a
server can end a game on time (CV-22: the clocks themselves are the server's)."""

from __future__ import annotations

import pytest

from cardtable import IllegalAction
from cardtable.games.caravan import Resign

from .helpers import opening, play, rejected, table

P0 = ["7h", "2c", "9d", "8h", "Ks"]
P1 = ["4s", "5h", "6d", "Kd", "8c"]


def test_a_player_may_resign_when_it_is_not_their_turn() -> None:
    """CV-21: resigning at any time loses; the other player wins with score 1."""
    state = table(P0, P1)
    opening(state, P0[:3], P1[:3])
    assert state.to_act == (0,)
    events = state.apply(1, {"type": "resign"})
    assert [e.type for e in events] == ["resign", "end"]
    assert events[-1].data == {"winner": 0, "reason": "resigned", "scores": [1, 0]}
    assert state.is_over() and state.to_act == ()
    assert state.outcome().winners == (0,) and state.outcome().scores == (1.0, 0.0)
    assert state.view(0)["reason"] == "resigned"


def test_a_player_may_resign_during_the_opening_on_their_own_turn() -> None:
    """CV-21: even before the opening is over, as a value or on the wire."""
    state = table(P0, P1)
    play(state, 0, "7h", 0)
    state.apply(1, Resign())
    assert state.outcome().winners == (0,)


def test_resigning_is_never_among_the_legal_moves() -> None:
    """CV-21: resign is not listed, so bots and random playouts never resign by chance; the
    seat on move stays the only seat to act."""
    state = table(P0, P1)
    assert all(not isinstance(a, Resign) for a in state.legal_actions(0))
    assert state.legal_actions(1) == [] and state.to_act == (0,)


def test_no_resigning_after_the_end_or_from_no_seat() -> None:
    """CV-21: a finished game takes no resignation; a seat must exist."""
    state = table(P0, P1)
    for seat in (2, -1, "0", None, True):
        rejected(state, seat, {"type": "resign"}, "There is no seat")  # type: ignore[arg-type]
    state.apply(0, {"type": "resign"})
    with pytest.raises(IllegalAction, match="The game is over"):
        state.apply(1, {"type": "resign"})
    assert state.outcome().winners == (1,)


@pytest.mark.parametrize("late", [0, 1])
def test_a_server_ends_a_game_on_time_by_resigning_for_either_seat(late: int) -> None:
    """CV-22: the engine side of the clocks: the server resigns for the player whose time ran
    out, whoever is on move, and the other player wins."""
    state = table(P0, P1)
    opening(state, P0[:3], P1[:3])
    state.apply(late, Resign())
    assert state.outcome().winners == (1 - late,)

"""The shared machinery of ``State``: seat and turn checks, legality with reasons, the
legal-action cache, wire-form actions, and outcomes only after the end."""

from __future__ import annotations

import pytest

from cardtable import GameNotOver, IllegalAction

from .toy import Take, ToyGame


def test_legal_action_applies_and_turn_passes() -> None:
    state = ToyGame().new_state(seed=1, deck=["3", "1", "4", "2"])
    events = state.apply(0, Take(2))
    assert state.taken[0] == [4] and state.to_act == (1,)
    assert events[0].for_seat(0) == {"type": "take", "seat": 0, "card": 4}
    assert events[0].for_seat(1) == {"type": "take", "seat": 0}
    assert events[0].for_seat(None) == {"type": "take", "seat": 0}


def test_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = ToyGame().new_state(seed=1)
    before = state.full_view()
    with pytest.raises(IllegalAction, match="not your turn: waiting for seat 0"):
        state.apply(1, Take(0))
    assert state.full_view() == before


@pytest.mark.parametrize("seat", [-1, 2, "0", None, True])
def test_unknown_seat_is_named(seat: object) -> None:
    state = ToyGame().new_state(seed=1)
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(seat, Take(0))  # type: ignore[arg-type]


def test_illegal_action_gets_the_games_reason() -> None:
    state = ToyGame().new_state(seed=1)
    with pytest.raises(IllegalAction, match="no card 9"):
        state.apply(0, Take(9))
    assert len(state.table) == 4


def test_wire_form_is_accepted_and_malformed_is_named() -> None:
    state = ToyGame().new_state(seed=1)
    state.apply(0, {"type": "take", "index": 0})
    assert state.to_act == (1,)
    with pytest.raises(IllegalAction, match="'index' as a whole number"):
        state.apply(1, {"type": "take", "index": "zero"})
    with pytest.raises(IllegalAction, match="Unknown action type 'fly'"):
        state.apply(1, {"type": "fly"})
    for garbage in (["take", 0], None, 3.5):
        with pytest.raises(IllegalAction, match="is not an action of Toy"):
            state.apply(1, garbage)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        state.apply(1, "take")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="Unexpected field 'extra'"):
        state.apply(1, {"type": "take", "index": 0, "extra": 1})


def test_legal_actions_returns_a_copy_and_cache_follows_the_position() -> None:
    state = ToyGame().new_state(seed=1)
    legal = state.legal_actions(0)
    legal.clear()
    assert len(state.legal_actions(0)) == 4
    state.apply(0, Take(0))
    assert len(state.legal_actions(1)) == 3
    assert state.legal_actions(0) == []


def test_outcome_only_after_the_end() -> None:
    state = ToyGame(cards=2).new_state(seed=1, deck=["1", "2"])
    with pytest.raises(GameNotOver):
        state.outcome()
    state.apply(0, Take(1))
    state.apply(1, Take(0))
    assert state.outcome().scores == (2, 1) and state.outcome().winners == (0,)
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(0, Take(0))


def test_base_view_keys() -> None:
    view = ToyGame().new_state(seed=1).view(None)
    assert {k: view[k] for k in ("game", "seat", "players", "to_act", "over")} == {
        "game": "toy",
        "seat": None,
        "players": 2,
        "to_act": [0],
        "over": False,
    }


def test_an_equal_plain_tuple_is_replaced_by_the_games_own_action() -> None:
    state = ToyGame().new_state(seed=1, deck=["3", "1", "4", "2"])
    state.apply(0, (1,))  # type: ignore[arg-type]
    assert state.taken[0] == [1]


def test_event_data_cannot_shadow_the_event_type() -> None:
    from cardtable.core import Event

    with pytest.raises(ValueError, match="'type' is reserved"):
        Event("draw", {"type": "other"})


def test_listed_actions_do_not_bypass_the_seat_and_turn_checks() -> None:
    """The fast path for an action just listed still refuses a bool seat (False == 0),
    another seat's turn and an unlisted action, each with its own message."""
    state = ToyGame().new_state(seed=1, deck=["3", "1", "4", "2"])
    listed = state.legal_actions(0)
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(False, listed[0])
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(1, listed[0])
    with pytest.raises(IllegalAction, match="no card 9"):
        state.apply(0, Take(9))
    assert state.taken == [[], []]
    state.apply(0, listed[1])
    assert state.taken[0] == [1]

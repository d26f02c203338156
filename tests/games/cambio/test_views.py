"""Views hold exactly what a seat knows (CB-8, CB-11, CB-19); ``determinize`` re-deals
the rest; the terminal picture and event lines."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable import games

from .helpers import CambioTable, act, table

P0 = ["As", "2s", "3s", "4s"]
P1 = ["Ah", "2h", "3h", "4h"]
P2 = ["Ad", "2d", "3d", "4d"]

VIEW_KEYS = {
    "game",
    "seat",
    "players",
    "to_act",
    "over",
    "memory_aid",
    "phase",
    "turn",
    "step",
    "power",
    "hands",
    "known_by",
    "drawn",
    "deck",
    "discard",
    "snappable",
    "caller",
    "give",
    "setup_peeks",
    "end",
    "scores",
}


def test_a_view_is_plain_json_with_exactly_the_documented_keys() -> None:
    """CB-8, CB-19: the view's fields (docs/games/cambio.md); no seed, no deck order."""
    state = games.load("cambio").new_state(seed=987654321)
    for seat in (0, 3, None):
        view = state.view(seat)
        assert set(view) == VIEW_KEYS
        text = json.dumps(view)
        assert json.loads(text) == view
        assert "987654321" not in text
        assert view["deck"] == 37  # a count, never the cards
    assert "deck_cards" in state.full_view()  # only the full view (replays, tests) has them


def test_unknown_cards_and_empty_slots_look_different() -> None:
    """CB-19, CB-21: an unknown face-down card is "??", an empty (snapped) slot is null."""
    state = table(["7s", *P0[1:]], P1, start="7d")
    act(state, 0, "snap", seat=0, slot=0)
    assert state.view(1)["hands"][0] == [None, "??", "??", "??"]
    assert state.view(0)["hands"][0] == [None, "??", "3s", "4s"]


def test_memory_aid_is_a_flag_for_the_ui_only() -> None:
    """CB-8 (memory_aid): off for rated play; the view still records what the seat knows,
    with the flag, and only the terminal picture hides remembered cards."""
    on = table(P0, P1, start="Ks")
    off = table(P0, P1, start="Ks", memory_aid=False)
    assert on.view(0)["memory_aid"] is True and off.view(0)["memory_aid"] is False
    assert off.view(0)["hands"] == on.view(0)["hands"]
    assert "3♠" in on.game.render_text(on.view(0))
    assert "3♠" not in off.game.render_text(off.view(0))


def test_a_seat_never_sees_another_seats_secrets() -> None:
    """CB-8, CB-11, CB-16: the others' set-up cards, a drawn card and a peeked card reach
    only their seat."""
    state = table(P0, P1, P2, start="Ks", deck=["9h", "6c"])
    act(state, 0, "draw")
    act(state, 0, "discard")
    act(state, 0, "peek", seat=1, slot=0)
    act(state, 1, "draw")
    seen = {seat: json.dumps(state.view(seat)) for seat in (0, 1, 2, None)}
    assert '"Ah"' in seen[0] and '"Ah"' not in seen[1] + seen[2] + seen[None]
    assert '"6c"' in seen[1] and '"6c"' not in seen[0] + seen[2] + seen[None]
    assert '"3s"' in seen[0] and '"3s"' not in seen[1] + seen[2] + seen[None]


def sample_states() -> list[tuple[str, CambioTable]]:
    """Positions of every kind: set-up, a drawn card, a power, a pending give, the end."""
    states: list[tuple[str, CambioTable]] = []
    setup = table(P0, P1, P2, start="Ks", initial_peek="choose_two")
    act(setup, 1, "peek", seat=1, slot=1)
    states.append(("setup", setup))
    drawn = table(P0, P1, P2, start="Ks", deck=["6c"])
    act(drawn, 0, "draw")
    states.append(("drawn", drawn))
    power = table(P0, P1, P2, start="Ks", deck=["Kh"], king_any_order=True)
    act(power, 0, "draw")
    act(power, 0, "discard")
    act(power, 0, "swap", a=[0, 2], b=[1, 3])
    states.append(("power", power))
    give = table(P0, ["6d", *P1[1:]], P2, start="Ks", deck=["6h"], snap="anytime")
    act(give, 0, "draw")
    act(give, 0, "discard")
    act(give, 2, "snap", seat=1, slot=0)
    states.append(("give", give))
    over = table(P0, P1, P2, start="Ks", deck=["6c", "6h"])
    act(over, 0, "call")
    for seat in (1, 2):
        act(over, seat, "draw")
        act(over, seat, "discard")
    states.append(("over", over))
    return states


@pytest.mark.parametrize("name,state", sample_states(), ids=[n for n, _ in sample_states()])
def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest(
    name: str, state: CambioTable
) -> None:
    """CB-19: a determinized state shows the seat the same view (the leak property), holds
    the same cards, and is playable; what the seat cannot see differs between samples."""
    game = state.game
    for seat in range(state.players):
        view = state.view(seat)
        samples = [game.determinize(view, seat, random.Random(k)) for k in range(8)]
        for sample in samples:
            assert sample.view(seat) == view
            assert Counter(sample.all_cards()) == Counter(state.all_cards())
            assert sample.to_act == state.to_act
            assert [sample.legal_actions(s) for s in range(3)] == [
                state.legal_actions(s) for s in range(3)
            ]
        if name != "over":
            assert len({json.dumps(s.full_view()) for s in samples}) > 1


def test_determinize_refuses_another_seats_view() -> None:
    """CB-19: a seat's view determinizes only for that seat."""
    state = table(P0, P1, start="Ks")
    with pytest.raises(ValueError, match="not a view of seat 1"):
        state.game.determinize(state.view(0), 1, random.Random(1))


def test_render_text_draws_the_table_for_one_seat() -> None:
    """CB-8, CB-21: the terminal picture: your known cards, the others' backs, empty
    slots, the pile, whose turn, and the scores at the end."""
    state = table(["7s", *P0[1:]], P1, start="7d", deck=["6c"])
    act(state, 0, "snap", seat=0, slot=0)
    text = state.game.render_text(state.view(0))
    assert "you are seat 0" in text
    assert "1:--" in text and "3:3♠" in text and "4:4♠" in text and "▶ seat 0 (you)" in text
    assert "seat 1" in text and "1:??" in text
    assert "Discard: 7♠ on top (1 below)" in text
    assert "You to play" in text
    act(state, 0, "call")
    act(state, 1, "draw")
    act(state, 1, "discard")
    text = state.game.render_text(state.view(1))
    assert "Round over" in text and "seat 0 9" in text and "Lowest total wins: seat 0" in text


def test_describe_event_words_each_seats_version() -> None:
    """CB-11, CB-22: an event line names a private card only in its owner's version."""
    state = table(P0, P1, start="Ks", deck=["6c", "Qh"])
    game = state.game
    (draw,) = act(state, 0, "draw")
    assert game.describe_event(draw.for_seat(0)) == "Seat 0 drew 6♣"
    assert game.describe_event(draw.for_seat(1)) == "Seat 0 drew a card"
    act(state, 0, "discard")
    events = act(state, 1, "snap", seat=1, slot=0)
    assert [game.describe_event(e.for_seat(0)) for e in events] == [
        "Seat 1 snapped their own slot 1: A♥, no match: a penalty card",
        "Seat 1 takes a penalty card into slot 5",
    ]


def test_determinize_refuses_a_broken_view() -> None:
    """CB-19: a view missing its parts is refused with a ValueError, not a crash."""
    state = table(P0, P1, start="Ks")
    view = state.view(0)
    del view["known_by"]
    with pytest.raises(ValueError, match="not a whole Cambio view"):
        state.game.determinize(view, 0, random.Random(1))

"""What each seat sees (hidden information), events, determinize, the wire form and the
words (GD-4, GD-10, GD-12 and the views of every rule)."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.games.gandengyan import GanDengYanGame, Kind, Play, classify_cards, readings

from .helpers import drawn, run, table

TWO = ("3s 5h RJ 7s 9d 9c", "4h 6h 8h Th Qh")


def test_a_view_shows_only_the_seats_own_cards_and_public_plays() -> None:
    """GD-4: hands and the talon are hidden; counts, plays and the talon size are public."""
    state = table(*TWO, talon="Kd Kc", seed=8_123_456_789)
    run(state, "3s", "4h", "pass")
    secret = state.full_view()
    for seat in (0, 1):
        view = state.view(seat)
        text = json.dumps(view)
        assert "8_123_456_789" not in text and "8123456789" not in text
        others = secret["hands"][1 - seat] + secret["talon_cards"]
        assert not [c for c in others if f'"{c}"' in text]
        assert view["hand"] == secret["hands"][seat]
        assert view["counts"] == [6, 5] and view["talon"] == 41
        assert view["played"] == ["3s", "4h"]
    spectator = state.view(None)
    assert spectator["hand"] is None and "hands" not in spectator


def test_a_drawn_card_is_seen_only_by_its_drawer() -> None:
    """GD-12: the draw event carries the card privately."""
    state = table(*TWO, talon="Kd Kc")
    events = run(state, "3s", "4h", "pass")
    draws = [e for e in events if e.type == "draw"]
    assert drawn(events) == [(1, "Kd"), (0, "Kc")]
    assert "card" not in draws[0].for_seat(0) and draws[0].for_seat(1)["card"] == "Kd"
    assert "card" not in draws[0].for_seat(None)


def test_determinize_keeps_the_view_and_redeals_the_rest() -> None:
    """GD-10, GD-12: a sample agrees with the seat's view (the play to beat with its
    jokers' reading included) and re-deals what the seat cannot see."""
    state = table(*TWO, talon="Kd Kc")
    run(state, "5h RJ=6 7s")
    game = state.gdy
    view = state.view(1)
    samples = [game.determinize(view, 1, random.Random(k)) for k in range(6)]
    for sample in samples:
        assert sample.view(1) == view
        assert sorted(sample.all_cards()) == sorted(state.all_cards())
        assert sample.legal_actions(1) == state.legal_actions(1)
    assert len({str(s.full_view()["hands"][0]) for s in samples}) > 1


def test_the_wire_form_round_trips_and_names_jokers_readings() -> None:
    """GD-10: "as" appears exactly when jokers stand for something."""
    game = GanDengYanGame()
    for action, wire in [
        (
            Play(("5h", "RJ", "7s"), ("5", "6", "7")),
            {"type": "play", "cards": ["5h", "RJ", "7s"], "as": ["5", "6", "7"]},
        ),
        (Play(("5h", "5s"), ("5", "5")), {"type": "play", "cards": ["5h", "5s"]}),
        (Play(("BJ", "RJ")), {"type": "play", "cards": ["BJ", "RJ"]}),
    ]:
        assert game.action_to_json(action) == wire
        assert game.action_from_json(wire) == action
    shuffled = {"type": "play", "cards": ["7s", "RJ", "5h"], "as": ["7", "6", "5"]}
    assert game.action_from_json(shuffled) == Play(("5h", "RJ", "7s"), ("5", "6", "7"))
    assert Play(("5h", "5s"), ("5", "5")) == Play(("5c", "5d"), ("5", "5"))
    assert Play(("BJ", "5s"), ("5", "5")) != Play(("5c", "5d"), ("5", "5"))


def test_the_terminal_picture_and_the_words() -> None:
    """GD-4, GD-10: render_text shows the hand, counts, the play to beat, the talon, the
    turn and the totals; actions and events read as sentences."""
    state = table(*TWO, talon="Kd Kc")
    events = run(state, "5h RJ=6 7s")
    game = state.gdy
    text = game.render_text(state.view(1))
    for part in (
        "hand 1 of 1",
        "Talon: 43",
        "Seat 1 (you): 5 cards · 0 plays",
        "Your hand: 4♥ 6♥ 8♥ 10♥ Q♥",
        "To beat: a straight 5–7 (5♥ Joker(6) 7♠) by seat 0",
        "Your turn",
        "total 0",
    ):
        assert part in text, part
    assert (
        game.describe_event(events[0].for_seat(1)) == "Seat 0 plays a straight 5–7 (5♥ Joker(6) 7♠)"
    )
    assert game.describe_action(Play(("5h", "RJ", "7s"), ("5", "6", "7"))) == (
        "Play a straight 5–7: 5♥ Joker(6) 7♠"
    )
    assert game.describe_action(Play(("BJ", "RJ"))) == "Play a joker bomb of 2: Joker Joker"
    assert game.describe_action(game.action_from_json({"type": "pass"})) == "Pass"


def test_the_classifier_for_a_score_calculator() -> None:
    """GD-6, GD-10: cards (and a reading) to a type, rank and length; every reading."""
    assert classify_cards(["5h", "RJ", "7s"]) == Kind("straight", 2, 3)
    assert classify_cards(["5h", "RJ", "7s"], ["5", "8", "7"]) is None
    assert classify_cards(["6s", "6h", "RJ", "BJ"]) == Kind("bomb", 3, 4)
    assert classify_cards(["RJ", "BJ"]) == Kind("joker_bomb", -1, 2)
    assert classify_cards(["RJ"]) is None
    assert classify_cards(["2s", "RJ"]) is None
    found = readings(["RJ", "5h", "BJ"])
    assert (Kind("triple", 2, 3), ("5", "5", "5")) in found
    assert (Kind("straight", 2, 3), ("6", "5", "7")) in found
    assert len(found) == 4
    assert readings(["6h", "RJ", "BJ"], Kind("straight", 0, 3)) == [
        (Kind("straight", 1, 3), ("6", "4", "5"))
    ]


def test_clone_is_independent() -> None:
    """GD-12: a clone plays on (drawing from its own talon) without touching the original."""
    state = table(*TWO, talon="Kd Kc")
    before = state.full_view()
    copy = state.clone()
    run(copy, "3s", "4h", "pass")
    assert state.full_view() == before and copy.full_view() != before


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_leak_property_at_every_table_size(players: int) -> None:
    """GD-1, GD-4: for 2 to 6 players, a determinized sample shows each seat exactly its
    view, holds the same cards, and plays on; a view never names a hidden card."""
    game = GanDengYanGame(players=players, hands=2)
    state = game.new_state(seed=players)
    rng = random.Random(players)
    step = 0
    while not state.is_over():
        if step % 9 == 0:
            for seat in range(players):
                view = state.view(seat)
                sample = game.determinize(view, seat, random.Random(step))
                assert sample.view(seat) == view
                assert sorted(sample.all_cards()) == sorted(state.all_cards())
                assert sample.to_act == state.to_act
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1

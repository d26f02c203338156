"""What each seat may know: views, events, determinize, and the words for a terminal.
Rule ids are those whose secrecy is checked."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable import games

from .helpers import act, cards, deal, pass_turn, play_round, table


def test_a_spy_look_is_forgotten_at_the_next_deal() -> None:
    """CA-2, CA-15: what seat 0 saw of seat 1 in round 1 is public at the reveal and gone
    from the new rows of round 2."""
    state = table(
        ["1", "2", "3", "4"],
        ["5", "6", "7", "8"],
        deck=["9"],
        later=[deal(["10", "10", "11", "11"], ["12", "12", "0", "0"])],
    )
    act(state, 0, "draw")
    act(state, 0, "discard")
    act(state, 0, "peek", seat=1, slot=3)
    assert cards(state, 0, 1) == [None, None, None, "8"]
    act(state, 1, "call")
    pass_turn(state, 0)
    view = state.view(0)
    assert view["round"] == 2
    assert [s["card"] for s in view["rows"][1]] == [None, None, None, None]
    assert [s["seen_by"] for s in view["rows"][1]] == [[1], [1], [], []]
    assert view["last_round"]["rows"][1] == ["5", "6", "7", "8"]
    assert cards(state, 0, 0) == ["10", "10", None, None]


def test_the_seed_and_the_deck_never_reach_a_view() -> None:
    """CA-3: views show the deck's size only, never its order or the seed."""
    state = games.load("cabo").new_state(seed=987654321987)
    deck = state.full_view()["deck_cards"]
    for seat in (0, 1, 2, 3, None):
        view = state.view(seat)
        text = json.dumps(view)
        assert "987654321987" not in text and "deck_cards" not in view
        assert view["deck"] == len(deck)


def test_a_drawn_card_stays_private_until_it_is_discarded() -> None:
    """CA-6: the drawer's card is in its view only; a replace shows only the old card."""
    state = table(["1", "2", "3", "4"], ["5", "6", "7", "8"], deck=["0"])
    act(state, 0, "draw")
    assert state.view(1)["holding"]["card"] is None
    assert state.view(0)["holding"]["card"] == "0"
    act(state, 0, "replace", slots=[3])
    assert state.view(1)["discard"] == ["4"]
    assert cards(state, 1, 0) == [None] * 4


def random_states(seed: int, steps: int = 400, **options: object):  # type: ignore[no-untyped-def]
    game = games.load("cabo", **options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = rng.choice(state.to_act)
        yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    yield state, 0


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 2},
        {"players": 5, "initial_peek": "choose_two"},
        {"players": 3, "deck_out": "reshuffle", "lock_caller": True},
    ],
    ids=str,
)
def test_determinize_keeps_every_view_across_rounds(options: dict[str, object]) -> None:
    """CA-4, CA-15, CA-16: at every step of random games over several rounds, a state
    re-dealt from a seat's view shows that seat exactly the same view, with the same
    52 cards, and can be played on."""
    rounds = set()
    for seed in (1, 2):
        for state, seat in random_states(seed, **options):
            view = state.view(seat)
            rounds.add(view["round"])
            sample = state.game.determinize(view, seat, random.Random(seed))
            assert sample.view(seat) == view
            assert Counter(sample.all_cards()) == Counter(state.all_cards())
            assert sample.legal_actions(seat) == state.legal_actions(seat)
    assert len(rounds) > 1, "the games should span rounds"


def test_determinize_redeals_only_what_the_seat_does_not_know() -> None:
    """CA-4: seat 0's known cards stay put; everyone else's are re-dealt."""
    state = table(["1", "2", "3", "4"], ["5", "6", "7", "8"])
    view = state.view(0)
    samples = [state.game.determinize(view, 0, random.Random(k)) for k in range(10)]
    assert all(s.full_view()["rows"][0][0]["card"] == "1" for s in samples)
    assert all(s.full_view()["rows"][0][1]["card"] == "2" for s in samples)
    assert len({str(s.full_view()["rows"][1]) for s in samples}) > 1


def test_views_actions_and_events_are_plain_json() -> None:
    """CA-6 - CA-12: every view and event survives JSON; every action round-trips."""
    for state, seat in random_states(3, players=3):
        for who in (0, 1, 2, None):
            view = state.view(who)
            assert json.loads(json.dumps(view)) == view
        for action in state.legal_actions(seat) if state.to_act else []:
            wire = json.loads(json.dumps(state.game.action_to_json(action)))
            assert state.game.action_from_json(wire) == action


def test_clone_is_independent() -> None:
    """CA-14: a clone carries its own deck, rows and random generator."""
    state = table(["1", "2", "3", "4"], ["5", "6", "7", "8"], deck_out="reshuffle")
    copy = state.clone()
    before = state.full_view()
    play_round(copy, caller=copy.to_act[0])
    assert state.full_view() == before
    again = state.clone()
    play_round(again, caller=again.to_act[0])
    assert again.full_view() == copy.full_view(), "the same moves give the same game"
    play_round(state, caller=state.to_act[0])
    assert state.full_view() == copy.full_view(), "the original deals the same next round"
    play_round(copy, caller=copy.to_act[0])
    assert state.full_view() != copy.full_view()


def test_words_for_the_terminal() -> None:
    """CA-2, CA-12, CA-15: every event and action has words; the text view shows only the
    seat's own knowledge."""
    game = games.load("cabo", players=3)
    state = game.new_state(seed=4)
    rng = random.Random(4)
    lines = []
    while not state.is_over():
        seat = state.to_act[0]
        action = rng.choice(state.legal_actions(seat))
        assert game.describe_action(action)
        for event in state.apply(seat, action):
            lines.append(game.describe_event(event.for_seat(0)))
        text = game.render_text(state.view(0))
        assert "you are seat 0" in text or state.is_over()
    assert any("calls Cabo" in line or "deck ran out" in line for line in lines)
    assert any(line.startswith("Game over") for line in lines)
    final = game.render_text(state.view(None))
    assert "game over" in final and "you are watching" not in final


def test_the_text_view_hides_what_the_seat_has_not_seen() -> None:
    """CA-4: seat 1 sees its own first two cards and question marks elsewhere."""
    state = table(["13", "13", "12", "12"], ["5", "6", "7", "8"])
    text = state.game.render_text(state.view(1))
    assert "13" not in text.split("Discard")[1].split("you (seat 1)")[0]
    assert "[0]  5  [1]  6  [2]  ?  [3]  ?" in text
    assert "seat 0        [0]  ?  [1]  ?  [2]  ?  [3]  ?" in text


def test_determinize_refuses_another_seats_view() -> None:
    """CA-4: a view is one seat's knowledge; it cannot stand for another seat's."""
    state = table(["1", "2", "3", "4"], ["5", "6", "7", "8"])
    with pytest.raises(ValueError, match="not a view of seat 1"):
        state.game.determinize(state.view(0), 1, random.Random(1))

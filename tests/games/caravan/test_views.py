"""What each seat may know (CV-1: hands are hidden; caravans, discards and sizes are
public), determinization from a view, and the words and pictures for people."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable import games
from cardtable.core.cards import pretty
from cardtable.games.caravan import CaravanState
from cardtable.games.caravan.bots import search

from .helpers import idle, opening, play, put, table

P0 = ["7h", "2c", "9d", "8h", "Ks", "RJ", "Qd", "3s"]
P1 = ["4s", "5h", "6d", "Kd", "8c", "Tc", "2d", "Jc"]
PUBLIC = {
    "game",
    "seat",
    "players",
    "to_act",
    "over",
    "opening",
    "hand_sizes",
    "deck_sizes",
    "discards",
    "caravans",
    "sellers",
}


def played() -> CaravanState:
    state = table(P0, P1)
    opening(state, P0[:3], P1[:3])
    put(state, 0, "Ks", 1, 0, 0)
    play(state, 1, "8c", 0)
    idle(state, 0)
    return state


def test_a_view_holds_exactly_what_the_seat_may_know() -> None:
    """CV-1: your own hand is private; caravans, discards and sizes are public."""
    state = played()
    assert set(state.view(None)) == PUBLIC
    assert set(state.view(0)) == PUBLIC | {"hand"}
    assert state.view(0)["hand"] == state.hands[0]
    assert state.view(1)["hand"] == state.hands[1]
    assert state.view(0)["hand_sizes"] == [5, 5]
    assert state.view(0)["caravans"][1][0]["cards"][0]["attached"] == [{"card": "Ks", "by": 0}]


def test_a_view_does_not_change_with_the_hidden_cards() -> None:
    """CV-1: nothing of the opponent's hand or of either deck's order is in a view: deal
    them differently and the view stays the same; the seed never appears."""
    state = played()
    for seat in (0, 1):
        other, hidden = state.clone(), 1 - seat
        hand, deck = other.hands[hidden], other.decks[hidden]
        hand[:], deck[-len(hand) :] = deck[-len(hand) :], hand[:]
        other.decks[seat].reverse()
        assert other.full_view() != state.full_view()
        assert other.view(seat) == state.view(seat)
        assert other.view(None) == state.view(None)
    seed = 987654321987
    text = json.dumps([games.load("caravan").new_state(seed=seed).view(s) for s in (0, 1, None)])
    assert str(seed) not in text


def test_a_draw_is_seen_only_by_the_drawer() -> None:
    """CV-5: the card drawn is the drawer's secret; the others see a draw."""
    state = played()
    events = play(state, 1, "Tc", 1)
    draw = events[-1]
    assert draw.type == "draw"
    assert "card" in draw.for_seat(1)
    assert draw.for_seat(0) == {"type": "draw", "seat": 1} == draw.for_seat(None)


def test_variant_fields_appear_only_with_their_variant() -> None:
    """reshuffle, redeal, short_deck: each adds only what its players must know."""
    state = table(P0, P1, reshuffle=True, redeal=True, short_deck=True)
    view = state.view(0)
    assert view["reshuffles_left"] == [2, 2]
    assert view["redeals"] == [[], []]
    assert view["known_hidden"] == [[], []] and view["known_deck"] == []
    assert "known_deck" not in state.view(None)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"short_deck": True, "reshuffle": True, "redeal": True},
        {"double_deck": True, "steady_course": True},
        {"short_deck": True, "double_deck": True, "reshuffle": True},
    ],
    ids=str,
)
def test_determinize_keeps_the_view_and_redeals_the_rest(options: dict[str, object]) -> None:
    """CV-1: a determinized state shows the seat the same view, holds the same cards, and
    deals the hidden ones differently from one sample to the next."""
    game = games.load("caravan", **options)
    rng = random.Random(5)
    for seed in range(4):
        state = game.new_state(seed=seed)
        while not state.is_over():
            seat = state.to_act[0]
            for who in (0, 1):
                view = state.view(who)
                sample = game.determinize(view, who, random.Random(rng.random()))
                assert sample.view(who) == view
                assert sorted(sample.all_cards()) == sorted(state.all_cards())
                assert sample.hands[who] == state.hands[who]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    samples = {
        str(game.determinize(table(P0, P1, **options).view(0), 0, random.Random(k)).hands[1])
        for k in range(5)
    }
    assert len(samples) > 1


def test_short_deck_knowledge_follows_a_reshuffle() -> None:
    """short_deck, reshuffle: after a reshuffle everyone knows the new deck's cards, and
    a determinized deck holds exactly them."""
    state = table(P0, P1, short_deck=True, reshuffle=True)
    opening(state, P0[:3], P1[:3])
    while state.decks[0] or state.to_act != (0,):
        idle(state, state.to_act[0])
    pile = sorted(state.discards[0] + [state.hands[0][-1]])
    idle(state, 0)
    view = state.view(1)
    assert view["known_hidden"][0] == pile
    sample = games.load("caravan", short_deck=True, reshuffle=True).determinize(
        view, 1, random.Random(1)
    )
    hidden = Counter(sample.hands[0] + sample.decks[0])
    assert hidden & Counter(pile) == Counter(pile)  # every reshuffled card, and 4 unknown
    assert len(sample.decks[0]) == len(state.decks[0]) and sample.view(1) == view


def test_render_text_draws_the_table() -> None:
    """CV-13: the terminal picture shows each caravan's cards, value, direction and suit,
    whose turn it is, the decks and discards, and your hand."""
    state = played()
    play(state, 1, "Tc", 1)
    text = state.game.render_text(state.view(0))
    assert "You to move" in text
    assert "4♠[K♠*] 8♣   = 16 ↑ ♣" in text
    assert "5♥ 10♣   = 15 ↑ ♣" in text
    assert "Your hand: " + " ".join(pretty(c) for c in state.hands[0]) in text
    assert "discards 1" in text
    spectator = state.game.render_text(state.view(None))
    assert "Your hand" not in spectator and "Seat 0 to move" in spectator
    state.apply(1, {"type": "resign"})
    assert "Game over: you win, seat 1 resigned" in state.game.render_text(state.view(0))


def test_actions_and_events_are_described_in_words() -> None:
    """CV-5, CV-16: menus and logs say what happens, caravans numbered 1–3."""
    game = games.load("caravan")
    words = [game.describe_action(a) for a in table(P0, P1).legal_actions(0)[:2]]
    assert words == ["Play 7♥ on your caravan 1", "Play 7♥ on your caravan 2"]
    state = played()
    events = put(state, 1, "Jc", 1, 0, 0)
    lines = [game.describe_event(e.for_seat(0)) for e in events]
    assert lines[:2] == [
        "Seat 1 puts J♣ on 4♠ of seat 1's caravan 1",
        "4♠ K♠ J♣ leave seat 1's caravan 1",
    ]
    assert lines[2] == "Seat 1 draws"
    assert game.describe_event(events[2].for_seat(1)).startswith("Seat 1 draws ")


@pytest.mark.parametrize(
    "options",
    [{}, {"short_deck": True, "reshuffle": True, "redeal": True}, {"double_deck": True}],
    ids=str,
)
def test_determinize_reads_a_view_once_and_shares_nothing_between_samples(
    options: dict[str, object],
) -> None:
    """The search's sampler keeps what the game read from the last view (a search samples
    one view for every simulation): a sample played to its end changes neither the next
    sample of that view nor the one a fresh game draws from it with the same generator."""
    game = games.load("caravan", **options)
    rng = random.Random(7)
    state = game.new_state(seed=3)
    for _ in range(12):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    seat = state.to_act[0]
    view = state.view(seat)
    for k in range(3):
        sample = search.determinize(game, view, seat, random.Random(k))
        fresh = games.load("caravan", **options).determinize(view, seat, random.Random(k))
        assert isinstance(sample, CaravanState) and isinstance(fresh, CaravanState)
        assert sample.full_view() == fresh.full_view()
        assert sample.rng.getstate() == fresh.rng.getstate()
        while not sample.is_over():  # the sample is its own: play it out
            mover = sample.to_act[0]
            moves = sample.legal_actions(mover)
            sample.apply(mover, moves[rng.randrange(len(moves))])
    assert game.determinize(view, seat, random.Random(9)).view(seat) == view


def test_the_games_determinize_reads_a_view_changed_in_place_anew() -> None:
    """CV-1: the public ``determinize`` keeps nothing between calls, so a caller that edits
    a view (a researcher's "what if I held this") gets samples of the edited view."""
    game = games.load("caravan")
    state = game.new_state(seed=3)
    seat = state.to_act[0]
    view = state.view(seat)
    game.determinize(view, seat, random.Random(1))
    card = state.decks[seat][0]  # in the seat's own deck, unseen by it
    view["hand"] = [card, *view["hand"][1:]]
    sample = game.determinize(view, seat, random.Random(1))
    assert isinstance(sample, CaravanState)
    assert card in sample.hands[seat]
    assert card not in sample.decks[seat]

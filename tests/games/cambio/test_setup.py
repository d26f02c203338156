"""Cards and set-up: CB-1, CB-5…CB-9."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import InvalidOptions, games
from cardtable.core.cards import standard_deck
from cardtable.games.cambio.cards import FULL_DECK

from .helpers import act, can, rejected, table, wire_legal

LOW = [["As", "2s", "3s", "4s"], ["Ah", "2h", "3h", "4h"], ["Ad", "2d", "3d", "4d"]]
QUIET = ["5c", "6c", "5h", "6h", "5d", "6d", "5s", "6s"]  # no powers, no matches


def test_the_deck_is_54_cards() -> None:
    """CB-1: the 52 standard cards and both jokers, each exactly once."""
    state = games.load("cambio").new_state(seed=3)
    cards = state.all_cards()
    assert len(cards) == 54
    assert sorted(cards) == sorted(standard_deck(jokers=True))
    assert {"RJ", "BJ"} <= set(cards)


def test_a_stacked_deck_must_come_from_one_deck() -> None:
    """CB-1: a stacked deck can hold each card once and only the game's cards."""
    game = games.load("cambio")
    with pytest.raises(InvalidOptions, match="'As' appears 2 times but the game has only 1"):
        game.new_state(seed=1, deck=["As", "As"])
    with pytest.raises(InvalidOptions, match="'0' is not a card of this game"):
        game.new_state(seed=1, deck=["0"])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players(players: int) -> None:
    """CB-5: 2 to 6 seats, numbered 0…n−1, four cards each (CB-6)."""
    state = games.load("cambio", players=players).new_state(seed=1)
    view = state.view(players - 1)
    assert state.players == players == view["players"]
    assert [len(hand) for hand in view["hands"]] == [4] * players
    assert view["deck"] == 54 - 4 * players - 1


@pytest.mark.parametrize("players", [1, 7, "four"])
def test_other_player_counts_are_refused(players: object) -> None:
    """CB-5: a table of 1 or 7 is refused, naming the option and what it allows."""
    with pytest.raises(InvalidOptions, match=r"'players' cannot be .*a whole number from 2 to 6"):
        games.load("cambio", players=players)


def test_play_goes_in_seat_order() -> None:
    """CB-5: turns pass 0, 1, 2, then back to 0."""
    state = table(*LOW, start="Ks", deck=QUIET)
    for seat in [0, 1, 2, 0, 1]:
        assert state.to_act == (seat,)
        assert state.view(None)["turn"] == seat
        act(state, seat, "draw")
        act(state, seat, "discard")


def test_the_deal_takes_whole_hands_in_seat_order() -> None:
    """CB-6: four cards face down to each seat, seat 0's first, into slots 1–4 left to
    right; the rest stays in the deck in order."""
    state = table(*LOW, start="Ks", deck=["9c", "8c"])
    full = state.full_view()
    assert full["hands"] == LOW
    assert full["deck_cards"][:2] == ["9c", "8c"]
    assert full["deck"] == 54 - 12 - 1


def test_the_start_card_is_turned_up_and_has_no_power() -> None:
    """CB-7: the next card starts the pile face up; a king there triggers nothing (CB-14):
    seat 0 simply starts its turn."""
    state = table(*LOW, start="Kd", deck=QUIET)
    for seat in [0, 1, 2, None]:
        assert state.view(seat)["discard"] == ["Kd"]
    view = state.view(0)
    assert view["phase"] == "turn" and view["step"] is None and view["power"] is None
    assert wire_legal(state, 0)[:2] == [{"type": "draw"}, {"type": "call"}]


def test_each_player_has_seen_slots_3_and_4_only() -> None:
    """CB-8: each seat looked at its own slots 3 and 4 (0-based 2 and 3) and nobody else
    did; a spectator knows no face-down card."""
    state = table(*LOW, start="Ks")
    assert state.view(0)["hands"] == [
        ["??", "??", "3s", "4s"],
        ["??", "??", "??", "??"],
        ["??", "??", "??", "??"],
    ]
    assert state.view(2)["hands"][2] == ["??", "??", "3d", "4d"]
    assert state.view(0)["known_by"][1] == [[], [], [1], [1]]
    assert all(c == "??" for hand in state.view(None)["hands"] for c in hand)


def test_choose_two_lets_each_player_pick_two_slots() -> None:
    """CB-8 (initial_peek=choose_two): before anyone plays, each seat looks at two of its
    own slots of its choice; everyone sees which slots."""
    state = table(*LOW[:2], start="Ks", initial_peek="choose_two")
    assert state.to_act == (0, 1)
    assert state.view(0)["phase"] == "setup"
    assert state.view(0)["hands"][0] == ["??"] * 4
    assert wire_legal(state, 0) == [{"type": "peek", "seat": 0, "slot": i} for i in range(4)]
    rejected(state, 0, {"type": "draw"}, "First look at two of your own cards")
    rejected(state, 0, {"type": "peek", "seat": 1, "slot": 0}, "only at your own cards")

    events = act(state, 0, "peek", seat=0, slot=1)
    assert events[0].for_seat(0)["card"] == "2s"
    assert "card" not in events[0].for_seat(1)
    rejected(state, 0, {"type": "peek", "seat": 0, "slot": 1}, "already looked at your slot 2")
    act(state, 1, "peek", seat=1, slot=0)
    act(state, 0, "peek", seat=0, slot=3)
    assert state.to_act == (1,)  # seat 0 has looked at its two
    act(state, 1, "peek", seat=1, slot=3)

    assert state.to_act == (0,) and state.view(0)["phase"] == "turn"
    assert state.view(0)["hands"][0] == ["??", "2s", "??", "4s"]
    assert state.view(1)["known_by"][0] == [[], [0], [], [0]]
    assert state.view(1)["hands"][1] == ["Ah", "??", "??", "4h"]


def test_seat_0_moves_first() -> None:
    """CB-9: seat 0 plays first (the practice table: the user)."""
    for seed in range(5):
        state = games.load("cambio").new_state(seed=seed)
        assert state.to_act == (0,)
        assert can(state, 0, "draw")


def test_random_first_seat_is_drawn_from_the_seed() -> None:
    """CB-9 (first_player=random): a seat drawn at random, the same for the same seed."""
    game = games.load("cambio", first_player="random")
    firsts = [game.new_state(seed=seed).to_act[0] for seed in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    assert [game.new_state(seed=seed).to_act[0] for seed in range(40)] == firsts


def test_the_deal_shuffle_is_the_standard_librarys() -> None:
    """CB-6: a seeded deal is the standard library's shuffle of the deck (``core.rng``'s
    written-out shuffle draws the same numbers, tests/core/test_rng.py), so a seed deals
    what it always dealt."""
    game = games.load("cambio", players=3)
    for seed in range(20):
        expected = list(FULL_DECK)
        random.Random(seed).shuffle(expected)
        state = game.new_state(seed=seed)
        assert [c for hand in state.hands for c in hand] == expected[:12]
        assert state.discard == [expected[12]]
        assert state.deck == expected[13:][::-1]


def test_a_clone_reshuffling_leaves_the_original_its_own_future() -> None:
    """CB-35: a clone shares the original's generator until one of them reshuffles; a
    clone played to its end (through reshuffles) leaves the original to deal exactly what
    an untouched game of the same seed deals."""
    game = games.load("cambio", snap="anytime")
    copies = originals = 0  # reshuffles seen, so the test cannot pass without any
    for seed in range(8):
        state, twin = game.new_state(seed=seed), game.new_state(seed=seed)
        copy = state.clone()
        copies += sum(e.type == "reshuffle" for e in play_out(copy, random.Random(seed)))
        mine = [e.full() for e in play_out(state, random.Random(seed + 100))]
        theirs = [e.full() for e in play_out(twin, random.Random(seed + 100))]
        assert mine == theirs
        originals += sum(e["type"] == "reshuffle" for e in mine)
    assert copies > 0 and originals > 0


def play_out(state: Any, rng: random.Random) -> list[Any]:
    """Every event of a random playout of ``state`` to its end."""
    events = []
    while not state.is_over():
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        events += state.apply(seat, legal[rng.randrange(len(legal))])
    return events

"""Cards, players, the deal and who leads (GD-1, GD-4, GD-5)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable import InvalidOptions, games
from cardtable.games.gandengyan import GanDengYanGame

from .helpers import legal, run, table

FOUR = ("3s 4s 5s 6s 7s 8s", "3h 4h 5h 6h 7h", "3d 4d 5d 6d 7d", "3c 4c 5c 6c 7c")


def test_two_players_play_with_one_deck_and_two_jokers() -> None:
    """GD-1: two players use one 54-card deck, its two jokers included."""
    cards = Counter(GanDengYanGame(players=2).new_state(seed=3).all_cards())
    assert sum(cards.values()) == 54
    assert cards["RJ"] == cards["BJ"] == 1
    assert set(cards.values()) == {1}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_or_more_players_play_with_two_decks(players: int) -> None:
    """GD-1: from three players on, two decks: 108 cards with 4 jokers."""
    cards = Counter(GanDengYanGame(players=players).new_state(seed=3).all_cards())
    assert sum(cards.values()) == 108
    assert cards["RJ"] + cards["BJ"] == 4
    assert set(cards.values()) == {2}


def test_the_decks_option_overrides_the_count() -> None:
    """GD-1: decks=1 or 2 whatever the number of players."""
    assert len(GanDengYanGame(players=4, decks=1).new_state(seed=1).all_cards()) == 54
    assert len(GanDengYanGame(players=2, decks=2).new_state(seed=1).all_cards()) == 108


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    """GD-1: 2 to 6 players, no more, no fewer."""
    with pytest.raises(InvalidOptions, match="Option 'players' cannot be"):
        games.load("gandengyan", players=players)


def test_dealer_gets_six_others_five_and_the_rest_is_the_talon() -> None:
    """GD-4: whole hands in seat order, the dealer's 6 and the others' 5; the rest of the
    deck, in order, is the face-down talon."""
    state = table(*FOUR, talon="9s 9h Kd")
    view = state.view(None)
    assert view["counts"] == [6, 5, 5, 5]
    assert view["talon"] == 108 - 21
    assert state.full_view()["talon_cards"][:3] == ["9s", "9h", "Kd"]


def test_a_dealer_other_than_seat_zero_still_gets_six() -> None:
    """GD-4: the deal goes in seat order; whoever deals has the 6 cards."""
    hands = ("3h 4h 5h 6h 7h", "3d 4d 5d 6d 7d", "3s 4s 5s 6s 7s 8s", "3c 4c 5c 6c 7c")
    state = table(*hands, dealer=2)
    assert state.view(None)["counts"] == [5, 5, 6, 5]
    assert state.view(2)["hand"] == ["3s", "4s", "5s", "6s", "7s", "8s"]


def test_the_dealer_leads_and_play_passes_in_seat_order() -> None:
    """GD-5: the dealer leads the first trick (and may not pass); then seat order."""
    hands = ("3h 4h 5h 6h 7h", "3d 4d 5d 6d 7d", "3s 4s 5s 6s 7s 8s", "3c 4c 5c 6c 7c")
    state = table(*hands, dealer=2)
    assert state.to_act == (2,)
    assert "pass" not in legal(state)
    run(state, "3s")
    assert state.to_act == (3,)
    run(state, "4c")
    assert state.to_act == (0,)
    run(state, "pass")
    assert state.to_act == (1,)


def test_the_first_dealer_is_drawn_from_the_seed() -> None:
    """GD-5: the first hand's dealer is random but reproducible from the seed."""
    game = GanDengYanGame(players=4)
    dealers = [game.new_state(seed=s).dealer for s in range(40)]
    assert set(dealers) == {0, 1, 2, 3}
    assert dealers == [game.new_state(seed=s).dealer for s in range(40)]
    for seed in range(10):
        state = game.new_state(seed=seed)
        assert state.to_act == (state.dealer,)
        assert state.view(None)["counts"][state.dealer] == 6


def test_a_bad_dealer_is_refused() -> None:
    """GD-5: a fixed first dealer must be a seat at the table."""
    with pytest.raises(InvalidOptions, match="dealer must be a seat from 0 to 3"):
        GanDengYanGame().new_state(seed=1, dealer=4)

"""Set-up: two private decks, hands of eight, a seeded first player, the facing pairs, and
the variants that change the decks (short_deck, double_deck, redeal)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable import InvalidOptions, games
from cardtable.core.cards import standard_deck

from .helpers import caravan, idle, opening, put, table

FACES = ["Ks", "Kh", "Kd", "Kc", "Qs", "Qh", "Qd", "Qc"]


def test_each_player_has_an_own_deck_of_54_and_a_hand_of_8() -> None:
    """CV-1: two 54-card decks (52 + 2 jokers), 8 cards each in a hidden hand."""
    state = table()
    view = state.view(None)
    assert view["hand_sizes"] == [8, 8] and view["deck_sizes"] == [46, 46]
    full = Counter(standard_deck(jokers=True))
    for seat in (0, 1):
        assert Counter(state.hands[seat] + state.decks[seat]) == full
    assert Counter(state.all_cards()) == full + full
    assert "hand" not in view and "hands" not in view
    assert state.view(0)["hand"] == state.hands[0]
    assert "hands" not in state.view(0) and "decks" not in state.view(0)


def test_the_deal_takes_the_stacked_cards_in_order() -> None:
    """CV-1: a stacked deck deals its first 8 cards as the hand, the rest is drawn in order."""
    state = table(["7h", "2c", "Ks", "RJ", "9d", "Ts", "Ah", "3s", "5d"], ["Qc"])
    assert state.hands[0] == ["7h", "2c", "Ks", "RJ", "9d", "Ts", "Ah", "3s"]
    assert state.full_view()["decks"][0][0] == "5d"
    assert state.hands[1][0] == "Qc"


def test_the_first_player_is_seeded() -> None:
    """CV-1: the first player is random but the same seed gives the same one."""
    game = games.load("caravan")
    firsts = {game.new_state(seed=seed).to_act for seed in range(40)}
    assert firsts == {(0,), (1,)}
    assert all(game.new_state(seed=s).to_act == game.new_state(seed=s).to_act for s in range(9))


def test_each_player_has_three_caravans_facing_the_others() -> None:
    """CV-2: my caravan i faces the opponent's caravan i; each pair is its own contest."""
    state = table(["2h", "6h", "3d", "Ks", "Kh"], ["4s", "6s", "5d", "Kd", "Kc"])
    opening(state, ["2h", "6h", "3d"], ["4s", "6s", "5d"])
    view = state.view(None)
    assert [len(view["caravans"][s]) for s in (0, 1)] == [3, 3]
    put(state, 0, "Ks", 0, 1, 0)
    idle(state, 1, keep=["Kd", "Kc"])
    put(state, 0, "Kh", 0, 1, 0)  # my caravan 1: 6 doubled twice = 24
    assert state.view(None)["sellers"] == [None, 0, None]
    put(state, 1, "Kd", 1, 1, 0)
    idle(state, 0)
    put(state, 1, "Kc", 1, 1, 0)  # the caravan facing it: 24 too
    assert state.view(None)["sellers"] == [None, None, None]
    assert [caravan(state, s, 1)["value"] for s in (0, 1)] == [24, 24]


@pytest.mark.parametrize(
    "deck",
    [["7h", "2c"], "7h2c", [["7h"]], [["7h"], ["2c"], []], [["7h"], "2c"], [["ZZ"], []]],
    ids=str,
)
def test_a_stacked_deck_is_one_list_per_player(deck: object) -> None:
    """CV-1: a stacked deck is [[seat 0's cards], [seat 1's cards]], top first."""
    with pytest.raises(InvalidOptions):
        games.load("caravan").new_state(seed=1, deck=deck)  # type: ignore[arg-type]


def test_a_stacked_deck_cannot_hold_a_card_twice() -> None:
    """CV-1: each deck holds each card once (without double_deck)."""
    with pytest.raises(InvalidOptions, match="appears 2 times"):
        games.load("caravan").new_state(seed=1, deck=[["7h", "7h"], []])


def test_players_is_always_two() -> None:
    """CV-1: Caravan is a two-player game."""
    assert games.load("caravan").players == 2
    with pytest.raises(InvalidOptions, match="players"):
        games.load("caravan", players=3)


def test_short_deck_deals_from_thirty_cards() -> None:
    """short_deck: each deck is 30 cards drawn at random from a full deck."""
    state = table(["7h", "2c"], short_deck=True)
    assert state.view(None)["deck_sizes"] == [22, 22]
    assert state.hands[0][:2] == ["7h", "2c"]
    for seat in (0, 1):
        assert len(state.hands[seat]) + len(state.decks[seat]) == 30
        assert len(state.aside[seat]) == 24  # the rest of the full deck stays in the box
    assert len(state.all_cards()) == 108
    decks = {
        tuple(sorted(games.load("caravan", short_deck=True).new_state(seed=s).hands[0]))
        for s in range(5)
    }
    assert len(decks) > 1
    with pytest.raises(InvalidOptions, match="30 cards"):
        games.load("caravan", short_deck=True).new_state(
            seed=1, deck=[standard_deck(jokers=True)[:31], []]
        )


def test_double_deck_shuffles_two_decks_together() -> None:
    """double_deck: each player's deck is two full decks, so a card may come twice."""
    state = table(["7h", "7h", "RJ", "RJ"], double_deck=True)
    assert state.view(None)["deck_sizes"] == [100, 100]
    assert state.hands[0][:4] == ["7h", "7h", "RJ", "RJ"]
    assert Counter(state.all_cards())["7h"] == 4
    with pytest.raises(InvalidOptions, match="appears 3 times"):
        games.load("caravan", double_deck=True).new_state(seed=1, deck=[["7h"] * 3, []])


def test_redeal_shows_a_hand_without_three_number_cards_and_deals_again() -> None:
    """redeal: an opening hand with fewer than three number cards is shown, shuffled back
    and dealt again."""
    state = table(FACES, ["As", "2s", "3s"], redeal=True)
    view = state.view(1)
    assert view["redeals"] == [[FACES], []]
    assert sum(1 for c in state.hands[0] if c[0] in "A23456789T") >= 3
    assert len(state.hands[0]) == 8 and len(state.decks[0]) == 46
    assert Counter(state.hands[0] + state.decks[0]) == Counter(standard_deck(jokers=True))
    assert state.hands[1][:3] == ["As", "2s", "3s"]  # a good hand is kept


def test_without_redeal_a_faces_only_hand_is_kept() -> None:
    """redeal (off): the same hand stays and nothing is shown."""
    state = table(FACES)
    assert state.hands[0] == FACES
    assert "redeals" not in state.view(0)

"""Set-up: players, the deal, the first look and who starts (CA-3, CA-4, CA-5)."""

from __future__ import annotations

import pytest

from cardtable import InvalidOptions, games

from .helpers import act, cards, deal, kinds, play_round, public, rejected, row, table


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_get_four_cards_each_in_seat_order(players: int) -> None:
    """CA-3: the deal takes whole hands in seat order; the rest stays in the deck."""
    hands = [[str(v) for v in range(1 + 2 * s, 3 + 2 * s)] * 2 for s in range(players)]
    state = games.load("cabo", players=players).new_state(seed=1, deck=deal(*hands, deck=["0"]))
    for seat, hand in enumerate(hands):
        assert row(state, seat) == hand
    assert public(state)["deck"] == 52 - 4 * players
    assert state.full_view()["deck_cards"][0] == "0"


def test_four_players_by_default_and_no_fewer_than_two_or_more_than_five() -> None:
    """CA-3: the default table has four seats; 1 or 6 players are refused."""
    assert games.load("cabo").new_state(seed=1).players == 4
    for bad in (1, 6):
        with pytest.raises(InvalidOptions, match="players"):
            games.load("cabo", players=bad)


def test_each_player_looks_at_their_first_two_cards() -> None:
    """CA-4 (first_two, the standard): each seat knows exactly its slots 0 and 1."""
    state = table(["1", "2", "3", "4"], ["5", "6", "7", "8"], ["9", "10", "11", "12"])
    assert cards(state, 0, 0) == ["1", "2", None, None]
    assert cards(state, 1, 1) == ["5", "6", None, None]
    assert cards(state, 2, 2) == ["9", "10", None, None]
    assert cards(state, 0, 1) == [None] * 4, "nobody sees another's cards"
    assert cards(state, None, 0) == [None] * 4, "nor does a spectator"
    assert public(state)["rows"][1][0]["seen_by"] == [1]


def test_choose_two_lets_everyone_pick_two_of_their_own_cards_at_once() -> None:
    """CA-4 (initial_peek=choose_two): every seat looks at two cards of its choice,
    in any order; play starts when all have looked."""
    state = table(["1", "2", "3", "4"], ["5", "6", "7", "8"], initial_peek="choose_two")
    assert public(state)["phase"] == "setup"
    assert state.to_act == (0, 1)
    assert cards(state, 0, 0) == [None] * 4
    rejected(state, 1, {"type": "peek", "seat": 0, "slot": 0}, "your own cards")
    rejected(state, 1, {"type": "draw"}, "First look at two of your own cards")
    act(state, 1, "peek", seat=1, slot=3)
    rejected(state, 1, {"type": "peek", "seat": 1, "slot": 3}, "already looked at your slot 3")
    act(state, 1, "peek", seat=1, slot=0)
    assert state.to_act == (0,)
    act(state, 0, "peek", seat=0, slot=2)
    act(state, 0, "peek", seat=0, slot=1)
    assert cards(state, 0, 0) == [None, "2", "3", None]
    assert cards(state, 1, 1) == ["5", None, None, "8"]
    assert public(state)["phase"] == "start" and state.to_act == (0,)


def test_the_discard_pile_starts_empty() -> None:
    """CA-5: nothing to take on the first turn."""
    state = table(["1", "2", "3", "4"], ["5", "6", "7", "8"])
    assert public(state)["discard"] == []
    assert kinds(state, 0) == ["draw", "call"]


def test_the_first_starter_is_random_but_seeded() -> None:
    """CA-5: the same seed starts with the same seat; seeds differ in who starts."""
    game = games.load("cabo")
    starters = [game.new_state(seed=s).view(None)["turn"] for s in range(40)]
    assert set(starters) == {0, 1, 2, 3}
    assert starters == [game.new_state(seed=s).view(None)["turn"] for s in range(40)]


def test_the_winner_of_a_round_starts_the_next() -> None:
    """CA-5: the lowest round score starts round 2."""
    state = table(["13", "12", "11", "10"], ["5", "5", "5", "5"], ["2", "2", "3", "3"])
    play_round(state, caller=0)
    view = public(state)
    assert view["last_round"]["scores"] == [56, 20, 10]
    assert view["round"] == 2 and view["starter"] == 2 and view["turn"] == 2
    assert state.to_act == (2,)


def test_a_round_tie_with_equal_totals_goes_to_the_lower_seat() -> None:
    """CA-5: seats 1 and 2 tie for round 1 with equal totals: seat 1 starts round 2."""
    state = table(["13", "12", "11", "10"], ["3", "3", "3", "3"], ["4", "4", "2", "2"])
    play_round(state, caller=0)
    view = public(state)
    assert view["last_round"]["scores"] == [56, 12, 12]
    assert view["starter"] == 1 and view["turn"] == 1


def test_a_round_tie_is_broken_by_the_lower_total() -> None:
    """CA-5: seat 2 won round 1 alone; in round 2 seats 1 and 2 tie, and seat 2 (lower
    total) starts round 3 although seat 1 is the lower seat."""
    caller = ["13", "12", "11", "10"]
    state = table(
        caller,
        ["3", "3", "3", "3"],
        ["2", "2", "2", "4"],
        later=[deal(caller, ["1", "1", "1", "2"], ["0", "0", "1", "4"])],
        target=200,
    )
    play_round(state, caller=0)
    assert public(state)["last_round"]["scores"] == [56, 12, 10]
    assert public(state)["starter"] == 2
    play_round(state, caller=0)
    view = public(state)
    assert view["last_round"]["scores"] == [56, 5, 5]
    assert view["totals"] == [112, 17, 15]
    assert view["starter"] == 2 and view["round"] == 3

"""Selling and the end: 21–26 sells, the higher of a pair, ties block (CV-18); the game
ends when every pair has a seller (CV-19); running out of cards loses (CV-20); with
quick_sell and reshuffle."""

from __future__ import annotations

from collections import Counter

from cardtable.games.caravan import CaravanState

from .helpers import caravan, discard, idle, opening, play, put, table

# Seat 0 builds 10 9 2 = 21 on caravan 0, 10 8 3 = 21 on caravan 1 and 10 9 2 = 21 on
# caravan 2 (the 2♦ and the 3♦ are its first two draws); seat 1 builds 10 9 2 = 21 on
# caravan 2 to tie it.
P0 = ["Ts", "Th", "Td", "9s", "2s", "8h", "3h", "9d", "2d", "3d"]
P1 = ["4s", "5h", "Tc", "9c", "2c", "Kc", "Ks", "Kh"]
P1_KEEP = ["9c", "2c", "Kc", "Ks", "Kh"]


def tied_table(**options: object) -> CaravanState:
    """Pairs 0 and 1 about to be sold by seat 0, pair 2 tied at 21."""
    state = table(P0, P1, **options)
    opening(state, P0[:3], P1[:3])
    play(state, 0, "9s", 0)
    play(state, 1, "9c", 2)
    play(state, 0, "2s", 0)
    assert state.view(None)["sellers"] == [0, None, None]
    play(state, 1, "2c", 2)
    assert state.view(None)["sellers"] == [0, None, 1]
    play(state, 0, "9d", 2)
    idle(state, 1, keep=P1_KEEP)
    play(state, 0, "2d", 2)  # 21 against 21: neither sells
    assert state.view(None)["sellers"] == [0, None, None]
    idle(state, 1, keep=P1_KEEP)
    play(state, 0, "8h", 1)
    idle(state, 1, keep=P1_KEEP)
    return state


def test_a_caravan_sells_from_21_to_26() -> None:
    """CV-18: a caravan of 21–26 can sell; only one of the pair in range: that one sells."""
    state = tied_table()
    assert caravan(state, 0, 1)["value"] == 18
    play(state, 0, "3h", 1)
    assert caravan(state, 0, 1)["value"] == 21
    assert state.view(None)["sellers"][1] == 0


def test_an_overloaded_caravan_does_not_sell() -> None:
    """CV-18, CV-19: over 26 is overloaded; until the end no sale is final, so the
    opponent's king can take a sale away."""
    state = table(P0, P1)
    opening(state, P0[:3], P1[:3])
    play(state, 0, "9s", 0)
    idle(state, 1, keep=["Kc"])
    play(state, 0, "2s", 0)
    assert state.view(None)["sellers"] == [0, None, None]
    put(state, 1, "Kc", 0, 0, 0)  # on my 10: 20 + 9 + 2 = 31
    assert caravan(state, 0, 0)["value"] == 31
    assert state.view(None)["sellers"] == [None, None, None]


def test_a_tie_blocks_the_end_until_it_is_broken() -> None:
    """CV-18, CV-19: equal values in range: neither sells, so the game cannot end; breaking
    the tie ends it, the higher caravan selling (a same-suit 3 goes on the descending
    caravan)."""
    state = tied_table()
    play(state, 0, "3h", 1)
    assert state.view(None)["sellers"] == [0, 0, None]
    assert not state.is_over()
    idle(state, 1, keep=P1_KEEP)
    events = play(state, 0, "3d", 2)
    assert caravan(state, 0, 2)["value"] == 24
    assert state.is_over() and state.to_act == ()
    assert events[-1].type == "end"
    assert events[-1].data == {"winner": 0, "reason": "sold", "scores": [3, 0]}
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.scores == (3.0, 0.0)
    assert outcome.details["reason"] == "sold"


def test_the_game_ends_when_every_pair_has_a_seller() -> None:
    """CV-19: once every pair has a seller the game ends; selling two of three wins, even
    when the opponent sells the third, and even on the opponent's move."""
    state = table(P0, P1)
    opening(state, P0[:3], P1[:3])
    play(state, 0, "9s", 0)
    play(state, 1, "9c", 2)
    play(state, 0, "2s", 0)
    play(state, 1, "2c", 2)  # pair 2 sold by seat 1
    play(state, 0, "8h", 1)
    assert not state.is_over()
    put(state, 1, "Ks", 0, 1, 1)  # seat 1's king on my 8: 10 + 16 = 26, in range
    assert state.is_over()
    assert state.outcome().winners == (0,) and state.outcome().scores == (2.0, 1.0)
    assert state.view(1)["winner"] == 0 and state.view(1)["reason"] == "sold"


def test_quick_sell_wins_with_two_pairs_at_once() -> None:
    """quick_sell: the first player to sell two pairs at the same time wins at once."""
    state = tied_table(quick_sell=True)
    assert not state.is_over()
    play(state, 0, "3h", 1)
    assert state.is_over()
    assert state.outcome().scores == (2.0, 0.0)
    assert state.outcome().details["reason"] == "quick_sell"


def drain(state: CaravanState, plan: dict[int, list[tuple[str, int]]], keep: list[str]) -> None:
    """Both players discard their newest card (seat 0 keeping ``keep`` and playing its
    ``plan`` of number cards first) until seat 0's deck is empty."""
    while state.decks[0] or state.to_act != (0,):
        seat = state.to_act[0]
        if plan.get(seat):
            card, c = plan[seat].pop(0)
            play(state, seat, card, c)
        else:
            idle(state, seat, keep=keep if seat == 0 else ())


def test_running_out_of_cards_loses() -> None:
    """CV-20: a player whose hand and deck are both empty loses at once."""
    state = table(P0, P1)
    opening(state, P0[:3], P1[:3])
    drain(state, {}, [])
    assert len(state.hands[0]) == 5 and state.view(None)["deck_sizes"][0] == 0
    for _ in range(4):
        idle(state, 0)
        assert not state.is_over()
        idle(state, 1)
    assert len(state.hands[0]) == 1 and len(state.hands[1]) == 1
    events = idle(state, 0)
    assert state.is_over() and state.hands[0] == [] and state.decks[0] == []
    assert [e.type for e in events] == ["discard", "end"]
    assert events[-1].data == {"winner": 1, "reason": "out_of_cards", "scores": [0, 1]}
    assert state.outcome().winners == (1,) and state.outcome().scores == (0.0, 1.0)


def test_the_last_move_that_empties_the_hand_still_wins() -> None:
    """CV-20, CV-19: the move that empties hand and deck but completes the sale wins."""
    state = table(P0, P1)
    opening(state, P0[:3], P1[:3])
    plan = {0: [("9s", 0), ("2s", 0), ("8h", 1), ("3h", 1), ("9d", 2)]}
    drain(state, plan, keep=["2d"])
    assert "2d" in state.hands[0]
    while state.hands[0] != ["2d"]:
        idle(state, 0, keep=["2d"])
        idle(state, 1)
    assert state.view(None)["sellers"] == [0, 0, None] and not state.is_over()
    play(state, 0, "2d", 2)
    assert state.hands[0] == [] and state.decks[0] == []
    assert state.is_over()
    assert state.outcome().winners == (0,) and state.outcome().scores == (3.0, 0.0)
    assert state.outcome().details["reason"] == "sold"


def test_reshuffle_remakes_an_empty_deck_from_the_discards_at_most_twice() -> None:
    """reshuffle: when your deck runs out your discards are shuffled into a new deck, at
    most twice per player, so the game still ends (CV-20)."""
    state = table(P0, P1, reshuffle=True)
    opening(state, P0[:3], P1[:3])
    assert state.view(0)["reshuffles_left"] == [2, 2]
    drain(state, {}, [])
    pile = Counter(state.discards[0])
    events = discard(state, 0, state.hands[0][-1])
    assert [e.type for e in events] == ["discard", "reshuffle", "draw"]
    assert events[1].data == {"seat": 0, "cards": 47}
    assert Counter(state.decks[0] + state.hands[0][-1:]) == pile + Counter([events[0].data["card"]])
    assert state.view(None)["discards"][0] == []
    assert state.view(None)["reshuffles_left"] == [1, 2]
    reshuffles = 1
    while not state.is_over():
        seat = state.to_act[0]
        events = idle(state, seat)
        reshuffles += sum(e.type == "reshuffle" and e.data["seat"] == 0 for e in events)
    assert reshuffles == 2
    assert state.view(None)["reshuffles_left"][0] == 0
    assert state.outcome().details["reason"] == "out_of_cards"


def test_without_reshuffle_an_empty_deck_stays_empty() -> None:
    """reshuffle (off): the discards never come back."""
    state = table(P0, P1)
    opening(state, P0[:3], P1[:3])
    drain(state, {}, [])
    events = idle(state, 0)
    assert [e.type for e in events] == ["discard"]
    assert state.view(None)["deck_sizes"][0] == 0 and len(state.hands[0]) == 4
    assert "reshuffles_left" not in state.view(0)


def test_the_outcome_says_why_each_pair_sold() -> None:
    """CV-18, issue 19 (results that explain): the outcome names, per pair, why it sold or
    not; here pair 0 sells as the only caravan in range and pair 2 as the higher of two."""
    state = tied_table()
    play(state, 0, "3h", 1)
    idle(state, 1, keep=P1_KEEP)
    play(state, 0, "3d", 2)
    details = state.outcome().details
    assert details["values"][0] == [21, 21, 24] and details["values"][1][2] == 21
    assert details["sellers"] == [0, 0, 0]
    assert details["why"] == ["only", "only", "higher"]
    assert "Pair 3: You 21 v Seat 1 21" not in state.game.render_text(state.view(0))
    assert "Pair 3: You 24 v Seat 1 21, You sell" in state.game.render_text(state.view(0))


def test_pair_reason_names_each_case_of_cv_18() -> None:
    """CV-18 as words: the higher of two in range, the only one in range, a tie, neither."""
    from cardtable.games.caravan.rules import pair_reason

    assert pair_reason(24, 21) == pair_reason(21, 26) == "higher"
    assert pair_reason(21, 27) == pair_reason(3, 26) == "only"
    assert pair_reason(22, 22) == "tie"
    assert pair_reason(27, 20) == pair_reason(0, 0) == "neither"

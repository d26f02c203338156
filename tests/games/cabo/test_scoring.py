"""Scoring a round, the totals and the end of the game (CA-15, CA-16, CA-17), in the engine
and in the pure functions a score calculator can call."""

from __future__ import annotations

import pytest

from cardtable import GameNotOver
from cardtable.games.cabo import scoring

from .helpers import CaboTable, deal, of_type, play_round, public, table

HIGH = ["13", "12", "11", "10"]  # 46


def test_everyone_reveals_at_the_end_of_a_round() -> None:
    """CA-15: the round summary shows every card, and the next deal forgets them."""
    state = table(["1", "2", "3", "4"], ["5", "6", "7", "8"])
    events = play_round(state, caller=0)
    summary = of_type(events, "round_end")[0]
    for seat in (0, 1, None):
        assert summary.for_seat(seat)["rows"] == [["1", "2", "3", "4"], ["5", "6", "7", "8"]]
    assert state.view(1)["last_round"]["rows"][0] == ["1", "2", "3", "4"]


def test_the_caller_with_the_lowest_sum_scores_0() -> None:
    """CA-15: caller lowest -> 0; the others score their sums."""
    state = table(["1", "2", "3", "4"], ["5", "6", "7", "8"], ["9", "9", "0", "0"])
    play_round(state, caller=0)
    assert public(state)["last_round"]["scores"] == [0, 26, 18]
    assert public(state)["totals"] == [0, 26, 18]


def test_the_caller_tied_for_lowest_still_scores_0() -> None:
    """CA-15: a tie for the lowest sum counts as lowest for the caller."""
    state = table(["5", "5", "0", "0"], ["4", "4", "1", "1"])
    play_round(state, caller=0)
    assert public(state)["last_round"]["scores"] == [0, 10]


def test_a_caller_who_is_not_lowest_scores_the_sum_plus_10() -> None:
    """CA-15: caller not lowest -> sum + 10."""
    state = table(["5", "6", "7", "8"], ["1", "2", "3", "4"])
    play_round(state, caller=0)
    assert public(state)["last_round"]["scores"] == [36, 10]


def test_the_caller_penalty_is_an_option() -> None:
    """CA-15 (caller_penalty): the +10 can be changed, down to 0."""
    for penalty, expected in ((0, 26), (20, 46)):
        state = table(["5", "6", "7", "8"], ["1", "2", "3", "4"], caller_penalty=penalty)
        play_round(state, caller=0)
        assert public(state)["last_round"]["scores"][0] == expected


def test_kamikaze_scores_0_and_everyone_else_50() -> None:
    """CA-15: 12, 12, 13, 13 in any order: 0 for its holder, 50 for every other player,
    the caller included, whatever their sums."""
    state = table(["1", "1", "0", "0"], ["13", "12", "13", "12"], ["5", "5", "5", "5"])
    play_round(state, caller=0)
    last = public(state)["last_round"]
    assert last["kamikaze"] == 1
    assert last["scores"] == [50, 0, 50]


def test_kamikaze_can_be_switched_off() -> None:
    """CA-15 (kamikaze=false): 12, 12, 13, 13 is just 50 points."""
    state = table(["1", "1", "0", "0"], ["13", "12", "13", "12"], kamikaze=False)
    play_round(state, caller=0)
    last = public(state)["last_round"]
    assert last["kamikaze"] is None and last["scores"] == [0, 50]


def test_kamikaze_needs_exactly_those_four_cards() -> None:
    """CA-15: a fifth card (a penalty) spoils the Kamikaze."""
    assert scoring.kamikaze_seat([[12, 13, 12, 13]]) == 0
    assert scoring.kamikaze_seat([[12, 13, 12, 13, 0]]) is None
    assert scoring.kamikaze_seat([[12, 13, 13]]) is None


def test_round_scores_function() -> None:
    """CA-15: the pure scoring function, for a score calculator."""
    assert scoring.round_scores([[1, 2], [3, 4]]) == [3, 7]
    assert scoring.round_scores([[1, 2], [3, 4]], caller=0) == [0, 7]
    assert scoring.round_scores([[1, 2], [3, 0]], caller=0) == [0, 3]
    assert scoring.round_scores([[5, 2], [3, 0]], caller=0) == [17, 3]
    assert scoring.round_scores([[5, 2], [3, 0]], caller=0, caller_penalty=5) == [12, 3]
    assert scoring.round_scores([[12, 12, 13, 13], [0]], caller=1) == [0, 50]
    assert scoring.round_scores([[12, 12, 13, 13], [0]], caller=1, kamikaze=False) == [50, 0]


def test_exactly_100_resets_to_50_once() -> None:
    """CA-16: seat 0 reaches exactly 100 and drops to 50; the second time it reaches 100
    it stays there (once per player), and the game goes on since 100 does not pass 100;
    the next round takes it past 100 and ends the game (CA-17)."""
    caller = ["13", "13", "12", "2"]  # 40, never lowest: the caller scores 50
    low = ["0", "0", "1", "1"]
    rounds = [deal(caller, low) for _ in range(4)]
    state = table(caller, low, later=rounds[1:])
    play_round(state, caller=0)
    assert public(state)["totals"] == [50, 2]
    events = play_round(state, caller=0)
    summary = of_type(events, "round_end")[0].data
    assert summary["reset"] == [0] and summary["totals"] == [50, 4]
    assert public(state)["resets_used"] == [True, False]
    play_round(state, caller=0)
    assert public(state)["totals"] == [100, 6]
    assert not state.is_over()
    play_round(state, caller=0)
    assert state.is_over() and public(state)["totals"] == [150, 8]


@pytest.mark.parametrize(
    "reset,totals",
    [("always", [[50, 2], [50, 4], [50, 6]]), ("off", [[50, 2], [100, 4], [150, 6]])],
)
def test_the_reset_can_happen_every_time_or_never(reset: str, totals: list[list[int]]) -> None:
    """CA-16 (reset_at_100): always resets at exactly 100; off never does."""
    caller, low = ["13", "13", "12", "2"], ["0", "0", "1", "1"]
    state = table(caller, low, later=[deal(caller, low)] * 3, reset_at_100=reset)
    for expected in totals:
        play_round(state, caller=0)
        assert public(state)["totals"] == expected
    assert state.is_over() == (reset == "off")


def test_add_round_function() -> None:
    """CA-16: the pure totals function, for a score calculator."""
    assert scoring.add_round([90, 30], [10, 60], [False, False]) == ([50, 90], [True, False], [0])
    assert scoring.add_round([90], [10], [True]) == ([100], [True], [])
    assert scoring.add_round([90], [10], [True], reset="always") == ([50], [True], [0])
    assert scoring.add_round([90], [10], [False], reset="off") == ([100], [False], [])
    assert scoring.add_round([140], [10], [False], target=150) == ([75], [True], [0])


def test_the_game_ends_after_a_round_in_which_a_total_passes_100() -> None:
    """CA-17: totals carry over rounds; the state stays one game until a total passes
    100; the lowest total wins."""
    high, low = ["13", "13", "11", "11"], ["1", "1", "2", "2"]  # 48 (caller: 58), 6
    state = table(high, low, later=[deal(high, low)])
    play_round(state, caller=0)
    assert not state.is_over() and public(state)["totals"] == [58, 6]
    with pytest.raises(GameNotOver):
        state.outcome()
    events = play_round(state, caller=0)
    assert state.is_over() and state.to_act == ()
    assert of_type(events, "game_end")[0].data == {"totals": [116, 12], "winners": [1]}
    outcome = state.outcome()
    assert outcome.scores == (116.0, 12.0) and outcome.winners == (1,)
    assert outcome.details["history"] == [[58, 6], [58, 6]]
    view = state.view(0)
    assert view["over"] and view["winners"] == [1] and view["phase"] == "over"
    assert [s["card"] for s in view["rows"][1]] == low, "everything is revealed at the end"


def test_a_tie_for_the_lowest_total_shares_the_win() -> None:
    """CA-17: two seats with the same lowest total both win."""
    high, low = ["13", "13", "11", "11"], ["1", "1", "2", "2"]
    state = table(high, low, ["2", "2", "1", "1"], later=[deal(high, low, ["2", "2", "1", "1"])])
    play_round(state, caller=0)
    play_round(state, caller=0)
    assert state.is_over() and state.outcome().winners == (1, 2)
    assert scoring.winners([116, 12, 12]) == [1, 2]


def test_the_target_is_an_option() -> None:
    """CA-17 (target): with target 50 the game ends once a total passes 50."""
    state = table(["13", "13", "11", "11"], ["1", "1", "2", "2"], target=50)
    play_round(state, caller=0)
    assert state.is_over() and state.outcome().scores == (58.0, 6.0)
    assert scoring.passed_target([58, 6], 50) and not scoring.passed_target([50], 50)


def test_a_fixed_number_of_rounds() -> None:
    """CA-17 (rounds=N): exactly N rounds are played, whatever the totals."""
    state = table(["1", "1", "2", "2"], ["3", "3", "4", "4"], rounds=2)
    play_round(state, caller=0)
    assert not state.is_over() and public(state)["round"] == 2
    play_round(state, caller=public(state)["turn"])
    assert state.is_over() and state.outcome().details["rounds"] == 2


def kamikaze_then_reset() -> CaboTable:
    """Three rounds: seat 0's Kamikaze (seat 1 scores 50), then seat 1 calls with 40 and
    is not lowest (50: exactly 100, reset to 50), then seat 0 calls with the lowest sum."""
    kamikaze, low, forty = ["13", "12", "13", "12"], ["0", "0", "1", "1"], ["13", "13", "12", "2"]
    later = [deal(low, forty), deal(low, ["5", "5", "5", "5"])]
    state = table(kamikaze, ["4", "4", "4", "4"], later=later, rounds=3)
    for caller in (0, 1, 0):
        play_round(state, caller=caller)
    return state


def test_the_outcome_keeps_every_round_with_its_caller_kamikaze_and_reset() -> None:
    """CA-15, CA-16, issue 19 (results that explain): the outcome's round log has each
    round's caller, scores, totals, Kamikaze seat and reset seats, as the view does, and
    the terminal's end screen shows them as a table."""
    state = kamikaze_then_reset()
    assert state.is_over()
    log = state.outcome().details["round_log"]
    assert [e["caller"] for e in log] == [0, 1, 0]
    assert [e["sums"] for e in log] == [[50, 16], [2, 40], [2, 20]]
    assert [e["scores"] for e in log] == [[0, 50], [2, 50], [0, 20]]
    assert [e["totals"] for e in log] == [[0, 50], [2, 50], [2, 70]]
    assert [e["kamikaze"] for e in log] == [0, None, None]
    assert [e["reset"] for e in log] == [[], [1], []]
    assert public(state)["round_log"] == log
    text = state.game.render_text(state.view(0))
    assert "Rounds (score → total; C caller, K Kamikaze, R reset):" in text
    assert "50 → 50 CR" in text and "0 → 0 CK" in text


def test_a_state_rebuilt_from_a_view_keeps_the_round_log() -> None:
    """The round log is public, so a state drawn from a seat's view (a search's sample)
    carries it on."""
    import random

    caller, low = ["13", "13", "12", "2"], ["0", "0", "1", "1"]
    state = table(caller, low, later=[deal(caller, low)])
    play_round(state, caller=0)
    sample = state.game.determinize(state.view(1), 1, random.Random(3))
    assert sample.view(None)["round_log"] == public(state)["round_log"]
    assert len(public(state)["round_log"]) == 1

"""What losers pay (GD-16) and series of hands (GD-17, with GD-5's next dealer)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.games.gandengyan import GanDengYanGame, Scoring, hand_payment, payment

from .helpers import kinds, run, table


def seed_example(**options: Any) -> list[int]:
    """Two players. Seat 1 plays twice, then is caught with 5 cards, one a joker, when the
    dealer goes out with a straight; no bomb is played. Returns the payments."""
    state = table("3s 5h 6h 7h 8h Qs", "4s Js RJ Kd Kc", talon="2d 4c 9c 3d", **options)
    run(state, "3s", "4s", "pass")  # seat 1 wins the trick, draws 2d; seat 0 draws 4c
    run(state, "Js", "Qs", "pass")  # seat 0 wins, draws 9c; seat 1 draws 3d
    assert sorted(state.view(1)["hand"]) == sorted(["RJ", "Kd", "Kc", "2d", "3d"])
    events = run(state, "4c 5h 6h 7h 8h 9c")
    [over] = [e for e in events if e.type == "hand_over"]
    assert over.data["winner"] == 0
    return list(over.data["payments"])


def test_the_seeds_example_5_cards_and_a_joker_pay_10() -> None:
    """GD-16: "if the loser has 5 cards and one is a joker, it counts as 10 cards"."""
    assert seed_example() == [10, -10]
    assert payment(5, jokers_left=1) == 10


def test_scoring_options_switch_each_factor() -> None:
    """GD-16: joker_double off pays the bare cards; two_double adds ×2 per 2 held; cap
    limits a payment."""
    assert seed_example(joker_double=False) == [5, -5]
    assert seed_example(two_double=True) == [20, -20]  # the 2d is held too
    assert seed_example(cap=7) == [7, -7]


def test_bombs_double_every_payment() -> None:
    """GD-16: each bomb played this hand, by anyone, doubles what every loser pays; the
    dealer who played twice and seat 1 who played once are not shut out."""
    hands = ("3s 6s 9c Tc Jc Qc", "4h 9h Th Jh Qh", "5d 9s 9h 9d 9c")
    state = table(*hands)
    events = run(state, "3s", "4h", "5d", "6s", "pass", "9s 9h 9d 9c")
    [over] = [e for e in events if e.type == "hand_over"]
    assert over.data["bombs"] == 1 and over.data["winner"] == 2
    assert over.data["payments"] == [-8, -8, 16]  # 4 cards × 2 each
    state = table(*hands, bomb_double=False)
    events = run(state, "3s", "4h", "5d", "6s", "pass", "9s 9h 9d 9c")
    assert events[-2].data["payments"] == [-4, -4, 8]


def test_jokers_left_in_a_hand_double_it_each() -> None:
    """GD-16: ×2 for each joker the loser still holds (two jokers: ×4)."""
    state = table("3h 4h 5h 6h 7h 8h", "RJ BJ 9d 9s Kc", "Qd Qc Kh Kd 2c", "5c 6c 7c 8c 9c")
    events = run(state, "3h 4h 5h 6h 7h 8h")
    losers = {loser["seat"]: loser for loser in events[-2].data["losers"]}
    assert losers[1]["jokers"] == 2 and losers[1]["pays"] == 5 * 4 * 2  # shut out too
    assert losers[2]["pays"] == 5 * 2


def test_a_non_dealer_who_never_played_is_shut_out() -> None:
    """GD-16: shut out (关门) non-dealers pay double; shutout_double=false turns it off."""
    hands = ("3h 4h 5h 6h 7h 8h", "3s 3d 3c 9d 9s", "Qd Qc Kh Kd Kc")
    state = table(*hands)
    events = run(state, "3h 4h 5h 6h 7h 8h")
    assert events[-2].data["payments"] == [20, -10, -10]
    assert all(loser["shut_out"] for loser in events[-2].data["losers"])
    state = table(*hands, shutout_double=False)
    assert run(state, "3h 4h 5h 6h 7h 8h")[-2].data["payments"] == [10, -5, -5]


def test_a_dealer_whose_only_play_was_the_opening_lead_is_shut_out() -> None:
    """GD-16: the dealer who played only the opening lead is shut out; here a 5-card bomb
    with a joker also doubles: 5 cards × 2 (bomb) × 2 (shut out) = 20."""
    state = table("3s 5h 6h 7h 9h Th", "8s 8h 8d 8c RJ")
    events = run(state, "3s", "8s 8h 8d 8c RJ")
    [loser] = events[-2].data["losers"]
    assert loser == {
        "seat": 0, "cards": 5, "jokers": 0, "twos": 0, "shut_out": True, "pays": 20,
        "factors": {"bombs": 2, "shut_out": 2},
    }  # fmt: skip


def test_payment_as_a_pure_function() -> None:
    """GD-16: cards × 2^bombs × 2^jokers × (2 if shut out), options applied, capped."""
    assert payment(3, jokers_left=2, bombs=1, shut_out=True) == 3 * 2 * 4 * 2
    assert payment(3, 2, 1, 1, True, Scoring(bomb_double=False, joker_double=False)) == 6
    assert payment(4, twos_left=2, scoring=Scoring(two_double=True)) == 16
    assert payment(100, bombs=3, scoring=Scoring(cap=50)) == 50
    assert hand_payment(["5h", "RJ", "2s", "2d", "9c"], bombs=0, shut_out=False) == 10


def test_a_series_of_hands_has_zero_sum_totals_and_the_winner_deals_next() -> None:
    """GD-17, GD-5: with hands=2 the game goes on after the first hand, dealt by its winner
    (6 cards, leading), and ends after the second; totals are zero-sum."""
    second = ["3h", "4h", "5h", "6h", "7h", "9s", "Ts", "Js", "Qs", "Ks", "As"]
    state = table("3s 5h 6h 7h 9h Th", "8s 8h 8d 8c RJ", hands=2, later=[second])
    events = run(state, "3s", "8s 8h 8d 8c RJ")
    assert kinds(events)[-2:] == ["hand_over", "deal"]
    assert not state.is_over()
    view = state.view(1)
    assert (view["hand_no"], view["hand_count"], view["dealer"]) == (2, 2, 1)
    assert view["totals"] == [-20, 20] and view["counts"] == [5, 6]
    assert view["hand"] == ["9s", "Ts", "Js", "Qs", "Ks", "As"]
    assert state.to_act == (1,)
    assert view["bombs"] == 0 and view["plays"] == [0, 0] and view["played"] == []
    events = run(state, "9s Ts Js Qs Ks As")
    assert kinds(events)[-2:] == ["hand_over", "game_over"]
    assert state.is_over()
    outcome = state.outcome()
    assert outcome.scores == (-30.0, 30.0) and sum(outcome.scores) == 0
    assert outcome.winners == (1,)
    assert [h["winner"] for h in outcome.details["hands"]] == [1, 1]


def test_later_hands_are_shuffled_from_the_seed() -> None:
    """GD-17: a stacked deck stacks the first hand only; the next ones come from the seed,
    so the same seed replays the same series."""

    def second_hand(seed: int) -> list[list[str]]:
        state = table("3s 5h 6h 7h 9h Th", "8s 8h 8d 8c RJ", hands=3, seed=seed)
        run(state, "3s", "8s 8h 8d 8c RJ")
        hands: list[list[str]] = state.full_view()["hands"]
        return hands

    assert second_hand(5) == second_hand(5)
    assert second_hand(5) != second_hand(6)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_random_series_are_zero_sum(players: int) -> None:
    """GD-17: over random series of 4 hands every payment goes to the hand's winner and
    totals sum to zero."""
    import random

    game = GanDengYanGame(players=players, hands=4)
    for seed in range(5):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        outcome = state.outcome()
        assert sum(outcome.scores) == 0
        assert len(outcome.details["hands"]) == 4
        for hand in outcome.details["hands"]:
            assert sum(hand["payments"]) == 0


def test_each_payment_carries_its_breakdown() -> None:
    """GD-16, issue 19 (results that explain): every loser's record names the multipliers
    behind what it pays (only those that applied), cards × their product is the payment
    (until a cap cuts it), and the terminal's results line says the same."""
    hands = ("3s 6s 9c Tc Jc Qc", "4h 9h Th Jh Qh", "5d 9s 9h 9d 9c")
    state = table(*hands)
    events = run(state, "3s", "4h", "5d", "6s", "pass", "9s 9h 9d 9c")
    [over] = [e for e in events if e.type == "hand_over"]
    for loser in over.data["losers"]:
        assert loser["factors"] == {"bombs": 2} and loser["pays"] == loser["cards"] * 2
    line = state.game.describe_event(over.for_seat(0), 0)
    assert "you pay 8 (4 cards × 2 (1 bomb))" in line
    assert state.outcome().details["hands"][0]["losers"][0]["factors"] == {"bombs": 2}
    # Two jokers left and shut out: ×4 and ×2, in the record and in words.
    state = table("3h 4h 5h 6h 7h 8h", "RJ BJ 9d 9s Kc", "Qd Qc Kh Kd 2c", "5c 6c 7c 8c 9c")
    events = run(state, "3h 4h 5h 6h 7h 8h")
    losers = {loser["seat"]: loser for loser in events[-2].data["losers"]}
    assert losers[1]["factors"] == {"jokers": 4, "shut_out": 2}
    text = state.game.describe_event(events[-2].for_seat(1), 1)
    assert "you pay 40 (5 cards × 4 (2 jokers left) × 2 (shut out))" in text


def test_a_capped_payment_says_so() -> None:
    """GD-16 (cap): the breakdown keeps the multipliers and the words say it was capped."""
    state = table("3s 5h 6h 7h 8h Qs", "4s Js RJ Kd Kc", talon="2d 4c 9c 3d", cap=7)
    run(state, "3s", "4s", "pass")
    run(state, "Js", "Qs", "pass")
    events = run(state, "4c 5h 6h 7h 8h 9c")
    [over] = [e for e in events if e.type == "hand_over"]
    [loser] = over.data["losers"]
    assert loser["factors"] == {"jokers": 2} and loser["pays"] == 7
    assert "pays 7 (5 cards × 2 (1 joker left), capped)" in state.game.describe_event(
        over.for_seat(None)
    )

"""Which plays exist and what beats what (GD-2, GD-3, GD-6 … GD-10), on stacked decks."""

from __future__ import annotations

from cardtable.games.gandengyan import GanDengYanGame, Kind, Rules, beats, bomb_strength

from .helpers import act, legal, rejected, run, table

FILL = ("9c Tc Jc Qc Kc", "9d Td Jd Qd Kd")  # seats that only watch


# -- GD-2: rank order, suits ------------------------------------------------------------


def test_k_is_beaten_by_an_a_and_an_a_by_a_2() -> None:
    """GD-2: 3 < 4 < … < K < A < 2 for climbing."""
    state = table("Kd 3s 4s 5s 6s 8s", "Ah 2c Qs 9h 9d")
    run(state, "Kd")
    assert legal(state) == ["pass", "Ah", "2c"]
    run(state, "Ah")
    assert legal(state) == ["pass"]


def test_suits_never_matter_and_any_copy_serves() -> None:
    """GD-2: a 5 of any suit answers a 4; the same play in other suits is listed once, and
    the player may name whichever copies they hold."""
    state = table("4s 9s 9h 8d Js Qs", "5h 5d 5c Kd Kc")
    run(state, "4s")
    assert legal(state) == ["pass", "5c"]
    act(state, 1, "5h")
    assert state.view(1)["hand"] == ["5c", "5d", "Kc", "Kd"]
    assert state.view(None)["to_beat"]["cards"] == ["5h"]


# -- GD-3: jokers -----------------------------------------------------------------------


def test_a_joker_stands_for_another_rank() -> None:
    """GD-3: a joker completes a pair or a triple of any rank but 2."""
    state = table("5h RJ 9s Jc Kd 3h", "4h 4d 6c 7c 8c")
    plays = legal(state)
    assert "5h RJ=5" in plays and "9s RJ=9" in plays and "3h RJ=3" in plays


def test_a_joker_is_never_a_2() -> None:
    """GD-3: no reading makes a joker a 2: no pair or triple of 2s with a joker."""
    state = table("2s 2h RJ 9s 9h 9d", *FILL[:1])
    plays = legal(state)
    assert "2h 2s" in plays
    assert not [p for p in plays if "RJ=2" in p]
    rejected(
        state, 0, {"type": "play", "cards": ["2s", "RJ"], "as": ["2", "2"]}, "cannot stand for a 2"
    )


def test_a_joker_is_never_played_alone() -> None:
    """GD-3: a joker may not be played alone as a single, lead or answer."""
    state = table("RJ 3s 5s 7s 9s Js", "4h 6h 8h Th Qh")
    assert "RJ" not in legal(state)
    rejected(state, 0, "RJ", "joker cannot be played alone")
    run(state, "3s")
    state2 = table("3s 5s 7s 9s Js Ks", "4h 6h 8h Th RJ")
    run(state2, "3s")
    assert "RJ" not in legal(state2)
    rejected(state2, 1, "RJ", "joker cannot be played alone")


# -- GD-6: the types --------------------------------------------------------------------


def test_straights_run_from_3_to_a_without_2s() -> None:
    """GD-6: a straight is 3 or more consecutive ranks from 3 up to A; A is never low and
    2 is never in a straight."""
    state = table("Qs Ks As 2s 3h 4h", "5c 6c 7c 8c 9c")
    plays = legal(state)
    assert "Qs Ks As" in plays
    assert not [p for p in plays if "2s" in p and len(p.split()) >= 3]
    assert "3h 4h" not in plays
    rejected(state, 0, "As 2s 3h", "a 2 is never part of a straight")
    rejected(state, 0, "3h 4h", "is not a play")


def test_straights_of_any_length_are_led() -> None:
    """GD-6: a straight may be as long as the hand allows."""
    state = table("3s 4s 5s 6s 7s 8s", "5c 6c 7c 8c 9c")
    plays = legal(state)
    for length in range(3, 7):
        for lo in range(0, 7 - length):
            run_ = " ".join(f"{r}s" for r in "345678"[lo : lo + length])
            assert run_ in plays


def test_consecutive_pairs_of_two_or_more_pairs() -> None:
    """GD-6: consecutive pairs are 2 or more pairs of consecutive ranks, with no 2s."""
    state = table("4s 4h 5s 5h 9c Kd", "3c 3d 7c 7d 8c")
    assert "4h 4s 5h 5s" in legal(state)
    state = table("As Ah 2s 2h 9c Kd", "3c 3d 7c 7d 8c")
    assert "Ah As 2h 2s" not in legal(state)
    rejected(state, 0, "As Ah 2s 2h", "a 2 is never part of")


def test_min_consecutive_pairs_three() -> None:
    """GD-6: with min_consecutive_pairs=3, 4455 is no play but 445566 is."""
    state = table("4s 4h 5s 5h 6s 6h", "3c 3d 7c 7d 8c", min_consecutive_pairs=3)
    plays = legal(state)
    assert "4h 4s 5h 5s" not in plays and "4h 4s 5h 5s 6h 6s" in plays
    rejected(state, 0, "4s 4h 5s 5h", "need at least 3 pairs")


def test_bombs_are_four_or_more_of_a_rank_jokers_filling_in() -> None:
    """GD-6: a bomb is 4 or more cards of one rank, jokers may fill in; the joker bomb is
    2 or more jokers alone."""
    state = table("7s 7h 7d 7c 7s RJ", *FILL, "9h Th Jh Qh Kh")
    plays = legal(state)
    for bomb in (
        "7c 7d 7h 7s",
        "7c 7d 7h 7s 7s",
        "7c 7d 7h 7s 7s RJ=7",
        "7c 7d 7h RJ=7",
        "7c 7d 7h 7s RJ=7",
    ):
        assert bomb in plays
    state = table("RJ BJ 3s 5s 8s 9s", *FILL, "9h Th Jh Qh Kh")
    assert "BJ RJ" in legal(state)


def test_triple_is_bomb_makes_three_of_a_kind_a_bomb() -> None:
    """GD-6: with triple_is_bomb three of a kind is the smallest bomb and beats a pair."""
    for option, expected in ((False, False), (True, True)):
        state = table("9s 9h 3s 4s 5s Js", "7s 7h 7d Qc Kc", triple_is_bomb=option)
        run(state, "9s 9h")
        assert ("7d 7h 7s" in legal(state)) is expected


# -- GD-7, GD-8: exactly one rank higher, 2s on top -------------------------------------


def test_a_straight_is_beaten_only_by_the_one_a_rank_higher() -> None:
    """GD-7: 4-5-6 is beaten only by 5-6-7, not 6-7-8 nor a longer straight."""
    state = table("4s 5s 6s 3h 3d 3c", "5h 6h 7h 8h 9h")
    run(state, "4s 5s 6s")
    assert legal(state) == ["pass", "5h 6h 7h"]
    rejected(state, 1, "6h 7h 8h", "play exactly one rank higher")
    rejected(state, 1, "5h 6h 7h 8h", "play a straight of 3 cards or a bomb")


def test_a_7_is_beaten_only_by_an_8() -> None:
    """GD-7: no skipping: a 7 is answered by an 8, not a 9."""
    state = table("7s 3h 4h 5h 6h Ks", "8h 9h Td Jd Qd")
    run(state, "7s")
    assert legal(state) == ["pass", "8h"]
    rejected(state, 1, "9h", "play exactly one rank higher")


def test_pairs_triples_and_consecutive_pairs_go_one_rank_higher() -> None:
    """GD-7: the same type and length, exactly one rank higher."""
    hands = ("4s 4h 5s 5h 3c 3d", "5d 5c 6d 6c 6h", "6s 7d 7c 7h 7s", "9h Th Jh Qh Kh")
    state = table(*hands)
    run(state, "4s 4h 5s 5h")
    assert legal(state) == ["pass", "5c 5d 6c 6d"]
    run(state, "pass")
    assert "6s 7c 7d 7h 7s" not in legal(state)
    state = table("3s 3h 3d 9c Jc Kc", "4s 4h 4d 5s 5h")
    run(state, "3s 3h 3d")
    assert legal(state) == ["pass", "4d 4h 4s"]


def test_a_2_beats_any_single_22_any_pair_222_any_triple() -> None:
    """GD-8: 2s top their type: a 2 on a 5, 22 on 66, 222 on 444."""
    state = table("5s 3h 4h 6h 8h Ks", "2h 9h Td Jd Qd")
    run(state, "5s")
    assert legal(state) == ["pass", "2h"]
    state = table("6s 6h 3h 4h 8h Ks", "2h 2d Td Jd Qd")
    run(state, "6s 6h")
    assert legal(state) == ["pass", "2d 2h"]
    state = table("4s 4h 4d 3h 8h Ks", "2h 2d 2s Jd Qd", "9h Th Jh Qh Kh")
    run(state, "4s 4h 4d")
    assert legal(state) == ["pass", "2d 2h 2s"]


def test_a_pair_of_as_is_answered_by_22_listed_once() -> None:
    """GD-8: on a pair of As, one rank higher is the 2s: listed once."""
    state = table("As Ah 3h 4h 8h Ks", "2h 2d Td Jd Qd")
    run(state, "As Ah")
    assert legal(state) == ["pass", "2d 2h"]


def test_nothing_but_a_bomb_beats_a_2() -> None:
    """GD-8: a 2 is beaten by no 2 and no other single, only by a bomb."""
    state = table("2s 3h 4h 5h 6h 7h", "2h 8s 8h 8d 8c")
    run(state, "2s")
    assert legal(state) == ["pass", "8c 8d 8h 8s"]
    rejected(state, 1, "2h", "nothing but a bomb beats a 2")


# -- GD-9: bombs ------------------------------------------------------------------------


def test_a_bomb_beats_any_non_bomb() -> None:
    """GD-9: a bomb beats a pair of As, a straight, consecutive pairs."""
    state = table("As Ah 4h 5h 6h 7h", "3s 3h 3d 3c 9d")
    run(state, "As Ah")
    assert legal(state) == ["pass", "3c 3d 3h 3s"]
    state = table("3h 4h 5h 6h 7h 8h", "3s 3d 3c 9d 9s")
    run(state, "3h 4h 5h 6h 7h 8h")
    assert state.is_over()  # the dealer went out with it (GD-15)


def test_bombs_rank_by_size_then_rank() -> None:
    """GD-9: five 3s beat four 2s; with equal size the higher rank wins."""
    hands = ("2s 2h 2d 2c 9s 9h", "3s 3s 3h 3d 3c", "8s 8h 8d 8c 6s", "6h 6d 6c 6s Kd")
    state = table(*hands)
    run(state, "2s 2h 2d 2c")
    assert legal(state) == ["pass", "3c 3d 3h 3s 3s"]
    state = table("7s 7h 7d 7c 9s 9h", *hands[1:])
    run(state, "7s 7h 7d 7c", "pass")
    assert legal(state) == ["pass", "8c 8d 8h 8s"]
    run(state, "pass")
    assert legal(state) == ["pass"]  # four 6s are below four 7s


def test_the_joker_bomb_ranks_between_k_plus_2_and_k_plus_3_cards() -> None:
    """GD-9: two jokers beat every bomb of 4 cards (four 2s too) and lose to 5 cards."""
    hands = ("2s 2h 2d 2c 9s 9h", "RJ BJ 4s 5d 7c", "3s 3s 3h 3d 3c", "Kh Kd Kc Ks Qd")
    state = table(*hands)
    run(state, "2s 2h 2d 2c")
    assert "BJ RJ" in legal(state)
    run(state, "RJ BJ")
    assert legal(state) == ["pass", "3c 3d 3h 3s 3s"]
    run(state, "pass")
    assert legal(state) == ["pass"]  # four Ks are below the joker bomb


def test_joker_bomb_top_beats_every_bomb() -> None:
    """GD-9: with joker_bomb=top the joker bomb is above bombs of any size."""
    hands = ("3s 3s 3h 3d 3c 9h", "RJ BJ 4s 5d 7c", "2s 2h 2d 2c 2s", "Kh Kd Kc Ks Qd")
    state = table(*hands, joker_bomb="top")
    run(state, "3s 3s 3h 3d 3c")
    assert "BJ RJ" in legal(state)
    run(state, "RJ BJ")
    assert legal(state) == ["pass"]
    state = table(*hands)
    run(state, "3s 3s 3h 3d 3c")
    assert "BJ RJ" not in legal(state)


def test_joker_bomb_strength_as_a_pure_function() -> None:
    """GD-9: k jokers sit above every bomb of k + 2 cards and below k + 3 (or on top)."""
    rules = Rules()
    three_jokers = Kind("joker_bomb", -1, 3)
    assert beats(three_jokers, Kind("bomb", 12, 5), rules)
    assert not beats(three_jokers, Kind("bomb", 0, 6), rules)
    assert beats(Kind("bomb", 0, 6), three_jokers, rules)
    assert beats(Kind("joker_bomb", -1, 4), three_jokers, rules)
    top = Rules(joker_bomb_top=True)
    assert bomb_strength(Kind("joker_bomb", -1, 2), top) > bomb_strength(Kind("bomb", 0, 12), top)


# -- GD-10: readings --------------------------------------------------------------------


def test_jokers_in_straights_and_consecutive_pairs() -> None:
    """GD-10: a joker fills the gap of a straight or a pair of consecutive pairs, and the
    play is read as the player states."""
    state = table("5h RJ 7s Jc Kc 9d", "6c 7c 8c Td Qd")
    plays = legal(state)
    assert "5h RJ=6 7s" in plays and "RJ=4 5h" not in plays
    run(state, "5h RJ=6 7s")
    assert state.view(None)["to_beat"]["kind"] == "straight"
    assert legal(state) == ["pass", "6c 7c 8c"]
    state = table("4s 4h 5s RJ 9c Kd", *FILL, "9h Th Jh Qh Kh")
    plays = legal(state)
    assert "4h 4s 5s RJ=5" in plays and "4h RJ=4 5s" not in plays


def test_every_reading_of_the_same_cards_is_listed_once() -> None:
    """GD-10: 5 with two jokers is a triple or one of three straights, each listed."""
    state = table("5h RJ BJ 9c Jd Kd", *FILL, "9h Th Jh Qh Kh")
    plays = legal(state)
    with_both = {p for p in plays if "5h" in p and "BJ" in p and "RJ" in p}
    assert with_both == {"5h BJ=5 RJ=5", "BJ=3 RJ=4 5h", "BJ=4 5h RJ=6", "5h BJ=6 RJ=7"}
    assert len(plays) == len(set(plays))


def test_without_as_the_engine_takes_the_highest_reading() -> None:
    """GD-10: on a lead, 5 + two jokers is read as the highest: the straight 5-6-7."""
    state = table("5h RJ BJ 9c Jd Kd", *FILL, "9h Th Jh Qh Kh")
    [event] = run(state, "5h RJ BJ")
    assert (event.data["kind"], event.data["rank"], event.data["as"]) == (
        "straight",
        "5",
        ["5", "6", "7"],
    )


def test_jokers_padding_a_pair_default_to_the_bomb() -> None:
    """GD-10: two 6s and two jokers are read as the bomb of four 6s, the highest reading."""
    state = table("6s 6h RJ BJ 9c Kd", *FILL, "9h Th Jh Qh Kh")
    [event] = run(state, "6s 6h RJ BJ")
    assert (event.data["kind"], event.data["rank"], event.data["length"]) == ("bomb", "6", 4)


def test_on_an_answer_the_highest_legal_reading_is_taken() -> None:
    """GD-10: answering 3-4-5, a 6 with two jokers can only be 4-5-6, and is read so."""
    state = table("3s 4s 5s 9c Jd Kd", "6h RJ BJ Qc Kc")
    run(state, "3s 4s 5s")
    [event] = run(state, "6h RJ BJ")
    assert (event.data["kind"], event.data["rank"]) == ("straight", "4")


def test_a_reading_that_makes_no_play_is_refused() -> None:
    """GD-10: the stated reading must make a play of GD-6."""
    state = table("5h RJ 7s Jc Kc 9d", "6c 7c 8c Td Qd")
    rejected(state, 0, "5h RJ=8 7s", "5 7 8 is not a play")


def test_a_legal_play_read_the_wrong_way_is_refused() -> None:
    """GD-10: an answer must be legal as read: a 6 and a joker make only a pair of 6s,
    which does not answer a pair of 4s, whatever the joker stands for."""
    state = table("4s 4h 3s 9c Jd Kd", "6h RJ Qc Kc 8d")
    run(state, "4s 4h")
    rejected(state, 1, "6h RJ=6", "play exactly one rank higher")
    rejected(state, 1, "6h RJ", "cannot beat a pair of 4s, whatever the jokers stand for")


def test_the_two_player_game_plays_through() -> None:
    """GD-1, GD-7: a short two-player exchange on one deck."""
    state = table("3s 4s 5s 6s 7s 9h", "4h 5h 6h 8d 8c")
    run(state, "3s", "4h", "5s", "6h", "7s")
    assert legal(state) == ["pass", "8c"]
    assert GanDengYanGame(players=2).decks == 1

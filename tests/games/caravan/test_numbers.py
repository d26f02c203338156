"""Number cards: value (CV-8), direction set by the second card (CV-10), kept by later
cards except in the current suit (CV-11), never the same rank twice (CV-12), and direction
and suit always read from the cards (CV-13), with first_card_suit and steady_course."""

from __future__ import annotations

from cardtable.games.caravan import CaravanState

from .helpers import can_play, caravan, idle, opening, play, put, rejected, table

KEEP = ["5s", "3s", "9h", "4c", "6c", "Jd", "Th", "2h"]


def opened(p0: list[str], p1: list[str] | None = None, **options: object) -> CaravanState:
    p1 = p1 or ["4s", "5h", "6d", "Kd", "8c", "Tc", "2d", "Jc"]
    state = table(p0, p1, **options)
    opening(state, p0[:3], p1[:3])
    return state


def test_values_count_aces_as_one_and_faces_as_nothing() -> None:
    """CV-8: A counts 1, 2–10 their number; face cards and jokers add nothing themselves."""
    state = opened(["As", "Th", "5d", "Qs", "RJ", "Jc", "2c", "3c"])
    assert [caravan(state, 0, c)["value"] for c in range(3)] == [1, 10, 5]
    put(state, 0, "Qs", 0, 0, 0)
    idle(state, 1)
    put(state, 0, "RJ", 0, 2, 0)
    assert [caravan(state, 0, c)["value"] for c in range(3)] == [1, 10, 5]


def test_the_second_card_sets_the_direction_and_gaps_are_fine() -> None:
    """CV-10: higher second card → ascending, lower → descending; 9 then 3 is fine."""
    state = opened(["9h", "2c", "5d", "3s", "Tc", "4d", "Ks", "Kh"])
    assert caravan(state, 0, 0)["direction"] is None  # a single card has no direction
    play(state, 0, "3s", 0)
    idle(state, 1)
    play(state, 0, "Tc", 1)
    assert caravan(state, 0, 0)["direction"] == "descending"
    assert caravan(state, 0, 1)["direction"] == "ascending"
    assert caravan(state, 0, 0)["value"] == 12


def test_later_cards_keep_the_direction() -> None:
    """CV-11: on an ascending caravan only higher cards, on a descending one only lower
    (other suits)."""
    state = opened(["2h", "9c", "5d", "6s", "4h", "3d", "Td", "8s"])
    play(state, 0, "6s", 0)  # 2 → 6 ascending, suit spades
    idle(state, 1)
    play(state, 0, "4h", 1)  # 9 → 4 descending, suit hearts
    idle(state, 1)
    assert can_play(state, 0, "8s", 0) and can_play(state, 0, "Td", 0)
    assert not can_play(state, 0, "3d", 0)
    assert can_play(state, 0, "3d", 1) and not can_play(state, 0, "8s", 1)
    rejected(
        state,
        0,
        {"type": "play", "card": "3d", "caravan": 0},
        "your caravan 1: it is ascending, so play higher than 6 or a spade",
    )


def test_a_card_of_the_current_suit_goes_against_the_direction_and_turns_it() -> None:
    """CV-11: a card of the current suit may be played whatever its rank; the direction is
    then read from the last two cards, so it turns."""
    state = opened(["5h", "2c", "9d", "3s", "5s", "4d", "Td", "8c"])
    play(state, 0, "3s", 0)  # 5 → 3 descending, suit spades
    idle(state, 1)
    assert caravan(state, 0, 0)["direction"] == "descending"
    assert can_play(state, 0, "5s", 0) and not can_play(state, 0, "8c", 0)
    play(state, 0, "5s", 0)  # higher, but a spade
    idle(state, 1)
    assert caravan(state, 0, 0)["direction"] == "ascending"
    assert can_play(state, 0, "8c", 0) and not can_play(state, 0, "4d", 0)


def test_never_the_same_rank_twice_not_even_in_suit() -> None:
    """CV-12: a card may never follow one of the same rank, even of the current suit."""
    state = opened(["7h", "2c", "9d", "7s", "7c", "Qh", "8h", "3d"])
    assert not can_play(state, 0, "7s", 0)
    put(state, 0, "Qh", 0, 0, 0)  # suit stays hearts; a single card still has no direction
    idle(state, 1)
    assert not can_play(state, 0, "7c", 0)
    assert can_play(state, 0, "8h", 0) and can_play(state, 0, "3d", 0)
    rejected(state, 0, {"type": "play", "card": "7s", "caravan": 0}, "never the same rank twice")


def test_direction_and_suit_are_read_from_the_last_cards() -> None:
    """CV-13: direction from the last two number cards, suit from the last card; a joker on
    the last card is no card of any suit."""
    state = opened(["4h", "2c", "9d", "8s", "RJ", "Ks", "3c", "Th"])
    play(state, 0, "8s", 0)
    assert (caravan(state, 0, 0)["direction"], caravan(state, 0, 0)["suit"]) == ("ascending", "s")
    put(state, 1, "Kd", 0, 0, 1)  # a king changes neither
    assert (caravan(state, 0, 0)["direction"], caravan(state, 0, 0)["suit"]) == ("ascending", "s")
    put(state, 0, "RJ", 0, 0, 1)  # the joker on the 8: still spades, still ascending
    assert (caravan(state, 0, 0)["direction"], caravan(state, 0, 0)["suit"]) == ("ascending", "s")
    assert caravan(state, 0, 0)["value"] == 4 + 16
    assert not state.steady[0]  # nothing remembered: read from the cards
    assert caravan(state, 0, 1)["suit"] == "c" and caravan(state, 0, 1)["direction"] is None


def equal_ranks_left_by_a_jack(**options: object) -> CaravanState:
    """5♥ 3♠ 5♠ (a spade against the descent turns it ascending), then a jack takes the 3:
    two fives are left at the end."""
    state = opened(["5h", "2c", "9d", "3s", "5s", "Kc", "Jd", "Th", "4c"], **options)
    play(state, 0, "3s", 0)
    idle(state, 1)
    play(state, 0, "5s", 0)
    idle(state, 1)
    assert caravan(state, 0, 0)["direction"] == "ascending"
    put(state, 0, "Jd", 0, 0, 1)
    assert [c["card"] for c in caravan(state, 0, 0)["cards"]] == ["5h", "5s"]
    return state


def test_equal_ranks_left_by_a_removal_read_as_descending() -> None:
    """CV-13: a jack that leaves two equal ranks at the end makes the caravan descending."""
    state = equal_ranks_left_by_a_jack()
    idle(state, 1)
    assert caravan(state, 0, 0)["direction"] == "descending"
    assert {"Th", "4c"} <= set(state.hands[0])
    assert can_play(state, 0, "4c", 0) and not can_play(state, 0, "Th", 0)


def test_steady_course_keeps_the_direction_after_a_removal() -> None:
    """steady_course: when a J leaves two equal ranks at the end the caravan keeps its
    previous direction (ascending here), and a queen still turns it."""
    state = equal_ranks_left_by_a_jack(steady_course=True)
    idle(state, 1)
    assert caravan(state, 0, 0)["direction"] == "ascending"
    assert can_play(state, 0, "Th", 0) and not can_play(state, 0, "4c", 0)
    play(state, 0, "Th", 0)
    assert caravan(state, 0, 0)["direction"] == "ascending"  # 5 → 10: read from the cards
    assert state.steady[0] == 0  # the memory goes with the equal pair


def test_steady_course_pair_turned_by_a_queen() -> None:
    """steady_course: the kept direction is still reversed by a queen on the last card."""
    p0 = ["5h", "2c", "9d", "3s", "5s", "Qc", "Jd", "Th"]
    state = opened(p0, steady_course=True)
    play(state, 0, "3s", 0)
    idle(state, 1)
    play(state, 0, "5s", 0)
    idle(state, 1)
    put(state, 0, "Jd", 0, 0, 1)
    idle(state, 1)
    put(state, 0, "Qc", 0, 0, 1)
    assert caravan(state, 0, 0)["direction"] == "descending"
    assert caravan(state, 0, 0)["suit"] == "c"


def test_first_card_suit_reads_the_suit_from_the_first_card() -> None:
    """first_card_suit: a caravan's suit is its first card's; a queen can still change it."""
    p0 = ["7h", "2c", "9d", "9s", "2h", "2s", "Qc", "3c"]
    state = opened(p0, first_card_suit=True)
    play(state, 0, "9s", 0)  # 7 → 9 ascending
    idle(state, 1)
    assert caravan(state, 0, 0)["suit"] == "h"
    assert can_play(state, 0, "2h", 0) and not can_play(state, 0, "2s", 0)
    put(state, 0, "Qc", 0, 0, 1)  # descending now, suit clubs
    idle(state, 1)
    assert caravan(state, 0, 0)["suit"] == "c"
    assert caravan(state, 0, 0)["direction"] == "descending"
    assert can_play(state, 0, "3c", 0)


def test_without_first_card_suit_the_last_card_gives_the_suit() -> None:
    """CV-13: the same caravan in the standard game follows its last card's suit."""
    p0 = ["7h", "2c", "9d", "9s", "2h", "2s", "Qc", "3c"]
    state = opened(p0)
    play(state, 0, "9s", 0)
    idle(state, 1)
    assert caravan(state, 0, 0)["suit"] == "s"
    assert can_play(state, 0, "2s", 0) and not can_play(state, 0, "2h", 0)

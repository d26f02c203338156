"""Face cards: kings double (CV-14), queens reverse and set the suit on the last card
(CV-15), jacks remove (CV-16), jokers remove by suit or rank across the table (CV-17), and
at most three face cards per number card; with the variants that change them."""

from __future__ import annotations

from cardtable.games.caravan import CaravanState

from .helpers import (
    can_play,
    caravan,
    idle,
    legal_wire,
    numbers,
    opening,
    play,
    put,
    rejected,
    table,
)

P1 = ["4s", "2h", "6d", "Kd", "8c", "Tc", "3d", "Jc"]


def opened(p0: list[str], p1: list[str] = P1, **options: object) -> CaravanState:
    state = table(p0, p1, **options)
    opening(state, p0[:3], p1[:3])
    return state


def test_two_kings_on_a_five_make_twenty() -> None:
    """CV-14: a king doubles the card it is on; each further king doubles again."""
    state = opened(["5d", "2c", "9s", "Ks", "Kh", "3c", "3h", "3s"])
    put(state, 0, "Ks", 0, 0, 0)
    assert caravan(state, 0, 0)["value"] == 10
    idle(state, 1)
    put(state, 0, "Kh", 0, 0, 0)
    assert caravan(state, 0, 0)["value"] == 20


def test_king_adds_makes_two_kings_on_a_five_fifteen() -> None:
    """king_adds: each king adds the card's value once more: 5 with two kings is 15."""
    state = opened(["5d", "2c", "9s", "Ks", "Kh", "3c", "3h", "3s"], king_adds=True)
    put(state, 0, "Ks", 0, 0, 0)
    assert caravan(state, 0, 0)["value"] == 10
    idle(state, 1)
    put(state, 0, "Kh", 0, 0, 0)
    assert caravan(state, 0, 0)["value"] == 15


def test_a_king_on_the_opponents_caravan_doubles_it_too() -> None:
    """CV-14: a king works wherever it goes, the opponent's caravans included."""
    state = opened(["5d", "2c", "9s", "Ks", "Kh", "3c", "3h", "3s"])
    put(state, 0, "Ks", 1, 2, 0)
    assert caravan(state, 1, 2)["value"] == 12


def queens_table(**options: object) -> CaravanState:
    state = opened(["7h", "2c", "9s", "9h", "Qs", "Qc", "3c", "4d"], **options)
    play(state, 0, "9h", 0)  # 7 → 9 ascending, hearts
    idle(state, 1)
    return state


def test_a_queen_goes_only_on_the_last_card() -> None:
    """CV-15: a queen only goes on the last card of a caravan."""
    state = queens_table()
    rejected(
        state,
        0,
        {"type": "play", "card": "Qs", "seat": 0, "caravan": 0, "index": 0},
        "A queen can only go on the last card of a caravan",
    )
    targets = {
        (a["seat"], a["caravan"], a["index"])
        for a in legal_wire(state, 0)
        if a.get("card") == "Qs" and "seat" in a
    }
    assert (0, 0, 0) not in targets and (0, 0, 1) in targets
    assert targets == {(0, 0, 1), (0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 1, 0), (1, 2, 0)}


def test_stacked_queens_each_reverse_and_the_latest_sets_the_suit() -> None:
    """CV-15: a queen reverses the direction and sets the suit; a second one reverses it
    again and its suit counts."""
    state = queens_table()
    put(state, 0, "Qs", 0, 0, 1)
    assert (caravan(state, 0, 0)["direction"], caravan(state, 0, 0)["suit"]) == ("descending", "s")
    idle(state, 1)
    assert can_play(state, 0, "3c", 0)  # lower now
    put(state, 0, "Qc", 0, 0, 1)
    assert (caravan(state, 0, 0)["direction"], caravan(state, 0, 0)["suit"]) == ("ascending", "c")
    idle(state, 1)
    assert can_play(state, 0, "3c", 0)  # a club goes against the direction
    assert not can_play(state, 0, "4d", 0)
    assert caravan(state, 0, 0)["value"] == 16  # queens add nothing


def test_queen_anywhere_lets_a_queen_go_lower_without_turning_anything() -> None:
    """queen_anywhere: a queen may go on any number card; only on the last card does it
    reverse the direction and set the suit."""
    state = queens_table(queen_anywhere=True)
    put(state, 0, "Qs", 0, 0, 0)  # on the 7, not the last card
    assert (caravan(state, 0, 0)["direction"], caravan(state, 0, 0)["suit"]) == ("ascending", "h")
    idle(state, 1)
    put(state, 0, "Qc", 0, 0, 1)
    assert (caravan(state, 0, 0)["direction"], caravan(state, 0, 0)["suit"]) == ("descending", "c")


def test_a_jack_removes_its_card_with_everything_on_it() -> None:
    """CV-16: a jack removes the number card it is played on with its attachments; the
    jack goes too, each card to its owner's discard pile."""
    p0 = ["7h", "2c", "9s", "Ks", "Jd", "3c", "3h", "3s"]
    p1 = ["4s", "2h", "6d", "8s", "Kd", "Tc", "3d", "Jc"]
    state = opened(p0, p1)
    put(state, 0, "Ks", 1, 0, 0)  # my king on the opponent's 4
    play(state, 1, "8s", 0)
    assert caravan(state, 1, 0)["value"] == 16
    events = put(state, 0, "Jd", 1, 0, 0)
    assert [e.type for e in events] == ["attach", "remove", "draw"]
    assert sorted(events[1].data["cards"]) == ["4s", "Jd", "Ks"]
    assert numbers(state, 1, 0) == ["8s"]
    assert caravan(state, 1, 0)["value"] == 8
    piles = state.view(None)["discards"]
    assert sorted(piles[0]) == ["Jd", "Ks"] and piles[1] == ["4s"]


def test_a_joker_on_an_ace_spares_its_target_and_takes_that_suit_everywhere() -> None:
    """CV-17: a joker on an ace removes every other number card of the ace's printed suit
    from all six caravans, the other player's ace of that suit included; the ace it is on
    stays, and removed cards take their attachments with them."""
    p0 = ["As", "2c", "9s", "5s", "RJ", "3h", "3d", "3c"]
    p1 = ["As", "4s", "Ah", "Kh", "8c", "Tc", "3d", "Jc"]
    state = opened(p0, p1)
    play(state, 0, "5s", 1)  # 2♣ 5♠
    put(state, 1, "Kh", 1, 1, 0)  # the opponent's king on its own 4♠
    events = put(state, 0, "RJ", 0, 0, 0)
    assert [e.type for e in events] == ["attach", "remove", "remove", "remove", "remove", "draw"]
    view = state.view(None)
    assert [numbers(state, 0, c) for c in range(3)] == [["As"], ["2c"], []]
    assert [numbers(state, 1, c) for c in range(3)] == [[], [], ["Ah"]]
    assert view["caravans"][0][0]["cards"] == [
        {"card": "As", "attached": [{"card": "RJ", "by": 0}]}
    ]
    assert sorted(view["discards"][0]) == ["5s", "9s"]
    assert sorted(view["discards"][1]) == ["4s", "As", "Kh"]


def test_a_joker_on_a_number_takes_that_rank_of_every_suit() -> None:
    """CV-17: a joker on 2–10 removes every other number card of that rank, any suit, from
    all six caravans; the card it is on stays."""
    p0 = ["7h", "7c", "3d", "BJ", "5s", "3h", "3s", "3c"]
    p1 = ["7s", "2h", "7d", "Qs", "8c", "Tc", "4d", "Jc"]
    state = opened(p0, p1)
    play(state, 0, "5s", 0)
    put(state, 1, "Qs", 1, 2, 0)  # a queen on its own 7♦
    put(state, 0, "BJ", 0, 0, 0)
    assert [numbers(state, 0, c) for c in range(3)] == [["7h", "5s"], [], ["3d"]]
    assert [numbers(state, 1, c) for c in range(3)] == [[], ["2h"], []]
    assert sorted(state.view(None)["discards"][1]) == ["7d", "7s", "Qs"]


def joker_on_ace_table(**options: object) -> CaravanState:
    """My A♠ 5♠ against the opponent's A♠ carrying a queen; then my joker on my ace."""
    p0 = ["As", "2c", "9h", "5s", "RJ", "3h", "3d", "3c"]
    p1 = ["As", "4h", "6d", "Qh", "8c", "Tc", "3d", "Jc"]
    state = opened(p0, p1, **options)
    play(state, 0, "5s", 0)
    put(state, 1, "Qh", 1, 0, 0)
    put(state, 0, "RJ", 0, 0, 0)
    return state


def test_a_joker_on_an_ace_takes_queened_cards_in_the_standard_game() -> None:
    """CV-17: a card carrying a queen is still of its printed suit for the joker."""
    state = joker_on_ace_table()
    assert numbers(state, 0, 0) == ["As"] and numbers(state, 1, 0) == []


def test_queen_shield_spares_cards_that_carry_a_queen() -> None:
    """queen_shield: a joker on an ace does not remove cards that carry a queen."""
    state = joker_on_ace_table(queen_shield=True)
    assert numbers(state, 0, 0) == ["As"]  # the 5♠ has no queen: removed
    assert caravan(state, 1, 0)["cards"] == [{"card": "As", "attached": [{"card": "Qh", "by": 1}]}]


def test_queen_shield_does_not_protect_from_a_joker_on_a_number() -> None:
    """queen_shield: only a joker on an ace is held off; a joker on 2–10 takes a queened
    card of its rank."""
    p0 = ["7h", "2c", "9s", "BJ", "5s", "3h", "3d", "3c"]
    p1 = ["7s", "4h", "6d", "Qs", "8c", "Tc", "3d", "Jc"]
    state = opened(p0, p1, queen_shield=True)
    idle(state, 0, keep=["BJ"])
    put(state, 1, "Qs", 1, 0, 0)
    put(state, 0, "BJ", 0, 0, 0)
    assert numbers(state, 1, 0) == []


def test_sheltered_joker_spares_its_own_caravan() -> None:
    """sheltered_joker: a joker never removes cards from the caravan it is on."""
    state = joker_on_ace_table(sheltered_joker=True)
    assert numbers(state, 0, 0) == ["As", "5s"]
    assert numbers(state, 1, 0) == []


def test_a_full_card_takes_no_fourth_face_card_not_even_a_jack() -> None:
    """CV-14: at most three face cards per number card; a full card takes no jack."""
    p0 = ["5d", "2c", "9s", "Ks", "Kh", "Qd", "Jc", "RJ"]
    state = opened(p0)
    for card in ("Ks", "Kh", "Qd"):
        put(state, 0, card, 0, 0, 0)
        idle(state, 1)
    assert len(caravan(state, 0, 0)["cards"][0]["attached"]) == 3
    assert not [
        a
        for a in legal_wire(state, 0)
        if a.get("index") == 0 and a["caravan"] == 0 and a.get("seat") == 0
    ]
    rejected(
        state,
        0,
        {"type": "play", "card": "Jc", "seat": 0, "caravan": 0, "index": 0},
        "already carries three face cards: a full card takes no more, not even a jack",
    )
    rejected(
        state, 0, {"type": "play", "card": "RJ", "seat": 0, "caravan": 0, "index": 0}, "three face"
    )


def test_unlimited_attachments_lets_a_jack_onto_a_full_card() -> None:
    """unlimited_attachments: no limit of three face cards per number card."""
    p0 = ["5d", "2c", "9s", "Ks", "Kh", "Qd", "Kc", "Jc"]
    state = opened(p0, unlimited_attachments=True)
    for card in ("Ks", "Kh", "Qd", "Kc"):
        put(state, 0, card, 0, 0, 0)
        idle(state, 1)
    assert caravan(state, 0, 0)["value"] == 40
    put(state, 0, "Jc", 0, 0, 0)
    assert numbers(state, 0, 0) == []


def test_double_deck_plays_any_copy_and_a_joker_takes_the_twin() -> None:
    """double_deck: a play names a card and any copy in hand serves; a joker on a 7♥
    removes the other 7♥ too (every *other* card of that rank)."""
    p0 = ["9s", "2c", "5d", "7h", "7h", "RJ", "3h", "3c"]
    p1 = ["4s", "2h", "6d", "7h", "8c", "Tc", "3d", "Jc"]
    state = opened(p0, p1, double_deck=True)
    twice = {"type": "play", "card": "7h", "caravan": 1}
    assert legal_wire(state, 0).count(twice) == 1  # one move per card, however many copies
    play(state, 0, "7h", 1)
    assert state.hands[0].count("7h") == 1
    play(state, 1, "7h", 1)  # the opponent's own 7♥ on its 2♥
    play(state, 0, "7h", 2)
    idle(state, 1)
    put(state, 0, "RJ", 0, 1, 1)
    assert [numbers(state, 0, c) for c in range(3)] == [["9s"], ["2c", "7h"], ["5d"]]
    assert numbers(state, 1, 1) == ["2h"]
    assert state.view(None)["discards"][0][-1] == "7h"
    assert "7h" in state.view(None)["discards"][1]

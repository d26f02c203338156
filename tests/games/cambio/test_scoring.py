"""Card values and scoring: CB-2, CB-3, CB-32, and the hand lab's options."""

from __future__ import annotations

import pytest

from cardtable.games.cambio import card_value, score_hand

from .helpers import act, table


@pytest.mark.parametrize(
    "card,value",
    [
        ("RJ", 0),
        ("BJ", 0),
        ("As", 1),
        ("2h", 2),
        ("9d", 9),
        ("Tc", 10),
        ("Js", 10),
        ("Qh", 10),
        ("Ks", 10),
        ("Kc", 10),
        ("Kh", -1),
        ("Kd", -1),
    ],
)
def test_card_values(card: str, value: int) -> None:
    """CB-2: Joker 0 · A 1 · 2–10 face value · J, Q, K♠, K♣ 10 · K♥, K♦ −1."""
    assert card_value(card) == value
    assert score_hand([card]) == value


def test_pairs_triples_and_quads_are_simply_added() -> None:
    """CB-3 (seed: "7、7 是 14 分；7、7、7 是 21 分")."""
    assert score_hand(["7s", "7h"]) == 14
    assert score_hand(["7s", "7h", "7d"]) == 21
    assert score_hand(["7s", "7h", "7d", "7c"]) == 28


def test_pairs_cancel_is_the_golf_rule_of_the_hand_lab() -> None:
    """CB-3 (scoring=pairs_cancel): two cards of one rank score 0; of three, one counts —
    the lowest, which matters only for kings of both colours; jokers pair too."""
    lab = {"scoring": "pairs_cancel"}
    assert score_hand(["7s", "7h"], lab) == 0
    assert score_hand(["7s", "7h", "7d"], lab) == 7
    assert score_hand(["7s", "7h", "7d", "7c", "As"], lab) == 1
    assert score_hand(["Ks", "Kh", "Kc"], lab) == -1
    assert score_hand(["Kh", "Kd"], lab) == 0
    assert score_hand(["RJ", "BJ", "Jh", "Qh"], lab) == 20  # J and Q do not pair (CB-4)


def test_red_king_and_joker_values_are_options() -> None:
    """CB-2 (red_king, joker): the hand lab may value the red kings and jokers otherwise;
    the table's options drive the score at the end of a round."""
    assert score_hand(["Kh", "RJ", "Ks"], {"red_king": 10, "joker": -2}) == 18
    state = table(["Kh", "RJ", "As", "2s"], ["3h", "4h", "5h", "6h"], start="Kc", deck=["6c"],
                  red_king=0, joker=-2, scoring="sum")  # fmt: skip
    act(state, 0, "call")
    act(state, 1, "draw")
    act(state, 1, "discard")
    assert state.outcome().scores == (1.0, 18.0)


def test_pairs_cancel_decides_a_round() -> None:
    """CB-32 with scoring=pairs_cancel: the round's totals use the table's scheme."""
    state = table(["9s", "9h", "Ts", "Th"], ["As", "2h", "3h", "4h"], start="Kc", deck=["6c"],
                  scoring="pairs_cancel")  # fmt: skip
    act(state, 0, "call")
    act(state, 1, "draw")
    act(state, 1, "discard")
    assert state.outcome().scores == (0.0, 10.0) and state.outcome().winners == (0,)


def test_score_hand_names_bad_input() -> None:
    """CB-32: the hand lab's scorer refuses what is not a Cambio hand, naming it."""
    with pytest.raises(ValueError, match="'1x' is not a Cambio card"):
        score_hand(["1x"])
    with pytest.raises(ValueError, match="Unknown scoring 'golf'"):
        score_hand(["As"], {"scoring": "golf"})
    with pytest.raises(ValueError, match="'red_king' must be a whole number"):
        score_hand(["Kh"], {"red_king": "low"})
    assert score_hand(["As", None, "2s"]) == 3  # an empty slot counts nothing

"""Powers: CB-15…CB-19, optional steps, and steps without a target."""

from __future__ import annotations

import pytest

from .helpers import CambioTable, act, can, hand, rejected, table, wire_legal

P0 = ["As", "2s", "3s", "4s"]
P1 = ["Ah", "2h", "3h", "4h"]
P2 = ["Ad", "2d", "3d", "4d"]


def discard_power(card: str, *hands: list[str], **options: object) -> CambioTable:
    """A table where seat 0 draws ``card`` and discards it, starting its power."""
    state = table(*(hands or (P0, P1, P2)), start="5c", deck=[card, "6c", "6d", "6h"], **options)
    act(state, 0, "draw")
    act(state, 0, "discard")
    return state


@pytest.mark.parametrize("card", ["7h", "8d"])
def test_seven_and_eight_peek_at_one_of_your_own_cards(card: str) -> None:
    """CB-15: a discarded 7 or 8 lets its player look at one of their own cards; everyone
    sees which slot (CB-19), only the peeker sees the card."""
    state = discard_power(card)
    assert state.view(1)["step"] == "peek_own"
    assert wire_legal(state, 0) == [
        {"type": "skip"},
        *({"type": "peek", "seat": 0, "slot": i} for i in range(4)),
    ]
    rejected(state, 0, {"type": "peek", "seat": 1, "slot": 0}, "peek only at your own cards")
    (peek,) = act(state, 0, "peek", seat=0, slot=0)
    assert peek.for_seat(0) == {"type": "peek", "seat": 0, "target": [0, 0], "card": "As"}
    assert peek.for_seat(1) == {"type": "peek", "seat": 0, "target": [0, 0]}
    assert state.view(0)["hands"][0] == ["As", "??", "3s", "4s"]
    assert state.view(1)["hands"][0] == ["??", "??", "??", "??"]
    assert state.view(2)["known_by"][0][0] == [0]
    assert state.to_act == (1,)


@pytest.mark.parametrize("card", ["9c", "Th"])
def test_nine_and_ten_peek_at_an_opponent_card(card: str) -> None:
    """CB-16: a discarded 9 or 10 lets its player look at one opponent card."""
    state = discard_power(card)
    assert state.view(0)["step"] == "peek_opponent"
    peeks = [a for a in wire_legal(state, 0) if a["type"] == "peek"]
    assert peeks == [{"type": "peek", "seat": s, "slot": i} for s in (1, 2) for i in range(4)]
    rejected(state, 0, {"type": "peek", "seat": 0, "slot": 0}, "only at an opponent's card")
    act(state, 0, "peek", seat=2, slot=1)
    assert state.view(0)["hands"][2] == ["??", "2d", "??", "??"]
    assert state.view(2)["hands"][2] == ["??", "??", "3d", "4d"]  # seat 2 still doesn't know
    assert state.view(1)["known_by"][2][1] == [0]


@pytest.mark.parametrize("card", ["Jc", "Qh"])
def test_jack_and_queen_swap_any_two_cards_blind(card: str) -> None:
    """CB-17: any two different cards on the table change places — two of one hand, two
    opponents', or one of yours — and nobody looks."""
    state = discard_power(card)
    swaps = [a for a in wire_legal(state, 0) if a["type"] == "swap"]
    assert len(swaps) == 12 * 11 // 2  # every pair of the 12 cards, each once
    assert {"type": "swap", "a": [1, 0], "b": [1, 3]} in swaps  # within one hand
    assert {"type": "swap", "a": [1, 2], "b": [2, 0]} in swaps  # two opponents
    (swap,) = act(state, 0, "swap", a=[1, 2], b=[2, 0])
    assert (
        swap.for_seat(1)
        == swap.for_seat(0)
        == {"type": "swap", "seat": 0, "a": [1, 2], "b": [2, 0]}
    )
    assert hand(state, 1) == ["Ah", "2h", "Ad", "4h"]
    assert hand(state, 2) == ["3h", "2d", "3d", "4d"]
    assert state.view(0)["hands"][1] == ["??"] * 4  # nobody looked
    assert state.to_act == (1,)


def test_a_swap_needs_two_different_cards() -> None:
    """CB-17: a card cannot be swapped with itself."""
    state = discard_power("Jc")
    rejected(state, 0, {"type": "swap", "a": [1, 0], "b": [1, 0]}, "two different cards")


@pytest.mark.parametrize("king", ["Ks", "Kh"])
def test_king_peeks_at_any_card_then_swaps_one_of_yours(king: str) -> None:
    """CB-18: a red or black king: first peek at any card (yours or anyone's), then swap one
    of your cards with any other card; the two steps may target different cards."""
    state = discard_power(king)
    assert state.view(0)["step"] == "king_peek"
    legal = wire_legal(state, 0)
    assert len(legal) == 1 + 12 and all(a["type"] in ("skip", "peek") for a in legal)
    rejected(state, 0, {"type": "swap", "a": [0, 0], "b": [1, 0]}, "asks for a peek")
    act(state, 0, "peek", seat=1, slot=3)
    assert state.view(0)["step"] == "king_swap"
    swaps = [a for a in wire_legal(state, 0) if a["type"] == "swap"]
    assert len(swaps) == 6 + 4 * 8  # pairs of own cards, and own x others
    assert all(0 in (a["a"][0], a["b"][0]) for a in swaps)
    rejected(
        state, 0, {"type": "swap", "a": [1, 0], "b": [2, 0]}, "one of the two cards must be yours"
    )
    rejected(state, 0, {"type": "peek", "seat": 1, "slot": 0}, "asks for a swap")
    act(state, 0, "swap", a=[0, 1], b=[2, 2])
    assert hand(state, 0)[1] == "3d" and hand(state, 2)[2] == "2s"
    assert state.to_act == (1,)


def test_king_any_order_may_swap_first_then_peek() -> None:
    """CB-18 (king_any_order): the swap may come first; then only the peek remains."""
    state = discard_power("Kc", king_any_order=True)
    assert state.view(0)["step"] == "king_either"
    kinds = {a["type"] for a in wire_legal(state, 0)}
    assert kinds == {"skip", "peek", "swap"}
    act(state, 0, "swap", a=[0, 0], b=[1, 0])
    assert state.view(0)["step"] == "king_peek_last"
    assert {a["type"] for a in wire_legal(state, 0)} == {"skip", "peek"}
    act(state, 0, "peek", seat=0, slot=0)
    assert state.view(0)["hands"][0][0] == "Ah"
    assert state.to_act == (1,)


def test_king_any_order_may_still_peek_first() -> None:
    """CB-18 (king_any_order): peek first, then the swap, as in the standard order."""
    state = discard_power("Kc", king_any_order=True)
    act(state, 0, "peek", seat=2, slot=0)
    assert state.view(0)["step"] == "king_swap"
    act(state, 0, "skip")
    assert state.to_act == (1,)


def test_every_power_step_may_be_skipped() -> None:
    """CB-18 ("跳过技能" skips the current step): skipping a king's peek leaves its swap;
    skipping that ends the turn with nothing changed."""
    state = discard_power("Kd")
    before = state.full_view()["hands"]
    (skip,) = act(state, 0, "skip")
    assert skip.for_seat(1) == {"type": "skip", "seat": 0, "step": "king_peek"}
    assert state.view(0)["step"] == "king_swap"
    act(state, 0, "skip")
    assert state.full_view()["hands"] == before
    assert state.to_act == (1,) and state.view(0)["phase"] == "turn"


def test_a_step_with_no_possible_target_is_skipped_by_itself() -> None:
    """CB-17 with lock_caller: when fewer than two cards may be swapped the J's swap has no
    target and is skipped by itself — here it ends the round."""
    state = table(P0, ["5s", "5h", "5d", "Kh"], start="5c", deck=["Jd"], lock_caller=True)
    act(state, 0, "call")
    for slot in range(3):  # CB-21: seat 1 snaps its three fives in a row
        act(state, 1, "snap", seat=1, slot=slot)
    act(state, 1, "draw")
    events = act(state, 1, "discard")
    assert [e.type for e in events] == ["discard", "power", "end"]
    assert state.is_over()


def test_knowledge_follows_the_card_through_a_swap() -> None:
    """CB-19: a seat that knew a card still knows it after a swap, wherever it went, and
    no longer knows what came into the old slot; everyone sees which slots moved."""
    state = discard_power("Qd")
    assert state.view(1)["hands"][1] == ["??", "??", "3h", "4h"]
    act(state, 0, "swap", a=[1, 2], b=[2, 0])
    view = state.view(1)
    assert view["hands"][1] == ["??", "??", "??", "4h"]
    assert view["hands"][2] == ["3h", "??", "??", "??"]
    assert view["known_by"][2][0] == [1] and view["known_by"][1][2] == []
    # seat 2 knew its slot 3 (0-based 2): untouched by the swap, still known.
    assert state.view(2)["hands"][2] == ["??", "??", "3d", "4d"]


def test_the_seed_king_example_peek_a_2_then_give_away_a_known_10() -> None:
    """CB-18, CB-19 (seed): "先看对手右下是 2，再把自己已知的 10 换给对手" — peek at the
    opponent's bottom-right 2, then swap your known 10 with it: you now know you hold the 2
    and where your 10 went."""
    state = discard_power("Ks", ["As", "2s", "Td", "4s"], ["Ah", "3h", "5h", "2c"])
    act(state, 0, "peek", seat=1, slot=3)
    act(state, 0, "swap", a=[0, 2], b=[1, 3])
    assert state.view(0)["hands"] == [["??", "??", "2c", "4s"], ["??", "??", "??", "Td"]]
    assert state.view(1)["hands"][1] == ["??", "??", "5h", "??"]


def test_the_seed_jack_example_swap_a_known_10_for_an_unknown_card() -> None:
    """CB-17, CB-19 (seed): "你知道自己的左下是 10，就可以用它和对手一张未知牌互换" — the
    10 leaves, what arrives stays unknown."""
    state = discard_power("Jh", ["As", "2s", "Td", "4s"], P1)
    assert can(state, 0, "swap", a=[0, 2], b=[1, 0])
    act(state, 0, "swap", a=[0, 2], b=[1, 0])
    assert state.view(0)["hands"] == [["??", "??", "??", "4s"], ["Td", "??", "??", "??"]]
    assert state.view(1)["hands"][0] == ["??", "??", "??", "??"]


def test_lock_caller_keeps_the_callers_cards_out_of_swaps() -> None:
    """CB-17, CB-18 with lock_caller: after the call the caller's cards cannot be swapped
    by a J, Q or K; they may still be peeked at."""
    state = table(P0, P1, P2, start="5c", deck=["Qd", "Kd", "6c"], lock_caller=True)
    act(state, 0, "call")
    act(state, 1, "draw")
    act(state, 1, "discard")
    swaps = [a for a in wire_legal(state, 1) if a["type"] == "swap"]
    assert len(swaps) == 8 * 7 // 2 and all(0 not in (a["a"][0], a["b"][0]) for a in swaps)
    rejected(state, 1, {"type": "swap", "a": [0, 0], "b": [1, 0]}, "Seat 0 called Cambio")
    act(state, 1, "skip")
    act(state, 2, "draw")
    act(state, 2, "discard")
    assert can(state, 2, "peek", seat=0, slot=0)
    act(state, 2, "peek", seat=0, slot=0)
    swaps = [a for a in wire_legal(state, 2) if a["type"] == "swap"]
    assert len(swaps) == 6 + 4 * 4 and all(0 not in (a["a"][0], a["b"][0]) for a in swaps)


def test_king_swaps_are_every_pair_with_one_of_yours_in_order() -> None:
    """CB-18: the swap step lists each pair with at least one of the player's cards once,
    lower position first, in table order — here with uneven hands and an empty slot."""
    state = table(["7s", "7h", "3s", "4s"], P1, P2, start="7d", deck=["2c", "6c", "Kd"])
    act(state, 0, "snap", seat=0, slot=0)
    act(state, 0, "snap", seat=0, slot=2)  # no match: a penalty card in slot 5
    act(state, 0, "draw")
    act(state, 0, "replace", slot=1)  # the 7 goes: peek (skipped), then seat 1
    act(state, 0, "skip")
    act(state, 1, "draw")
    act(state, 1, "discard")  # the K: peek, then swap
    act(state, 1, "skip")
    positions = [
        (s, i) for s, h in enumerate(state.full_view()["hands"]) for i, c in enumerate(h) if c
    ]
    expected = [
        {"type": "swap", "a": list(a), "b": list(b)}
        for x, a in enumerate(positions)
        for b in positions[x + 1 :]
        if 1 in (a[0], b[0])
    ]
    assert [a for a in wire_legal(state, 1) if a["type"] == "swap"] == expected
    assert len(expected) == 6 + 4 * (4 + 4)

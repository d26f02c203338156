"""The examples of the rules page (seed ``000_b29b2f252f137df1.txt``), played on stacked
decks as the practice table deals them: four players, the user in seat 0."""

from __future__ import annotations

from cardtable.games.cambio import score_hand

from .helpers import act, events_of, hand, table, wire_legal

BOTS = (["Tc", "Js", "Qd", "8h"], ["Th", "Jc", "Qc", "8s"])  # 38 points each


def test_your_first_two_clues_9_and_4() -> None:
    """CB-8 (seed: "左下是 9，右下是 4"): after the set-up peek seat 0 knows its slots 3
    and 4 — a 9 and a 4 — and nothing else."""
    state = table(["Kc", "3d", "9s", "4h"], ["Ah", "2h", "3h", "5h"], *BOTS, start="6c")
    assert state.view(0)["hands"][0] == ["??", "??", "9s", "4h"]
    assert all(slot == "??" for other in state.view(0)["hands"][1:] for slot in other)


def test_peek_with_an_8_finds_a_red_king() -> None:
    """CB-15 (seed: "弃掉 8，查看左上角：是红 K"): discarding an 8 lets you look at your
    top-left card: a red K, worth −1, which you now keep in mind."""
    state = table(["Kh", "3d", "9s", "4h"], ["Ah", "2h", "3h", "5h"], *BOTS, start="6c",
                  deck=["8d"])  # fmt: skip
    act(state, 0, "draw")
    act(state, 0, "discard")
    (peek,) = act(state, 0, "peek", seat=0, slot=0)
    assert peek.for_seat(0)["card"] == "Kh"
    assert state.view(0)["hands"][0] == ["Kh", "??", "9s", "4h"]


def test_replace_the_known_9_with_a_drawn_2_then_peek_with_the_9() -> None:
    """CB-12, CB-13, CB-16 (seed: "用 2 换掉已知的 9…9 被正常弃掉，因此还能看一张对手的
    牌"): keep the drawn 2 in the 9's slot; the 9 goes onto the pile normally, so its
    power lets you look at an opponent's card."""
    state = table(["Kc", "3d", "9s", "4h"], ["Ah", "2h", "3h", "5h"], *BOTS, start="6c",
                  deck=["2c"])  # fmt: skip
    (draw,) = act(state, 0, "draw")
    assert draw.for_seat(0)["card"] == "2c"
    events = act(state, 0, "replace", slot=2)
    assert [e.type for e in events] == ["replace", "power"]
    assert state.view(1)["discard"] == ["6c", "9s"]
    assert state.view(0)["hands"][0] == ["??", "??", "2c", "4h"]
    assert {a["type"] for a in wire_legal(state, 0)} == {"skip", "peek"}
    (peek,) = act(state, 0, "peek", seat=2, slot=1)
    assert peek.for_seat(0)["card"] == "Js"
    assert state.view(0)["hands"][2] == ["??", "Js", "??", "??"]
    assert state.to_act == (1,)


def test_joker_ace_three_red_king_is_3_points() -> None:
    """CB-2, CB-32 (seed: "Joker、A、3、红 K，总分为 0 + 1 + 3 − 1 = 3 分")."""
    assert score_hand(["RJ", "As", "3c", "Kh"]) == 3
    state = table(["RJ", "As", "3c", "Kh"], ["Ah", "2h", "3h", "5h"], *BOTS, start="6c",
                  deck=["6h", "6s", "5c"])  # fmt: skip
    act(state, 0, "call")
    for seat in (1, 2, 3):
        act(state, seat, "draw")
        act(state, seat, "discard")
    assert state.outcome().scores == (3.0, 11.0, 38.0, 38.0)
    assert state.outcome().winners == (0,)


def test_seven_points_wins_against_12_15_18_and_ties_share_the_win() -> None:
    """CB-32 (seed: "1 + 3 − 1 + 4 = 7。其他三人若为 12、15、18 分，你获胜；若另一人也是
    7 分且无人更低，则并列获胜")."""
    assert score_hand(["As", "3c", "Kd", "4h"]) == 7
    for other, winners in ((["Ah", "2h", "9c", "RJ"], (0,)), (["Ah", "2h", "4c", "RJ"], (0, 1))):
        state = table(["As", "3c", "Kd", "4h"], other, ["5d", "Tc", "Kc", "BJ"],
                      ["8d", "Th", "Ks", "2d"], start="6c", deck=["6h", "6s", "5c"])  # fmt: skip
        act(state, 0, "call")
        for seat in (1, 2, 3):
            act(state, seat, "draw")
            act(state, seat, "discard")
        assert state.outcome().winners == winners


def test_the_caller_can_lose_on_the_last_turn() -> None:
    """CB-31, CB-33 (seed: "你以 7 分宣布 Cambio，对手原本 12 分。最后一手，对手用 2 换掉
    9，变成 5 分…这位对手最终获胜"): seat 0 calls with 7; on its last turn seat 1
    replaces its known 9 with a drawn 2 and ends with 5, lower than everyone: it wins and
    the caller does not."""
    state = table(["Ac", "3d", "Kh", "4s"], ["Ad", "2c", "9h", "BJ"], *BOTS, start="3h",
                  deck=["2d", "4c", "5c"])  # fmt: skip
    assert state.view(1)["hands"][1] == ["??", "??", "9h", "BJ"]
    act(state, 0, "call")
    act(state, 1, "draw")
    act(state, 1, "replace", slot=2)  # the 9 fires its peek: seat 1 skips it
    act(state, 1, "skip")
    for seat in (2, 3):
        act(state, seat, "draw")
        events = act(state, seat, "discard")
    (end,) = events_of(events, "end")
    assert end.data["scores"] == [7, 5, 38, 38]
    assert state.outcome().winners == (1,)
    assert hand(state, 1) == ["Ad", "2c", "2d", "BJ"]

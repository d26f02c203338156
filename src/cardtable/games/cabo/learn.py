# ruff: noqa: E501  (sentences of the pages, kept whole)
"""Cabo's learning pages (docs/learn.md): its live examples and tutorial as stacked
decks, set-up moves, scripts and their words. Every position is reached by the real
engine; nothing here decides a rule. Seat 0 is the reader; the other seats follow the
script."""

from __future__ import annotations

from cardtable.core.lesson import Scenario, T, bot, me

DRAW = {"type": "draw"}
DISCARD = {"type": "discard"}
CALL = {"type": "call"}

CA2 = {"players": 2, "rounds": 1}
SCENARIOS = [
    Scenario(
        "exchange",
        "example",
        T("Multi-card exchange", "同数字置换"),
        T(
            "You know your first two cards: both 6. Draw and put the new card in place of both.",
            "你知道前两张都是 6。抽牌后用新牌同时替换它们。",
        ),
        CA2,
        ["6", "6", "11", "3", "8", "9", "4", "10", "2", "4"],
        [
            me(DRAW, "Draw a card.", "抽一张牌。"),
            me(
                {"type": "replace", "slots": [0, 1]},
                "A 2. Select both 6s, then confirm the exchange.",
                "是 2。选中两张 6，再确认置换。",
                "Select both 6s (slots 1 and 2) and exchange.",
                "选中两张 6（1、2 号位）再置换。",
            ),
            bot(DRAW),
            bot(DISCARD, "The bot discards a 4.", "电脑弃掉 4。"),
        ],
        T(
            "Both 6s went to the pile and the 2 took one place: 12 points became 2, and your row has 3 cards.",
            "两张 6 进入弃牌堆，2 占了一个位置：12 分变成 2 分，手牌剩 3 张。",
        ),
    ),
    Scenario(
        "kamikaze",
        "example",
        T("Kamikaze", "神风（Kamikaze）"),
        T(
            "You call Cabo with a low hand, but the opponent holds 12, 12, 13 and draws the last 13…",
            "你以低分宣告 Cabo，但对手手里是 12、12、13，又抽到最后一张 13……",
        ),
        CA2,
        ["1", "2", "3", "4", "12", "12", "13", "5", "13", "9"],
        [
            me(CALL, "Call Cabo.", "宣告 Cabo。"),
            bot(DRAW, "The opponent draws a 13…", "对手抽到 13……"),
            bot(
                {"type": "replace", "slots": [3]},
                "…and replaces the 5 with it: 12, 12, 13, 13.",
                "……用它换掉 5：12、12、13、13。",
            ),
        ],
        T(
            "Kamikaze: the opponent scores 0 and you score 50, whatever you held.",
            "神风：对手得 0 分，你无论手牌多少都得 50 分。",
        ),
    ),
    Scenario(
        "tutorial",
        "tutorial",
        T("Your first round of Cabo", "第一局 Cabo"),
        T(
            "Two players, one round, a prepared deck. You know your first two cards: 1 and 9.",
            "两人、一局、准备好的牌。你知道前两张：1 和 9。",
        ),
        CA2,
        ["1", "9", "10", "4", "8", "11", "12", "6", "0", "5", "7", "3", "5", "2"],
        [
            me(DRAW, "Draw a card from the deck.", "从牌库抽一张。"),
            me(
                {"type": "replace", "slots": [1]},
                "A 0! Replace your 9 with it (select slot 2, then Replace).",
                "是 0！用它替换你的 9（选中 2 号位再替换）。",
                "Put the 0 in place of the 9 (slot 2).",
                "把 0 放到 9 的位置（2 号位）。",
            ),
            bot(DRAW),
            bot(DISCARD, "The bot discards a 5.", "电脑弃掉 5。"),
            me(DRAW, "Draw.", "抽牌。"),
            me(DISCARD, "A 7 is a peek: discard it to use it.", "7 是偷看牌：弃掉它以发动。"),
            me({"type": "peek", "seat": 0, "slot": 2}, "Peek at your slot 3.", "查看你的 3 号位。"),
            bot(DRAW),
            bot(DISCARD, "The bot discards a 3.", "电脑弃掉 3。"),
            me(
                {"type": "take_discard"},
                "Your slot 3 is a 10. Take the 3 from the discard pile.",
                "你的 3 号位是 10。拾取弃牌堆的 3。",
            ),
            me({"type": "replace", "slots": [2]}, "Replace the 10 with it.", "用它替换 10。"),
            bot(DRAW),
            bot(DISCARD),
            me(CALL, "About 8 points in hand: call Cabo.", "手里约 8 分：宣告 Cabo。"),
            bot(DRAW, "The bot's last turn.", "电脑的最后一回合。"),
            bot(DISCARD),
        ],
        T(
            "Your sum was the lowest, so as the caller you score 0. Next: a real game against easy bots.",
            "你的分数最低，作为宣告者得 0 分。下一步：和简单电脑打一局。",
        ),
        seed=2,
    ),
]

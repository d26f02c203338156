# ruff: noqa: E501  (sentences of the pages, kept whole)
"""Cambio's learning pages (docs/learn.md): its live examples and tutorial as stacked
decks, set-up moves, scripts and their words. Every position is reached by the real
engine; nothing here decides a rule. Seat 0 is the reader; the other seats follow the
script."""

from __future__ import annotations

from cardtable.core.lesson import Scenario, T, bot, me

DRAW = {"type": "draw"}
DISCARD = {"type": "discard"}
CALL = {"type": "call"}
SKIP = {"type": "skip"}
CB2 = {"players": 2, "memory_aid": True}

CLUES_DECK = ["5c", "Jd", "9s", "4h", "Th", "Qc", "8d", "6s", "3d", "2d", "4c"]
SCENARIOS = [
    Scenario(
        "clues",
        "example",
        T("Your clues are 9 and 4", "你的线索是 9 和 4"),
        T(
            "At the start you saw your two nearest cards: bottom left is 9, bottom right is 4. Remember value and place.",
            "开局你看了离自己最近的两张：左下是 9，右下是 4。把点数和位置一起记住。",
        ),
        CB2,
        CLUES_DECK,
        [
            me(
                DRAW,
                "Your 9 and 4 stay face up for you (the memory aid). Now draw: click the deck.",
                "9 和 4 对你保持可见（记忆辅助）。现在抽牌：点击牌库。",
            )
        ],
        T(
            "You drew a 2, lower than your known 9. The next example shows what to do with it.",
            "你抽到 2，比已知的 9 小。下一个示例告诉你怎么用它。",
        ),
    ),
    Scenario(
        "replace9",
        "example",
        T("Replace the known 9 with a 2", "用 2 换掉已知的 9"),
        T(
            "Four steps: draw, keep the 2 in place of the 9, use the 9's power, watch the opponent.",
            "四步：抽牌，用 2 换掉 9，发动 9 的技能，再看对手行动。",
        ),
        CB2,
        CLUES_DECK,
        [
            me(DRAW, "Step 1 of 4: draw a card.", "第 1 步（共 4 步）：抽一张牌。"),
            me(
                {"type": "replace", "slot": 2},
                "Step 2: you drew a 2. Keep it: click your 9 (slot 3) to replace it.",
                "第 2 步：你抽到 2。保留它：点击你的 9（3 号位）替换。",
                "Replace the 9 (slot 3): a 2 instead of a 9 saves 7 points.",
                "请替换 9（3 号位）：用 2 换 9 少 7 分。",
            ),
            me(
                {"type": "peek", "seat": 1, "slot": 3},
                "Step 3: the 9 went onto the pile normally, so its power works: peek at the opponent's slot 4.",
                "第 3 步：9 被正常弃掉，技能发动：查看对手的 4 号位。",
                "Peek at the opponent's slot 4 for this example.",
                "本示例请查看对手的 4 号位。",
            ),
            bot(DRAW, "Step 4: the opponent draws…", "第 4 步：对手抽牌……"),
            bot(DISCARD, "…and discards a 4: no power.", "……弃掉 4：没有技能。"),
        ],
        T(
            "Your hand went from 9 + 4 to 2 + 4, and you know one of the opponent's cards (a 6).",
            "你的已知牌从 9 + 4 变成 2 + 4，还知道了对手的一张牌（6）。",
        ),
    ),
    Scenario(
        "king",
        "example",
        T("K: peek, then swap", "K：先看再换"),
        T(
            "You know your bottom left is a 10. Draw, discard the king, look at the opponent's bottom right, and give them your 10.",
            "你知道自己左下是 10。抽牌、弃掉 K、查看对手右下，再把你的 10 换给对手。",
        ),
        CB2,
        ["5c", "Jd", "Th", "4h", "Qc", "8d", "6s", "2c", "3d", "Ks", "4c"],
        [
            me(DRAW, "Draw a card.", "抽一张牌。"),
            me(DISCARD, "A king! Discard it to use its power.", "抽到 K！弃掉它以发动技能。"),
            me(
                {"type": "peek", "seat": 1, "slot": 3},
                "First step: peek at the opponent's slot 4.",
                "第一步：查看对手的 4 号位。",
            ),
            me(
                {"type": "swap", "a": [0, 2], "b": [1, 3]},
                "It is a 2. Now swap your 10 (slot 3) with it: click your 10, then their 2.",
                "是 2。现在用你的 10（3 号位）和它交换：先点你的 10，再点对手的 2。",
            ),
        ],
        T(
            "Your 10 became their 2: you saved 8 points and they gained 8.",
            "你的 10 换成了对手的 2：你少 8 分，对手多 8 分。",
        ),
    ),
    Scenario(
        "snap",
        "example",
        T("Snap a 4", "同点弃牌：4"),
        T(
            "The top discard is a 4♣ and you know your bottom right is a 4♥: same rank, suit does not matter.",
            "弃牌堆顶是 4♣，你知道右下是 4♥：同点数，不看花色。",
        ),
        CB2,
        ["5c", "Jd", "9s", "4h", "Th", "Qc", "8d", "6s", "4c", "2d", "7c"],
        [
            me(
                {"type": "snap", "seat": 0, "slot": 3},
                "Before drawing, snap your 4: press Snap…, then your 4 (slot 4).",
                "抽牌前弃掉你的 4：点「同点弃牌…」，再点你的 4（4 号位）。",
            )
        ],
        T(
            "It matched: the slot stays empty and your hand is one card shorter. A wrong snap costs a penalty card.",
            "匹配成功：位置空出，手牌少一张。若匹配失败要加一张罚牌。",
        ),
    ),
    Scenario(
        "score3",
        "example",
        T("Joker, A, 3, red K = 3", "Joker、A、3、红 K = 3 分"),
        T(
            "Your cards are a joker, an ace, a 3 and a red king. Call Cambio and let the engine count.",
            "你的牌是 Joker、A、3 和红 K。宣布 Cambio，让引擎来计分。",
        ),
        CB2,
        ["RJ", "As", "3c", "Kh", "Th", "Qc", "8d", "6s", "3d", "4c", "5c"],
        [
            me(CALL, "Call Cambio.", "宣布 Cambio。"),
            bot(DRAW, "The opponent takes one last turn…", "对手进行最后一个回合……"),
            bot(DISCARD),
        ],
        T("0 + 1 + 3 − 1 = 3: the lowest total wins.", "0 + 1 + 3 − 1 = 3：最低分获胜。"),
    ),
    Scenario(
        "upset",
        "example",
        T("The last turn can upset the call", "最后一回合也可能翻盘"),
        T(
            "You call with 7. The opponent has 12, but a 9 they know about…",
            "你以 7 分宣布。对手原本 12 分，但他知道自己有一张 9……",
        ),
        CB2,
        ["As", "2s", "3c", "Ah", "BJ", "Ac", "9d", "2h", "3d", "2c", "5c"],
        [
            me(CALL, "Call Cambio with your 7 points.", "以 7 分宣布 Cambio。"),
            bot(DRAW, "Last turn: the opponent draws a 2…", "最后一回合：对手抽到 2……"),
            bot({"type": "replace", "slot": 2}, "…and replaces the 9 with it.", "……用它换掉 9。"),
            bot(SKIP, "The 9's peek is skipped.", "跳过 9 的窥视。"),
        ],
        T(
            "12 − 9 + 2 = 5 beats your 7: calling does not win by itself.",
            "12 − 9 + 2 = 5，低于你的 7：宣布不等于获胜。",
        ),
    ),
    Scenario(
        "tutorial",
        "tutorial",
        T("Your first game of Cambio", "第一局 Cambio"),
        T(
            "A two-player game on a prepared deck. Follow the steps; a different click is explained, never punished.",
            "在准备好的牌上进行的两人对局。按步骤操作；点错只会得到解释，不会受罚。",
        ),
        CB2,
        [
            "8c",
            "Kh",
            "9s",
            "4h",
            "Qd",
            "Td",
            "6c",
            "5s",
            "3d",
            "As",
            "6d",
            "7h",
            "5d",
            "2c",
            "4d",
            "3s",
        ],
        [
            me(
                DRAW,
                "You know your slots 3 and 4 (9 and 4). Your turn: draw a card from the deck.",
                "你知道 3、4 号位（9 和 4）。轮到你：从牌库抽一张。",
            ),
            me(
                {"type": "replace", "slot": 2},
                "An ace (1 point). Keep it in place of your 9: click the 9.",
                "A（1 分）。用它替换你的 9：点击 9。",
                "Click your 9 (slot 3): the ace is 8 points better.",
                "点击你的 9（3 号位）：A 比它少 8 分。",
            ),
            me(
                {"type": "peek", "seat": 1, "slot": 0},
                "The 9 went to the pile: peek at one opponent card — their slot 1.",
                "9 进了弃牌堆：查看对手一张牌——他的 1 号位。",
                "For this game, peek at their slot 1.",
                "本局请查看对手的 1 号位。",
            ),
            bot(DRAW, "The bot draws…", "电脑抽牌……"),
            bot(DISCARD, "…and discards a 6.", "……弃掉 6。"),
            me(DRAW, "No 6 in your hand to snap. Draw.", "你没有 6 可以同点弃牌。抽牌。"),
            me(
                DISCARD,
                "A 7: discarding it lets you peek at one of your own cards. Discard it.",
                "7：弃掉它可以查看自己一张牌。弃掉它。",
                "Discard the 7 to use its power.",
                "弃掉 7 以发动技能。",
            ),
            me({"type": "peek", "seat": 0, "slot": 0}, "Peek at your slot 1.", "查看你的 1 号位。"),
            bot(DRAW),
            bot(DISCARD, "The bot discards a 5.", "电脑弃掉 5。"),
            me(DRAW, "Draw again.", "再抽一张。"),
            me(
                {"type": "replace", "slot": 0},
                "A 2: replace the 8 you just saw (slot 1).",
                "2：替换你刚看到的 8（1 号位）。",
            ),
            me(
                {"type": "peek", "seat": 0, "slot": 1},
                "The 8 is a power card too: peek at your slot 2.",
                "8 也是技能牌：查看你的 2 号位。",
            ),
            bot(DRAW),
            bot(DISCARD, "The bot discards a 4.", "电脑弃掉 4。"),
            me(
                {"type": "snap", "seat": 0, "slot": 3},
                "The top discard is a 4 and so is your slot 4: snap it (Snap…, then the card).",
                "弃牌堆顶是 4，你的 4 号位也是 4：同点弃牌（点「同点弃牌…」再点这张牌）。",
                "Snap your 4 first: a free card less.",
                "先弃掉你的 4：白白少一张牌。",
            ),
            me(
                CALL,
                "You hold 2, red K, A: 2 points. Call Cambio!",
                "你手里是 2、红 K、A：共 2 分。宣布 Cambio！",
            ),
            bot(DRAW, "The bot's last turn.", "电脑的最后一回合。"),
            bot(DISCARD),
        ],
        T(
            "You won with 2 points. Next: play a real game against easy bots.",
            "你以 2 分获胜。下一步：和简单电脑打一局真正的牌。",
        ),
    ),
]

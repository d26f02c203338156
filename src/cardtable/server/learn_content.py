# ruff: noqa: E501  (sentences of the pages, kept whole)
"""The scenarios of the learning pages of the games not yet moved into their packages
(issue 21; a moved game keeps them in ``games/<game>/learn.py``): stacked decks, set-up
moves, scripts and their words (docs/learn.md). Every position is reached by the real
engine; nothing here decides a rule. Seat 0 is the reader; the other seats follow the
script."""

from __future__ import annotations

from cardtable.core.lesson import Scenario, T, bot, me

PASS = {"type": "pass"}

# -- Gan Deng Yan ------------------------------------------------------------------------
G2 = {"players": 2, "hands": 1}
GANDENGYAN = [
    Scenario(
        "straight",
        "example",
        T("4-5-6 only by 5-6-7", "4-5-6 只能被 5-6-7 管"),
        T("The opponent leads 4-5-6. You hold 5-6-7-8.", "对手首出 4-5-6。你有 5-6-7-8。"),
        G2,
        ["5c", "6s", "7h", "8d", "Kc", "4d", "5h", "6d", "9c", "9s", "Js"],
        [
            bot(
                {"type": "play", "cards": ["4d", "5h", "6d"]},
                "The opponent plays 4-5-6.",
                "对手出 4-5-6。",
            ),
            me(
                {"type": "play", "cards": ["5c", "6s", "7h"]},
                "Only a straight exactly one higher beats it: select 5, 6, 7 and play.",
                "只有恰好大一级的顺子能管：选 5、6、7 出牌。",
                "6-7-8 is two ranks higher: not allowed. Play 5-6-7.",
                "6-7-8 大了两级，不行。请出 5-6-7。",
            ),
        ],
        T("5-6-7 beat 4-5-6; 6-7-8 never could.", "5-6-7 管住了 4-5-6；6-7-8 不能管。"),
        seed=0,
    ),
    Scenario(
        "bomb",
        "example",
        T("A bomb beats a 2", "炸弹管 2"),
        T(
            "The opponent leads a 2, the top single. Only a bomb beats it.",
            "对手首出单张 2，单张最大。只有炸弹能管。",
        ),
        G2,
        ["9s", "9h", "9d", "9c", "3c", "2s", "4c", "6h", "8s", "Td", "Qh"],
        [
            bot({"type": "play", "cards": ["2s"]}, "The opponent plays a 2.", "对手出 2。"),
            me(
                {"type": "play", "cards": ["9c", "9d", "9h", "9s"]},
                "Select your four 9s and play the bomb.",
                "选中四张 9，出炸弹。",
            ),
            bot(PASS, "The opponent cannot answer.", "对手管不住。"),
        ],
        T(
            "Your bomb won the trick, and every bomb doubles what the losers pay.",
            "炸弹赢下这一轮，而且每个炸弹都让输家付分翻倍。",
        ),
        seed=0,
    ),
    Scenario(
        "payment",
        "example",
        T("Shut out", "关门"),
        T(
            "You deal and hold 3-4-5-6-7-8. The opponent never gets to play.",
            "你是庄家，手里 3-4-5-6-7-8。对手一张都出不了。",
        ),
        G2,
        ["3c", "4d", "5h", "6s", "7c", "8d", "Kc", "Kd", "Jh", "9s", "RJ"],
        [
            me(
                {"type": "play", "cards": ["3c", "4d", "5h", "6s", "7c", "8d"]},
                "Play all six as one straight.",
                "六张一起作为顺子打出。",
            )
        ],
        T(
            "The opponent pays 5 cards × 2 (a joker left) × 2 (shut out) = 20.",
            "对手付 5 张 × 2（剩一张王）× 2（关门）= 20 分。",
        ),
    ),
    Scenario(
        "tutorial",
        "tutorial",
        T("Your first hand of Gan Deng Yan", "第一手干瞪眼"),
        T(
            "Two players, you deal (6 cards). Empty your hand first.",
            "两人对局，你是庄家（6 张）。先出完者胜。",
        ),
        G2,
        ["3c", "3d", "7s", "8h", "9d", "Kc", "5s", "5h", "Ts", "Jh", "6c", "Kd", "4c", "3h", "9c"],
        [
            me(
                {"type": "play", "cards": ["7s", "8h", "9d"]},
                "Lead the straight 7-8-9: select the three cards and play.",
                "首出顺子 7-8-9：选中三张出牌。",
                "Lead 7-8-9 now; keep the 3s and the K for later.",
                "先出 7-8-9，3 和 K 留到后面。",
            ),
            bot(
                PASS, "The bot would need exactly 8-9-10: it passes.", "电脑需要恰好 8-9-10：不要。"
            ),
            me(
                {"type": "play", "cards": ["Kc", "Kd"]},
                "You won the trick and drew a K. Lead the pair of kings.",
                "你赢了这一轮并摸到 K。首出对 K。",
                "Lead the two kings.",
                "首出两张 K。",
            ),
            bot(PASS, "Only a pair of aces or 2s would do: pass.", "只有对 A 或对 2 能管：不要。"),
            me(
                {"type": "play", "cards": ["3c", "3d", "3h"]},
                "You drew a third 3: lead the triple and go out.",
                "你摸到第三张 3：首出三张 3，出完手牌。",
            ),
        ],
        T(
            "You went out first. The bot never played: shut out, it pays double. Next: a real game against easy bots.",
            "你先出完。电脑一张没出：关门，付双倍。下一步：和简单电脑打一局。",
        ),
    ),
]

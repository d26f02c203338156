# ruff: noqa: E501  (sentences of the pages, kept whole)
"""Caravan's learning pages (docs/learn.md): its live examples and tutorial as stacked
decks, set-up moves, scripts and their words. Every position is reached by the real
engine; nothing here decides a rule. Seat 0 is the reader; the other seats follow the
script."""

from __future__ import annotations

from typing import Any

from cardtable.core.lesson import B, R, Scenario, T, bot, me

MINE = ["9h", "5c", "Tc", "3d", "7d", "Ks", "Jh", "RJ", "2s", "4s", "6d", "8c"]
THEIRS = ["6h", "8s", "4c", "2c", "3c", "Ac", "5d", "9d", "Td", "7c", "Qs", "Kc"]
OPENING = [
    (R, {"type": "play", "card": "9h", "caravan": 0}),
    (B, {"type": "play", "card": "6h", "caravan": 0}),
    (R, {"type": "play", "card": "5c", "caravan": 1}),
    (B, {"type": "play", "card": "8s", "caravan": 1}),
    (R, {"type": "play", "card": "Tc", "caravan": 2}),
    (B, {"type": "play", "card": "4c", "caravan": 2}),
]


def card(c: str, caravan: int, seat: int | None = None, index: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "play", "card": c}
    if seat is not None:
        out |= {"seat": seat, "caravan": caravan, "index": index}
    else:
        out["caravan"] = caravan
    return out


SCENARIOS = [
    Scenario(
        "direction",
        "example",
        T("The second card sets the direction", "第二张牌决定方向"),
        T(
            "Your first caravan holds a 9. Put a 3 on it: the caravan goes down.",
            "你的第一条路线上是 9。放上 3：路线变为下降。",
        ),
        {},
        [MINE, THEIRS],
        [
            me(
                card("3d", 0),
                "Select the 3♦ and drop it on your first caravan.",
                "选中 3♦，放到你的第一条路线上。",
            ),
            bot(
                card("2c", 2),
                "The opponent plays a 2 on their third caravan.",
                "对手在第三条路线上放 2。",
            ),
        ],
        T(
            "9 then 3: descending. Now only lower cards — or diamonds — may follow.",
            "9 后接 3：下降。之后只能接更小的牌——或方块。",
        ),
        prelude=OPENING,
        strict=True,
    ),
    Scenario(
        "suit",
        "example",
        T("The suit lets you turn", "花色可以改变方向"),
        T(
            "9♥ then 3♦: descending, in diamonds. A 7 is higher — but it is a diamond.",
            "9♥ 接 3♦：下降，花色方块。7 更大——但它是方块。",
        ),
        {},
        [MINE, THEIRS],
        [
            me(
                card("7d", 0),
                "Play the 7♦ on your first caravan: a card of the current suit always fits.",
                "把 7♦ 放到第一条路线：当前花色的牌总能打出。",
            ),
            bot(card("3c", 2), "The opponent plays on.", "对手继续出牌。"),
        ],
        T(
            "3 then 7: the caravan now goes up. Its value is 9 + 3 + 7 = 19.",
            "3 后接 7：路线改为上升。价值 9 + 3 + 7 = 19。",
        ),
        prelude=[*OPENING, (R, card("3d", 0)), (B, card("2c", 2))],
    ),
    Scenario(
        "faces",
        "example",
        T("King, jack and joker", "K、J 与鬼牌"),
        T(
            "Face cards attach to a number card: a king doubles it, a jack removes it, a joker removes its twins.",
            "花牌附在数字牌上：K 翻倍，J 移除，鬼牌移除同点或同花色的牌。",
        ),
        {},
        [MINE, THEIRS],
        [
            me(
                card("Ks", 1, 0, 0),
                "Put the K♠ on your 5♣ (second caravan): it counts 10.",
                "把 K♠ 放在你的 5♣（第二条路线）上：算 10 分。",
            ),
            bot(
                card("2c", 2),
                "The opponent adds a 2 to their third caravan.",
                "对手在第三条路线上加一张 2。",
            ),
            me(
                card("Jh", 1, 1, 0),
                "Now the J♥ on their 8♠ (their second caravan): it is gone.",
                "现在把 J♥ 放在对手的 8♠（对手第二条路线）上：它被移除。",
            ),
            bot(card("3c", 0), "The opponent plays a 3.", "对手出 3。"),
            me(
                card("RJ", 2, 1, 1),
                "Last, the joker on their 2♣: every other 2 on the table goes.",
                "最后，把鬼牌放在对手的 2♣ 上：桌上其他 2 都被移除。",
            ),
        ],
        T(
            "Kings double, jacks remove one card, a joker removes its rank (or, on an ace, its suit).",
            "K 翻倍，J 移除一张，鬼牌移除同点数的牌（放在 A 上则移除同花色）。",
        ),
        prelude=OPENING,
    ),
]

# The Caravan tutorial: a whole game on stacked decks, the reader first (seed 1).
TUTORIAL_MINE = [
    "Th",
    "8c",
    "6s",
    "5d",
    "9d",
    "Kc",
    "Jh",
    "RJ",
    "6d",
    "9s",
    "Qh",
    "7c",
    "2h",
    "4c",
    "3h",
    "Ah",
]
TUTORIAL_THEIRS = [
    "6c",
    "3d",
    "4s",
    "9c",
    "Td",
    "Ts",
    "9d",
    "9s",
    "Tc",
    "2c",
    "5h",
    "Ac",
    "8h",
    "3s",
    "7h",
]
TUTORIAL = Scenario(
    "tutorial",
    "tutorial",
    T("Your first game of Caravan", "第一局 Caravan"),
    T(
        "You and the bot each build three caravans; caravan 1 faces caravan 1, and so on. A caravan worth 21 to 26 that beats the one facing it sells; sell two of the three pairs to win. Select a card in your hand, then click where it goes. A different click is explained, never punished.",
        "你和电脑各建三条路线；你的第 1 条对着对手的第 1 条，依此类推。点数在 21 到 26 之间且胜过对面的路线会卖出；三组中卖出两组即获胜。先选中一张手牌，再点击要放的位置。点错只会得到解释，不会受罚。",
    ),
    {},
    [TUTORIAL_MINE, TUTORIAL_THEIRS],
    [
        me(
            card("Th", 0),
            "The opening: your first three turns each start an empty caravan with a number card (A–10), and you draw nothing yet. Start caravan 1 with the 10♥: select it, then click the + under your caravan 1.",
            "开局：前三个回合每回合用一张数字牌（A–10）开始一条空路线，这时不抽牌。用 10♥ 开始路线 1：选中它，再点你的路线 1 下方的 +。",
            "Start caravan 1 with the 10♥: a big first card gets you near 21 quickly.",
            "请用 10♥ 开始路线 1：大牌起步，更快接近 21。",
        ),
        bot(card("6c", 0), "The bot starts its caravan 1 with a 6♣.", "电脑用 6♣ 开始它的路线 1。"),
        me(
            card("8c", 1),
            "Opening, second turn: the 8♣ on your caravan 2.",
            "开局第二回合：把 8♣ 放到你的路线 2。",
            "Put the 8♣ on your caravan 2; the king in your hand will double it later.",
            "请把 8♣ 放到路线 2；你手里的 K 之后会让它翻倍。",
        ),
        bot(card("3d", 1), "The bot starts caravan 2 with a 3♦.", "电脑用 3♦ 开始路线 2。"),
        me(
            card("6s", 2),
            "Last opening turn: the 6♠ on your caravan 3. Face cards are not allowed during the opening.",
            "最后一个开局回合：把 6♠ 放到路线 3。开局阶段不能出花牌。",
            "Put the 6♠ on your caravan 3: every caravan needs its first card.",
            "请把 6♠ 放到路线 3：每条路线都需要第一张牌。",
        ),
        bot(
            card("4s", 2),
            "The bot starts caravan 3 with a 4♠. The opening is over: from now on, every card you play is replaced from your deck, so your hand stays at five.",
            "电脑用 4♠ 开始路线 3。开局结束：之后每打出一张牌都会从牌堆补一张，手牌保持五张。",
        ),
        me(
            card("5d", 0),
            "Direction: the second card of a caravan sets it. Put the 5♦ on your 10♥: lower, so caravan 1 goes down (↓). Gaps are fine.",
            "方向：路线的第二张牌决定方向。把 5♦ 放在 10♥ 后：更小，所以路线 1 变为下降（↓）。可以跳着出。",
            "Put the 5♦ on caravan 1 to see how the second card sets the direction.",
            "请把 5♦ 放到路线 1，看第二张牌如何决定方向。",
        ),
        bot(
            card("9c", 0),
            "The bot goes up on its caravan 1: 6 then 9, 15.",
            "电脑的路线 1 上升：6 接 9，共 15。",
        ),
        me(
            card("9d", 0),
            "Suit: caravan 1 goes down, so a 9 is too high — but its suit is now ♦ (the last card's), and a card of the current suit always fits. Play the 9♦ there: 10 + 5 + 9 = 24, between 21 and 26, so it sells.",
            "花色：路线 1 在下降，9 太大——但它现在的花色是 ♦（最后一张牌的花色），当前花色的牌总能打出。把 9♦ 放上去：10 + 5 + 9 = 24，在 21 到 26 之间，可以卖出。",
            "Play the 9♦ on caravan 1: the current suit lets a higher card in.",
            "请把 9♦ 放到路线 1：当前花色让更大的牌也能打出。",
        ),
        bot(
            card("Td", 1), "The bot adds a 10♦ to its caravan 2: 13.", "电脑在路线 2 上加 10♦：13。"
        ),
        me(
            {"type": "play", "card": "Kc", "seat": 0, "caravan": 1, "index": 0},
            "A king doubles the number card it is on. Select the K♣ and click your 8♣: caravan 2 is worth 16.",
            "K 让它所在的数字牌点数翻倍。选中 K♣，再点你的 8♣：路线 2 值 16。",
            "Put the K♣ on your 8♣ (caravan 2): doubled, the 8 counts 16.",
            "请把 K♣ 放在你的 8♣（路线 2）上：翻倍后 8 算 16。",
        ),
        bot(
            card("Ts", 2), "The bot adds a 10♠ to its caravan 3: 14.", "电脑在路线 3 上加 10♠：14。"
        ),
        me(
            card("6d", 1),
            "Put the 6♦ on caravan 2: 16 + 6 = 22, a second caravan that sells.",
            "把 6♦ 放到路线 2：16 + 6 = 22，第二条可以卖出的路线。",
            "Play the 6♦ on caravan 2: 22 is in range.",
            "请把 6♦ 放到路线 2：22 在范围内。",
        ),
        bot(
            card("9d", 1),
            "The bot answers with a 9♦ (its suit) on caravan 2: 22 against your 22. Equal values: neither sells until the tie is broken.",
            "电脑在路线 2 上出 9♦（同花色）：22 对你的 22。点数相同：打破平局之前双方都不卖出。",
        ),
        me(
            card("9s", 2),
            "Back to caravan 3: the 9♠ on your 6♠. It goes up now, in spades: 15.",
            "回到路线 3：把 9♠ 放在 6♠ 后。现在上升，花色黑桃：15。",
            "Play the 9♠ on caravan 3.",
            "请把 9♠ 放到路线 3。",
        ),
        bot(
            card("9s", 2),
            "The bot plays a 9♠ (its suit) on caravan 3: 23. That pair now sells for the bot.",
            "电脑在路线 3 上出 9♠（同花色）：23。这一组现在由电脑卖出。",
        ),
        me(
            {"type": "play", "card": "Qh", "seat": 0, "caravan": 2, "index": 1},
            "Your caravan 3 goes up from the 9, but your 7♣ is lower and not a spade. A queen on the last card reverses the direction and sets the suit to its own: put the Q♥ on your 9♠.",
            "你的路线 3 从 9 往上走，但 7♣ 更小又不是黑桃。放在最后一张牌上的 Q 会反转方向，并把花色改成 Q 的花色：把 Q♥ 放在你的 9♠ 上。",
            "Put the Q♥ on the 9♠ at the end of your caravan 3: it turns the caravan downwards.",
            "请把 Q♥ 放在路线 3 末尾的 9♠ 上：路线改为下降。",
        ),
        bot(
            card("Tc", 0),
            "The bot plays a 10♣ on caravan 1: 25 beats your 24, so pair 1 sells for the bot now. No sale is final until the game ends.",
            "电脑在路线 1 上出 10♣：25 胜过你的 24，第 1 组现在由电脑卖出。对局结束前卖出都不是最终结果。",
        ),
        me(
            card("7c", 2),
            "Caravan 3 now goes down, so the 7♣ fits: 6 + 9 + 7 = 22. (The bot's 23 still beats it — for now.)",
            "路线 3 现在下降，7♣ 可以放：6 + 9 + 7 = 22。（电脑的 23 暂时还更高。）",
            "Play the 7♣ on caravan 3: after the queen it goes down.",
            "请把 7♣ 放到路线 3：放了 Q 之后它在下降。",
        ),
        bot({"type": "discard", "card": "2c"}, "The bot discards a 2♣.", "电脑弃掉 2♣。"),
        me(
            {"type": "play", "card": "Jh", "seat": 1, "caravan": 0, "index": 2},
            "A jack removes the number card it is played on, with its attachments. Put the J♥ on the bot's 10♣: their caravan 1 drops to 15 and pair 1 is yours again.",
            "J 会移除它所放上的数字牌及其附牌。把 J♥ 放在电脑的 10♣ 上：它的路线 1 降到 15，第 1 组又归你。",
            "Put the J♥ on the bot's 10♣ (their caravan 1): it is the card that beats your 24.",
            "请把 J♥ 放在电脑的 10♣（它的路线 1）上：正是这张牌压过了你的 24。",
        ),
        bot({"type": "discard", "card": "5h"}, "The bot discards a 5♥.", "电脑弃掉 5♥。"),
        me(
            {"type": "play", "card": "RJ", "seat": 0, "caravan": 0, "index": 0},
            "The joker: on a 2–10 it removes every other card of that rank from all six caravans (on an ace, every other card of its suit). Put it on your own 10♥: the bot's two 10s go, your 10♥ stays.",
            "鬼牌：放在 2–10 上，会从六条路线上移除其他所有同点数的牌（放在 A 上则移除同花色的牌）。把它放在你自己的 10♥ 上：电脑的两张 10 被移除，你的 10♥ 留下。",
            "Put the joker on your 10♥ (caravan 1): it takes away every other 10, and the bot has two.",
            "请把鬼牌放在你的 10♥（路线 1）上：它会移除其他所有 10，而电脑有两张。",
        ),
    ],
    T(
        "24 against 15, 22 against 12, 22 against 13: every pair has a seller, so the game ends, and you sold all three. Next: a real game against easy bots.",
        "24 对 15，22 对 12，22 对 13：每一组都有卖出者，对局结束，你卖出了全部三组。下一步：和简单电脑打一局真正的牌。",
    ),
)
SCENARIOS.append(TUTORIAL)

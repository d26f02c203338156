// Caravan's rules (spec: caravan.md), one entry per rule id.

export default {
  game: "caravan",
  chapters: [
    {
      id: "objective",
      title: { en: "Objective and set-up", zh: "目标与开局" },
      intro: { en: "Build three caravans worth 21–26 and outsell your opponent in two of the three facing pairs.", zh: "建立三条价值 21–26 的路线，在三组对位中至少两组卖出高于对手。" },
      rules: [
        { id: "CV-1", en: "Two players, each with their own 54-card deck (with two jokers). Each draws 8 cards.", zh: "两名玩家，各用一副 54 张牌（含两张鬼牌），各摸 8 张。" },
        { id: "CV-2", en: "Each player has three caravans; my caravan i faces yours, and each facing pair is a separate contest.", zh: "每人三条路线，第 i 条与对方第 i 条相对，每组单独比较。" },
      ],
    },
    {
      id: "opening",
      title: { en: "Opening", zh: "开局三回合" },
      rules: [
        { id: "CV-3", cards: ["As", "5h", "Tc"], en: "Each of your first three turns: put one number card (A–10) on an empty caravan. No drawing: you then hold 5 cards.", zh: "前三回合：每回合把一张数字牌（A–10）放到一条空路线上，不摸牌；之后手牌为 5 张。" },
        { id: "CV-4", en: "With no number card in hand during the opening, discard one card and draw one.", zh: "开局阶段手里没有数字牌时，弃一张再摸一张。" },
      ],
    },
    {
      id: "turn",
      title: { en: "A turn", zh: "一个回合" },
      rules: [
        { id: "CV-5", en: "Play a number card on one of your caravans, or a face card on any number card (yours or theirs); then draw.", zh: "把数字牌放到自己的路线上，或把花牌放到任意数字牌上（自己或对方的），然后摸一张。" },
        { id: "CV-6", en: "Or discard one card, then draw.", zh: "或者弃一张牌，然后摸一张。" },
        { id: "CV-7", en: "Or disband one of your caravans: all its cards go to your discard pile. No draw.", zh: "或者解散自己的一条路线，所有牌进弃牌堆，不摸牌。" },
      ],
    },
    {
      id: "numbers",
      title: { en: "Value, direction and suit", zh: "价值、方向与花色" },
      examples: ["direction", "suit"],
      rules: [
        { id: "CV-8", cards: ["As", "7h"], en: "A counts 1, 2–10 their number. A caravan is worth the sum of its number cards; face cards add nothing themselves.", zh: "A 算 1，2–10 按点数。路线价值为数字牌之和；花牌本身不计分。" },
        { id: "CV-9", en: "Any number card may start an empty caravan.", zh: "任何数字牌都可以开始一条空路线。" },
        { id: "CV-10", cards: ["9c", "3d"], en: "The second card sets the direction: higher is ascending, lower descending. Gaps are fine (9 then 3).", zh: "第二张牌决定方向：更大为上升，更小为下降。可以跳点（9 后接 3）。" },
        { id: "CV-11", en: "Later cards keep the direction — except a card of the caravan’s current suit, which may always be played.", zh: "之后必须保持方向——但与路线当前花色相同的牌总可以打出。" },
        { id: "CV-12", en: "Never the same rank as the last card, not even in the same suit.", zh: "不能与末尾牌同点数，即使同花色也不行。" },
        { id: "CV-13", en: "Direction and suit are read from the cards: the last two number cards (equal ranks count as descending), flipped once per queen on the last card. The suit is the last card’s or its latest queen’s.", zh: "方向和花色由牌面推出：比较最后两张数字牌（同点算下降），末张上每张 Q 反转一次。花色为末张牌或其上最新 Q 的花色。" },
      ],
    },
    {
      id: "faces",
      title: { en: "Face cards", zh: "花牌" },
      intro: { en: "Face cards attach to a number card, three at most.", zh: "花牌附在数字牌上，每张数字牌最多三张。" },
      examples: ["faces"],
      rules: [
        { id: "CV-14", cards: ["5h", "Kc", "Kd"], en: "K doubles the card it is on; each further K doubles again (5 with two kings = 20).", zh: "K 使所附数字牌价值翻倍，每多一张再翻倍（5 加两张 K = 20）。" },
        { id: "CV-15", cards: ["Qs"], en: "Q goes only on the last card: it reverses the direction and sets the suit.", zh: "Q 只能放在末张牌上：反转方向并改变花色。" },
        { id: "CV-16", cards: ["Jh"], en: "J removes the number card it is on, with everything attached.", zh: "J 移除所附的数字牌及其上所有牌。" },
        { id: "CV-17", cards: ["RJ"], en: "Joker on an A removes every other number card of that suit from all six caravans; on 2–10, every other card of that rank.", zh: "鬼牌放在 A 上：移除六条路线上该花色的其他所有数字牌；放在 2–10 上：移除该点数的其他所有牌。" },
      ],
    },
    {
      id: "selling",
      title: { en: "Selling and winning", zh: "卖出与胜负" },
      rules: [
        { id: "CV-18", en: "A caravan sells at 21–26. In a pair, the higher one in range sells; equal values sell neither.", zh: "价值 21–26 的路线可以卖出。一组中都在范围内时较高者卖出；相等则都不卖出。" },
        { id: "CV-19", en: "When every pair has a seller the game ends: whoever sells two or three pairs wins.", zh: "三组都有卖出方时游戏结束，卖出两组或三组者获胜。" },
        { id: "CV-20", en: "A player whose hand and deck are both empty loses.", zh: "手牌和牌库都空的玩家判负。" },
        { id: "CV-21", en: "You may resign at any time; you lose.", zh: "可以随时认输。" },
        { id: "CV-22", en: "Online clocks: make your first move within a minute; away for a minute or five minutes over one move loses.", zh: "线上计时：一分钟内完成首步；离开一分钟或单步超过五分钟判负。" },
      ],
    },
  ],
};

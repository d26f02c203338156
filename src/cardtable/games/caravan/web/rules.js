// Caravan's rules (spec: caravan.md), one entry per rule id.
// The page (js/rules/page.js) reads: overview (what the game is), firstGame (a first game in
// five minutes: steps with cards and the rule ids they touch), chapters (the detail) and tips.

export default {
  game: "caravan",
  overview: {
    en: "Caravan is a duel for two players, each with their own 54-card deck, jokers included. Each of you builds three caravans — rows of number cards — facing the opponent’s three; a caravan sells when it is worth 21 to 26 and more than the one facing it, and selling two of the three pairs wins. Face cards attack and defend: kings double a card, queens turn a caravan around, jacks and jokers knock cards off. It is a race to the right numbers, with sabotage on the way.",
    zh: "Caravan（商队）是双人对战的纸牌游戏，两人各用自己的一副 54 张牌（含两张鬼牌）。双方各建三条路线，与对方的三条一一相对；路线价值在 21 到 26 之间、并且高于对面那条时才能卖出，三组里卖出两组就赢。花牌能攻能守：K 让一张牌翻倍，Q 让路线掉头，J 和鬼牌能把牌打掉。既是凑数竞速，也是一路互相拆台。",
  },
  firstGame: {
    steps: [
      { rules: ["CV-1", "CV-3"], cards: ["As", "5h", "Tc"], en: "Each of you draws 8 cards. In your first three turns, put one number card (A to 10) on each of your three empty caravans.", zh: "两人各摸 8 张牌。前三回合，每回合把一张数字牌（A 到 10）放到自己的一条空路线上，三条路线各放一张。" },
      { rules: ["CV-10", "CV-11", "CV-12"], cards: ["9c", "3d"], en: "The second card of a caravan sets its direction: higher means ascending, lower descending (9 then 3 descends). Then keep going that way — or play a card of the caravan’s suit, which always fits. Never the same rank twice in a row.", zh: "路线的第二张牌决定方向：比第一张大是上升，小是下降（9 后接 3 就是下降）。之后要顺着方向出牌——与路线当前花色相同的牌则总能接上。不能连续出同点数的牌。" },
      { rules: ["CV-5", "CV-8"], cards: ["Tc", "9h", "4s"], en: "Each turn, play one card and draw one: a number card on one of your caravans, or a face card on any number card, yours or your opponent’s. A caravan is worth the sum of its number cards: 10, 9 and 4 make 23.", zh: "每回合出一张、摸一张：数字牌放到自己的路线上，花牌可以放在任何一张数字牌上，自己的、对方的都行。路线价值是数字牌之和：10、9、4 合计 23。" },
      { rules: ["CV-14", "CV-15", "CV-16", "CV-17"], cards: ["Kc", "Qs", "Jh", "RJ"], en: "A king doubles the card it sits on; a queen, on the last card, reverses the direction and sets the suit; a jack removes the card it is played on; a joker removes every other card of that rank from all six caravans (of that suit, if played on an ace).", zh: "K 让所在的数字牌翻倍；Q 放在末张上，让路线反向并改变花色；J 移除它所在的那张牌；鬼牌把六条路线上与它所在牌同点数的其他牌全部移除（放在 A 上则移除同花色的）。" },
      { rules: ["CV-6", "CV-7"], en: "Stuck? Discard a card and draw, or disband one of your caravans and start it again.", zh: "出不了好牌？可以弃一张再摸一张，或者解散自己的一条路线，重新开始。" },
      { rules: ["CV-18", "CV-19"], en: "A caravan worth 21 to 26 sells if it beats the one facing it. When all three pairs have a seller the game ends, and whoever sells two or three wins.", zh: "价值 21 到 26、且高于对面的路线可以卖出。三组对位都有卖出方时游戏结束，卖出两组或三组的人获胜。" },
    ],
  },
  tips: [
    { title: { en: "Build all three caravans.", zh: "三条路线都要经营。" }, en: "You need two pairs, but the game ends only when every pair has a seller. A caravan left empty hands the opponent that pair for any value from 21 to 26.", zh: "赢需要两组，但要三组都有卖出方游戏才结束。空着的路线，等于把这一组白送给对方——他只要凑到 21 到 26 就行。" },
    { title: { en: "Finish together, not one by one.", zh: "一起收尾，别一条条完成。" }, en: "No sale is final until the game ends, so a caravan that reaches 24 early is a target for the whole game. Bring two caravans close, then finish them on consecutive turns.", zh: "游戏结束前没有一笔买卖是定局，早早凑到 24 的路线会被对方盯上一整局。先把两条路线都做到接近，再连续两回合一起完成。" },
    { title: { en: "Leave room below 26.", zh: "别顶到 26。" }, en: "A caravan at 26 cannot be outsold, but one king from your opponent on its biggest card busts it. 22 to 24 with a low last card is easier to defend and to adjust.", zh: "26 分的路线没人能超过，但对方在最大那张牌上放一张 K，就直接爆掉。停在 22 到 24、末张是小牌，更好防守也更好调整。" },
    { title: { en: "Kings attack, too.", zh: "K 也能进攻。" }, en: "A king on the largest card of an opponent’s caravan at 21–26 pushes it past 26, out of range; a king on your own small card is a cheap way to climb.", zh: "对方路线在 21–26 时，在它最大的牌上放一张 K，就能把它推过 26、卖不出去；K 放在自己的小牌上，则是省牌的加分办法。" },
    { title: { en: "Keep a jack for the deciding pair.", zh: "留一张 J 给决胜的那组。" }, en: "A jack on an opponent’s 10 — or on a card carrying a king — takes away the most. Use it late, on the pair that decides the game.", zh: "J 打在对方的 10 上，或者带 K 的牌上，打掉的分最多。留到后面，用在决定胜负的那一组。" },
    { title: { en: "Use suits and queens to turn.", zh: "借花色和 Q 转向。" }, en: "A card of a caravan’s current suit always fits, whatever the direction; a queen on the last card reverses a caravan that has run out of room.", zh: "与路线当前花色相同的牌，不论方向都能接上；路线走到头时，在末张放一张 Q 就能掉头。" },
    { title: { en: "Jokers cut both ways.", zh: "鬼牌是双刃剑。" }, en: "A joker on a 10 removes every other 10 from all six caravans — yours too. Count what you lose before you play it, and mind your deck: with no cards in hand and deck, you lose.", zh: "鬼牌放在 10 上，会把六条路线上其他所有 10 都移除——包括你自己的。出手前先算算自己损失多少；也留意牌库：手牌和牌库都空了就判负。" },
  ],
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

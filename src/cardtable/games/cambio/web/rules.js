// Cambio's rules (spec: cambio.md), one entry per rule id, in the chapters of the seed page.
// Text only: every number a page shows comes from the server's engine.
// The page (js/rules/page.js) reads: overview (what the game is), firstGame (a first game in
// five minutes: steps with cards and the rule ids they touch), chapters (the detail) and tips.

export default {
  game: "cambio",
  overview: {
    en: "Cambio is a memory game for 2 to 6 players with one 54-card deck, jokers included. Each of you has four cards face down and has seen only two of them; whoever holds the lowest total when the round ends wins. You draw, keep or throw away, and use the powers of the 7s to kings to peek at cards and swap them around. When you believe you are lowest you call “Cambio”, and everyone else gets one last turn to catch you: it is a game of memory, bluff and nerve.",
    zh: "Cambio 是一款比拼记忆力的纸牌游戏，2 到 6 人，用一副带大小王的 54 张牌。每人面前四张暗牌，开局只看过其中两张；一局结束时手里总分最低的人获胜。轮流抽牌，决定留下还是弃掉，再借 7 到 K 的技能偷看、交换桌上的牌。觉得自己分数最低了，就喊「Cambio」，其他人各还有最后一回合来翻盘——比记性，也比胆量。",
  },
  firstGame: {
    steps: [
      { rules: ["CB-6", "CB-8"], cards: ["??", "??", "??", "??"], en: "You get four cards face down in slots 1–4. Once, at the start, look at the two nearest you (slots 3 and 4) and remember them; the other two stay a mystery.", zh: "每人发四张暗牌，放在 1–4 号位。开局时看一次离你最近的两张（3、4 号位）并记住；另外两张先不知道。" },
      { rules: ["CB-11", "CB-12"], cards: ["As", "Tc"], en: "On your turn, draw the top card of the deck; only you see it. Keep it in place of one of your cards — the old one goes face up onto the discard pile — or discard it. Here the ace is worth keeping and the 10 goes.", zh: "轮到你时，从牌库顶抽一张，只有你能看。要么留下它，换掉自己一张牌（被换下的牌翻开放进弃牌堆），要么直接弃掉。比如抽到 A 就留下，把已知的 10 换出去。" },
      { rules: ["CB-13", "CB-15", "CB-16", "CB-17", "CB-18"], cards: ["7h", "9d", "Jc", "Ks"], en: "If the card you put on the pile is a 7 to K, you use its power: 7–8 peek at one of your cards, 9–10 at an opponent’s, J–Q swap any two cards blind, K peek at any card and then swap.", zh: "放进弃牌堆的牌如果是 7 到 K，就能发动技能：7、8 看自己一张牌；9、10 看对手一张牌；J、Q 盲换桌上任意两张牌；K 先看任意一张牌，再交换。" },
      { rules: ["CB-20", "CB-21", "CB-22"], cards: ["5s", "5h"], en: "Before drawing, if one of your face-down cards has the rank of the top discard, you may snap it onto the pile: one card fewer. Get it wrong and you take a penalty card you never see.", zh: "抽牌前，如果你某张暗牌与弃牌堆顶同点，可以把它翻开弃掉（同点弃牌），手里少一张牌。弃错了就要罚摸一张看不到的牌。" },
      { rules: ["CB-30", "CB-31", "CB-32"], cards: ["RJ", "As", "3c", "Kh"], en: "When you think your total is the lowest, call “Cambio” instead of drawing. Everyone else plays one more turn, then all cards turn up: Joker 0, ace 1, numbers as shown, J, Q and black kings 10, red kings −1. This hand scores 3; lowest wins.", zh: "觉得自己总分最低时，不抽牌，直接喊「Cambio」。其他人各再走一回合，然后所有牌翻开计分：Joker 0 分，A 1 分，数字牌按点数，J、Q 和黑 K 10 分，红 K −1 分。这手牌共 3 分；分最低者获胜。" },
    ],
  },
  tips: [
    { title: { en: "Remember places, not only values.", zh: "记位置，不只记点数。" }, en: "Cards stay in their slots until a swap moves them. Say it to yourself — “slot 3: a 2, slot 4: a queen” — and follow every swap you see: if a card you know moves, you know where it went.", zh: "牌在被交换之前不会挪位。心里默念「3 号位是 2，4 号位是 Q」，并盯住每一次交换：你认识的牌被换走，你就知道它去了哪儿。" },
    { title: { en: "Swap your high known cards out first.", zh: "先换掉已知的大牌。" }, en: "A slot you know holds a 10 or a picture card is the best place for a drawn card: anything below it is a sure gain. An unknown card is worth about 6 on average, so a drawn card of 4 or less is worth putting over an unknown one too.", zh: "已知是 10 或人头牌的位置，最适合放新抽的牌：只要更小就稳赚。一张未知牌平均约 6 分，所以抽到 4 以下的牌，换掉未知牌也划算。" },
    { title: { en: "A power on the way out.", zh: "换下来的牌也能发动技能。" }, en: "Replacing a known 9 out of your hand both lowers your total and lets you peek at an opponent. Discarding a drawn 7 or 8 is often better than keeping it: you learn one of your unknown cards for free.", zh: "用新牌换掉手里已知的 9，既降低总分，又能看对手一张牌。抽到 7 或 8 时，弃掉往往比留下好：白白看清自己一张未知牌。" },
    { title: { en: "Aim the blind swaps at the leader.", zh: "盲换对准领先者。" }, en: "With a jack or queen, trade your known high card for a card of the player who seems lowest — they still believe they hold the old one. After a call, every swap should aim at the caller.", zh: "用 J 或 Q，把自己已知的大牌换给看起来分最低的人——他还以为手里是原来的牌。有人喊了 Cambio 之后，每次交换都该冲着他去。" },
    { title: { en: "Guard red kings and jokers.", zh: "守住红 K 和 Joker。" }, en: "They are worth −1 and 0. Never throw them away, and if one of yours is swapped off, remember where it went: a king’s swap can bring it back.", zh: "它们是 −1 分和 0 分。别弃掉；要是被人换走，记住它的去向，用 K 的技能还能换回来。" },
    { title: { en: "Snap only when you are sure.", zh: "有把握才同点弃牌。" }, en: "A right snap takes a whole card off your total; a wrong one adds an unseen card worth about 6 and shows everyone the card you tried.", zh: "弃对了，整张牌的分都没了；弃错了，罚一张看不到、平均约 6 分的牌，还让大家看到你翻的那张牌。" },
    { title: { en: "Call early with a low, known hand.", zh: "手牌低且都清楚时，早点喊。" }, en: "The others get only one turn each, so a total of 5 or less with every card known usually holds. Waiting gives them time to peek and swap; calling with unknown cards is a gamble, and calling does not win by itself.", zh: "其他人各只剩一回合，所以四张都清楚、总分 5 分以下时，通常稳得住。拖下去只会给别人偷看和交换的时间；手里还有未知牌就喊，是在赌运气——喊了不等于赢。" },
  ],
  chapters: [
    {
      id: "objective",
      title: { en: "Objective and cards", zh: "目标与牌面" },
      intro: {
        en: "Finish with the lowest total in your face-down cards. You see only what you have looked at: remember it.",
        zh: "目标是让面前暗牌的总分最低。你只知道自己看过的牌——把点数和位置记住。",
      },
      rules: [
        { id: "CB-1", cards: ["As", "Kh", "RJ", "BJ"], en: "One deck of 54 cards: the 52 standard cards and two jokers (red and black, the same rank).", zh: "一副 54 张牌：52 张标准牌加大小王两张 Joker（同一等级）。" },
        { id: "CB-2", cards: ["RJ", "As", "7c", "Qs", "Ks", "Kh"], en: "Values: Joker 0 · A 1 · 2–10 their number · J, Q, K♠, K♣ 10 · K♥, K♦ −1.", zh: "分值：Joker 0 · A 1 · 2–10 按点数 · J、Q、K♠、K♣ 10 分 · K♥、K♦ −1 分。" },
        { id: "CB-3", cards: ["7s", "7h"], en: "Pairs, triples and quads of one rank are simply added: 7, 7 is 14. Other schemes are variants (see the hand lab).", zh: "对子、三张、四张同点数仍逐张相加：7、7 是 14 分。其他计分方式是变体（见牌型实验室）。" },
        { id: "CB-4", cards: ["Kh", "Ks", "Jd", "Qd"], en: "Two cards match for a snap when they have the same rank, whatever the suit. All kings match; the two jokers match each other; J and Q do not match; a joker matches nothing else.", zh: "同点弃牌只看等级不看花色：K 都算 K；两张 Joker 互相匹配；J 与 Q 不算同点；Joker 不匹配其他牌。" },
      ],
    },
    {
      id: "setup",
      title: { en: "Set-up", zh: "开局" },
      examples: ["clues"],
      rules: [
        { id: "CB-5", en: "2–6 players (the practice table: you and three bots). Seats play in order.", zh: "2–6 人（练习牌桌：你和三个电脑）。按座位顺序轮流。" },
        { id: "CB-6", cards: ["??", "??", "??", "??"], en: "Each player gets 4 face-down cards in slots 1–4. Slots keep their places; a hand can grow (penalties) or shrink (snaps).", zh: "每人发 4 张暗牌，放在 1–4 号位。位置固定；手牌会因罚牌变多、因同点弃牌变少。" },
        { id: "CB-7", en: "The top card of the deck is turned up to start the discard pile. It triggers no power.", zh: "翻开牌库顶一张作为弃牌堆起始牌，不触发技能。" },
        { id: "CB-8", en: "Each player looks at their slots 3 and 4 (the two nearest cards) once. After that nobody looks at a face-down card except through a power.", zh: "每人看一次自己的 3、4 号位（离自己最近的两张）。此后只有技能才能查看暗牌。" },
        { id: "CB-9", en: "Seat 0 (you at the practice table) moves first; a variant picks the first seat at random.", zh: "0 号座（练习牌桌上是你）先行；变体可随机决定先手。" },
      ],
    },
    {
      id: "turn",
      title: { en: "A turn", zh: "一个回合" },
      examples: ["replace9"],
      rules: [
        { id: "CB-10", en: "Before drawing you may snap and/or call Cambio.", zh: "抽牌前，你可以同点弃牌，也可以宣布 Cambio。" },
        { id: "CB-11", en: "Draw the top card of the deck; only you see it.", zh: "从牌库顶抽一张，只有你能看。" },
        { id: "CB-12", en: "Then either keep it — it replaces one of your cards face down, and the old card goes face up onto the discard pile — or discard it.", zh: "然后二选一：保留它，替换自己一张牌（新牌暗放入该位置，原牌翻开放入弃牌堆）；或者直接弃掉它。" },
        { id: "CB-13", cards: ["9s"], en: "Whichever card went onto the pile — the drawn one or the replaced one — uses its power if it is 7–K. Replacing a 9 out of your hand lets you peek at an opponent.", zh: "两条路径中，被正常弃掉的技能牌（7–K）都会发动效果：用新牌换掉手里的 9，也能看对手一张牌。" },
        { id: "CB-14", en: "Cards reaching the pile any other way (the start card, a snap, a penalty reveal) do nothing; nor do drawn cards, kept cards or swapped cards.", zh: "其他方式进入弃牌堆的牌（起始牌、同点弃牌、罚牌亮牌）不触发技能；抽到、留在手里、被交换的牌也不触发。" },
      ],
    },
    {
      id: "powers",
      title: { en: "Powers", zh: "技能牌" },
      intro: { en: "Every step of a power is optional: “Skip power” skips it.", zh: "技能每一步都可选：点击「跳过技能」放弃当前一步。" },
      examples: ["king"],
      rules: [
        { id: "CB-15", cards: ["7h", "8c"], en: "7, 8 — peek at one of your own cards.", zh: "7、8 —— 查看自己一张牌。" },
        { id: "CB-16", cards: ["9d", "Ts"], en: "9, 10 — peek at one card of an opponent.", zh: "9、10 —— 查看对手一张牌。" },
        { id: "CB-17", cards: ["Jc", "Qh"], en: "J, Q — blind swap: exchange any two different cards on the table. Nobody looks.", zh: "J、Q —— 盲换：交换桌上任意两张不同的牌，谁都不能看。" },
        { id: "CB-18", cards: ["Ks", "Kd"], en: "K — first peek at any card on the table, then swap one of your cards with any other card. A variant lets you swap first.", zh: "K —— 先查看桌上任意一张牌，再用自己一张牌与另一张牌交换。变体允许先换后看。" },
        { id: "CB-19", en: "Everyone sees which slots were peeked at or swapped, never the faces. If you knew a card and it moves, you know where it went.", zh: "大家都能看到被查看或交换的位置，但看不到牌面。你认识的牌被换走，你知道它去了哪里。" },
      ],
    },
    {
      id: "snap",
      title: { en: "Snapping", zh: "同点弃牌" },
      examples: ["snap"],
      rules: [
        { id: "CB-20", en: "On your turn, before drawing, if one of your face-down cards has the rank of the top discard, you may flip it for everyone to see.", zh: "自己回合抽牌前，若自己某张暗牌与弃牌堆顶同等级，可以把它翻开给所有人看。" },
        { id: "CB-21", en: "Right: it goes onto the pile, your slot stays empty, no replacement. You may snap again while another card matches.", zh: "匹配成功：这张牌进入弃牌堆，位置空出，不补牌。若还有牌与新堆顶同点，可继续弃。" },
        { id: "CB-22", en: "Wrong: it goes back face down and you take the top deck card into a new slot as a penalty, unseen.", zh: "匹配失败：牌放回原位，并从牌库加一张暗牌到新位置作为惩罚，不能查看。" },
        { id: "CB-23", en: "Variant “anytime”: anyone may snap their own or an opponent’s card while a discard is on top; the first right snap wins. Snapping an opponent’s card, you give them one of yours.", zh: "变体「随时」：弃牌堆顶有牌时任何人都可抢弃自己或对手的牌，先到者有效；弃掉对手的牌后，把自己一张牌移到对手空位。" },
      ],
    },
    {
      id: "calling",
      title: { en: "Calling Cambio and the end", zh: "宣布 Cambio 与结算" },
      examples: ["score3", "upset"],
      rules: [
        { id: "CB-30", en: "On your turn, before drawing, you may call “Cambio”. Your turn ends at once.", zh: "轮到你且还没抽牌时，可以宣布 Cambio，本回合立即结束。" },
        { id: "CB-31", en: "Every other player then takes one more full turn, powers included. Then all cards are shown and scored.", zh: "其他玩家各再进行一个完整回合（包括技能），然后所有牌亮开结算。" },
        { id: "CB-32", cards: ["RJ", "As", "3c", "Kh"], en: "Your score is the sum of your cards: Joker, A, 3, red K = 0 + 1 + 3 − 1 = 3. Lowest wins; ties all win.", zh: "得分是剩余牌之和：Joker、A、3、红 K = 0 + 1 + 3 − 1 = 3 分。最低分获胜，同分并列。" },
        { id: "CB-33", en: "Calling does not win by itself: the last turns can change everything.", zh: "宣布不等于获胜：最后一回合也可能翻盘。" },
        { id: "CB-34", en: "The round also ends when a player has no cards left, or when no card can be drawn any more.", zh: "任一玩家没有手牌，或无牌可抽时，本局也立即结算。" },
        { id: "CB-35", en: "An empty deck is refilled: keep the top discard, shuffle the rest face down into a new deck.", zh: "牌库用完时保留弃牌堆顶，把其余弃牌洗成新牌库。" },
        { id: "CB-36", en: "There is no limit on the number of rounds of turns.", zh: "不设回合数上限。" },
      ],
    },
  ],
};

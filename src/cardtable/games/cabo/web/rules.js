// Cabo's rules (spec: cabo.md), one entry per rule id. Text only: numbers come from the engine.
// The page (js/rules/page.js) reads: overview (what the game is), firstGame (a first game in
// five minutes: steps with cards and the rule ids they touch), chapters (the detail) and tips.

export default {
  game: "cabo",
  overview: {
    en: "Cabo is a memory game for 2 to 5 players with its own deck of 52 cards numbered 0 to 13. You hold four cards face down and know two of them; swap low cards in, use the powers of the 7s to 12s to look at cards and trade them, and call “Cabo” when you think your sum is the lowest. Rounds add up until someone passes 100 points, and the lowest total wins. Calling is the hard part: a wrong call costs you 10 points.",
    zh: "Cabo 是一款记忆类纸牌游戏，2 到 5 人，用专用的 52 张牌，点数从 0 到 13。每人四张暗牌，只知道其中两张；把小牌换进来，用 7 到 12 的技能偷看、交换，觉得自己牌面之和最低时就宣告「Cabo」。多局累计，直到有人超过 100 分，总分最低者获胜。宣告是最难的一步：判断错了要罚 10 分。",
  },
  firstGame: {
    steps: [
      { rules: ["CA-3", "CA-4"], cards: ["??", "??", "??", "??"], en: "You get four cards face down in a row. At the start, look once at your first two and remember them.", zh: "每人发四张暗牌排成一排。开局时看一次自己的前两张，并记住。" },
      { rules: ["CA-6", "CA-7"], cards: ["2"], en: "On your turn, draw from the deck (only you see the card) or take the top discard (everyone knows it).", zh: "轮到你时，从牌库抽一张（只有你能看），或者拿弃牌堆顶的牌（大家都知道是什么）。" },
      { rules: ["CA-2", "CA-6"], cards: ["7", "9", "11"], en: "Put the card in place of one of yours — the old card goes to the discard pile — or discard the card you drew. A drawn 7 or 8 discarded lets you peek at your own card, a 9 or 10 spy on someone else’s, an 11 or 12 swap one of yours with one of theirs, unseen.", zh: "用这张牌替换自己一张牌（换下的牌进弃牌堆），或者把抽到的牌直接弃掉。弃掉刚抽到的 7、8 可以看自己一张牌，9、10 可以看别人一张牌，11、12 可以把自己一张牌和别人一张牌盲换。" },
      { rules: ["CA-9", "CA-10", "CA-11"], cards: ["6", "6"], en: "Know two or more cards of the same number? Exchange them all for the new card at once and your row shrinks. If they are not all the same, they stay and the new card joins your row as a penalty.", zh: "知道自己有两张以上同数字的牌？可以一次把它们全部换成新牌，手牌变少。如果它们其实不全相同，就原样留下，新牌还要作为罚牌加进你的牌列。" },
      { rules: ["CA-8", "CA-12"], en: "When you think your sum is the lowest, call Cabo instead of taking a card. Everyone else plays one more turn, then all cards are revealed.", zh: "觉得自己的和最低时，不拿牌，直接宣告 Cabo。其他人各再走一回合，然后所有牌翻开。" },
      { rules: ["CA-15", "CA-16", "CA-17"], cards: ["0", "1", "3", "2"], en: "Everyone scores the sum of their cards (this row: 6). The caller scores 0 if lowest, else their sum plus 10. Scores add up round after round; when someone passes 100 the game ends and the lowest total wins.", zh: "每人按牌面之和计分（这排牌是 6 分）。宣告者若最低得 0 分，否则在自己的和上再加 10 分。每局得分累计；有人超过 100 分时游戏结束，总分最低者获胜。" },
    ],
  },
  tips: [
    { title: { en: "Count the deck.", zh: "记牌。" }, en: "There are only two 0s, two 13s and four of every other number. Every card you see — yours, a spied one, the discards — tells you what is still out there.", zh: "0 和 13 各只有两张，其他数字各四张。你看到的每一张牌——自己的、偷看到的、弃牌堆里的——都能帮你推算剩下的牌。" },
    { title: { en: "An unknown card is worth about 6½.", zh: "未知牌平均约 6.5 分。" }, en: "So a drawn 0 to 4 belongs in a slot you do not know, and a 5 or 6 only over a known higher card. Your highest known card is always the first to go.", zh: "所以抽到 0 到 4，可以换掉未知的牌；5 或 6 只该换掉已知更大的牌。已知的最大那张，永远最先换掉。" },
    { title: { en: "A discard you take is public.", zh: "拿弃牌等于亮牌。" }, en: "Taking the top discard is a sure low card, but everyone knows it is in your row — and anyone with an 11 or 12 can swap it away. Drawing keeps your card a secret.", zh: "拿弃牌堆顶的牌是稳稳的一张小牌，但大家都知道它在你手里，手握 11、12 的人随时能把它换走。从牌库抽牌则能保密。" },
    { title: { en: "Spy before you call.", zh: "宣告前先侦察。" }, en: "A 9 or 10 on the player who looks lowest tells you whether your call is safe; an 11 or 12 can push your worst card onto them.", zh: "用 9、10 看看分数看起来最低的对手，就知道自己宣告稳不稳；用 11、12 还能把自己最差的牌塞给他。" },
    { title: { en: "Call with a margin.", zh: "留足余地再宣告。" }, en: "A wrong call costs your sum plus 10. Call when you know every card and your sum is about 5 or less, or early in a round while the others still hold many unknown cards.", zh: "宣告失败要付牌面之和再加 10 分。最好在自己每张牌都清楚、和在 5 分左右或以下时宣告，或者趁一局刚开始、别人还有很多未知牌时出手。" },
    { title: { en: "Clear pairs with one exchange.", zh: "用同数字置换清掉对子。" }, en: "Two or three known cards of a number go out together: fewer cards, fewer points, and fewer places for an opponent’s swap to hurt you. Only do it when you are sure.", zh: "已知的两三张同数字牌可以一起换掉：牌少了，分少了，别人盲换能伤到你的地方也少了。前提是你确定它们相同。" },
    { title: { en: "Watch the scoreboard.", zh: "盯住总分。" }, en: "A total of exactly 100 drops to 50 once per game, and two 12s with two 13s (Kamikaze) score 0 while everyone else takes 50. Near the end, a careful high round can be better than a risky call.", zh: "总分恰好 100 会降为 50（每人限一次）；两张 12 加两张 13（神风）自己得 0 分，其他人各得 50 分。到了后期，稳妥地吃一局高分，可能比冒险宣告更好。" },
  ],
  chapters: [
    {
      id: "objective",
      title: { en: "Objective and cards", zh: "目标与牌面" },
      intro: { en: "Keep your total low over several rounds: the game ends when someone passes 100, and the lowest total wins.", zh: "多局累计分数越低越好：有人超过 100 分时游戏结束，总分最低者获胜。" },
      rules: [
        { id: "CA-1", cards: ["0", "5", "12", "13"], en: "52 cards numbered 0–13: two 0s, two 13s, four of each 1–12. A card scores its number.", zh: "52 张牌，点数 0–13：两张 0、两张 13，1–12 各四张。每张牌按点数计分。" },
        { id: "CA-2", cards: ["7", "9", "11"], en: "Powers: 7, 8 peek at one of your cards; 9, 10 spy on another player’s card; 11, 12 swap one of yours with another player’s, unseen.", zh: "技能：7、8 偷看自己一张牌；9、10 窥探别人一张牌；11、12 用自己一张牌与别人一张牌盲换。" },
      ],
    },
    {
      id: "setup",
      title: { en: "Set-up", zh: "开局" },
      rules: [
        { id: "CA-3", cards: ["??", "??", "??", "??"], en: "2–5 players. Each gets 4 face-down cards in a row.", zh: "2–5 人。每人发 4 张暗牌排成一排。" },
        { id: "CA-4", en: "Each player looks at their first two cards once (a variant lets you choose which two).", zh: "每人看一次自己的前两张牌（变体：自选两张）。" },
        { id: "CA-5", en: "The discard pile starts empty. The first round’s starter is random; later the previous round’s winner starts.", zh: "弃牌堆开局为空。首局随机先手，之后由上一局赢家先手。" },
      ],
    },
    {
      id: "turn",
      title: { en: "A turn", zh: "一个回合" },
      examples: ["exchange"],
      rules: [
        { id: "CA-6", en: "Draw from the deck (only you see it), then discard it — using its power if it has one — or keep it in place of one of your cards (or in a multi-card exchange).", zh: "从牌库抽牌（只有你能看），然后弃掉它（有技能可发动），或用它替换自己一张牌（或同数字置换）。" },
        { id: "CA-7", en: "Or take the top discard (everyone knows it) and put it in place of one of your cards. Its power never applies.", zh: "或者拾取弃牌堆顶的牌（大家都知道它），用它替换自己一张牌。它的技能不发动。" },
        { id: "CA-8", en: "Or call Cabo instead of taking a card.", zh: "或者不拿牌，直接宣告 Cabo。" },
      ],
    },
    {
      id: "exchange",
      title: { en: "Multi-card exchange", zh: "同数字置换" },
      rules: [
        { id: "CA-9", cards: ["6", "6"], en: "Name 2, 3 or 4 of your cards that you say are all the same number; they are turned up.", zh: "指定自己 2–4 张你认为数字相同的牌，把它们翻开。" },
        { id: "CA-10", en: "All equal: they all go to the pile and the new card takes one of their places — your row shrinks.", zh: "全部相同：它们都进入弃牌堆，新牌放在其中一个位置——手牌变少。" },
        { id: "CA-11", en: "Not all equal: they go back face down (now everyone knows them) and the new card is added as a penalty — your row grows.", zh: "不全相同：它们放回原位（大家都看到了），新牌作为罚牌加到你的牌列——手牌变多。" },
      ],
    },
    {
      id: "calling",
      title: { en: "Calling Cabo and the end of a round", zh: "宣告 Cabo 与一局结束" },
      examples: ["kamikaze"],
      rules: [
        { id: "CA-12", en: "After a call of Cabo every other player takes exactly one more turn. One call per round.", zh: "宣告 Cabo 后，其他玩家各再进行一个回合。每局只能宣告一次。" },
        { id: "CA-13", en: "Variant: after the call nobody may swap with the caller’s cards.", zh: "变体：宣告后，任何人不能与宣告者的牌交换。" },
        { id: "CA-14", en: "The round also ends when the deck runs out (a variant reshuffles the discards instead).", zh: "牌库抽完时本局也结束（变体：把弃牌洗回继续）。" },
        { id: "CA-15", cards: ["12", "12", "13", "13"], en: "Everyone scores the sum of their cards. The caller scores 0 if lowest (or tied), else the sum + 10. Kamikaze: 12, 12, 13, 13 scores 0 and everyone else 50.", zh: "每人按牌面之和计分。宣告者若最低（或并列）得 0 分，否则加罚 10 分。神风（Kamikaze）：12、12、13、13 得 0 分，其他人各得 50 分。" },
        { id: "CA-16", en: "Round scores add up. A total of exactly 100 drops to 50, once per player per game.", zh: "每局得分累计。总分恰好 100 时降为 50，每人每局游戏限一次。" },
        { id: "CA-17", en: "The game ends after a round where someone passes 100. Lowest total wins; ties share the win.", zh: "某局结束后有人超过 100 分，游戏结束。总分最低者获胜，同分共享胜利。" },
      ],
    },
  ],
};

// Cabo's rules (spec: cabo.md), one entry per rule id. Text only: numbers come from the engine.

export default {
  game: "cabo",
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

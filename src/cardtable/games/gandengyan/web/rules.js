// Gan Deng Yan's rules (spec: gandengyan.md), one entry per rule id.

export default {
  game: "gandengyan",
  chapters: [
    {
      id: "objective",
      title: { en: "Objective and cards", zh: "目标与牌面" },
      intro: { en: "Be the first to empty your hand. Everyone else pays you for the cards they still hold.", zh: "最先出完手牌者获胜，其他人按剩余手牌向你付分。" },
      rules: [
        { id: "GD-1", cards: ["RJ", "BJ"], en: "2–6 players. Two players use one 54-card deck; three or more use two decks (108 cards, 4 jokers).", zh: "2–6 人。两人用一副 54 张牌；三人以上用两副（108 张，4 张王）。" },
        { id: "GD-2", cards: ["3c", "Kd", "As", "2h"], en: "Ranks climb 3 < 4 < … < K < A < 2. Suits never matter.", zh: "点数从小到大：3 < 4 < … < K < A < 2。花色不分大小。" },
        { id: "GD-3", cards: ["RJ"], en: "Jokers are wild for any rank except 2. A joker is never played alone.", zh: "王是百搭，可代替除 2 以外的任何点数。王不能单独作单张出。" },
      ],
    },
    {
      id: "setup",
      title: { en: "Deal and order", zh: "发牌与顺序" },
      rules: [
        { id: "GD-4", en: "The dealer gets 6 cards, everyone else 5; the rest is the face-down talon.", zh: "庄家 6 张，其他人 5 张；其余为牌堆。" },
        { id: "GD-5", en: "The dealer leads first; play passes seat by seat. The winner of a hand deals the next.", zh: "庄家先出，按座位轮流。上一手的赢家做下一手的庄家。" },
      ],
    },
    {
      id: "plays",
      title: { en: "Plays", zh: "牌型" },
      examples: ["straight", "bomb"],
      rules: [
        { id: "GD-6", cards: ["4s", "5h", "6d"], en: "Single, pair, triple; straight (3+ consecutive ranks from 3 to A, never a 2); consecutive pairs (2+ pairs in a row, no 2s); bomb (4+ of one rank); joker bomb (2+ jokers).", zh: "单张、对子、三张；顺子（3 张以上连续，3 到 A，不含 2）；连对（2 对以上，不含 2）；炸弹（4 张以上同点）；王炸（2 张以上王）。" },
        { id: "GD-7", cards: ["5c", "6s", "7h"], en: "To beat a play, play the same type and length exactly one rank higher: 4-5-6 only by 5-6-7; a 7 only by an 8.", zh: "管牌必须同牌型同张数、恰好大一级：4-5-6 只能被 5-6-7 管；7 只能被 8 管。" },
        { id: "GD-8", cards: ["2s"], en: "Except: a single 2 beats any single, 22 any pair, 222 any triple. Only a bomb beats a 2.", zh: "例外：单张 2 管任何单张，对 2 管任何对子，三个 2 管任何三张。2 只怕炸弹。" },
        { id: "GD-9", cards: ["9s", "9h", "9d", "9c"], en: "A bomb beats any non-bomb. Between bombs more cards win, then the higher rank. A joker bomb of k jokers beats bombs of k + 2 cards.", zh: "炸弹管一切非炸弹。炸弹之间张数多者大，同张数比点数。k 张王的王炸大于 k+2 张的炸弹。" },
        { id: "GD-10", cards: ["5h", "RJ", "7s"], en: "With jokers you say what the play stands for (the table offers the readings). On a lead the highest reading is the default.", zh: "出牌含王时要说明它代表什么（牌桌会列出可选读法）。首出默认最大读法。" },
        { id: "GD-11", en: "You may pass (不要), but the leader of a trick must play.", zh: "可以不要，但一轮的首出者必须出牌。" },
      ],
    },
    {
      id: "tricks",
      title: { en: "Tricks and drawing", zh: "一轮与摸牌" },
      rules: [
        { id: "GD-12", en: "When everyone else has passed, the last player who played wins the trick, draws a card first, then everyone else draws one; the winner leads.", zh: "其他人都不要时，最后出牌者赢得这一轮，先摸一张，然后其他人各摸一张；赢家接着首出。" },
        { id: "GD-13", en: "When the talon is empty nobody draws any more.", zh: "牌堆摸完后不再摸牌。" },
        { id: "GD-14", en: "A leader holding only jokers passes the lead to the next player.", zh: "首出者手里只剩王时，由下家首出。" },
      ],
    },
    {
      id: "scoring",
      title: { en: "End and scoring", zh: "结束与计分" },
      examples: ["payment"],
      rules: [
        { id: "GD-15", en: "The first player to empty their hand wins at once.", zh: "最先出完手牌的人立即获胜。" },
        { id: "GD-16", en: "Each other player pays: cards left × 2 per bomb played × 2 per joker left × 2 if shut out (关门: never played). Five cards and a joker pay 10.", zh: "其他人各付：剩余张数 × 每个炸弹翻倍 × 每张剩余王翻倍 × 关门（一张未出）翻倍。5 张牌含一张王付 10 分。" },
        { id: "GD-17", en: "A game is a series of hands; totals always sum to zero.", zh: "一场游戏由若干手组成，总分之和为零。" },
      ],
    },
  ],
};

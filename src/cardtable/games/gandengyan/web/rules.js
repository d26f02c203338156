// Gan Deng Yan's rules (spec: gandengyan.md), one entry per rule id.
// The page (js/rules/page.js) reads: overview (what the game is), firstGame (a first game in
// five minutes: steps with cards and the rule ids they touch), chapters (the detail) and tips.

export default {
  game: "gandengyan",
  overview: {
    en: "Gan Deng Yan (干瞪眼, “staring helplessly”) is a Chinese climbing game for 2 to 6 players, with one deck for two players and two decks for more, jokers included. Each play must be beaten by the same kind of play exactly one rank higher — or by a bomb — and the first player to empty their hand wins; everyone else pays for the cards still in their hand. Hands are only five or six cards and everyone draws after each trick, so it is quick and lively, and the name says how it feels to hold cards you cannot play.",
    zh: "干瞪眼是一款流行的「管牌」游戏，2 到 6 人，两人用一副牌，三人以上用两副，都带大小王。上家出什么，你就得出同样牌型、恰好大一级的牌来管——要么出炸弹；最先出完手牌的人获胜，其他人按手里剩下的牌付分。每人只有五六张牌，每轮结束人人摸牌，节奏飞快；手里有牌却管不上，只能干瞪眼，游戏因此得名。",
  },
  firstGame: {
    steps: [
      { rules: ["GD-2", "GD-3", "GD-4"], cards: ["3c", "9d", "As", "2h", "RJ"], en: "The dealer gets 6 cards, everyone else 5. Ranks climb from 3 up to K, then A, then 2 on top; suits do not matter, and jokers stand in for any rank but 2.", zh: "庄家 6 张牌，其他人 5 张。点数从 3 到 K，然后是 A，2 最大；花色不分大小，王可以当作除 2 以外的任何点数。" },
      { rules: ["GD-5", "GD-6"], cards: ["4s", "5h", "6d"], en: "The dealer leads any play: a single, a pair, a triple, a straight of three or more, two or more consecutive pairs, or a bomb.", zh: "庄家先出，牌型随意：单张、对子、三张、三张以上的顺子、两对以上的连对，或者炸弹。" },
      { rules: ["GD-7", "GD-11"], cards: ["5c", "6s", "7h"], en: "The next player beats it with the same shape exactly one rank higher — 4-5-6 only with 5-6-7, a single 7 only with an 8 — or passes.", zh: "下家要管，必须出同样牌型、恰好大一级的牌——4-5-6 只能用 5-6-7 管，单张 7 只能用 8 管——管不上就说「不要」。" },
      { rules: ["GD-8", "GD-9"], cards: ["2s", "9s", "9h", "9d", "9c"], en: "Two exceptions: a 2 beats any single (two 2s any pair), and a bomb — four or more of a kind — beats any play that is not a bigger bomb.", zh: "两个例外：单张 2 管任何单张（对 2 管任何对子）；炸弹——四张以上同点——能管一切，只怕更大的炸弹。" },
      { rules: ["GD-12"], en: "When everyone else has passed, the last player to play wins the trick: they draw a card, then everyone else draws one, and the winner leads the next trick.", zh: "其他人都不要时，最后出牌的人赢得这一轮：他先摸一张，其他人再各摸一张，然后由他接着首出。" },
      { rules: ["GD-15", "GD-16"], en: "The first to play their last card wins the hand. Each other player pays one point per card left, doubled for every bomb played and every joker still held — and doubled again if they never played at all.", zh: "最先出完最后一张牌的人赢下这一手。其他人每剩一张牌付 1 分；本手每出过一个炸弹翻一倍，手里每剩一张王翻一倍；一张牌都没出过（关门）再翻一倍。" },
    ],
  },
  tips: [
    { title: { en: "Lead your low singles.", zh: "首出先甩小单张。" }, en: "A play is beaten only by the rank just above it, so a 3 or 4 led now is gone; kept to the end, it is the card nobody lets you play.", zh: "只有恰好大一级的牌才能管你，所以趁首出把 3、4 这类小牌甩掉；留到最后，它就是最难出手的牌。" },
    { title: { en: "Keep your bombs for the finish.", zh: "炸弹留到收尾。" }, en: "A bomb wins the lead back whatever is on the table, but it also doubles what every loser pays. Play it when it lets you go out, or stops someone who is about to.", zh: "炸弹不管桌上是什么都能抢回出牌权，但也会让每个输家的付分翻倍。留到能让你出完牌、或拦住快出完的人时再用。" },
    { title: { en: "Hold your 2s.", zh: "2 别急着出。" }, en: "A single 2 stops any single and only a bomb beats it. Save it to take a trick when the lead matters — usually to play your last cards.", zh: "单张 2 管得住任何单张，只有炸弹能压它。留着在出牌权最关键的时候用，通常是为了出完最后几张。" },
    { title: { en: "Jokers are glue — and a debt.", zh: "王是万能胶，也是负债。" }, en: "A joker cannot be played alone: use it to finish a straight, a pair or a bomb. But every joker left in your hand doubles what you pay, so do not keep one to the end.", zh: "王不能单出，用来凑顺子、对子或炸弹最合适。但手里每剩一张王，付分就翻倍，别攥到最后。" },
    { title: { en: "Watch the rank above.", zh: "盯住大一级的牌。" }, en: "Your 7-7 is safe when the 8s are gone or nobody holding them can pair them. Count the cards played: with two decks there are eight of each rank.", zh: "如果 8 已经出得差不多，别人凑不出对 8，你的对 7 就稳了。记住出过的牌：两副牌每种点数有八张。" },
    { title: { en: "Play something early.", zh: "别被关门。" }, en: "A player who never plays a card pays double. If you are stuck, a low single or pair on someone else’s lead is enough to avoid it.", zh: "一张牌都没出过的人要付双倍。手牌再差，也要找机会跟一张小单张或小对子，免得被关门。" },
    { title: { en: "Long plays shed cards fast.", zh: "长牌型走牌快。" }, en: "A straight or a run of pairs empties your hand in one go and is hard to beat: the answer must have the same length, exactly one rank higher.", zh: "顺子和连对一次就能出掉很多张，而且难管：对方必须出同样长度、恰好大一级的牌。" },
  ],
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

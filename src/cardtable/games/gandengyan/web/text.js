// Gan Deng Yan's name, tagline and one-line explanations of its options in both languages,
// for the shell's home page, lobby, tables and learning pages (gametext.js's addGameText;
// the shell loads this with the renderer at start).

import { addGameText } from "/static/js/gametext.js";

const V = (en, zh) => ({ en, zh });

addGameText(
  "gandengyan",
  {
    title: { en: "Gan Deng Yan", zh: "干瞪眼" },
    sub: { en: "climbing · 2–6 players", zh: "跟牌 · 2–6 人" },
    blurb: {
      en: "Beat each play by exactly one rank — or with a 2 or a bomb. Jokers are wild. First out wins.",
      zh: "跟牌只能大一点：单张、对子、顺子、连对，2 和炸弹压一切，王是万能牌。先出完者胜。",
    },
  },
  {
    decks: {
      label: V("Decks", "副数"),
      doc: V("How many 54-card decks: one for two players, else two", "几副 54 张的牌：两人一副，否则两副"),
      values: { auto: V("Automatic", "自动"), 1: V("1", "1 副"), 2: V("2", "2 副") },
    },
    draw: {
      label: V("Drawing after a trick", "每轮摸牌"),
      doc: V("Who draws a card when a trick ends", "一轮出牌结束后谁摸牌"),
      values: { everyone: V("Everyone", "所有人"), winner_only: V("Winner only", "仅赢家") },
    },
    triple_is_bomb: {
      label: V("Triple is a bomb", "三张算炸弹"),
      doc: V("Three of a kind is the smallest bomb (Sichuan style)", "三张同点是最小的炸弹（四川玩法）"),
    },
    min_consecutive_pairs: {
      label: V("Shortest run of pairs", "连对最少对数"),
      doc: V("2: 4455 is a run of pairs; 3: at least 445566", "2：4455 即为连对；3：至少 445566"),
    },
    joker_bomb: {
      label: V("Joker bomb", "王炸"),
      doc: V("Where a bomb of jokers only ranks among bombs", "纯王炸弹在炸弹中的大小"),
      values: { "above_size+2": V("Between bomb sizes", "按张数插入"), top: V("Beats everything", "最大") },
    },
    bomb_double: {
      label: V("Bombs double", "炸弹翻倍"),
      doc: V("Every bomb played doubles the payments", "每出一个炸弹，结算翻倍"),
    },
    joker_double: {
      label: V("Jokers left double", "剩王翻倍"),
      doc: V("Each joker left in a loser's hand doubles what they pay", "输家手中每剩一张王，付分翻倍"),
    },
    shutout_double: {
      label: V("Shut-out doubles", "关门翻倍"),
      doc: V("A player who never played a card pays double", "一张牌都没出的玩家付双倍"),
    },
    two_double: {
      label: V("2s left double", "剩 2 翻倍"),
      doc: V("Each 2 left in a loser's hand doubles what they pay", "输家手中每剩一张 2，付分翻倍"),
    },
    cap: {
      label: V("Payment cap", "封顶"),
      doc: V("The most one player pays in a hand (0: no cap)", "每手牌每人最多付的分（0 为不封顶）"),
    },
    hands: {
      label: V("Hands", "局数"),
      doc: V("How many hands the game lasts", "整场打几手牌"),
    },
  },
);

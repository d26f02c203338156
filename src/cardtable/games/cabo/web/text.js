// Cabo's name, tagline and one-line explanations of its options in both languages,
// for the shell's home page, lobby, tables and learning pages (gametext.js's addGameText;
// the shell loads this with the renderer at start).

import { addGameText } from "/static/js/gametext.js";

const V = (en, zh) => ({ en, zh });

addGameText(
  "cabo",
  {
    title: { en: "Cabo", zh: "卡波" },
    sub: { en: "memory · 2–5 players", zh: "记忆 · 2–5 人" },
    blurb: {
      en: "Cards 0 to 13: peek, spy and swap to lower your row, exchange equal cards, call Cabo. Rounds add up to 100.",
      zh: "0 到 13 的数字牌：窥视、侦察、交换，同数字置换，宣告 Cabo。多轮累计，超过 100 分结束。",
    },
  },
  {
    initial_peek: {
      label: V("Set-up peek", "开局看牌"),
      doc: V("The two cards each player looks at after the deal", "发牌后每位玩家查看的两张牌"),
      values: { first_two: V("First two", "前两张"), choose_two: V("Choose two", "自选两张") },
    },
    lock_caller: {
      label: V("Lock the caller", "锁定宣告者"),
      doc: V("After a call of Cabo nobody may swap with the caller", "宣告 Cabo 后，任何人都不能与宣告者交换"),
    },
    deck_out: {
      label: V("Deck runs out", "抽牌堆耗尽"),
      doc: V(
        "The round ends, or the discards below the top become a new deck",
        "本轮结束，或把弃牌堆（顶牌除外）洗成新牌堆",
      ),
      values: { end_round: V("Round ends", "本轮结束"), reshuffle: V("Reshuffle", "洗回弃牌") },
    },
    caller_penalty: {
      label: V("Caller penalty", "宣告失误罚分"),
      doc: V("Points added to the caller's sum when it is not the lowest", "宣告者总和不是最低时额外加的分"),
    },
    kamikaze: {
      label: V("Kamikaze", "神风"),
      doc: V("12, 12, 13, 13 scores 0 and every other player 50", "持有 12、12、13、13 计 0 分，其他人各计 50 分"),
    },
    reset_at_100: {
      label: V("Reset at the target", "满分重置"),
      doc: V("A total of exactly the target drops to half of it", "累计恰好等于目标分时降为一半"),
      values: { once: V("Once per player", "每人一次"), always: V("Every time", "每次"), off: V("Never", "从不") },
    },
    target: {
      label: V("Target score", "目标分"),
      doc: V("The game ends after a round in which a total passes this", "有人累计超过此分数的那一轮后游戏结束"),
    },
    rounds: {
      label: V("Rounds", "轮数"),
      doc: V("0: play until a total passes the target; N: exactly N rounds", "0：打到有人超过目标分；N：固定打 N 轮"),
    },
  },
);

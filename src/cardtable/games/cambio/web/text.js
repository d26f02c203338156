// Cambio's name, tagline and one-line explanations of its options in both languages,
// for the shell's home page, lobby, tables and learning pages (gametext.js's addGameText;
// the shell loads this with the renderer at start).

import { addGameText } from "/static/js/gametext.js";

const V = (en, zh) => ({ en, zh });

addGameText(
  "cambio",
  {
    title: { en: "Cambio", zh: "Cambio" },
    sub: { en: "memory · 2–6 players", zh: "记忆 · 2–6 人" },
    blurb: {
      en: "Four face-down cards you barely know. Peek, swap, snap, and call Cambio when your total is the lowest.",
      zh: "四张暗牌，只记得一半。窥视、交换、同点弃牌，看准时机宣布 Cambio，让总分最低。",
    },
  },
  {
    first_player: {
      label: V("First player", "先手"),
      doc: V("Who moves first: seat 0 (you), or a seat drawn at random", "谁先行动：0 号座（你），或随机选出"),
      values: { seat0: V("You (seat 0)", "你（0 号座）"), random: V("Random", "随机") },
    },
    initial_peek: {
      label: V("Set-up peek", "开局看牌"),
      doc: V("The two cards you look at after the deal", "发牌后私下查看的两张牌"),
      values: {
        near_two: V("Slots 3 and 4", "靠近自己的 3、4 号"),
        choose_two: V("Choose two", "自选两张"),
      },
    },
    king_any_order: {
      label: V("King in any order", "K 技能任意顺序"),
      doc: V("A king's peek and swap may be done in either order", "K 的窥视与交换两步可按任意顺序进行"),
    },
    snap: {
      label: V("Snapping", "同点弃牌"),
      doc: V(
        "When a card of the top discard's rank may be flipped away",
        "何时可以翻开与弃牌堆顶同点的牌并弃掉",
      ),
      values: {
        own_turn: V("Own cards, own turn", "自己回合、自己的牌"),
        anytime: V("Any card, any time", "任何时刻、任何人的牌"),
        off: V("Off", "关闭"),
      },
    },
    lock_caller: {
      label: V("Lock the caller", "锁定宣布者"),
      doc: V(
        "After a call of Cambio, the caller's cards cannot be swapped",
        "宣布 Cambio 后，宣布者的牌不能再被交换",
      ),
    },
    scoring: {
      label: V("Scoring", "计分方式"),
      doc: V(
        "How a hand is scored: plain sum, or two cards of one rank score 0",
        "手牌如何计分：逐张相加，或同点数的两张牌计 0 分",
      ),
      values: { sum: V("Plain sum", "逐张相加"), pairs_cancel: V("Pairs cancel", "对子抵消") },
    },
    red_king: {
      label: V("Red king value", "红 K 分值"),
      doc: V("What K♥ and K♦ are worth", "红桃 K 与方块 K 的分值"),
    },
    joker: { label: V("Joker value", "Joker 分值"), doc: V("What a joker is worth", "Joker 的分值") },
    memory_aid: {
      label: V("Memory aid", "记忆辅助"),
      doc: V(
        "The table keeps showing you the cards you have seen (practice)",
        "牌桌持续显示你看过的牌（练习用）",
      ),
    },
  },
);

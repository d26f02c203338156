// Caravan's name, tagline and one-line explanations of its options in both languages,
// for the shell's home page, lobby, tables and learning pages (gametext.js's addGameText;
// the shell loads this with the renderer at start).

import { addGameText } from "/static/js/gametext.js";

const V = (en, zh) => ({ en, zh });

addGameText(
  "caravan",
  {
    title: { en: "Caravan", zh: "商队 Caravan" },
    sub: { en: "duel · 2 players", zh: "对决 · 2 人" },
    blurb: {
      en: "Build three caravans worth 21 to 26 and outbid the facing ones. Kings double, jacks remove, jokers clear.",
      zh: "建起三条路线，点数落在 21 到 26 并胜过对面即可卖出。K 翻倍，J 移除，鬼牌清场。",
    },
  },
  {
    queen_anywhere: {
      label: V("Queen anywhere", "Q 随处可放"),
      doc: V("A queen may go on any number card; it turns the caravan only on the last card", "Q 可放在任意数字牌上；只有在末张上才反转方向、改变花色"),
    },
    king_adds: {
      label: V("King adds", "K 加点"),
      doc: V("A king adds the card's value once more instead of doubling", "K 不再翻倍，而是再加一次该牌点数"),
    },
    first_card_suit: {
      label: V("First card's suit", "首张花色"),
      doc: V("A caravan's suit is that of its first card", "路线的花色由第一张牌决定"),
    },
    unlimited_attachments: {
      label: V("Unlimited attachments", "附牌无上限"),
      doc: V("No limit of 3 face cards on a number card", "一张数字牌可以放任意数量的花牌"),
    },
    quick_sell: {
      label: V("Quick sell", "快速卖出"),
      doc: V("The first player to sell two pairs at once wins", "第一个同时卖出两条路线的玩家立即获胜"),
    },
    reshuffle: {
      label: V("Reshuffle", "重新洗牌"),
      doc: V("An empty deck is rebuilt from your discards, at most twice", "牌堆用完时把弃牌洗成新牌堆，每人最多两次"),
    },
    short_deck: {
      label: V("Short deck", "短牌堆"),
      doc: V("Each deck is 30 cards drawn at random", "每位玩家的牌堆为随机 30 张"),
    },
    double_deck: {
      label: V("Double deck", "双副牌"),
      doc: V("Each player shuffles two full decks together", "每位玩家把两副完整的牌洗在一起"),
    },
    queen_shield: {
      label: V("Queen shield", "Q 之盾"),
      doc: V("A joker on an ace does not remove cards that carry a queen", "放在 A 上的鬼牌不会移除带有 Q 的牌"),
    },
    steady_course: {
      label: V("Steady course", "稳定航向"),
      doc: V("When a J or joker leaves two equal ranks at the end, the direction stays", "J 或鬼牌让末尾留下两张同点牌时，方向不变"),
    },
    redeal: {
      label: V("Redeal", "重新发牌"),
      doc: V("An opening hand with fewer than three number cards is dealt again", "起手数字牌少于三张时重新发牌"),
    },
    sheltered_joker: {
      label: V("Sheltered joker", "庇护鬼牌"),
      doc: V("A joker never removes cards from its own caravan", "鬼牌永远不会移除它所在路线上的牌"),
    },
  },
);

// Bilingual names and one-line explanations of the four games and of every variant option
// (the server's listing gives each option's English doc; these add the Chinese and the
// names of values). An option this table does not know still shows, with the server's doc.

export const GAMES = {
  cambio: {
    title: { en: "Cambio", zh: "Cambio" },
    sub: { en: "memory · 2–6 players", zh: "记忆 · 2–6 人" },
    blurb: {
      en: "Four face-down cards you barely know. Peek, swap, snap, and call Cambio when your total is the lowest.",
      zh: "四张暗牌，只记得一半。窥视、交换、同点弃牌，看准时机宣布 Cambio，让总分最低。",
    },
  },
  cabo: {
    title: { en: "Cabo", zh: "卡波" },
    sub: { en: "memory · 2–5 players", zh: "记忆 · 2–5 人" },
    blurb: {
      en: "Cards 0 to 13: peek, spy and swap to lower your row, exchange equal cards, call Cabo. Rounds add up to 100.",
      zh: "0 到 13 的数字牌：窥视、侦察、交换，同数字置换，宣告 Cabo。多轮累计，超过 100 分结束。",
    },
  },
  gandengyan: {
    title: { en: "Gan Deng Yan", zh: "干瞪眼" },
    sub: { en: "climbing · 2–6 players", zh: "跟牌 · 2–6 人" },
    blurb: {
      en: "Beat each play by exactly one rank — or with a 2 or a bomb. Jokers are wild. First out wins.",
      zh: "跟牌只能大一点：单张、对子、顺子、连对，2 和炸弹压一切，王是万能牌。先出完者胜。",
    },
  },
  caravan: {
    title: { en: "Caravan", zh: "商队 Caravan" },
    sub: { en: "duel · 2 players", zh: "对决 · 2 人" },
    blurb: {
      en: "Build three caravans worth 21 to 26 and outbid the facing ones. Kings double, jacks remove, jokers clear.",
      zh: "建起三条路线，点数落在 21 到 26 并胜过对面即可卖出。K 翻倍，J 移除，鬼牌清场。",
    },
  },
};

const V = (en, zh) => ({ en, zh });

// option name -> {label, doc, values: {value: {en, zh}}}, per game (with shared fallbacks).
const SHARED = {
  players: { label: V("Players", "人数"), doc: V("How many seats at the table", "牌桌座位数") },
  lock_caller: {
    label: V("Lock the caller", "锁定宣布者"),
    doc: V(
      "After the call, nobody may swap the caller's cards",
      "宣布之后，任何人都不能交换宣布者的牌",
    ),
  },
};

export const OPTIONS = {
  cambio: {
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
  cabo: {
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
  gandengyan: {
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
  caravan: {
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
};

export function optionText(game, name) {
  return OPTIONS[game]?.[name] ?? SHARED[name] ?? null;
}

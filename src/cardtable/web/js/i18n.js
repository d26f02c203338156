// Two languages, zh-CN and en. Every string lives here (or in a game module's own table,
// added with addStrings) as {en, zh}; t(key, params) picks the current language and fills
// {name} placeholders. The language is chosen from the browser the first time, can be
// switched, and is remembered in localStorage.
//
// Grammar: an English text may be {one, other}, chosen for params.n by Intl.PluralRules
// ("1 card", "2 cards"); Chinese has no plural and stays one string. An entry whose actor
// is {name} may carry `you: {en}`, its words when the actor is the reader (params.you,
// see actor()): "{name} uses" becomes "You use". In Chinese 你 joins its verb with no space.

const KEY = "cardtable.lang";
export const LANGS = ["zh-CN", "en"];

const strings = {
  "app.title": { en: "cardtable", zh: "牌桌" },
  "app.tagline": {
    en: "Four hidden-information card games against bots",
    zh: "四款暗牌游戏，与电脑对战",
  },
  "lang.switch": { en: "中文", zh: "English" },
  "lang.switch.label": { en: "切换到中文", zh: "Switch to English" },
  "settings": { en: "Settings", zh: "设置" },
  "settings.fourColour": { en: "Four-colour suits", zh: "四色花色" },
  "settings.speed": { en: "Animation speed", zh: "动画速度" },
  "speed.slow": { en: "Slow", zh: "慢" },
  "speed.normal": { en: "Normal", zh: "正常" },
  "speed.fast": { en: "Fast", zh: "快" },
  "speed.off": { en: "Off", zh: "关闭" },
  "nav.home": { en: "All games", zh: "全部游戏" },
  "home.heading": { en: "Choose a game", zh: "选择游戏" },
  "home.loading": { en: "Loading the games…", zh: "正在载入游戏…" },
  "home.error": {
    en: "Could not load the list of games: {msg}",
    zh: "无法载入游戏列表：{msg}",
  },
  "home.notYet": { en: "Not available on this server yet", zh: "本服务器暂未开放" },
  "home.recent": { en: "Your unfinished tables", zh: "未完成的牌桌" },
  "home.resume": { en: "Return to the table", zh: "回到牌桌" },
  "form.new": { en: "New game", zh: "新游戏" },
  "form.players": { en: "Players", zh: "人数" },
  "form.seats": { en: "Seats", zh: "座位" },
  "form.you": { en: "You", zh: "你" },
  "form.seat": { en: "Seat {n}", zh: "{n} 号座" },
  "form.variants": { en: "Variants", zh: "变体规则" },
  "form.default": { en: "standard", zh: "标准" },
  "form.start": { en: "Start the game", zh: "开始游戏" },
  "form.starting": { en: "Creating the table…", zh: "正在创建牌桌…" },
  "form.failed": { en: "The table could not be created: {msg}", zh: "无法创建牌桌：{msg}" },
  "form.rules": { en: "How to play", zh: "规则简介" },
  "level.random": { en: "Random", zh: "随机" },
  "level.easy": { en: "Easy", zh: "简单" },
  "level.medium": { en: "Medium", zh: "中等" },
  "level.hard": { en: "Hard", zh: "困难" },
  "level.human": { en: "Person", zh: "真人" },
  "bool.true": { en: "on", zh: "开" },
  "bool.false": { en: "off", zh: "关" },
  "seat.you": { en: "You", zh: "你" },
  "seat.youObject": { en: "you", zh: "你" },
  "seat.bot": { en: "Bot {n}", zh: "电脑 {n}" },
  "seat.botLevel": { en: "Bot {n} · {level}", zh: "电脑 {n} · {level}" },
  "seat.player": { en: "Player {n}", zh: "玩家 {n}" },
  "seat.cards": { en: { one: "{n} card", other: "{n} cards" }, zh: "{n} 张牌" },
  "table.connecting": { en: "Connecting to the table…", zh: "正在连接牌桌…" },
  "table.reconnecting": {
    en: "Connection lost — reconnecting…",
    zh: "连接中断，正在重新连接…",
  },
  "table.reconnected": { en: "Reconnected", zh: "已重新连接" },
  "table.spectating": {
    en: "You are watching this table (no seat token on this browser).",
    zh: "你正在观战（此浏览器没有该牌桌的座位凭证）。",
  },
  // A private table without its key is answered as missing too (its existence is not told).
  "table.notFound": {
    en: "No table here: it may be private, or the link is wrong. To join a private table, ask the player who made it for its invite link.",
    zh: "找不到这张牌桌：它可能是私人牌桌，或链接有误。要加入私人牌桌，请向创建它的玩家索要邀请链接。",
  },
  "table.private": {
    en: "This table is private. To join or watch it, ask the player who made it for its invite link.",
    zh: "这是私人牌桌。要加入或观战，请向创建它的玩家索要邀请链接。",
  },
  "table.log": { en: "What happened", zh: "牌局记录" },
  "table.logShow": { en: "Show the log", zh: "显示记录" },
  "table.logHide": { en: "Hide the log", zh: "隐藏记录" },
  "table.deck": { en: "Deck", zh: "牌库" },
  "table.deckCount": { en: { one: "deck, {n} card", other: "deck, {n} cards" }, zh: "牌库，剩 {n} 张" },
  "table.discard": { en: "Discard pile", zh: "弃牌堆" },
  "table.discardEmpty": { en: "empty discard pile", zh: "弃牌堆为空" },
  "table.discardTop": {
    en: { one: "discard pile, {n} card, top: {card}", other: "discard pile, {n} cards, top: {card}" },
    zh: "弃牌堆，共 {n} 张，顶牌：{card}",
  },
  "table.turnOf": { en: "{name}'s turn", zh: "轮到 {name}" },
  "table.toPlay": { en: "to play", zh: "行动中" },
  "table.youMay": { en: "You may snap", zh: "可以抢先弃牌" },
  "table.yourTurn": { en: "Your turn", zh: "轮到你了" },
  "table.waiting": { en: "{name} is playing…", zh: "{name} 正在行动…" },
  "table.waitingPlayers": { en: "Waiting for players", zh: "等待玩家入座" },
  "table.waitingMany": { en: "Waiting for {names}…", zh: "等待 {names}…" },
  "table.notYourTurn": {
    en: "It is not your turn: {name} is playing.",
    zh: "还没轮到你：{name} 正在行动。",
  },
  "table.notThat": { en: "You cannot choose {what} now.", zh: "现在不能选择{what}。" },
  "table.cancel": { en: "Cancel", zh: "取消" },
  "table.error": { en: "The server refused: {msg}", zh: "服务器拒绝了操作：{msg}" },
  "table.errorStale": {
    en: "The table moved on before your move arrived; here is the current state.",
    zh: "你的操作到达前牌局已有变化，已刷新为当前局面。",
  },
  "table.over": { en: "Game over", zh: "游戏结束" },
  "table.aborted": { en: "Game aborted: it is not rated", zh: "对局中止：不计分" },
  "table.cancelledGame": { en: "Game cancelled", zh: "对局已取消" },
  "table.winner": { en: "Winner: {names}", zh: "获胜：{names}" },
  "table.winners": { en: "Winners: {names}", zh: "并列获胜：{names}" },
  "table.youWin": { en: "You win!", zh: "你赢了！" },
  "table.youTie": { en: "You share the win!", zh: "你并列获胜！" },
  "table.youLose": { en: "You did not win this time.", zh: "这次没有赢。" },
  "table.score": { en: "Score", zh: "得分" },
  "table.scores": { en: "Scores", zh: "得分" },
  "table.rematch": { en: "Rematch", zh: "再来一局" },
  "table.home": { en: "Back to the games", zh: "返回游戏列表" },
  "table.closeResults": { en: "Look at the table", zh: "查看牌桌" },
  "table.showResults": { en: "Show the results", zh: "显示结果" },
  "table.and": { en: " and ", zh: "、" },
  "table.copied": { en: "Link copied", zh: "链接已复制" },
  "table.tableId": { en: "Table {id}", zh: "牌桌 {id}" },
  "table.seen": { en: "you have seen it", zh: "你看过这张" },
  "table.knownBy": { en: "seen by {names}", zh: "{names} 看过" },
  "table.busy": { en: "Sending…", zh: "发送中…" },
  "card.hidden": { en: "face-down card", zh: "暗牌" },
  "card.hiddenSlot": { en: "face-down card, slot {n}", zh: "暗牌，第 {n} 张" },
  "card.emptySlot": { en: "empty slot {n}", zh: "第 {n} 张位置（空）" },
  "card.slot": { en: "{card}, slot {n}", zh: "{card}，第 {n} 张" },
  "card.of": { en: "{rank} of {suit}", zh: "{suit}{rank}" },
  "card.redJoker": { en: "red joker", zh: "大王" },
  "card.blackJoker": { en: "black joker", zh: "小王" },
  "card.back": { en: "card back", zh: "牌背" },
  "suit.s": { en: "spades", zh: "黑桃" },
  "suit.h": { en: "hearts", zh: "红桃" },
  "suit.d": { en: "diamonds", zh: "方块" },
  "suit.c": { en: "clubs", zh: "梅花" },
  "rank.A": { en: "ace", zh: "A" },
  "rank.J": { en: "jack", zh: "J" },
  "rank.Q": { en: "queen", zh: "Q" },
  "rank.K": { en: "king", zh: "K" },
  "rank.T": { en: "10", zh: "10" },
};

let lang = pick();
const listeners = new Set();

function pick() {
  try {
    const saved = localStorage.getItem(KEY);
    if (LANGS.includes(saved)) return saved;
  } catch {
    /* storage may be unavailable */
  }
  const wanted = navigator.languages?.length ? navigator.languages : [navigator.language || ""];
  for (const code of wanted) {
    const c = String(code).toLowerCase();
    if (c.startsWith("zh")) return "zh-CN";
    if (c.startsWith("en")) return "en";
  }
  return "en";
}

export function getLang() {
  return lang;
}

export function isZh() {
  return lang === "zh-CN";
}

export function setLang(next) {
  if (!LANGS.includes(next) || next === lang) return;
  lang = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    /* ignore */
  }
  document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Adds a module's strings ({key: {en, zh}}). */
export function addStrings(table) {
  Object.assign(strings, table);
}

export function has(key) {
  return key in strings;
}

const englishPlurals = new Intl.PluralRules("en");

/** The string for key in the current language, placeholders filled from params; the
 *  plural form for params.n and the reader's own form for params.you (see the top). */
export function t(key, params = {}) {
  const entry = strings[key];
  const form = entry && params.you && entry.you ? { ...entry, ...entry.you } : entry;
  let text = form ? ((lang === "zh-CN" ? form.zh : form.en) ?? form.en ?? key) : key;
  if (typeof text === "object") text = text[englishPlurals.select(Number(params.n))] ?? text.other;
  if (params.you && lang === "zh-CN") text = text.replace("{name} ", "{name}");
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** The params naming seat s as the actor of a line: {name: "You", you: true} when the
 *  page names that seat "You" (the table and the lessons do for the reader's seat; a
 *  replay names every seat by its player, so its lines stay in the third person). */
export function actor(ctx, s) {
  const name = ctx.name(s);
  return { name, you: name === t("seat.you") };
}

/** Seat s inside a sentence: "you" rather than "You" for the reader's own seat. */
export function seatObject(ctx, s) {
  const name = ctx.name(s);
  return name === t("seat.you") ? t("seat.youObject") : name;
}

/** A bilingual value from the server or a table: {en, zh} or a plain string. */
export function pickText(value) {
  if (value == null) return "";
  if (typeof value === "string") return value;
  return (lang === "zh-CN" ? value.zh : value.en) ?? value.en ?? "";
}

/** "A, B and C" / "A、B、C". */
export function joinNames(names) {
  if (names.length <= 1) return names.join("");
  if (lang === "zh-CN") return names.join("、");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

document.documentElement.lang = lang;

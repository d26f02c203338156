// "Your turn" across your tables (issue 19): turn-based games last days, so the house says
// when one waits on you. Three ways:
// - a list of the tables waiting on you (home page and lobby: `turnsBlock`), from
//   GET /api/my/turns, polled every POLL_MS (one small request, only while the page runs);
// - the page title starts with "(Your turn)" while a table waits on you, or while it is your
//   move at the table you look at (the table page tells us: `noteTableTurn`);
// - a browser notification (Notification API) when a table starts waiting on you while the
//   page is hidden, only if you turned it on in the settings menu: permission is asked when
//   you tick the switch, never on page load.

import { getMyTurns } from "./api.js";
import { clear, h } from "./dom.js";
import { gameTitle } from "./gametext.js";
import { addStrings, onLangChange, t } from "./i18n.js";
import { addSwitch, onSettingsChange, settings } from "./settings.js";

const POLL_MS = 30_000;
const SETTING = "turnNotify";
const TITLE = { en: "(Your turn)", zh: "（轮到你）" };

addStrings({
  "turn.title": TITLE,
  "turn.heading": { en: "Your turn", zh: "轮到你了" },
  "turn.at": { en: "{game} · table {id}", zh: "{game} · 牌桌 {id}" },
  "turn.left": { en: "{time} left", zh: "还剩 {time}" },
  "turn.notify": { en: "Notify me when it is my turn", zh: "轮到我时通知我" },
  "turn.notifyTitle": { en: "Your turn", zh: "轮到你了" },
  "turn.notifyBody": { en: "{game}: your move.", zh: "{game}：该你出手了。" },
  "turn.blocked": {
    en: "Notifications are blocked for this site in your browser's settings.",
    zh: "浏览器设置中已禁止本站通知。",
  },
  "pace.realtime": { en: "realtime", zh: "实时" },
  "pace.turn": { en: "turn-based: {limit} a move", zh: "回合制：每步 {limit}" },
  "pace.hours": { en: "{n} h", zh: "{n} 小时" },
  "pace.days": { en: "{n} d", zh: "{n} 天" },
  "pace.dh": { en: "{d} d {h} h", zh: "{d} 天 {h} 小时" },
  "pace.hm": { en: "{h} h {m} min", zh: "{h} 小时 {m} 分" },
});

addSwitch({ name: SETTING, label: "turn.notify", initial: false });

let waiting = []; // the last answer of /api/my/turns
let seen = null; // table ids already announced (null until the first answer)
let here = null; // {id, mine}: the table page open now
let timer = null;
const blocks = new Set(); // the "Your turn" lists on the page, redrawn on each answer

/** "12 h", "1 d", "3 d": a limit per move of a turn-based table. */
export function fmtLimit(seconds) {
  const hours = Math.round(seconds / 3600);
  return hours % 24 === 0 ? t("pace.days", { n: hours / 24 }) : t("pace.hours", { n: hours });
}

/** Time left on a long clock: "1 d 23 h", "23 h 59 min", then "59:59" in the last hour. */
export function fmtLong(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 3600) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return days ? t("pace.dh", { d: days, h: hours }) : t("pace.hm", { h: hours, m: minutes });
}

/** A table summary's pace, as the lobby shows it. */
export function paceText(summary) {
  const clock = summary.clock;
  return clock?.kind === "turn" ? t("pace.turn", { limit: fmtLimit(clock.move) }) : t("pace.realtime");
}


// -- the list ------------------------------------------------------------------------
/** The "Your turn" list (hidden while nothing waits); it polls while it is on the page. */
export function turnsBlock(app) {
  const list = h("ul", { class: "turn-list" });
  const heading = h("h2", {}, t("turn.heading"));
  const el = h("nav", { class: "my-turns", "aria-label": t("turn.heading"), hidden: true }, heading, list);
  const block = { el, list, app };
  blocks.add(block);
  draw(block);
  poll();
  return el;
}

function draw(block) {
  if (!block.el.isConnected && block.drawn) {
    blocks.delete(block); // the page moved on
    return;
  }
  block.drawn = true;
  clear(block.list);
  block.el.hidden = waiting.length === 0;
  for (const turn of waiting) {
    const href = block.app.tableHref(turn.id, turn.url);
    const text = t("turn.at", { game: gameTitle(turn.game), id: turn.id });
    const left = turn.deadline == null ? null : h("span", { class: "turn-left" }, t("turn.left", { time: fmtLong(turn.deadline) }));
    block.list.append(
      h(
        "li",
        { dataset: { table: turn.id } },
        h("a", { href, onclick: (e) => block.app.follow(e, href) }, text),
        left ? " " : null,
        left,
      ),
    );
  }
}

async function poll() {
  clearTimeout(timer);
  try {
    const answer = await getMyTurns();
    took(answer?.turns ?? []);
  } catch {
    /* offline a moment: the next poll will tell */
  }
  timer = setTimeout(poll, POLL_MS);
}

function took(turns) {
  // The table open here knows better than a poll that may predate your move.
  waiting = turns.filter((turn) => !(here && here.id === turn.id && !here.mine));
  const fresh = seen ? waiting.filter((turn) => !seen.has(turn.id)) : [];
  seen = new Set(waiting.map((turn) => turn.id));
  for (const turn of fresh) notify(turn.game, turn.id);
  for (const block of [...blocks]) draw(block);
  retitle();
}

// -- the table page ------------------------------------------------------------------
/** The table page says whether it is your move there (`id` null: it closed). */
export function noteTableTurn(id, mine, game = null) {
  const was = here?.id === id && here.mine;
  here = id == null ? null : { id, mine, game };
  if (id != null && !mine) waiting = waiting.filter((turn) => turn.id !== id);
  if (id != null && mine && !was) notify(null, id);
  if (timer == null) poll();
  retitle();
}

// -- the title -----------------------------------------------------------------------
function prefix() {
  return `${t("turn.title")} `;
}

function strip(title) {
  for (const p of Object.values(TITLE)) {
    if (title.startsWith(`${p} `)) return title.slice(p.length + 1);
  }
  return title;
}

function retitle() {
  const mine = Boolean(here?.mine) || waiting.length > 0;
  const base = strip(document.title);
  const next = mine ? prefix() + base : base;
  if (document.title !== next) document.title = next;
}

// Pages set their own titles as they open: put the prefix back whenever one does.
function watchTitle() {
  const titleEl = document.querySelector("title") ?? document.head.appendChild(document.createElement("title"));
  new MutationObserver(() => retitle()).observe(titleEl, { childList: true, characterData: true, subtree: true });
}

// -- notifications -------------------------------------------------------------------
function notify(game, id) {
  if (!settings()[SETTING] || typeof Notification === "undefined") return;
  if (Notification.permission !== "granted" || document.visibilityState === "visible") return;
  const name = game ?? here?.game ?? "";
  try {
    const note = new Notification(t("turn.notifyTitle"), {
      body: t("turn.notifyBody", { game: name ? gameTitle(name) : id }),
      tag: `turn-${id}`,
    });
    note.onclick = () => window.focus();
  } catch {
    /* some browsers allow notifications only from a service worker: the title says it */
  }
}

// Ticking the switch is the moment to ask (a click, never a page load).
onSettingsChange((current) => {
  if (!current[SETTING] || typeof Notification === "undefined") return;
  if (Notification.permission === "default") Notification.requestPermission();
  else if (Notification.permission === "denied") alertBlocked();
});

function alertBlocked() {
  const panel = document.querySelector("#set-" + SETTING)?.closest(".field");
  if (!panel || panel.querySelector(".turn-blocked")) return;
  panel.append(h("p", { class: "opt-doc turn-blocked", role: "status" }, t("turn.blocked")));
}

if (typeof document !== "undefined") {
  watchTitle();
  onLangChange(() => {
    retitle();
    for (const block of [...blocks]) {
      block.el.querySelector("h2").textContent = t("turn.heading");
      block.el.setAttribute("aria-label", t("turn.heading"));
      draw(block);
    }
  });
}

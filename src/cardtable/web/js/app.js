// The page shell: header (home link, language switch, display settings) and a tiny router.
// Paths: "/" the games, "/table/{id}" a table (the server's table URL); "#/table/{id}"
// works as well for a server that only serves "/".

import { accountLink, identityBadge } from "./account.js";
import { getTable, joinTable, saveTableRecord, tableRecord } from "./api.js";
import { ensureSprite } from "./cards.js";
import { clear, h } from "./dom.js";
import { renderHome } from "./home.js";
import { addStrings, getLang, onLangChange, pickText, setLang, t } from "./i18n.js";
import { personName } from "./ratingchange.js";
import { errorText } from "./refusal.js";
import { GAMES } from "./gametext.js";
import { tableRulesLink } from "./learn/nav.js";
import { learnPage } from "./learn/pages.js";
import { onlinePage } from "./online.js";
import { loadGamePackages } from "./packages.js";
import {
  apply as applySettings,
  onSettingsChange,
  setSetting,
  settings,
  SPEEDS,
  switches,
} from "./settings.js";
import { TableView } from "./table.js";

const main = document.getElementById("main");
const header = document.getElementById("top");
let current = null; // the TableView on screen, if any
let badge = null; // the header's identity badge (js/account.js)
let menuAccount = null; // the settings menu's account link (phones: js/account.js)

addStrings({
  "invite.title": { en: "You are invited to a game of {game}", zh: "你受邀参加一局{game}" },
  "invite.seats": { en: "Seats: {seats}", zh: "座位：{seats}" },
  "invite.take": { en: "Take a seat", zh: "入座" },
  "invite.watch": { en: "Watch", zh: "观战" },
  "invite.full": { en: "Every seat is taken: you may watch.", zh: "座位已满：你可以观战。" },
  "invite.over": { en: "This game is over.", zh: "这局已经结束。" },
  "invite.link": { en: "Invite link (private table)", zh: "邀请链接（私人牌桌）" },
  "invite.copy": { en: "Copy", zh: "复制" },
  "invite.copied": { en: "Copied: send it to the people you want at this table.", zh: "已复制：发给你想邀请的人。" },
  "invite.free": { en: "free", zh: "空位" },
  "invite.share": { en: "A seat is free: send this link", zh: "还有空位：发送这个链接" },
  "invite.freeSeat": { en: "A seat at this table is free.", zh: "这张牌桌还有空位。" },
  "invite.player": { en: "a player", zh: "玩家" },
});

const app = {
  tableHref(id, url) {
    return typeof url === "string" && url.startsWith("/") ? url : `/table/${encodeURIComponent(id)}`;
  },
  go(path) {
    if (location.pathname + location.hash !== path) history.pushState({}, "", path);
    route();
  },
  follow(event, path) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button === 1) return;
    event.preventDefault();
    app.go(path);
  },
};

function tableId() {
  const fromPath = location.pathname.match(/^\/tables?\/([^/]+)\/?$/);
  if (fromPath) return decodeURIComponent(fromPath[1]);
  const fromHash = location.hash.match(/^#\/tables?\/([^/]+)/);
  if (fromHash) return decodeURIComponent(fromHash[1]);
  return null;
}

function route() {
  current?.dispose();
  current = null;
  const id = tableId();
  const learn = id ? null : learnPage(main, app, location.pathname);
  const online = id || learn ? null : onlinePage(main, app, location.pathname);
  document.body.dataset.page = id ? "table" : learn ? "learn" : online ? "online" : "home";
  if (online) {
    current = online; // lobby, leaderboard (js/online.js)
    online.start();
  } else if (learn) {
    current = learn; // rules, tutorial, lab (js/learn/pages.js)
    learn.start();
  } else if (id) {
    const invite = new URLSearchParams(location.search).get("invite");
    if (invite && !tableRecord(id)?.token) {
      current = new InviteGate(main, id, invite); // take a free seat, or watch
      current.start();
    } else {
      current = openTable(id);
    }
  } else {
    document.title = t("app.title");
    renderHome(main, app);
  }
  main.focus({ preventScroll: true });
}

/** The table page (js/table.js), with a private table's invite link for its creator. */
function openTable(id) {
  const view = new TableView(main, id, app);
  view.start(); // draws its frame at once, then connects
  window.cardtable.table = view; // for the browser tests and the curious
  tableRulesLink(header, id);
  const record = tableRecord(id);
  if (record?.inviteUrl) main.prepend(inviteBar(new URL(record.inviteUrl, location.origin).href));
  else offerPublicSeat(view, id, Boolean(record?.token));
  return view;
}

/** A public table with a free seat: its players get a link to share; anyone else who
 * opened it (a link from a friend) may take the seat instead of only watching. */
async function offerPublicSeat(view, id, seated) {
  let summary;
  try {
    summary = await getTable(id);
  } catch {
    return; // the table page says what is wrong
  }
  const free = summary.seats.some((s) => s.kind === "human" && !s.claimed);
  if (view.disposed || !summary.public || summary.status !== "playing" || !free) return;
  if (seated) {
    main.prepend(inviteBar(new URL(app.tableHref(id, summary.url), location.origin).href, "invite.share"));
    return;
  }
  const message = h("span", { class: "copy-msg", role: "alert" });
  const take = h("button", { type: "button", class: "btn primary", dataset: { invite: "take" } }, t("invite.take"));
  take.addEventListener("click", async () => {
    take.disabled = true;
    try {
      const answer = await joinTable(id);
      saveTableRecord(answer.id, { seat: answer.seat, token: answer.token, game: summary.game, options: summary.options, created: Date.now() });
      route(); // the table again, from the seat
    } catch (error) {
      message.textContent = errorText(error);
      take.disabled = false;
    }
  });
  main.prepend(h("div", { class: "invite-bar", dataset: { kind: "seat" } }, h("span", {}, t("invite.freeSeat")), take, message));
}

function inviteBar(url, label = "invite.link") {
  const field = h("input", { type: "text", readonly: true, value: url, id: "invite-link", class: "invite-link", onfocus: (e) => e.target.select() });
  const note = h("span", { class: "copy-msg", role: "status" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      field.select(); // no clipboard here: selected for the person to copy
      document.execCommand?.("copy");
    }
    note.textContent = t("invite.copied");
  };
  return h(
    "div",
    { class: "invite-bar", dataset: { kind: "invite" } },
    h("label", { for: "invite-link" }, t(label)),
    field,
    h("button", { type: "button", class: "btn", onclick: copy }, t("invite.copy")),
    note,
  );
}

/** Opening an invite link without a seat: take a free seat, or watch. */
class InviteGate {
  constructor(root, id, invite) {
    this.root = root;
    this.id = id;
    this.invite = invite;
    this.view = null;
  }

  async start() {
    clear(this.root);
    const message = h("p", { class: "form-msg", role: "alert" });
    const box = h("section", { class: "home invite-gate", dataset: { table: this.id } }, h("p", { role: "status" }, "…"));
    this.root.append(box);
    let summary;
    try {
      summary = await getTable(this.id);
    } catch (error) {
      clear(box).append(h("p", { class: "error", role: "alert" }, error.status === 404 ? t("table.notFound") : errorText(error)));
      return;
    }
    if (this.view) return;
    const game = pickText(GAMES[summary.game]?.title) || summary.title;
    document.title = `${game} · ${t("app.title")}`;
    const free = summary.seats.some((s) => s.kind === "human" && !s.claimed);
    const over = summary.status !== "playing";
    const seats = summary.seats
      .map((s) => (s.kind === "bot" ? t("seat.botLevel", { n: s.seat, level: t(`level.${s.bot}`) }) : (s.name ? personName(s.name) : t(s.claimed ? "invite.player" : "invite.free"))))
      .join(", ");
    const take = h("button", { type: "button", class: "btn primary", dataset: { invite: "take" }, onclick: () => this.take(take, message) }, t("invite.take"));
    // Only the parts there are: Element.append prints a null (no note to show) as "null".
    clear(box).append(
      h("h1", {}, t("invite.title", { game })),
      h("p", {}, t("invite.seats", { seats })),
      ...[
        over ? h("p", {}, t("invite.over")) : free ? null : h("p", {}, t("invite.full")),
        h(
          "div",
          { class: "form-actions" },
          free && !over ? take : null,
          " ",
          h("button", { type: "button", class: "btn ghost", dataset: { invite: "watch" }, onclick: () => this.open() }, t("invite.watch")),
        ),
        message,
      ].filter(Boolean),
    );
  }

  async take(button, message) {
    button.disabled = true;
    try {
      const answer = await joinTable(this.id, this.invite);
      const summary = await getTable(this.id).catch(() => null);
      saveTableRecord(answer.id, {
        seat: answer.seat,
        token: answer.token,
        game: summary?.game,
        options: summary?.options,
        created: Date.now(),
      });
      // The seat's token opens the table from now on; the key need not stay in sight.
      history.replaceState(history.state, "", app.tableHref(answer.id, answer.url));
      this.open();
    } catch (error) {
      message.textContent = errorText(error);
      message.classList.add("error");
      button.disabled = false;
    }
  }

  open() {
    this.view = openTable(this.id);
  }

  draw() {
    this.view?.draw();
  }

  dispose() {
    this.view?.dispose();
  }
}

/** A gear drawn in SVG (the "settings" icon of Feather, MIT), so that its size does not
 * depend on the fonts the machine has. */
function gearIcon() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  for (const [k, v] of Object.entries({ viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true", class: "icon" })) svg.setAttribute(k, v);
  const circle = document.createElementNS(ns, "circle");
  for (const [k, v] of Object.entries({ cx: 12, cy: 12, r: 3 })) circle.setAttribute(k, v);
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", GEAR);
  svg.append(circle, path);
  return svg;
}

const GEAR =
  "M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 0 1 0 2.83 2 2 0 0 1-2.83 0l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 0 1-2 2 2 2 0 0 1-2-2v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 0 1-2.83 0 2 2 0 0 1 0-2.83l.06-.06a1.65 1.65 0 0 0 .33-1.82 1.65 1.65 0 0 0-1.51-1H3a2 2 0 0 1-2-2 2 2 0 0 1 2-2h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 0 1 0-2.83 2 2 0 0 1 2.83 0l.06.06a1.65 1.65 0 0 0 1.82.33H9a1.65 1.65 0 0 0 1-1.51V3a2 2 0 0 1 2-2 2 2 0 0 1 2 2v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 0 1 2.83 0 2 2 0 0 1 0 2.83l-.06.06a1.65 1.65 0 0 0-.33 1.82V9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 0 1 2 2 2 2 0 0 1-2 2h-.09a1.65 1.65 0 0 0-1.51 1z";

function renderHeader() {
  badge?.dispose?.();
  menuAccount?.dispose?.();
  clear(header);
  const s = settings();
  const four = h("input", {
    type: "checkbox",
    id: "set-four",
    checked: s.fourColour,
    onchange: (e) => setSetting("fourColour", e.target.checked),
  });
  // The games' own switches (`addSwitch` in their browser modules).
  const gameSwitches = switches().map(({ name, label }) =>
    h(
      "div",
      { class: "field" },
      h("input", {
        type: "checkbox",
        id: `set-${name}`,
        checked: Boolean(s[name]),
        onchange: (e) => setSetting(name, e.target.checked),
      }),
      h("label", { for: `set-${name}` }, t(label)),
    ),
  );
  const speed = h(
    "select",
    { id: "set-speed", onchange: (e) => setSetting("speed", e.target.value) },
    Object.keys(SPEEDS).map((k) => h("option", { value: k, selected: s.speed === k }, t(`speed.${k}`))),
  );
  header.append(
    h(
      "a",
      // Its name starts with the words it shows (a voice command says what it sees),
      // then where it leads.
      { class: "brand", href: "/", onclick: (e) => app.follow(e, "/"), "aria-label": `${t("app.title")} · ${t("nav.home")}` },
      h("span", { class: "brand-mark", "aria-hidden": "true" }, "♠♥"),
      h("span", { class: "brand-name" }, t("app.title")),
    ),
    h(
      "div",
      { class: "top-tools" },
      (badge = identityBadge(app)),
      h(
        "button",
        {
          type: "button",
          class: "btn ghost lang",
          id: "lang-switch",
          lang: getLang() === "zh-CN" ? "en" : "zh-CN",
          "aria-label": t("lang.switch.label"),
          onclick: () => setLang(getLang() === "zh-CN" ? "en" : "zh-CN"),
        },
        t("lang.switch"),
      ),
      h(
        "details",
        { class: "settings" },
        // On a phone the summary is the gear alone (its label stays for screen readers)
        // and the menu holds the account link the header has no room for (css/style.css).
        h("summary", { class: "btn ghost", title: t("settings") }, gearIcon(), h("span", { class: "settings-label" }, t("settings"))),
        h(
          "div",
          { class: "settings-panel" },
          (menuAccount = accountLink(app, "menu-account")),
          h("div", { class: "field" }, four, h("label", { for: "set-four" }, t("settings.fourColour"))),
          gameSwitches,
          h("div", { class: "field" }, h("label", { for: "set-speed" }, t("settings.speed")), speed),
        ),
      ),
    ),
  );
}

window.cardtable = { app, table: null };
// The settings pop-over closes on a click elsewhere and on Escape.
document.addEventListener("click", (e) => {
  const box = header.querySelector("details.settings[open]");
  if (box && !box.contains(e.target)) box.open = false;
});
document.addEventListener("keydown", (e) => {
  const box = header.querySelector("details.settings[open]");
  if (e.key === "Escape" && box) {
    box.open = false;
    box.querySelector("summary").focus();
  }
});
window.addEventListener("popstate", route);
onSettingsChange(() => current?.draw());
onLangChange(() => {
  renderHeader();
  if (tableId()) tableRulesLink(header, tableId());
  if (!current) renderHome(main, app);
  else if (current.reopenOnLang) route(); // the address holds the page's place (step, seat)
});

ensureSprite();
applySettings();
await loadGamePackages(); // before the header: its settings menu lists the games' switches
renderHeader();
route();

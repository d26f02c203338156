// The page shell: header (home link, language switch, display settings) and a tiny router.
// Paths: "/" the games, "/table/{id}" a table (the server's table URL); "#/table/{id}"
// works as well for a server that only serves "/".

import { ensureSprite } from "./cards.js";
import { clear, h } from "./dom.js";
import { renderHome } from "./home.js";
import { getLang, onLangChange, setLang, t } from "./i18n.js";
import { tableRulesLink } from "./learn/nav.js";
import { learnPage } from "./learn/pages.js";
import { onlinePage } from "./online.js";
import {
  apply as applySettings,
  onSettingsChange,
  setSetting,
  settings,
  SPEEDS,
} from "./settings.js";
import { TableView } from "./table.js";

const main = document.getElementById("main");
const header = document.getElementById("top");
let current = null; // the TableView on screen, if any

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
    current = new TableView(main, id, app);
    current.start();
    window.cardtable.table = current; // for the browser tests and the curious
    tableRulesLink(header, id);
  } else {
    document.title = t("app.title");
    renderHome(main, app);
  }
  main.focus({ preventScroll: true });
}

function renderHeader() {
  clear(header);
  const s = settings();
  const four = h("input", {
    type: "checkbox",
    id: "set-four",
    checked: s.fourColour,
    onchange: (e) => setSetting("fourColour", e.target.checked),
  });
  const memory = h("input", {
    type: "checkbox",
    id: "set-memory",
    checked: s.memoryAid,
    onchange: (e) => setSetting("memoryAid", e.target.checked),
  });
  const speed = h(
    "select",
    { id: "set-speed", onchange: (e) => setSetting("speed", e.target.value) },
    Object.keys(SPEEDS).map((k) => h("option", { value: k, selected: s.speed === k }, t(`speed.${k}`))),
  );
  header.append(
    h(
      "a",
      { class: "brand", href: "/", onclick: (e) => app.follow(e, "/"), "aria-label": t("nav.home") },
      h("span", { class: "brand-mark", "aria-hidden": "true" }, "♠♥"),
      h("span", { class: "brand-name" }, t("app.title")),
    ),
    h(
      "div",
      { class: "top-tools" },
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
        h("summary", { class: "btn ghost" }, t("settings")),
        h(
          "div",
          { class: "settings-panel" },
          h("div", { class: "field" }, four, h("label", { for: "set-four" }, t("settings.fourColour"))),
          h("div", { class: "field" }, memory, h("label", { for: "set-memory" }, t("settings.memory"))),
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
});

ensureSprite();
applySettings();
renderHeader();
route();

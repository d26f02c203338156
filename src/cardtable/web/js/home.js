// The home page: the four games, each with a "new game" form built from the server's
// listing (player count, each bot seat's level, every variant option with its one-line
// explanation in both languages). Submitting creates a table and opens it.

import { createTable, currentMe, listGames, onMeChange, recentTables, saveTableRecord } from "./api.js";
import { cardEl, ensureSprite } from "./cards.js";
import { clear, h } from "./dom.js";
import { GAMES, optionText } from "./gametext.js";
import { addStrings, pickText, t } from "./i18n.js";
import { learnLinks } from "./learn/nav.js";
import { onlineLinks } from "./online.js";
import { errorText } from "./refusal.js";
import { fmtLimit, turnsBlock } from "./turnalert.js";

const DEFAULT_LEVELS = ["random", "easy", "medium", "hard"];
const TURN_LIMITS = [12 * 3600, 86400, 2 * 86400, 3 * 86400, 7 * 86400]; // server/pace.py
// The tiles' order and card fans come from the catalog (each package's `order` and
// `sample_cards`).

addStrings({
  "form.seatOpen": { en: "Open for a person", zh: "留给真人玩家" },
  "form.seatN": { en: "Seat {n}", zh: "{n} 号座" },
  "form.table": { en: "Table", zh: "牌桌" },
  "form.public": { en: "Public: listed in the lobby, anyone may join or watch", zh: "公开：列在大厅，任何人可加入或观战" },
  "form.private": { en: "Private: only people with the invite link", zh: "私人：只有持邀请链接的人" },
  "form.visibility": { en: "Who may come", zh: "谁可以来" },
  "form.rated": { en: "Rated (ratings change)", zh: "计分（影响等级分）" },
  "form.ratedWhy": {
    en: "Rated games need a person in every seat and the standard rules (no variant).",
    zh: "计分牌局需要每个座位都是真人，且使用标准规则（不设变体）。",
  },
  "form.ratedGuest": {
    en: "Rated games are for accounts: register or sign in first (top right).",
    zh: "计分牌局仅限注册用户：请先注册或登录（右上角）。",
  },
  "form.ratedOk": { en: "Every seat is a person and the rules are standard.", zh: "每个座位都是真人，规则为标准规则。" },
  "form.clock": { en: "Clock", zh: "计时" },
  "form.clock.none": { en: "No clock", zh: "不计时" },
  "form.clock.timed": { en: "Timed: a bank of minutes + seconds per move", zh: "计时：总时间 + 每步加秒" },
  "form.clock.untimed": { en: "A limit per move only", zh: "仅限每步时间" },
  "form.bank": { en: "Minutes each", zh: "每人分钟数" },
  "form.increment": { en: "Seconds added per move", zh: "每步加秒" },
  "form.moveLimit": { en: "Seconds per move", zh: "每步秒数" },
  "form.clock.turn": { en: "Turn-based: hours or days a move", zh: "回合制：每步数小时或数天" },
  "form.turnLimit": { en: "Time per move", zh: "每步时限" },
});

let cache = null; // the listing, fetched once per page load
const formState = {}; // per game: {open, players, levels, options} survives a re-render

export async function renderHome(root, app) {
  ensureSprite();
  clear(root);
  const list = h("div", { class: "game-grid" });
  const status = h("p", { class: "home-status", role: "status" }, t("home.loading"));
  root.append(
    h(
      "section",
      { class: "home", "aria-labelledby": "home-h" },
      h(
        "div",
        { class: "hero" },
        h("h1", { id: "home-h" }, t("home.heading")),
        h("p", {}, t("app.tagline")),
        onlineLinks(app),
      ),
      turnsBlock(app),
      recentBlock(app),
      status,
      list,
    ),
  );
  let games;
  try {
    cache ??= await listGames();
    games = cache;
    status.remove();
  } catch (error) {
    status.textContent = t("home.error", { msg: errorText(error) });
    status.classList.add("error");
    games = [];
  }
  const byName = Object.fromEntries(games.map((g) => [g.name, g]));
  const names = games.map((g) => g.name); // in the catalog's order
  for (const name of names) list.append(gameTile(name, byName[name], app));
}

function recentBlock(app) {
  const open = recentTables().filter((r) => r.token && !r.finished);
  if (!open.length) return null;
  return h(
    "nav",
    { class: "recent", "aria-label": t("home.recent") },
    h("h2", {}, t("home.recent")),
    h(
      "ul",
      {},
      open.slice(0, 4).map((r) =>
        h(
          "li",
          {},
          h(
            "a",
            { href: app.tableHref(r.id), onclick: (e) => app.follow(e, app.tableHref(r.id)) },
            `${pickText(GAMES[r.game]?.title) || r.game} · ${t("table.tableId", { id: r.id })}`,
          ),
        ),
      ),
    ),
  );
}

function gameTile(name, game, app) {
  const info = GAMES[name] ?? { title: { en: game?.title ?? name, zh: game?.title ?? name } };
  const fan = h(
    "div",
    { class: "fan", "aria-hidden": "true" },
    (game?.sample_cards ?? []).map((code, i) => {
      const el = cardEl(code, { label: "" });
      el.style.setProperty("--i", String(i));
      return el;
    }),
  );
  const tile = h(
    "article",
    { class: `game-tile game-${name}`, "aria-labelledby": `title-${name}`, dataset: { game: name } },
    fan,
    h(
      "div",
      { class: "tile-text" },
      h("h2", { id: `title-${name}` }, pickText(info.title)),
      info.sub ? h("p", { class: "sub" }, pickText(info.sub)) : null,
      info.blurb ? h("p", { class: "blurb" }, pickText(info.blurb)) : null,
      learnLinks(app, name),
    ),
  );
  if (!game) {
    tile.classList.add("unavailable");
    tile.append(h("p", { class: "not-yet" }, t("home.notYet")));
    return tile;
  }
  tile.append(newGameForm(name, game, app));
  return tile;
}

function playersOption(game) {
  return game.options.find((o) => o.name === "players") ?? null;
}

function playerCounts(game) {
  const o = playersOption(game);
  const range = game.players;
  if (range && typeof range === "object" && range.min != null) {
    const out = [];
    for (let n = Number(range.min); n <= Number(range.max); n++) out.push(n);
    return out;
  }
  if (!o) return [Number(range ?? 2)];
  if (o.choices?.length) return o.choices.map(Number);
  const low = Number(o.low ?? o.default);
  const high = Number(o.high ?? o.default);
  const out = [];
  for (let n = low; n <= high; n++) out.push(n);
  return out;
}

function newGameForm(name, game, app) {
  const st = (formState[name] ??= {
    open: false,
    players: Number(game.players?.default ?? playersOption(game)?.default ?? playerCounts(game)[0]),
    levels: [],
    options: {},
  });
  const levels = game.levels?.length ? game.levels : DEFAULT_LEVELS;
  const fallback = ["medium", "easy", "random"].find((l) => levels.includes(l)) ?? levels[0];
  const details = h("details", { class: "new-game", open: st.open });
  details.addEventListener("toggle", () => (st.open = details.open));
  const form = h("form", { class: "ng-form", novalidate: true });
  const seatsBox = h("fieldset", { class: "seats" });
  const message = h("p", { class: "form-msg", role: "alert" });

  const ratedBox = h("input", { type: "checkbox", id: `ng-${name}-rated`, name: "rated" });
  const ratedNote = h("p", { class: "opt-doc rated-note", id: `ng-${name}-rated-doc` });
  // Rated only for an account, when every seat is a person and no variant is set (the
  // server's rules; an identity not known yet is left to the server).
  const updateRated = () => {
    const people = Array.from({ length: st.players }, (_, i) => i === 0 || st.levels[i] === "human");
    const guest = currentMe()?.guest === true;
    const ok = !guest && people.every(Boolean) && Object.keys(st.options).length === 0;
    ratedBox.disabled = !ok;
    if (!ok) st.rated = false;
    ratedBox.checked = Boolean(st.rated);
    ratedNote.textContent = guest ? t("form.ratedGuest") : ok ? t("form.ratedOk") : t("form.ratedWhy");
  };
  // Signing in or out changes what the form may offer; a form no longer shown stops listening.
  const stopListening = onMeChange(() => (details.isConnected ? updateRated() : stopListening()));
  ratedBox.addEventListener("change", () => (st.rated = ratedBox.checked));

  const renderSeats = () => {
    clear(seatsBox);
    seatsBox.append(h("legend", {}, t("form.seats")));
    const list = h("ol", { class: "seat-list" });
    for (let i = 0; i < st.players; i++) {
      if (i === 0) {
        list.append(h("li", { class: "seat-row you" }, h("span", { class: "seat-name" }, t("form.you"))));
        continue;
      }
      const id = `ng-${name}-seat${i}`;
      const choices = ["human", ...levels];
      const select = h(
        "select",
        {
          id,
          name: `seat${i}`,
          onchange: (e) => {
            st.levels[i] = e.target.value;
            updateRated();
          },
        },
        choices.map((lv) =>
          h(
            "option",
            { value: lv, selected: (st.levels[i] ?? fallback) === lv },
            lv === "human" ? t("form.seatOpen") : t(`level.${lv}`),
          ),
        ),
      );
      if (!choices.includes(st.levels[i] ?? fallback)) select.value = fallback;
      st.levels[i] = select.value;
      list.append(
        h(
          "li",
          { class: "seat-row" },
          h("label", { for: id, class: "seat-name" }, t("form.seatN", { n: i })),
          select,
        ),
      );
    }
    seatsBox.append(list);
    updateRated();
  };

  const counts = playerCounts(game);
  const playersId = `ng-${name}-players`;
  const playersRow =
    counts.length > 1
      ? h(
          "div",
          { class: "field players-field" },
          h("label", { for: playersId }, t("form.players")),
          h(
            "select",
            {
              id: playersId,
              name: "players",
              onchange: (e) => {
                st.players = Number(e.target.value);
                renderSeats();
              },
            },
            counts.map((n) => h("option", { value: n, selected: n === st.players }, String(n))),
          ),
        )
      : null;

  const variants = game.options.filter((o) => o.name !== "players");
  const variantBox = variants.length
    ? h(
        "details",
        {
          class: "variants",
          open: Boolean(st.variantsOpen),
          ontoggle: (e) => (st.variantsOpen = e.target.open),
        },
        h("summary", {}, `${t("form.variants")} (${variants.length})`),
        h(
          "div",
          { class: "variant-list", onchange: () => updateRated() },
          variants.map((o) => optionRow(name, o, st)),
        ),
      )
    : null;

  renderSeats();
  const tableBox = onlineFields(name, st, ratedBox, ratedNote);
  const start = h("button", { type: "submit", class: "btn primary start" }, t("form.start"));
  form.append(playersRow, seatsBox, tableBox, variantBox, h("div", { class: "form-actions" }, start), message);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    start.disabled = true;
    message.textContent = t("form.starting");
    message.classList.remove("error");
    const seats = ["human"];
    for (let i = 1; i < st.players; i++) {
      const choice = st.levels[i] ?? fallback;
      seats.push(choice === "human" ? "human" : `bot:${choice}`);
    }
    const options = { ...st.options };
    if (playersOption(game)) options.players = st.players;
    const online = { public: st.visibility !== "private", rated: Boolean(st.rated && !ratedBox.disabled) };
    const clock = clockSetting(st);
    if (clock) online.clock = clock;
    if (st.clock === "turn") Object.assign(online, { pace: "turn-based", move_limit: st.turn });
    try {
      await startTable(app, name, options, seats, online);
    } catch (error) {
      message.textContent = t("form.failed", { msg: errorText(error) });
      message.classList.add("error");
      start.disabled = false;
    }
  });
  details.append(h("summary", { class: "btn primary" }, t("form.new")), form);
  return details;
}

/** The table settings of the form: who may come, rated or casual, the clock. */
function onlineFields(name, st, ratedBox, ratedNote) {
  st.visibility ??= "public";
  st.clock ??= "none";
  const radio = (value) => {
    const id = `ng-${name}-${value}`;
    return h(
      "div",
      { class: "opt-line" },
      h("input", {
        type: "radio",
        id,
        name: `visibility-${name}`,
        value,
        checked: st.visibility === value,
        onchange: () => (st.visibility = value),
      }),
      h("label", { for: id }, t(`form.${value}`)),
    );
  };
  const number = (field, key, min, max) => {
    const id = `ng-${name}-${field}`;
    return h(
      "div",
      { class: "opt-line clock-field", dataset: { clock: field } },
      h("label", { for: id }, t(key)),
      h("input", {
        type: "number",
        id,
        name: field,
        min,
        max,
        step: 1,
        inputmode: "numeric",
        value: st[field],
        onchange: (e) => {
          const n = Math.min(max, Math.max(min, Math.round(Number(e.target.value) || min)));
          e.target.value = n;
          st[field] = n;
        },
      }),
    );
  };
  st.bank ??= 5;
  st.increment ??= 5;
  st.move ??= 60;
  st.turn ??= TURN_LIMITS[1];
  const clockId = `ng-${name}-clock`;
  const extra = h("div", { class: "clock-extra" });
  const showClock = () => {
    clear(extra);
    if (st.clock === "timed") extra.append(number("bank", "form.bank", 1, 120), number("increment", "form.increment", 0, 60));
    if (st.clock === "untimed") extra.append(number("move", "form.moveLimit", 10, 3600));
    if (st.clock === "turn") extra.append(turnLimit(name, st));
  };
  showClock();
  return h(
    "fieldset",
    { class: "table-settings" },
    h("legend", {}, t("form.table")),
    h("div", { class: "field", role: "radiogroup", "aria-label": t("form.visibility") }, radio("public"), radio("private")),
    h(
      "div",
      { class: "field option bool" },
      h("div", { class: "opt-line" }, ratedBox, h("label", { for: ratedBox.id }, t("form.rated"))),
      ratedNote,
    ),
    h(
      "div",
      { class: "field" },
      h(
        "div",
        { class: "opt-line" },
        h("label", { for: clockId }, t("form.clock")),
        h(
          "select",
          {
            id: clockId,
            name: "clock",
            onchange: (e) => {
              st.clock = e.target.value;
              showClock();
            },
          },
          ["none", "timed", "untimed", "turn"].map((k) => h("option", { value: k, selected: st.clock === k }, t(`form.clock.${k}`))),
        ),
      ),
      extra,
    ),
  );
}

/** The limit per move of a turn-based table (the server's choices, docs/online.md "Pace"). */
function turnLimit(name, st) {
  const id = `ng-${name}-turn`;
  return h(
    "div",
    { class: "opt-line clock-field", dataset: { clock: "turn" } },
    h("label", { for: id }, t("form.turnLimit")),
    h(
      "select",
      { id, name: "turn", onchange: (e) => (st.turn = Number(e.target.value)) },
      TURN_LIMITS.map((s) => h("option", { value: s, selected: st.turn === s }, fmtLimit(s))),
    ),
  );
}

/** The realtime clock the server expects (docs/online.md "Clocks"), or null for none (a
 * turn-based table sends its pace instead). */
function clockSetting(st) {
  if (st.clock === "timed") return { kind: "timed", bank: st.bank * 60, increment: st.increment };
  if (st.clock === "untimed") return { kind: "untimed", move: st.move };
  return null;
}

/** Creates a table, remembers the seat token (and a private table's invite link) and
 * opens the table (also used by rematch). `online`: {public, rated, clock}. */
export async function startTable(app, game, options, seats, online = {}) {
  const answer = await createTable(game, options, seats, online);
  saveTableRecord(answer.id, {
    seat: answer.seat ?? 0,
    token: answer.token,
    game,
    options,
    seats,
    created: Date.now(),
    invite: answer.invite ?? null,
    inviteUrl: answer.invite_url ?? null,
  });
  app.go(app.tableHref(answer.id, answer.url));
  return answer;
}

function optionRow(game, o, st) {
  const text = optionText(game, o.name);
  const id = `ng-${game}-${o.name}`;
  const label = text ? pickText(text.label) : o.name;
  const doc = text ? pickText(text.doc) : (o.doc ?? "");
  const current = o.name in st.options ? st.options[o.name] : o.default;
  const set = (value) => {
    if (value === o.default) delete st.options[o.name];
    else st.options[o.name] = value;
  };
  const docId = `${id}-doc`;
  let control;
  if (o.kind === "bool" || typeof o.default === "boolean") {
    control = h("input", {
      type: "checkbox",
      id,
      checked: Boolean(current),
      "aria-describedby": docId,
      onchange: (e) => set(e.target.checked),
    });
    return h(
      "div",
      { class: "field option bool" },
      h("div", { class: "opt-line" }, control, h("label", { for: id }, label)),
      h("p", { class: "opt-doc", id: docId }, doc),
    );
  }
  if (o.choices?.length) {
    control = h(
      "select",
      {
        id,
        "aria-describedby": docId,
        onchange: (e) => set(o.choices[Number(e.target.value)]),
      },
      o.choices.map((c, i) =>
        h(
          "option",
          { value: i, selected: c === current },
          valueText(text, c) + (c === o.default ? ` · ${t("form.default")}` : ""),
        ),
      ),
    );
  } else {
    control = h("input", {
      type: "number",
      id,
      value: current,
      min: o.low,
      max: o.high,
      step: 1,
      inputmode: "numeric",
      "aria-describedby": docId,
      onchange: (e) => {
        let n = Math.round(Number(e.target.value));
        if (Number.isNaN(n)) n = Number(o.default);
        if (o.low != null) n = Math.max(o.low, n);
        if (o.high != null) n = Math.min(o.high, n);
        e.target.value = n;
        set(n);
      },
    });
  }
  return h(
    "div",
    { class: "field option" },
    h("div", { class: "opt-line" }, h("label", { for: id }, label), control),
    h("p", { class: "opt-doc", id: docId }, doc),
  );
}

function valueText(text, value) {
  const entry = text?.values?.[String(value)];
  if (entry) return pickText(entry);
  if (typeof value === "boolean") return t(`bool.${value}`);
  return String(value);
}

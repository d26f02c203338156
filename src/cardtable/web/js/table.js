// The table: one WebSocket per open table, the message queue that paces what the bots did
// (each event animates, then the next state is drawn), the event log, errors in words,
// reconnection, and the end-of-game results with a rematch. Everything game-specific is
// in js/games/<game>.js; no rule is decided here: the client draws the seat's view and
// offers exactly the actions of the state message's `legal` list.

import { getTable, requestRematch, saveTableRecord, tableRecord } from "./api.js";
import { cardEl, cardLabel, ensureSprite } from "./cards.js";
import { ChatPanel } from "./chat.js";
import { ClockStrip } from "./clock.js";
import { clear, h, sleep } from "./dom.js";
import { EndGame } from "./endgame.js";
import { importRenderer } from "./gamefiles.js";
import { GAMES } from "./gametext.js";
import { addStrings, joinNames, onLangChange, pickText, t } from "./i18n.js";
import { SeatControls } from "./leave.js";
import { personName, ratingResults } from "./ratingchange.js";
import { duration } from "./settings.js";
import { startTable } from "./home.js";
import { noteTableTurn } from "./turnalert.js";
import { reviewLink } from "./review.js";
import { errorText } from "./refusal.js";


/** Deep equality of two JSON values (actions from `legal` against built ones). */
export function sameJSON(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a == null || b == null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJSON(a[k], b[k]));
}

addStrings({
  "table.skipped": {
    en: "{n} earlier moves are not in this log (the replay has them).",
    zh: "之前的 {n} 步不在此记录中（可在回放中查看）。",
  },
});

const ANIM = 420; // ms of a move animation at normal speed
const PAUSE = 260; // ms a bot's move stays on screen before the next one

export class TableView {
  constructor(root, id, app) {
    this.root = root;
    this.id = id;
    this.app = app;
    this.record = tableRecord(id);
    this.queue = [];
    this.pending = []; // events waiting for the state they lead to
    this.msg = null; // the last state message
    this.seen = null; // the version of the last state message received (maybe not yet drawn)
    this.prevView = null;
    this.sel = {}; // the game module's selection (cleared on a new version)
    this.store = {}; // the game module's memory for this table (kept across versions)
    this.reveals = new Map(); // key -> {code, until}
    this.game = null;
    this.disposed = false;
    this.retry = 0;
    this.busy = false;
    this.resultsOpen = true;
    this.unsubscribe = onLangChange(() => this.relabel());
  }

  async start() {
    ensureSprite();
    this.build();
    let gameName = this.record?.game;
    if (!gameName) {
      try {
        const summary = await getTable(this.id);
        gameName = summary.game;
        this.summary = summary;
      } catch (error) {
        this.fatal(error.status === 404 ? t("table.notFound") : errorText(error));
        return;
      }
    }
    await this.loadGame(gameName);
    this.connect();
  }

  async loadGame(name) {
    if (this.game?.name === name) return;
    let mod;
    try {
      mod = await importRenderer(name);
    } catch {
      this.fatal(`Unknown game ${name}`);
      return;
    }
    this.game = mod.default;
    this.el.dataset.game = name;
    document.body.dataset.game = name;
    this.relabel();
  }

  dispose() {
    this.disposed = true;
    delete document.body.dataset.game;
    this.unsubscribe();
    clearTimeout(this.retryTimer);
    clearTimeout(this.revealTimer);
    this.clocks?.dispose();
    noteTableTurn(null, false);
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close();
    }
  }

  // -- layout --------------------------------------------------------------------------
  build() {
    clear(this.root);
    this.title = h("h1", { class: "table-title" });
    this.turnBadge = h("p", { class: "turn-badge", "aria-live": "polite" });
    this.banner = h("div", { class: "banner", role: "status", hidden: true });
    this.board = h("div", { class: "board", dataset: { kind: "board" } });
    this.prompt = h("p", { class: "prompt-text", id: "prompt" });
    this.hint = h("p", { class: "hint", role: "alert" });
    this.actions = h("div", { class: "actions", role: "group", "aria-labelledby": "prompt" });
    this.logList = h("ol", { class: "log-list" });
    this.logToggle = h("button", {
      type: "button",
      class: "btn ghost log-toggle",
      "aria-expanded": "false",
      "aria-controls": "log",
      onclick: () => this.toggleLog(),
    });
    this.logBox = h(
      "section",
      { class: "log", id: "log", role: "log", "aria-labelledby": "log-h" },
      h("h2", { id: "log-h", class: "log-h" }),
      this.logList,
    );
    // Online play: the clocks, Leave/Resign with their confirmation, the chat.
    this.clocks = new ClockStrip(this);
    this.controls = new SeatControls(this);
    this.chat = new ChatPanel(this);
    this.endgame = new EndGame(this); // who called, whose last turns remain; the call's confirmation
    this.results = h("section", {
      class: "results",
      role: "dialog",
      "aria-modal": "false",
      "aria-labelledby": "results-h",
      hidden: true,
    });
    this.el = h(
      "section",
      { class: "table-page" },
      h(
        "div",
        { class: "table-head" },
        this.title,
        this.turnBadge,
        this.logToggle,
        this.controls.el,
      ),
      this.banner,
      this.endgame.banner,
      this.controls.confirmBox,
      this.clocks.el,
      h(
        "div",
        { class: "table-body" },
        h(
          "div",
          { class: "felt-wrap" },
          this.board,
          h(
            "div",
            { class: "control-bar" },
            h("div", { class: "prompt", "aria-live": "polite" }, this.prompt),
            this.hint,
            this.actions,
            this.endgame.confirmBox,
          ),
        ),
        h("div", { class: "table-side" }, this.logBox, this.chat.el),
      ),
      this.results,
    );
    this.board.addEventListener("click", (e) => this.boardClick(e));
    this.root.append(this.el);
    this.relabel();
  }

  relabel() {
    const name = this.game?.name ?? this.record?.game;
    const title = name ? pickText(GAMES[name]?.title) || name : "";
    this.title.textContent = title;
    this.title.title = t("table.tableId", { id: this.id });
    document.title = `${title} · ${t("app.title")}`;
    this.logBox.querySelector(".log-h").textContent = t("table.log");
    this.logToggle.textContent = this.logBox.classList.contains("open")
      ? t("table.logHide")
      : t("table.logShow");
    this.clocks.relabel();
    this.controls.relabel();
    this.chat.relabel();
    this.endgame.relabel();
    if (this.msg?.left != null) this.showBanner(t("leave.left"), "info");
    if (this.msg) {
      this.draw();
      this.relog();
      if (this.msg.over) this.showResults(false);
    }
  }

  toggleLog() {
    const open = !this.logBox.classList.contains("open");
    this.logBox.classList.toggle("open", open);
    this.logToggle.setAttribute("aria-expanded", String(open));
    this.logToggle.textContent = open ? t("table.logHide") : t("table.logShow");
  }

  showBanner(text, kind = "info", ms = 0) {
    this.banner.hidden = !text;
    this.banner.textContent = text ?? "";
    this.banner.dataset.kind = kind;
    clearTimeout(this.bannerTimer);
    if (ms) this.bannerTimer = setTimeout(() => (this.banner.hidden = true), ms);
  }

  fatal(text) {
    this.showBanner(text, "error");
    this.prompt.textContent = "";
  }

  // -- connection ----------------------------------------------------------------------
  connect() {
    if (this.disposed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const token = this.record?.token;
    // since: the last version received (0 on a first connect, so a short game's log comes
    // back after a reload); the server answers with the missed events, then the state, or
    // with the state alone (marked `skipped`) when the client is far behind. The version
    // received, not the one drawn: the queue still holds what lies between the two.
    const params = new URLSearchParams();
    if (token) params.set("token", token);
    params.set("since", String(this.seen ?? 0));
    const invite = new URLSearchParams(location.search).get("invite");
    if (invite && !token) params.set("invite", invite);
    const query = `?${params}`;
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(this.id)}${query}`);
    this.ws = ws;
    if (!this.msg) this.showBanner(t("table.connecting"));
    ws.onopen = () => {
      if (this.retry > 0) this.showBanner(t("table.reconnected"), "ok", 1800);
      else this.showBanner(token ? "" : t("table.spectating"), "info");
      this.retry = 0;
      this.el.classList.remove("offline");
    };
    ws.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === "chat") {
        this.chat.add(msg); // not paced behind the game's animations
        return;
      }
      if (msg.type === "state" && (this.seen == null || msg.version > this.seen)) {
        this.seen = msg.version;
      }
      this.queue.push(msg);
      this.pump();
    };
    ws.onclose = (e) => {
      if (this.disposed || this.ws !== ws) return;
      if (e.code === 4404 || this.notFound) {
        this.fatal(t("table.notFound"));
        return;
      }
      if (e.code === 4403 && !this.record?.token) {
        // No seat and no (right) invite key: a private table. Knocking again cannot help.
        this.fatal(t("table.private"));
        return;
      }
      if (e.code === 4403 && this.record?.token) {
        // The seat token is refused: watch the table instead of knocking forever.
        this.record = { ...this.record, token: null };
        saveTableRecord(this.id, { token: null });
        this.retryTimer = setTimeout(() => this.connect(), 200);
        return;
      }
      this.el.classList.add("offline");
      this.busy = false;
      this.showBanner(t("table.reconnecting"), "warn");
      const wait = Math.min(5000, 400 * 2 ** this.retry);
      this.retry += 1;
      this.retryTimer = setTimeout(() => this.connect(), wait);
    };
  }

  /** Sends any message on the socket; false when it is not open. */
  sendMessage(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Sends an action from the legal list (or built to match one); a call of the end of
   * the round waits for its confirmation first (js/endgame.js). */
  send(action, { confirmed = false } = {}) {
    if (!this.msg || this.busy || !this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    if (!confirmed && this.endgame.intercept(action)) return;
    this.busy = true;
    this.el.classList.add("busy");
    this.el.dataset.settled = "0";
    this.hint.textContent = "";
    this.ws.send(JSON.stringify({ type: "act", version: this.msg.version, action }));
  }

  // -- the queue -----------------------------------------------------------------------
  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    this.el.dataset.settled = "0";
    try {
      while (this.queue.length && !this.disposed) {
        const msg = this.queue.shift();
        await this.handle(msg);
      }
    } finally {
      this.pumping = false;
      if (!this.busy) this.el.dataset.settled = "1";
    }
  }

  behind() {
    return this.queue.filter((m) => m.type === "state").length;
  }

  async handle(msg) {
    if (msg.type === "event") {
      const event = msg.event ?? msg;
      this.pending.push(event);
      this.logEvent(event);
      return;
    }
    if (msg.type === "error" && msg.about === "chat") {
      this.chat.refused(msg);
      return;
    }
    if (msg.type === "error") {
      this.busy = false;
      this.el.classList.remove("busy");
      if (msg.code === "bad_token") return;
      if (msg.code === "unknown_table") {
        this.notFound = true;
        this.fatal(t("table.notFound"));
        return;
      }
      const text = msg.code === "stale_version" ? t("table.errorStale") : t("table.error", { msg: errorText(msg) });
      this.hint.textContent = text;
      this.hint.dataset.kind = "error";
      return;
    }
    if (msg.type === "rating") {
      // The game was rated: the results show each player's change.
      this.ratingMessage = msg;
      if (this.msg?.over && !this.results.hidden) this.showResults(false);
      return;
    }
    if (msg.type === "seats") {
      if (this.msg) {
        this.msg.seats = msg.seats;
        this.draw(); // a person who just sat down: their name, not "Player n"
        this.clocks.draw(); // its names; the countdown runs on from the last state
      }
      return;
    }
    if (msg.type !== "state") return;
    if (msg.view?.game && msg.view.game !== this.game?.name) await this.loadGame(msg.view.game);
    const events = this.pending;
    this.pending = [];
    // A state that comes instead of the moves missed (far behind) is drawn afresh, as a
    // first state is: nothing to animate from.
    if (msg.skipped) this.logNote(() => t("table.skipped", { n: msg.skipped }));
    const first = !this.msg || Boolean(msg.skipped);
    const prev = first ? null : this.msg;
    this.prevView = prev?.view ?? null;
    if (!prev || prev.version !== msg.version) this.sel = {};
    this.msg = msg;
    // The lines logged before the first state were written without the seats' names.
    if (first) this.relog();
    this.el.dataset.version = String(msg.version);
    this.busy = false;
    this.el.classList.remove("busy");
    if (this.record && msg.seat != null && this.record.seat !== msg.seat) {
      this.record.seat = msg.seat;
    }
    if (msg.over && this.record && !this.record.finished) {
      saveTableRecord(this.id, { finished: true });
      this.record.finished = true;
    }
    this.game.onState?.(this.ctx());
    for (const ev of events) this.game.onEvent?.(ev, this.ctx());
    const animate = !first && this.behind() < 4 && duration(ANIM) > 0;
    const before = animate ? this.snapshot() : null;
    this.draw();
    this.online(msg);
    if (animate) {
      const moved = this.animate(before, events);
      const mine = events.length && events.every((e) => e.seat === msg.seat);
      const wait = moved ? duration(ANIM) : events.length && !mine ? duration(PAUSE) : 0;
      if (wait) await sleep(wait);
    }
    if (msg.over && (first || !prev?.over)) this.showResults(true);
  }

  /** The online parts follow every state: clocks, Leave/Resign, chat; and a person who
   * left their seat is told that a bot plays it (the server now shows them the table as a
   * spectator). */
  online(msg) {
    this.clocks.update(msg);
    this.controls.update(msg);
    this.chat.show(msg);
    if (msg.left != null) {
      // Again after a reconnect, whose "connected" banner replaced it.
      if (this.banner.hidden || this.banner.textContent !== t("leave.left")) {
        this.showBanner(t("leave.left"), "info");
      }
      if (this.record && !this.record.finished) {
        saveTableRecord(this.id, { finished: true });
        this.record.finished = true;
      }
    }
  }

  /** A person's name at the table: "You", their display name, else the seat's name. */
  displayName(s, fallback = null) {
    if (s === this.mySeat()) return t("seat.you");
    const info = this.msg?.seats?.find?.((x) => x.seat === s);
    if (info?.kind === "human" && info.name) return personName(info.name);
    if (info?.kind !== "bot" && fallback && !/^Seat \d+$/.test(fallback)) return personName(fallback);
    return this.seatName(s);
  }

  // -- drawing -------------------------------------------------------------------------
  /** Whether a person's seat is still free: the game begins when every seat is taken, and
   * the server refuses every move before (`waiting_for_players`). */
  waitingForPlayers() {
    const msg = this.msg;
    if (!msg || msg.over) return false;
    return (msg.seats ?? []).some((s) => s.kind === "human" && !s.claimed);
  }

  ctx() {
    const msg = this.msg;
    const view = msg?.view ?? {};
    const legal = this.waitingForPlayers() ? [] : (msg?.legal ?? []);
    return {
      table: this,
      view,
      prev: this.prevView,
      legal,
      seat: msg?.seat ?? null,
      over: Boolean(msg?.over),
      outcome: msg?.outcome ?? null,
      seats: msg?.seats ?? null,
      sel: this.sel,
      store: this.store,
      board: this.board,
      actions: this.actions,
      busy: this.busy,
      name: (s) => this.seatName(s),
      send: (a) => this.send(a),
      redraw: () => this.draw(),
      explain: (text) => this.explain(text),
      reveal: (key, code, ms = 2600) => this.reveal(key, code, ms),
      revealed: (key) => this.revealed(key),
      isLegal: (a) => legal.some((l) => sameJSON(l, a)),
      button: (label, onClick, opts = {}) => actionButton(label, onClick, opts),
    };
  }

  /** This page's seat: the state's, or before the first state (the events a reconnect
   * replays come first) the seat this browser holds, so that its own moves read "You". */
  mySeat() {
    return this.msg ? this.msg.seat : (this.record?.token ? this.record.seat : null);
  }

  /** Every seat's name as players know it: "You", a person's account or guest name (the
   * server's seat list carries it), a bot's level, else "Player n" for a seat not yet
   * taken. The seat panels, prompts, log and results all use this. */
  seatName(s) {
    if (s == null) return "";
    const msg = this.msg;
    if (s === this.mySeat()) return t("seat.you");
    const info = msg?.seats?.find?.((x) => x.seat === s);
    if (info?.kind === "bot" || (typeof info?.bot === "string" && info.bot)) {
      const level = info.bot && !info.bot.includes(":") ? t(`level.${info.bot}`) : (info.bot ?? "");
      return t("seat.botLevel", { n: s, level });
    }
    if (info?.name) return personName(info.name);
    const rec = this.record?.seats?.[s];
    if (typeof rec === "string" && rec.startsWith("bot:")) {
      return t("seat.botLevel", { n: s, level: t(`level.${rec.slice(4)}`) });
    }
    return t("seat.player", { n: s });
  }

  draw() {
    if (!this.msg || !this.game) return;
    const focusKey = document.activeElement?.dataset?.fk;
    const focusInside = this.el.contains(document.activeElement);
    const ctx = this.ctx();
    clear(this.board);
    clear(this.actions);
    this.game.render(ctx);
    const waiting = this.waitingForPlayers();
    const promptText = this.msg.over
      ? t("table.over")
      : waiting
        ? t("table.waitingPlayers")
        : this.game.prompt(ctx);
    this.prompt.textContent = promptText;
    const toAct = waiting ? [] : (this.msg.view?.to_act ?? []);
    const mine = ctx.legal.length > 0;
    this.el.classList.toggle("my-turn", mine);
    noteTableTurn(this.id, mine && !this.msg.over, this.game?.name); // the page title says it
    const yourTurn = mine && (this.game.myTurn ? this.game.myTurn(ctx) : true);
    this.turnBadge.textContent = this.msg.over
      ? t("table.over")
      : mine
        ? yourTurn
          ? t("table.yourTurn")
          : t("table.youMay")
        : toAct.length
          ? t("table.waitingMany", { names: joinNames(toAct.map((s) => this.seatName(s))) })
          : waiting
            ? t("table.waitingPlayers")
            : "";
    if (this.msg.over) {
      this.actions.append(
        actionButton(t("table.showResults"), () => this.showResults(true), { cls: "ghost" }),
      );
    }
    this.endgame.update();
    if (focusKey) {
      const again = this.el.querySelector(`[data-fk="${CSS.escape(focusKey)}"]`);
      if (again && !again.disabled) {
        again.focus({ preventScroll: true });
        return;
      }
    }
    if (focusInside && !this.el.contains(document.activeElement)) {
      const first = this.board.querySelector(".target") ?? this.actions.querySelector("button");
      first?.focus({ preventScroll: true });
    }
  }

  explain(text) {
    this.hint.textContent = text;
    this.hint.dataset.kind = "why";
    this.hint.classList.remove("flash");
    void this.hint.offsetWidth;
    this.hint.classList.add("flash");
  }

  boardClick(e) {
    const el = e.target.closest("[data-k], .card, .pile");
    if (!el || !this.msg || el.classList.contains("target") || e.defaultPrevented) return;
    if (this.msg.over) return;
    const ctx = this.ctx();
    if (!ctx.legal.length) {
      const toAct = this.msg.view?.to_act ?? [];
      this.explain(
        t("table.notYourTurn", { name: joinNames(toAct.map((s) => this.seatName(s))) || "…" }),
      );
      return;
    }
    const why = this.game.explain?.(el, ctx);
    const what = cardLabel(el);
    this.explain(why ?? `${t("table.notThat", { what })} ${this.prompt.textContent}`);
  }

  // -- peeks shown for a moment --------------------------------------------------------
  reveal(key, code, ms) {
    this.reveals.set(key, { code, until: performance.now() + duration(ms) + 400 });
    this.scheduleReveal();
  }

  revealed(key) {
    const r = this.reveals.get(key);
    if (!r) return null;
    if (r.until < performance.now()) {
      this.reveals.delete(key);
      return null;
    }
    return r.code;
  }

  scheduleReveal() {
    clearTimeout(this.revealTimer);
    if (!this.reveals.size) return;
    const next = Math.min(...[...this.reveals.values()].map((r) => r.until));
    this.revealTimer = setTimeout(
      () => {
        const now = performance.now();
        for (const [k, r] of this.reveals) if (r.until <= now) this.reveals.delete(k);
        this.draw();
        this.scheduleReveal();
      },
      Math.max(50, next - performance.now()),
    );
  }

  // -- animation (FLIP over data-k keys) ------------------------------------------------
  snapshot() {
    const out = new Map();
    for (const el of this.board.querySelectorAll("[data-k]")) {
      out.set(el.dataset.k, el.getBoundingClientRect());
    }
    return out;
  }

  animate(before, events) {
    const ctx = this.ctx();
    let moved = false;
    const ms = duration(ANIM);
    for (const ev of events) {
      const spec = this.game.moves?.(ev, ctx) ?? [];
      for (const m of spec) {
        if (m.flash) {
          for (const el of this.board.querySelectorAll(`[data-k="${CSS.escape(m.flash)}"]`)) {
            el.classList.remove(m.cls ?? "flash");
            void el.offsetWidth;
            el.classList.add(m.cls ?? "flash");
            el.style.setProperty("--anim", `${ms * 2}ms`);
          }
          moved = true;
          continue;
        }
        const from = before.get(m.from);
        const el = this.board.querySelector(`[data-k="${CSS.escape(m.to)}"]`);
        if (!from || !el) continue;
        const to = el.getBoundingClientRect();
        if (!to.width) continue;
        // From a seat panel (a card whose face nobody saw): start small at its centre.
        const dx = m.center ? from.left + from.width / 2 - (to.left + to.width / 2) : from.left - to.left;
        const dy = m.center ? from.top + from.height / 2 - (to.top + to.height / 2) : from.top - to.top;
        const s = m.center ? 0.5 : from.width / to.width;
        if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
        el.animate(
          [
            { transform: `translate(${dx}px, ${dy}px) scale(${s})`, zIndex: 20, transformOrigin: m.center ? "50% 50%" : "0 0" },
            { transform: "translate(0, 0) scale(1)", zIndex: 20, transformOrigin: m.center ? "50% 50%" : "0 0" },
          ],
          { duration: ms, easing: "cubic-bezier(.2,.7,.2,1)" },
        );
        moved = true;
      }
    }
    return moved;
  }

  // -- log -----------------------------------------------------------------------------
  /** Writes every line of the log again (a change of language, or the seats' names). */
  relog() {
    for (const li of this.logList.children) li.textContent = li.__render?.() ?? li.textContent;
  }

  /** A line of the log that is not an event; `render` gives its text (again on a change
   * of language). */
  logNote(render) {
    const li = h("li", { class: "log-note" }, render());
    li.__render = render;
    this.logList.append(li);
  }

  logEvent(event) {
    if (!this.game) return;
    const render = () => this.game.describe(event, this.ctx());
    const text = render();
    if (!text) return;
    const li = h("li", { class: `log-${event.type}` }, text);
    li.__render = render;
    this.logList.append(li);
    while (this.logList.children.length > 300) this.logList.firstChild.remove();
    this.logList.parentElement.scrollTop = this.logList.parentElement.scrollHeight;
    this.logBox.scrollTop = this.logBox.scrollHeight;
  }

  // -- results -------------------------------------------------------------------------
  showResults(focus) {
    const msg = this.msg;
    if (!msg?.over) return;
    const ctx = this.ctx();
    const outcome = msg.outcome ?? {};
    const scores = outcome.scores ?? msg.view?.scores ?? [];
    const winners = outcome.winners ?? [];
    const me = msg.seat;
    // Ended without a result: aborted (a rated game left before everyone moved) or cancelled.
    const unplayed = outcome.details?.aborted ? "table.aborted" : outcome.details?.cancelled ? "table.cancelledGame" : null;
    const headline = unplayed
      ? t(unplayed)
      : me == null
        ? t("table.over")
        : winners.includes(me)
          ? winners.length > 1
            ? t("table.youTie")
            : t("table.youWin")
          : t("table.youLose");
    const winnerNames = joinNames(winners.map((s) => this.seatName(s)));
    const rows = [];
    const n = msg.view?.players ?? scores.length;
    for (let s = 0; s < n; s++) {
      rows.push(
        h(
          "tr",
          { class: winners.includes(s) ? "won" : "" },
          h("th", { scope: "row" }, this.seatName(s), winners.includes(s) ? " ★" : ""),
          h("td", {}, this.game.scoreText?.(scores[s], s, ctx) ?? fmtScore(scores[s])),
          h("td", { class: "res-hand" }, this.game.resultHand?.(s, ctx) ?? null),
        ),
      );
    }
    clear(this.results);
    this.results.append(
      h(
        "div",
        { class: "results-card" },
        h("h2", { id: "results-h", tabindex: "-1" }, headline),
        h(
          "p",
          { class: "winners" },
          unplayed
            ? (outcome.details.reason ?? "")
            : winners.length > 1
              ? t("table.winners", { names: winnerNames })
              : t("table.winner", { names: winnerNames }),
        ),
        this.game.resultNote?.(ctx) ?? null,
        h(
          "table",
          { class: "score-table" },
          h(
            "thead",
            {},
            h("tr", {}, h("th", {}, ""), h("th", { scope: "col" }, t("table.score")), h("th", {}, "")),
          ),
          h("tbody", {}, rows),
        ),
        // How the scores came about, from the outcome (the game's results.js).
        this.game.resultDetails?.(ctx) ?? null,
        // (The rating change, when a rated game has one, goes here: after the breakdown,
        // before the actions.)
        ratingResults(this),
        h(
          "div",
          { class: "results-actions" },
          // Rematch is for the players; a spectator has no seat to bring to a new table.
          me == null
            ? null
            : actionButton(t("table.rematch"), () => this.rematch(), { cls: "primary", fk: "rematch" }),
          me == null || unplayed ? null : reviewLink(this.app, this.id, me), // js/review.js (issue 22)
          actionButton(t("table.closeResults"), () => this.hideResults(), { cls: "ghost" }),
          actionButton(t("table.home"), () => this.app.go("/"), { cls: "ghost" }),
        ),
        h("p", { class: "form-msg", role: "alert" }),
      ),
    );
    // The overlay starts below the header where the header is in view (scrolled away: 0).
    const top = document.getElementById("top")?.getBoundingClientRect().bottom ?? 0;
    this.results.style.setProperty("--top-h", `${Math.max(0, Math.round(top))}px`);
    this.results.hidden = false;
    if (focus) this.results.querySelector("h2").focus();
  }

  hideResults() {
    this.results.hidden = true;
    this.actions.querySelector("button")?.focus();
  }

  async rematch() {
    const msgBox = this.results.querySelector(".form-msg");
    const rec = this.record ?? {};
    if (rec.token) {
      // The shared rematch: every player of this table lands at the same new table.
      try {
        msgBox.textContent = t("form.starting");
        const answer = await requestRematch(this.id, rec.token);
        saveTableRecord(answer.id, {
          seat: answer.seat,
          token: answer.token,
          game: rec.game ?? this.game.name,
          options: this.msg?.options ?? rec.options,
          seats: rec.seats,
          created: Date.now(),
        });
        this.app.go(this.app.tableHref(answer.id, answer.url));
        return;
      } catch (error) {
        if (error.status !== 404 && error.status !== 405) {
          msgBox.textContent = t("form.failed", { msg: errorText(error) });
          return;
        }
      }
    }
    const game = rec.game ?? this.game.name;
    if (!rec.options && !this.summary) {
      try {
        this.summary = await getTable(this.id);
      } catch {
        /* fall back to the defaults */
      }
    }
    const options = rec.options ?? this.msg?.options ?? this.summary?.options ?? {};
    let seats = rec.seats;
    if (!seats && this.msg?.seats) {
      seats = this.msg.seats.map((s) => (s.kind === "bot" ? `bot:${s.bot}` : "human"));
    }
    try {
      msgBox.textContent = t("form.starting");
      await startTable(this.app, game, options, seats);
    } catch (error) {
      msgBox.textContent = t("form.failed", { msg: errorText(error) });
    }
  }
}

export function fmtScore(v) {
  if (v == null) return "–";
  const n = Number(v);
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** A control-bar button; fk is a stable focus key kept across redraws. */
export function actionButton(label, onClick, opts = {}) {
  const b = h(
    "button",
    {
      type: "button",
      class: `btn ${opts.cls ?? ""}`,
      dataset: { fk: opts.fk ?? `btn:${label}` },
      "aria-pressed": opts.pressed == null ? null : String(Boolean(opts.pressed)),
      title: opts.title ?? null,
      onclick: onClick,
    },
    label,
  );
  if (opts.action) b.dataset.action = opts.action;
  return b;
}

/** A card that is a legal choice: a focusable button. */
export function targetCard(code, opts, onPick) {
  const el = cardEl(code, { ...opts, target: true });
  el.dataset.fk = opts.fk ?? opts.key ?? "";
  el.addEventListener("click", (e) => {
    e.preventDefault();
    onPick();
  });
  return el;
}

// A replay "/replay/{id}?seat=S&step=K": every step of a game as one audience saw it,
// drawn by the same per-game renderer as the table page (js/games/*.js, read-only: no
// legal actions, so nothing is clickable). Step with the buttons, the slider or the keys
// (← → Home End); the address always holds the seat and the step, so it can be shared.
// Seats' views and "all cards" open only after the end; during a game the replay is the
// spectator's view up to now (the server decides: GET /api/tables/{id}/replay).

import { errorText } from "./refusal.js";
import { getReplay, tableRecord } from "./api.js";
import { cardEl, ensureSprite } from "./cards.js";
import { clear, h } from "./dom.js";
import { importRenderer } from "./gamefiles.js";
import { GAMES } from "./gametext.js";
import { addStrings, joinNames, pickText, t } from "./i18n.js";
import { ReviewPanel } from "./review.js";


addStrings({
  "rp.title": { en: "Replay", zh: "回放" },
  "rp.step": { en: "Step {k} of {n}", zh: "第 {k} / {n} 步" },
  "rp.deal": { en: "The deal", zh: "发牌" },
  "rp.acted": { en: "{name} moved", zh: "{name} 行动" },
  "rp.first": { en: "First step", zh: "第一步" },
  "rp.prev": { en: "Step back", zh: "后退一步" },
  "rp.next": { en: "Step forward", zh: "前进一步" },
  "rp.last": { en: "Last step", zh: "最后一步" },
  "rp.slider": { en: "Step", zh: "步数" },
  "rp.as": { en: "Seen by", zh: "视角" },
  "rp.spectator": { en: "A spectator", zh: "观众" },
  "rp.all": { en: "All cards shown", zh: "显示全部牌" },
  "rp.seat": { en: "{name} (seat {n})", zh: "{name}（{n} 号座）" },
  "rp.copy": { en: "Copy the link", zh: "复制链接" },
  "rp.copied": { en: "Link copied", zh: "链接已复制" },
  "rp.live": {
    en: "This game is still being played: its replay shows what a spectator sees, up to now.",
    zh: "这局仍在进行：回放只显示观众能看到的内容，截至目前。",
  },
  "rp.onlyAfter": {
    en: "A seat's view and all the cards open only after the end; here is the spectator's view.",
    zh: "座位视角和全部牌只在结束后开放；这里是观众视角。",
  },
  "rp.hidden": { en: "Hidden cards", zh: "隐藏的牌" },
  "rp.key.hands": { en: "Hand", zh: "手牌" },
  "rp.key.hand": { en: "Hand", zh: "手牌" },
  "rp.key.decks": { en: "Deck", zh: "牌堆" },
  "rp.key.deck_cards": { en: "Deck, top first", zh: "牌堆（第一张在顶）" },
  "rp.key.talon_cards": { en: "Talon, top first", zh: "底牌堆（第一张在顶）" },
  "rp.events": { en: "What happened", zh: "发生了什么" },
  "rp.result": { en: "Result", zh: "结果" },
  "rp.winners": { en: "Won: {names}", zh: "获胜：{names}" },
  "rp.table": { en: "Open the table", zh: "打开牌桌" },
  "rp.player": { en: "Player {n}", zh: "玩家 {n}" },
  "rp.bot": { en: "Bot {n} · {level}", zh: "电脑 {n} · {level}" },
});

// Where the full view keeps what nobody saw: shown only with "all cards".
const HIDDEN_KEYS = ["hands", "hand", "decks", "deck_cards", "talon_cards"];

export class ReplayPage {
  // Its words are drawn once: a change of language opens the page again (app.js).
  reopenOnLang = true;

  constructor(root, app, id) {
    this.root = root;
    this.app = app;
    this.id = id;
    const q = new URLSearchParams(location.search);
    this.seat = q.get("seat") ?? "spectator";
    this.step = Number.parseInt(q.get("step") ?? "", 10);
    // A private table's key, if this browser has it: the shared link then opens for others.
    this.invite = q.get("invite") ?? tableRecord(id)?.invite ?? null;
    // "review=1": the seat's review is open (asked for from the results or from here).
    this.reviewOn = q.get("review") === "1";
    this.data = null;
    this.game = null;
    this.onKey = (e) => this.key(e);
  }

  async start() {
    ensureSprite();
    document.title = `${t("rp.title")} · ${t("app.title")}`;
    clear(this.root);
    this.status = h("p", { class: "home-status", role: "status" }, "…");
    this.root.append(this.status);
    document.addEventListener("keydown", this.onKey);
    await this.load(this.seat);
  }

  async load(seat, notice = "") {
    let data;
    try {
      data = await getReplay(this.id, seat, this.invite);
    } catch (error) {
      if (error.code === "not_over" && seat !== "spectator") {
        await this.load("spectator", t("rp.onlyAfter"));
        return;
      }
      this.status.textContent = errorText(error);
      this.status.classList.add("error");
      this.status.setAttribute("role", "alert");
      return;
    }
    if (this.disposed) return;
    this.data = data;
    this.seat = data.audience;
    this.game = await importRenderer(data.game).then(
      (mod) => mod.default,
      () => null,
    );
    if (this.disposed) return;
    this.build(notice || (data.over ? "" : t("rp.live")));
    this.review?.dispose();
    this.review = data.over && /^\d+$/.test(String(this.seat)) ? new ReviewPanel(this) : null;
    if (this.review) {
      this.reviewBox.append(this.review.el);
      this.review.start(this.reviewOn);
    } else if (data.over) {
      this.reviewBox.append(h("p", { class: "rv-hint" }, t("rv.pickSeat")));
    }
    const last = data.steps.length - 1;
    this.show(Number.isInteger(this.step) ? this.step : data.over ? 0 : last);
  }

  // -- layout --------------------------------------------------------------------------
  build(notice) {
    const data = this.data;
    const last = data.steps.length - 1;
    clear(this.root);
    document.body.dataset.game = data.game;
    this.board = h("div", { class: "board", dataset: { kind: "board" } });
    this.actions = h("div", { class: "actions" });
    this.hidden = h("div", { class: "replay-hidden" });
    this.stepLabel = h("p", { class: "turn-badge replay-step", "aria-live": "polite" });
    this.slider = h("input", {
      type: "range",
      min: 0,
      max: last,
      value: 0,
      class: "replay-slider",
      "aria-label": t("rp.slider"),
      oninput: (e) => this.show(Number(e.target.value)),
    });
    const button = (label, text, go, fk) =>
      h("button", { type: "button", class: "btn ghost", "aria-label": label, title: label, dataset: { step: fk }, onclick: go }, text);
    const seatPick = h(
      "select",
      { name: "seat", id: "replay-seat", onchange: (e) => this.switchSeat(e.target.value) },
      this.audiences().map(([value, label]) => h("option", { value, selected: value === String(this.seat) }, label)),
    );
    this.copyMsg = h("span", { class: "copy-msg", role: "status" });
    this.log = h("ol", { class: "log-list replay-log" });
    this.reviewBox = h("div", { class: "review-box" });
    const tableHref = `/table/${encodeURIComponent(this.id)}`;
    this.el = h(
      "section",
      { class: "table-page replay-page", dataset: { game: data.game, audience: String(data.audience) } },
      h(
        "div",
        { class: "table-head" },
        h("h1", { class: "table-title" }, `${t("rp.title")} · ${pickText(GAMES[data.game]?.title) || data.title}`),
        this.stepLabel,
      ),
      notice ? h("p", { class: "banner", dataset: { kind: "info" }, role: "status" }, notice) : null,
      h(
        "div",
        { class: "replay-controls", role: "group", "aria-label": t("rp.title") },
        button(t("rp.first"), "«", () => this.show(0), "first"),
        button(t("rp.prev"), "‹", () => this.show(this.index - 1), "prev"),
        this.slider,
        button(t("rp.next"), "›", () => this.show(this.index + 1), "next"),
        button(t("rp.last"), "»", () => this.show(this.data.steps.length - 1), "last"),
        h("label", { for: "replay-seat" }, t("rp.as")),
        seatPick,
        h("button", { type: "button", class: "btn ghost", onclick: () => this.copy() }, t("rp.copy")),
        this.copyMsg,
        h("a", { class: "btn ghost", href: tableHref, onclick: (e) => this.app.follow(e, tableHref) }, t("rp.table")),
      ),
      h(
        "div",
        { class: "table-body" },
        h("div", { class: "replay-main" }, h("div", { class: "felt-wrap" }, this.board, h("div", { class: "control-bar" }, this.actions)), this.reviewBox, this.hidden),
        h("section", { class: "log open", "aria-labelledby": "replay-log-h" }, h("h2", { id: "replay-log-h", class: "log-h" }, t("rp.events")), this.log),
      ),
    );
    this.root.append(this.el);
  }

  audiences() {
    const out = [["spectator", t("rp.spectator")]];
    if (this.data.over) {
      for (let s = 0; s < this.data.seats.length; s++) out.push([String(s), t("rp.seat", { name: this.name(s), n: s })]);
      out.push(["all", t("rp.all")]);
    }
    return out;
  }

  name(s) {
    const info = this.data?.seats?.[s];
    if (info?.name) return info.name;
    if (info?.kind === "bot") return t("rp.bot", { n: s, level: info.bot && !info.bot.includes(":") ? t(`level.${info.bot}`) : info.bot });
    return t("rp.player", { n: s });
  }

  async switchSeat(seat) {
    this.step = this.index;
    await this.load(seat);
  }

  // -- one step ------------------------------------------------------------------------
  show(index) {
    const steps = this.data.steps;
    this.index = Math.max(0, Math.min(steps.length - 1, Number.isFinite(index) ? index : 0));
    const step = steps[this.index];
    this.slider.value = String(this.index);
    this.el.dataset.step = String(this.index);
    this.el.dataset.version = String(step.version);
    const who = step.seat == null ? t("rp.deal") : t("rp.acted", { name: this.name(step.seat) });
    this.stepLabel.textContent = `${t("rp.step", { k: this.index, n: steps.length - 1 })} · ${who}`;
    this.review?.onStep(this.index);
    this.drawBoard(step);
    this.drawLog();
    const params = new URLSearchParams({ seat: String(this.seat), step: String(this.index) });
    if (this.invite) params.set("invite", this.invite);
    if (this.reviewOn) params.set("review", "1");
    history.replaceState(history.state, "", `/replay/${encodeURIComponent(this.id)}?${params}`);
  }

  ctx(step) {
    const seat = /^\d+$/.test(String(this.seat)) ? Number(this.seat) : null;
    return {
      table: null,
      view: step.view,
      prev: null,
      legal: [],
      seat,
      over: Boolean(step.view?.over),
      outcome: step.view?.over ? this.data.outcome : null,
      seats: this.data.seats,
      sel: {},
      store: {},
      board: this.board,
      actions: this.actions,
      busy: false,
      name: (s) => this.name(s),
      send: () => {},
      redraw: () => this.drawBoard(step),
      explain: () => {},
      reveal: () => {},
      revealed: () => null,
      isLegal: () => false,
      button: (label) => h("button", { type: "button", class: "btn", disabled: true }, label),
    };
  }

  drawBoard(step) {
    clear(this.board);
    clear(this.actions);
    clear(this.hidden);
    if (this.game) {
      try {
        this.game.render(this.ctx(step));
        clear(this.actions); // the renderer's buttons are for playing, not for a replay
      } catch (error) {
        this.board.append(h("pre", { class: "replay-raw" }, JSON.stringify(step.view, null, 1)));
      }
    }
    if (this.seat === "all") this.drawHidden(step.view);
    if (this.index === this.data.steps.length - 1 && this.data.over) this.drawResult();
    this.review?.decorate(this.board);
  }

  /** The review asked for: kept in the address, so a reload follows the same job. */
  setReview(on) {
    this.reviewOn = on;
    if (this.data) this.show(this.index);
  }

  /** With every card shown: the hands and decks the table drawing does not show. */
  drawHidden(view) {
    const rows = [];
    for (const key of HIDDEN_KEYS) {
      const value = view?.[key];
      if (!Array.isArray(value)) continue;
      const perSeat = value.length && value.every(Array.isArray);
      const lists = perSeat ? value : [value];
      lists.forEach((cards, s) => {
        if (!cards.length) return;
        const label = perSeat ? `${t(`rp.key.${key}`)} · ${this.name(s)}` : t(`rp.key.${key}`);
        rows.push(
          h(
            "div",
            { class: "hidden-row", dataset: { key, seat: perSeat ? String(s) : "" } },
            h("span", { class: "hidden-label" }, label),
            h("div", { class: "hidden-cards" }, cards.filter((c) => typeof c === "string").map((c) => cardEl(c, { compact: true }))),
          ),
        );
      });
    }
    if (rows.length) this.hidden.append(h("h2", {}, t("rp.hidden")), ...rows);
  }

  drawResult() {
    const outcome = this.data.outcome ?? {};
    const winners = outcome.winners ?? [];
    const scores = outcome.scores ?? [];
    this.actions.append(
      h(
        "div",
        { class: "replay-result" },
        h("strong", {}, `${t("rp.result")}: `),
        t("rp.winners", { names: joinNames(winners.map((s) => this.name(s))) || "–" }),
        scores.length ? ` · ${scores.map((v, s) => `${this.name(s)} ${v}`).join(", ")}` : "",
      ),
    );
  }

  drawLog() {
    clear(this.log);
    const steps = this.data.steps;
    for (let i = 1; i <= this.index; i++) {
      const step = steps[i];
      const words = step.events.map((ev, k) => this.words(ev, step, k)).filter(Boolean);
      for (const text of words) {
        this.log.append(h("li", { class: i === this.index ? "current" : "", dataset: { step: String(i) } }, text));
      }
    }
    this.log.parentElement.scrollTop = this.log.parentElement.scrollHeight;
  }

  words(event, step, k) {
    if (this.seat !== "all" && this.game?.describe) {
      try {
        const text = this.game.describe(event, this.ctx(step));
        if (text) return text;
      } catch {
        /* the server's words will do */
      }
    }
    return step.words[k] ?? "";
  }

  key(e) {
    if (!this.data || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return; // the slider steps itself
    const moves = { ArrowLeft: this.index - 1, ArrowRight: this.index + 1, Home: 0, End: this.data.steps.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    this.show(moves[e.key]);
  }

  async copy() {
    try {
      await navigator.clipboard.writeText(location.href);
      this.copyMsg.textContent = t("rp.copied");
    } catch {
      this.copyMsg.textContent = location.href;
    }
  }

  draw() {
    if (this.data) this.show(this.index);
  }

  dispose() {
    this.disposed = true;
    this.review?.dispose();
    document.removeEventListener("keydown", this.onKey);
    delete document.body.dataset.game;
  }
}

// A live example or a tutorial: a scenario the server replays on the real engine. The
// reader's clicks go through the game's own table module (js/games/*.js); each click is
// matched with the script's next move: a different one is explained (strict scenarios)
// instead of played. The server keeps nothing: every request sends the reader's moves.

import { request } from "../api.js";
import { clear, h } from "../dom.js";
import { importRenderer } from "../gamefiles.js";
import { addStrings, pickText, t } from "../i18n.js";
import { errorText } from "../refusal.js";
import { actionButton } from "../table.js";
import "./strings.js";

addStrings({
  "learn.exampleNamed": { en: "Live example: {title}", zh: "交互示例：{title}" },
});

const modules = {};

async function gameModule(game) {
  modules[game] ??= (await importRenderer(game)).default;
  return modules[game];
}

/** The server's answer, or an ApiError carrying its refusal's code (see refusal.js). */
export async function postJSON(path, body) {
  return request("POST", path, body);
}

const same = (a, b) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])]));
  return v;
}

/** `level`: the example's heading level, one below the heading it sits under. */
export function mountExample(box, game, id, { tutorial = false, app = null, level = 3 } = {}) {
  const ex = new Example(box, game, id, tutorial, app);
  ex.level = level;
  ex.start();
  return ex;
}

class Example {
  constructor(box, game, id, tutorial, app) {
    Object.assign(this, { box, game, id, tutorial, app });
    this.actions = [];
    this.sel = {};
    this.store = {};
    this.msg = null;
    this.wrong = "";
    this.busy = false;
    this.el = h("section", {
      class: `example ${tutorial ? "tutorial" : ""}`,
      dataset: { example: id, game },
      "aria-label": t("learn.example"),
    });
    box.append(this.el);
    window.cardtable ??= {};
    (window.cardtable.examples ??= {})[`${game}/${id}`] = this; // for the browser tests
  }

  async start() {
    this.mod = await gameModule(this.game);
    await this.fetch();
  }

  dispose() {
    this.disposed = true;
  }

  async fetch() {
    this.busy = true;
    this.el.dataset.settled = "0";
    try {
      this.msg = await postJSON(`/api/learn/${this.game}/example`, { id: this.id, actions: this.actions });
      this.error = null;
    } catch (error) {
      this.error = error; // put into words when drawn: the reader may switch language
      this.actions.pop();
    }
    this.busy = false;
    this.sel = {};
    if (!this.disposed) this.draw();
  }

  send(action) {
    // Once the script has ended nothing is played: the reader starts again or moves on.
    if (this.busy || !this.msg || this.msg.done) return;
    if (this.msg.strict && this.msg.expect && !same(action, this.msg.expect)) {
      this.wrong = pickText(this.msg.wrong) || pickText(this.msg.note);
      this.sel = {};
      this.draw();
      return;
    }
    this.wrong = "";
    this.actions.push(action);
    this.fetch();
  }

  ctx(board, actions) {
    const m = this.msg;
    const names = (s) => (s === m.seat ? t("seat.you") : t("seat.bot", { n: s }));
    return {
      view: m.view,
      legal: m.legal,
      seat: m.seat,
      sel: this.sel,
      store: this.store,
      board,
      actions,
      busy: this.busy,
      over: m.over,
      outcome: m.outcome,
      prev: null,
      name: names,
      send: (a) => this.send(a),
      redraw: () => this.draw(),
      explain: () => {},
      reveal: () => {},
      revealed: () => null,
      button: (label, onClick, opts) => actionButton(label, onClick, opts),
    };
  }

  draw() {
    const m = this.msg;
    clear(this.el);
    if (!m) {
      this.el.append(h("p", { class: "error" }, this.error ? errorText(this.error) : t("learn.loading")));
      return;
    }
    const board = h("div", { class: "board" });
    const actions = h("div", { class: "actions", role: "group" });
    const ctx = this.ctx(board, actions);
    const wrap = h("div", { class: `table-page example-table game-${this.game}` }, board);
    try {
      this.mod.render(ctx);
    } catch (error) {
      board.append(h("p", { class: "error" }, String(error)));
    }
    if (m.done) retire(board, actions);
    figureOnly(wrap);
    const prompt = m.done || m.over ? "" : this.mod.prompt?.(ctx) ?? "";
    const log = m.log
      .map((entry) => {
        const text = pickText(entry.note);
        let what = "";
        try {
          what = this.mod.describe?.(entry.event, ctx) ?? "";
        } catch {
          what = "";
        }
        if (!text && !what) return null;
        return [text, what];
      })
      .filter(Boolean)
      // The number is text in its own column (not a list marker, which overflow clips at
      // two digits): as wide as it needs, and the entry wraps beside it.
      .map(([text, what], i) =>
        h("li", {}, h("span", { class: "log-n" }, `${i + 1}.`), h("span", {}, text ? h("strong", {}, text, " ") : null, what)),
      );
    const scores = m.outcome ? t("learn.result", { scores: m.outcome.scores.map((s, i) => `${ctx.name(i)} ${s}`).join(" · ") }) : "";
    this.el.dataset.step = String(m.step);
    this.el.dataset.done = m.done ? "1" : "0";
    // Named by its title: a rules page holds several examples, each a landmark of its own
    // (and a chapter may have the example's title: "Live example" tells them apart).
    this.el.setAttribute("aria-label", t("learn.exampleNamed", { title: pickText(m.title) }));
    this.el.append(
      h(`h${this.level ?? 3}`, { class: "example-title" }, pickText(m.title)),
      h("p", { class: "example-intro" }, pickText(m.intro)),
      wrap,
      h(
        "div",
        { class: "example-side" },
        m.steps ? h("p", { class: "example-progress" }, t("learn.step", { n: Math.min(m.step + (m.done ? 0 : 1), m.steps), m: m.steps })) : null,
        !m.done && m.note ? h("p", { class: "example-note", "aria-live": "polite" }, pickText(m.note)) : null,
        this.wrong ? h("p", { class: "example-wrong", role: "alert" }, t("learn.wrong", { why: this.wrong })) : null,
        this.error ? h("p", { class: "example-error error", role: "alert" }, errorText(this.error)) : null,
        prompt ? h("p", { class: "prompt-text" }, prompt) : null,
        actions,
        log.length ? h("ol", { class: "example-log" }, log) : null,
        m.done ? h("p", { class: "example-end", role: "status" }, h("strong", {}, t("learn.done"), " "), pickText(m.end)) : null,
        scores ? h("p", { class: "example-scores" }, scores) : null,
        m.done && this.tutorial && this.app
          ? h("a", { class: "btn primary next-game", href: "/", onclick: (e) => this.app.follow(e, "/") }, t("learn.next"))
          : null,
        this.actions.length
          ? actionButton(t("learn.again"), () => {
              this.actions = [];
              this.wrong = "";
              this.fetch();
            }, { cls: "ghost again", fk: `again:${this.id}` })
          : null,
      ),
    );
    const list = this.el.querySelector(".example-log");
    if (list) list.scrollTop = list.scrollHeight; // the latest moves in view
    this.el.dataset.settled = "1";
  }
}

/** An example's table is a picture inside the page: its seats and caravans are groups,
 * not landmarks of the page (each example would repeat "Bot 1", "You"...). */
function figureOnly(wrap) {
  for (const part of wrap.querySelectorAll("section")) part.setAttribute("role", "group");
}

/** The script has ended ("Done!"): the game's own buttons go and its cards are no longer
 * choices, so nothing can be played off-script; "Again" (and a tutorial's "Next") stay. */
function retire(board, actions) {
  clear(actions);
  for (const el of board.querySelectorAll(".target, button")) {
    el.classList.remove("target");
    el.removeAttribute("tabindex");
    if ("disabled" in el) el.disabled = true;
  }
}

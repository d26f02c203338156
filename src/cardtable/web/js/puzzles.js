// Puzzles from reviews (issue 22): "/puzzles/{game}" lists a game's puzzles and opens the
// newest, "/puzzles/{game}/{id}" one of them. A puzzle is a position a review found a
// clear best move in (docs/review.md, "Puzzles"): the seat's view and its legal moves,
// drawn by the game's own renderer, so the answer is played on the table as in a game (or
// picked from the list of moves). The server checks the answer; the page explains it in
// the reader's language from the values the server sends.

import { request } from "./api.js";
import { errorText } from "./refusal.js";
import { ensureSprite } from "./cards.js";
import { clear, h } from "./dom.js";
import { importRenderer } from "./gamefiles.js";
import { GAMES } from "./gametext.js";
import { addStrings, pickText, t } from "./i18n.js";
import { moveOf } from "./review.js";
import { actionButton } from "./table.js";

addStrings({
  "pz.title": { en: "Puzzles", zh: "谜题" },
  "pz.none": {
    en: "No puzzles yet: they come from blunders found in reviews of public games.",
    zh: "还没有谜题：谜题来自公开牌局复盘中发现的大错。",
  },
  "pz.list": { en: "Puzzles of this game", zh: "本游戏的谜题" },
  "pz.n": { en: "Puzzle {n}", zh: "谜题 {n}" },
  "pz.task": {
    en: "Find the best move. Play it on the table, or choose it below.",
    zh: "找出最佳着法：在牌桌上走出，或在下面选择。",
  },
  "pz.moves": { en: "Moves", zh: "着法" },
  "pz.you": { en: "You", zh: "你" },
  "pz.player": { en: "Player {n}", zh: "玩家 {n}" },
  "pz.right": { en: "Right: {move} is the best move.", zh: "正确：{move} 是最佳着法。" },
  "pz.rightWhy": {
    en: "It is worth {v} ({dir}), ahead of every other move by at least {margin}.",
    zh: "它的估值为 {v}（{dir}），比其他任何着法至少好 {margin}。",
  },
  "pz.wrong": { en: "Not the best move: {move}.", zh: "不是最佳着法：{move}。" },
  "pz.wrongWhy": {
    en: "It is worth {v} ({dir}); the best move is worth {b}. Try again.",
    zh: "它的估值为 {v}（{dir}）；最佳着法的估值为 {b}。再试一次。",
  },
  "pz.wrongUnvalued": {
    en: "The search did not find it worth valuing; the best move is worth {b} ({dir}). Try again.",
    zh: "搜索认为它不值得估值；最佳着法的估值为 {b}（{dir}）。再试一次。",
  },
  "pz.played": { en: "In the game, the player chose: {move}.", zh: "对局中，玩家选择了：{move}。" },
  "pz.reveal": { en: "Show the answer", zh: "显示答案" },
  "pz.answer": { en: "The answer: {move}.", zh: "答案：{move}。" },
  "pz.values": { en: "Values found ({unit})", zh: "搜索得到的估值（{unit}）" },
  "pz.next": { en: "Next puzzle", zh: "下一题" },
});

function fmt(value) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "–";
  return Math.abs(value) >= 10 ? value.toFixed(1) : Number(value.toFixed(3)).toString();
}

function sameJSON(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class PuzzlePage {
  // Its words are drawn once: a change of language opens the page again (app.js).
  reopenOnLang = true;

  constructor(root, app, game, id = null) {
    this.root = root;
    this.app = app;
    this.game = game;
    this.id = id;
    this.list = [];
    this.puzzle = null;
    this.renderer = null;
    this.sel = {};
    this.store = {};
    this.result = null; // the server's answer to the last move tried
    this.revealed = false;
  }

  get base() {
    return `/puzzles/${encodeURIComponent(this.game)}`;
  }

  async start() {
    ensureSprite();
    const title = pickText(GAMES[this.game]?.title) || this.game;
    document.title = `${t("pz.title")} · ${title} · ${t("app.title")}`;
    clear(this.root);
    this.status = h("p", { class: "home-status", role: "status" }, "…");
    this.root.append(this.status);
    try {
      this.list = (await request("GET", `/api/puzzles/${encodeURIComponent(this.game)}`)).puzzles;
      this.renderer = await importRenderer(this.game).then(
        (mod) => mod.default,
        () => null,
      );
      if (this.disposed) return;
      const id = this.id ?? this.list[0]?.id;
      if (id) this.puzzle = await request("GET", `${this.apiPath(id)}`);
    } catch (error) {
      this.fail(errorText(error));
      return;
    }
    if (this.disposed) return;
    this.id = this.puzzle?.id ?? null;
    this.build(title);
  }

  apiPath(id) {
    return `/api/puzzles/${encodeURIComponent(this.game)}/${encodeURIComponent(id)}`;
  }

  fail(text) {
    this.status.textContent = text;
    this.status.classList.add("error");
    this.status.setAttribute("role", "alert");
  }

  build(title) {
    clear(this.root);
    document.body.dataset.game = this.game;
    this.board = h("div", { class: "board", dataset: { kind: "board" } });
    this.actions = h("div", { class: "actions" });
    this.choices = h("ul", { class: "pz-moves" });
    this.answerBox = h("div", { class: "pz-answer", role: "status", "aria-live": "polite" });
    const links = this.list.map((p, i) => {
      const href = `${this.base}/${encodeURIComponent(p.id)}`;
      const here = p.id === this.id;
      return h("li", {}, h("a", { href, "aria-current": here ? "page" : null, onclick: (e) => this.app.follow(e, href) }, t("pz.n", { n: i + 1 })));
    });
    this.el = h(
      "section",
      { class: "table-page puzzle-page", dataset: { game: this.game, puzzle: this.id ?? "" } },
      h("div", { class: "table-head" }, h("h1", { class: "table-title" }, `${t("pz.title")} · ${title}`)),
      this.puzzle
        ? [
            h("nav", { class: "pz-list", "aria-label": t("pz.list") }, h("ol", {}, links)),
            h("p", { class: "pz-task" }, t("pz.task")),
            h("div", { class: "felt-wrap" }, this.board, h("div", { class: "control-bar" }, this.actions)),
            this.answerBox,
            h("section", { class: "pz-choices", "aria-labelledby": "pz-moves-h" }, h("h2", { id: "pz-moves-h" }, t("pz.moves")), this.choices),
          ]
        : h("p", { class: "pz-none" }, t("pz.none")),
    );
    this.root.append(this.el);
    if (this.puzzle) this.draw();
  }

  name(s) {
    return s === this.puzzle.seat ? t("pz.you") : t("pz.player", { n: s });
  }

  ctx() {
    const legal = this.solved() ? [] : this.puzzle.legal.map((l) => l.action);
    return {
      table: null,
      view: this.puzzle.view,
      prev: null,
      legal,
      seat: this.puzzle.seat,
      over: false,
      outcome: null,
      seats: null,
      sel: this.sel,
      store: this.store,
      board: this.board,
      actions: this.actions,
      busy: this.sending,
      name: (s) => this.name(s),
      send: (a) => this.answer(a),
      redraw: () => this.draw(),
      explain: () => {},
      reveal: () => {},
      revealed: () => null,
      isLegal: (a) => legal.some((l) => sameJSON(l, a)),
      button: (label, onClick, opts = {}) => actionButton(label, onClick, opts),
    };
  }

  solved() {
    return Boolean(this.result?.correct || this.revealed);
  }

  /** The table, the list of moves and the verdict (redrawn after each answer). */
  draw() {
    if (!this.puzzle) return;
    clear(this.board);
    clear(this.actions);
    const ctx = this.ctx();
    if (this.renderer) {
      try {
        this.renderer.render(ctx);
      } catch {
        clear(this.board).append(h("pre", { class: "replay-raw" }, JSON.stringify(this.puzzle.view, null, 1)));
      }
    }
    if (this.solved()) this.markBest(ctx);
    this.drawChoices(ctx);
    this.drawAnswer(ctx);
    this.el.dataset.state = this.result?.correct ? "solved" : this.revealed ? "revealed" : this.result ? "wrong" : "open";
  }

  words(action, ctx, text) {
    return moveOf(this.renderer, action, ctx, text).text;
  }

  drawChoices(ctx) {
    clear(this.choices);
    const done = this.solved();
    for (const entry of this.puzzle.legal) {
      const tried = this.result && sameJSON(this.result.yours?.action ?? this.tried, entry.action);
      this.choices.append(
        h(
          "li",
          {},
          h(
            "button",
            { type: "button", class: `btn ghost pz-move ${tried ? "tried" : ""}`, disabled: done || this.sending, onclick: () => this.answer(entry.action) },
            this.words(entry.action, ctx, entry.text),
          ),
        ),
      );
    }
  }

  async answer(action) {
    if (this.sending || this.solved()) return;
    this.sending = true;
    this.tried = action;
    this.sel = {};
    try {
      this.result = await request("POST", `${this.apiPath(this.id)}/answer`, { action });
    } catch (error) {
      this.result = null;
      this.answerBox.textContent = errorText(error);
    } finally {
      this.sending = false;
    }
    if (!this.disposed) this.draw();
  }

  drawAnswer(ctx) {
    clear(this.answerBox);
    const r = this.result;
    if (!r) return;
    const dir = t(this.higher(r) ? "rv.higher" : "rv.lower");
    const best = this.words(r.best.action, ctx, r.best.text);
    const bestValue = r.values.find((v) => sameJSON(v.action, r.best.action))?.value;
    const parts = [];
    if (r.correct) {
      parts.push(h("p", { class: "pz-verdict", dataset: { verdict: "right" } }, h("span", { "aria-hidden": "true" }, "✓ "), t("pz.right", { move: best })));
      parts.push(h("p", {}, t("pz.rightWhy", { v: fmt(bestValue), dir, margin: fmt(r.margin) })));
    } else {
      const mine = this.words(this.tried, ctx, r.yours?.text);
      parts.push(h("p", { class: "pz-verdict", dataset: { verdict: "wrong" } }, h("span", { "aria-hidden": "true" }, "✗ "), t("pz.wrong", { move: mine })));
      parts.push(
        h("p", {}, r.yours ? t("pz.wrongWhy", { v: fmt(r.yours.value), dir, b: fmt(bestValue) }) : t("pz.wrongUnvalued", { b: fmt(bestValue), dir })),
      );
      if (this.revealed) parts.push(h("p", {}, t("pz.answer", { move: best })));
      else parts.push(h("button", { type: "button", class: "btn small", dataset: { puzzle: "reveal" }, onclick: () => this.reveal() }, t("pz.reveal")));
    }
    if (this.solved()) {
      parts.push(h("p", {}, t("pz.played", { move: this.words(r.played.action, ctx, r.played.text) })));
      parts.push(this.valueTable(r, ctx));
      const next = this.list[this.list.findIndex((p) => p.id === this.id) + 1];
      if (next) {
        const href = `${this.base}/${encodeURIComponent(next.id)}`;
        parts.push(h("a", { class: "btn primary", href, onclick: (e) => this.app.follow(e, href) }, t("pz.next")));
      }
    }
    this.answerBox.append(...parts);
  }

  /** Which way the game's values go: the best move's value is the highest or the lowest. */
  higher(r) {
    const best = r.values.find((v) => sameJSON(v.action, r.best.action))?.value;
    return r.values.every((v) => v.value <= best);
  }

  valueTable(r, ctx) {
    return h(
      "table",
      { class: "pz-values" },
      h("caption", {}, t("pz.values", { unit: t(this.higher(r) ? "rv.higher" : "rv.lower") })),
      h(
        "tbody",
        {},
        r.values.map((v) =>
          h(
            "tr",
            { class: sameJSON(v.action, r.best.action) ? "best" : "" },
            h("th", { scope: "row" }, this.words(v.action, ctx, v.text)),
            h("td", {}, `${fmt(v.value)} ± ${fmt(v.se)}`),
          ),
        ),
      ),
    );
  }

  reveal() {
    this.revealed = true;
    this.draw();
  }

  /** A solved puzzle: its best move drawn on the table, as the review draws one. */
  markBest(ctx) {
    const move = moveOf(this.renderer, this.result.best.action, ctx, this.result.best.text);
    for (const key of move.keys) {
      for (const el of this.board.querySelectorAll(`[data-k="${CSS.escape(key)}"]`)) el.classList.add("best-move");
    }
  }

  dispose() {
    this.disposed = true;
    delete document.body.dataset.game;
  }
}

// A game's review in the replay page (issue 22, docs/review.md): ask the server for the
// review of one seat, show its progress while the bot workers compute it, then the seat's
// decisions as a move list with marks (?! ? ?? as lichess writes them, so a mark never
// depends on colour), a small chart of the value over the game (inline SVG), and the best
// move drawn on the table on demand. How a game draws one of its actions is the game's own
// `showMove(action, ctx)` hook (its web/render.js) → {keys: [data-k of the cards and places
// the move uses], text}; a game without one gets the engine's words alone.

import { request, tableRecord } from "./api.js";
import { errorText } from "./refusal.js";
import { clear, h } from "./dom.js";
import { addStrings, t } from "./i18n.js";

const POLL_MS = 600;
// Simulations per decision the page asks for: enough to mark, quick on a shared server.
const BUDGET = 60;

export const MARKS = ["best", "good", "inaccuracy", "mistake", "blunder"];
export const SYMBOLS = { best: "★", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };

addStrings({
  "rv.review": { en: "Review", zh: "复盘" },
  "rv.title": { en: "Review of {name}", zh: "{name} 的复盘" },
  "rv.ask": { en: "Review this game", zh: "复盘这局" },
  "rv.pickSeat": { en: "Choose a player above to review their decisions.", zh: "请在上方选择一位玩家，复盘其决策。" },
  "rv.queued": { en: "Waiting for a free worker…", zh: "等待空闲的计算进程…" },
  "rv.running": { en: "Reviewing: {done} of {total} decisions", zh: "复盘中：{done} / {total} 个决策" },
  "rv.progress": { en: "Review progress", zh: "复盘进度" },
  "rv.failed": { en: "The review failed: {msg}", zh: "复盘失败：{msg}" },
  "rv.accuracy": { en: "Accuracy {n}%", zh: "准确度 {n}%" },
  "rv.none": { en: "This player had no real choices to review.", zh: "这位玩家没有需要复盘的选择。" },
  "rv.moves": { en: "Decisions", zh: "决策" },
  "rv.step": { en: "Step {n}", zh: "第 {n} 步" },
  "rv.best": { en: "Best: {move}", zh: "最佳：{move}" },
  "rv.loss": { en: "costs {loss}", zh: "损失 {loss}" },
  "rv.unjudged": { en: "not judged (too few simulations)", zh: "未评判（模拟次数太少）" },
  "rv.showBest": { en: "Show the best move", zh: "显示最佳着法" },
  "rv.hideBest": { en: "Hide the best move", zh: "隐藏最佳着法" },
  "rv.bestHere": { en: "Best move: {move}", zh: "最佳着法：{move}" },
  "rv.played": { en: "Played: {move}", zh: "实际：{move}" },
  "rv.values": {
    en: "Value of the move played {v}, of the best {b} ({unit})",
    zh: "实际着法估值 {v}，最佳 {b}（{unit}）",
  },
  "rv.higher": { en: "higher is better", zh: "越高越好" },
  "rv.lower": { en: "lower is better", zh: "越低越好" },
  "rv.chart": { en: "Value over the game ({dir})", zh: "全局估值走势（{dir}）" },
  "rv.chartLabel": {
    en: "Chart of the value of each decision, {n} decisions, from {lo} to {hi}; marked: {marked}",
    zh: "各决策估值走势图，共 {n} 个决策，从 {lo} 到 {hi}；标记：{marked}",
  },
  "rv.chartPlayed": { en: "move played", zh: "实际着法" },
  "rv.chartBest": { en: "best move", zh: "最佳着法" },
  "rv.luck": { en: "Decided more by luck than by choices.", zh: "这局更多由运气而非选择决定。" },
  "rv.choice": { en: "Decided more by choices than by luck.", zh: "这局更多由选择而非运气决定。" },
  "rv.puzzles": { en: "Puzzles from this game", zh: "来自这局的谜题" },
  "rv.mark.best": { en: "Best", zh: "最佳" },
  "rv.mark.good": { en: "Good", zh: "好棋" },
  "rv.mark.inaccuracy": { en: "Inaccuracy", zh: "不精确" },
  "rv.mark.mistake": { en: "Mistake", zh: "失误" },
  "rv.mark.blunder": { en: "Blunder", zh: "大错" },
});

/** The mark as a symbol with its name for screen readers (and as the tooltip). */
export function markBadge(mark) {
  if (!mark) return h("span", { class: "rv-mark", dataset: { mark: "none" }, title: t("rv.unjudged") }, "–");
  const name = t(`rv.mark.${mark}`);
  return h(
    "span",
    { class: "rv-mark", dataset: { mark }, title: name },
    h("span", { "aria-hidden": "true" }, SYMBOLS[mark]),
    h("span", { class: "rv-sr" }, name),
  );
}

/** How the game draws and names an action ({keys, text}); the engine's words otherwise. */
export function moveOf(game, action, ctx, text = "") {
  let shown = null;
  try {
    shown = game?.showMove?.(action, ctx) ?? null;
  } catch {
    shown = null; // the engine's words will do
  }
  return { keys: shown?.keys ?? [], text: shown?.text || text || JSON.stringify(action) };
}

function fmt(value) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "–";
  return Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** The review panel of a replay page (`page`: the ReplayPage, which draws the table). */
export class ReviewPanel {
  constructor(page) {
    this.page = page;
    this.seat = Number(page.seat);
    this.review = null;
    this.current = null; // the decision shown (its index in review.decisions)
    this.showing = false; // the best move drawn on the table
    this.timer = null;
    this.body = h("div", { class: "rv-body" });
    this.el = h(
      "section",
      { class: "review", "aria-labelledby": "review-h", dataset: { seat: String(this.seat) } },
      h("h2", { id: "review-h" }, t("rv.title", { name: page.name(this.seat) })),
      this.body,
    );
  }

  get path() {
    return `/api/tables/${encodeURIComponent(this.page.id)}/reviews/${this.seat}`;
  }

  get token() {
    const record = tableRecord(this.page.id);
    return record && Number(record.seat) === this.seat ? record.token : null;
  }

  /** Show the stored review or its job's progress, if any; `ask`: start one if none. */
  async start(ask) {
    this.status("…");
    try {
      const answer = ask ? await request("POST", this.path, { budget: BUDGET }, this.token) : await request("GET", this.path, null, this.token);
      this.follow(answer);
    } catch (error) {
      if (error.code === "no_review") this.offer();
      else this.fail(errorText(error));
    }
  }

  offer() {
    clear(this.body).append(
      h("button", { type: "button", class: "btn primary", dataset: { review: "ask" }, onclick: () => this.ask() }, t("rv.ask")),
    );
  }

  ask() {
    this.page.setReview(true);
    this.start(true);
  }

  follow(answer) {
    if (this.disposed) return;
    if (answer.status === "done") {
      this.review = answer.review;
      this.draw();
      return;
    }
    if (answer.status === "failed") {
      this.fail(answer.error ?? "");
      return;
    }
    this.progress(answer);
    this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  async poll() {
    if (this.disposed) return;
    try {
      this.follow(await request("GET", this.path, null, this.token));
    } catch (error) {
      this.fail(errorText(error));
    }
  }

  status(text) {
    clear(this.body).append(h("p", { class: "rv-status", role: "status" }, text));
  }

  fail(msg) {
    clear(this.body).append(h("p", { class: "rv-status error", role: "alert" }, t("rv.failed", { msg })));
  }

  progress({ status, done = 0, total = 0 }) {
    const words = status === "queued" && !done ? t("rv.queued") : t("rv.running", { done, total });
    clear(this.body).append(
      h(
        "div",
        { class: "rv-progress", dataset: { status } },
        h("progress", { max: Math.max(total, 1), value: done, "aria-label": t("rv.progress") }),
        h("p", { role: "status" }, words),
      ),
    );
  }

  // -- the finished review ---------------------------------------------------------------
  draw() {
    const review = this.review;
    if (!review) return;
    this.el.dataset.ready = "1";
    const decisions = review.decisions ?? [];
    if (!decisions.length) {
      clear(this.body).append(h("p", {}, t("rv.none")));
      return;
    }
    this.detail = h("div", { class: "rv-detail", "aria-live": "polite" });
    clear(this.body).append(
      this.summary(review),
      valueChart(review, (i) => this.pick(i)),
      h("h3", { id: "rv-moves-h" }, t("rv.moves")),
      h("ol", { class: "rv-moves", "aria-labelledby": "rv-moves-h" }, decisions.map((d, i) => this.row(d, i))),
      this.detail,
    );
    this.onStep(this.page.index);
  }

  summary(review) {
    const s = review.summary ?? {};
    const counts = MARKS.filter((m) => s.marks?.[m]).map((m) =>
      h("li", { dataset: { mark: m } }, markBadge(m), ` ${t(`rv.mark.${m}`)} × ${s.marks[m]}`),
    );
    const luck = s.luck?.decided_by === "luck" ? t("rv.luck") : s.luck ? t("rv.choice") : "";
    const puzzles = review.puzzles?.length
      ? h("a", { class: "btn ghost small", href: `/puzzles/${review.game}`, onclick: (e) => this.page.app.follow(e, `/puzzles/${review.game}`) }, t("rv.puzzles"))
      : null;
    return h(
      "div",
      { class: "rv-summary" },
      h("p", { class: "rv-accuracy" }, t("rv.accuracy", { n: Math.round(s.accuracy ?? 0) })),
      h("ul", { class: "rv-counts" }, counts),
      luck ? h("p", {}, luck) : null,
      puzzles,
    );
  }

  /** A decision's context: the table before it, as the seat saw it. */
  ctxAt(d) {
    const step = this.page.data.steps[Math.max(0, d.step - 1)];
    return this.page.ctx(step);
  }

  words(d, which) {
    const entry = which === "best" ? d.best : d.taken;
    return moveOf(this.page.game, entry.action, this.ctxAt(d), entry.text).text;
  }

  row(d, i) {
    const taken = this.words(d, "taken");
    const better = d.mark && d.mark !== "best" && d.best ? ` — ${t("rv.best", { move: this.words(d, "best") })}` : "";
    return h(
      "li",
      { dataset: { index: String(i), step: String(d.step), mark: d.mark ?? "none" } },
      h(
        "button",
        { type: "button", class: "rv-move", onclick: () => this.pick(i) },
        markBadge(d.mark),
        h("span", { class: "rv-step" }, t("rv.step", { n: d.step })),
        h("span", { class: "rv-text" }, taken, better),
      ),
    );
  }

  /** Go to a decision: the table just before it, with its details. */
  pick(i) {
    this.current = i;
    this.showing = false;
    this.page.show(this.review.decisions[i].step - 1);
    this.el.querySelector(`.rv-moves li[data-index="${i}"] button`)?.focus({ preventScroll: true });
  }

  /** The replay moved to `index`: the decision made from there, if the seat made one. */
  onStep(index) {
    if (!this.review) return;
    const decisions = this.review.decisions ?? [];
    const at = decisions.findIndex((d) => d.step - 1 === index);
    if (at !== this.current) this.showing = false;
    this.current = at >= 0 ? at : null;
    for (const li of this.el.querySelectorAll(".rv-moves li")) {
      const on = Number(li.dataset.index) === this.current;
      li.classList.toggle("current", on);
      if (on) li.querySelector("button").setAttribute("aria-current", "step");
      else li.querySelector("button").removeAttribute("aria-current");
    }
    this.drawDetail();
  }

  drawDetail() {
    if (!this.detail) return;
    clear(this.detail);
    const d = this.review.decisions[this.current];
    if (!d) return;
    const unit = this.review.higher_is_better ? t("rv.higher") : t("rv.lower");
    const toggle = h(
      "button",
      { type: "button", class: "btn small", dataset: { review: "best" }, "aria-pressed": String(this.showing), onclick: () => this.toggleBest() },
      t(this.showing ? "rv.hideBest" : "rv.showBest"),
    );
    this.detail.append(
      h(
        "p",
        {},
        markBadge(d.mark),
        ` ${t("rv.step", { n: d.step })} · ${t("rv.played", { move: this.words(d, "taken") })}`,
        d.mark ? ` · ${t(`rv.mark.${d.mark}`)}` : ` · ${t("rv.unjudged")}`,
      ),
      d.best ? h("p", {}, t("rv.best", { move: this.words(d, "best") }), d.loss > 0 ? ` (${t("rv.loss", { loss: fmt(d.loss) })})` : "") : null,
      h("p", { class: "rv-values" }, t("rv.values", { v: fmt(d.value), b: fmt(d.best?.value), unit })),
      d.best ? toggle : null,
    );
  }

  toggleBest() {
    this.showing = !this.showing;
    this.page.drawBoard(this.page.data.steps[this.page.index]);
    this.drawDetail();
    this.detail.querySelector("[data-review='best']")?.focus();
  }

  /** After the table is drawn: the best move on it, when asked for. */
  decorate(board) {
    const d = this.review?.decisions?.[this.current];
    if (!this.showing || !d?.best) return;
    const move = moveOf(this.page.game, d.best.action, this.ctxAt(d), d.best.text);
    for (const key of move.keys) {
      for (const el of board.querySelectorAll(`[data-k="${CSS.escape(key)}"]`)) el.classList.add("best-move");
    }
    board.prepend(h("p", { class: "best-move-note", role: "status" }, h("span", { "aria-hidden": "true" }, "➜ "), t("rv.bestHere", { move: move.text })));
  }

  dispose() {
    this.disposed = true;
    clearTimeout(this.timer);
  }
}

/** The value of each decision (the move played, and the best found) as a small line chart;
 * mistakes and blunders carry their symbol, so the chart reads without colour. */
function valueChart(review, pick) {
  const ns = "http://www.w3.org/2000/svg";
  const el = (tag, attrs, text) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text != null) node.textContent = text;
    return node;
  };
  const ds = review.decisions.filter((d) => typeof d.value === "number");
  const W = 320;
  const H = 120;
  const pad = 14;
  const values = ds.flatMap((d) => [d.value, d.best?.value ?? d.value]);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (!(hi > lo)) [lo, hi] = [lo - 1, hi + 1];
  // Up is better: a game whose lower numbers are better has its axis turned over.
  const up = review.higher_is_better ? 1 : -1;
  const x = (i) => pad + (ds.length > 1 ? (i * (W - 2 * pad)) / (ds.length - 1) : (W - 2 * pad) / 2);
  const y = (v) => {
    const f = (v - lo) / (hi - lo);
    return H - pad - (up > 0 ? f : 1 - f) * (H - 2 * pad);
  };
  const marked = ds.filter((d) => ["inaccuracy", "mistake", "blunder"].includes(d.mark));
  const svg = el("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "rv-chart-svg",
    role: "img",
    "aria-label": t("rv.chartLabel", {
      n: ds.length,
      lo: fmt(lo),
      hi: fmt(hi),
      marked: marked.map((d) => `${t("rv.step", { n: d.step })} ${t(`rv.mark.${d.mark}`)}`).join(", ") || "–",
    }),
  });
  svg.append(el("line", { x1: pad, y1: H - pad, x2: W - pad, y2: H - pad, class: "rv-axis" }));
  const line = (get, cls) => el("polyline", { points: ds.map((d, i) => `${x(i).toFixed(1)},${y(get(d)).toFixed(1)}`).join(" "), class: cls });
  svg.append(line((d) => d.best?.value ?? d.value, "rv-line-best"), line((d) => d.value, "rv-line-played"));
  ds.forEach((d, i) => {
    const point = el("circle", { cx: x(i), cy: y(d.value), r: d.mark === "mistake" || d.mark === "blunder" ? 4 : 2.5, class: `rv-dot m-${d.mark ?? "none"}` });
    point.append(el("title", {}, `${t("rv.step", { n: d.step })}: ${fmt(d.value)}${d.mark ? ` · ${t(`rv.mark.${d.mark}`)}` : ""}`));
    point.addEventListener("click", () => pick(review.decisions.indexOf(d)));
    svg.append(point);
    if (marked.includes(d)) svg.append(el("text", { x: x(i), y: Math.max(10, y(d.value) - 7), class: "rv-sym", "text-anchor": "middle" }, SYMBOLS[d.mark]));
  });
  const dir = review.higher_is_better ? t("rv.higher") : t("rv.lower");
  return h(
    "figure",
    { class: "rv-chart" },
    svg,
    h(
      "figcaption",
      {},
      t("rv.chart", { dir }),
      " · ",
      h("span", { class: "rv-key played" }, t("rv.chartPlayed")),
      " ",
      h("span", { class: "rv-key best" }, t("rv.chartBest")),
    ),
  );
}

/** The results' "Review" button: the replay of the seat, its review asked for at once. */
export function reviewLink(app, id, seat) {
  const href = `/replay/${encodeURIComponent(id)}?seat=${seat}&step=0&review=1`;
  return h("a", { class: "btn ghost", href, dataset: { fk: "review", review: "open" }, onclick: (e) => app.follow(e, href) }, t("rv.review"));
}

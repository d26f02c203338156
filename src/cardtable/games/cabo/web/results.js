// Cabo's results (issue 19): every round as a table, a column per player — the round's
// score (the caller's penalty, a Kamikaze, a reset marked) and the running total — all
// read from the outcome's round log (the engine's CA-15 – CA-16 arithmetic).

import { h } from "/static/js/dom.js";
import { addStrings, t } from "/static/js/i18n.js";

addStrings({
  "ca.res.title": { en: "Rounds", zh: "各轮得分" },
  "ca.res.round": { en: "Round", zh: "轮次" },
  "ca.res.called": { en: "called", zh: "宣告" },
  "ca.res.callerLow": { en: "called, lowest: 0", zh: "宣告且最低：0 分" },
  "ca.res.callerHigh": { en: "called, not lowest: {sum} + {p}", zh: "宣告但非最低：{sum} + {p}" },
  "ca.res.kamikaze": { en: "Kamikaze", zh: "神风" },
  "ca.res.hitBy": { en: "Kamikaze: 50", zh: "被神风：50" },
  "ca.res.reset": { en: "exactly {target}: reset to {n}", zh: "正好 {target}：重置为 {n}" },
  "ca.res.total": { en: "total {n}", zh: "累计 {n}" },
  "ca.res.cell": { en: "{name}, round {r}: {score}, {total}", zh: "{name}，第 {r} 轮：{score}，{total}" },
});

function marks(entry, s) {
  const out = [];
  if (entry.kamikaze === s) out.push(["kamikaze", t("ca.res.kamikaze")]);
  else if (entry.kamikaze != null) out.push(["hit", t("ca.res.hitBy")]);
  else if (entry.caller === s) {
    const sum = entry.sums?.[s];
    out.push(
      entry.scores[s] === 0
        ? ["caller", t("ca.res.callerLow")]
        : ["caller", t("ca.res.callerHigh", { sum, p: entry.scores[s] - sum })],
    );
  }
  return out;
}

function cell(ctx, entry, s, target) {
  const reset = (entry.reset ?? []).includes(s);
  const notes = marks(entry, s);
  if (reset) notes.push(["reset", t("ca.res.reset", { target, n: entry.totals[s] })]);
  return h(
    "td",
    { dataset: { seat: String(s), marks: notes.map(([k]) => k).join(" ") } },
    h("span", { class: "ca-score" }, String(entry.scores[s])),
    h("span", { class: "ca-total" }, t("ca.res.total", { n: entry.totals[s] })),
    notes.map(([kind, text]) => h("span", { class: `ca-mark ${kind}` }, text)),
  );
}

/** The rounds table, or null before any round was scored. */
export function resultDetails(ctx) {
  const log = ctx.outcome?.details?.round_log ?? ctx.view.round_log ?? [];
  if (!log.length) return null;
  const players = log[0].scores.length;
  const target = ctx.view.target ?? 100;
  const seats = [...Array(players).keys()];
  return h(
    "section",
    { class: "results-breakdown ca-rounds", "aria-labelledby": "ca-rounds-h" },
    h("h3", { id: "ca-rounds-h" }, t("ca.res.title")),
    h(
      "div",
      { class: "breakdown-scroll" },
      h(
        "table",
        { class: "breakdown-table" },
        h(
          "thead",
          {},
          h("tr", {}, h("th", { scope: "col" }, t("ca.res.round")), seats.map((s) => h("th", { scope: "col" }, ctx.name(s)))),
        ),
        h(
          "tbody",
          {},
          log.map((entry) =>
            h("tr", {}, h("th", { scope: "row" }, String(entry.round)), seats.map((s) => cell(ctx, entry, s, target))),
          ),
        ),
      ),
    ),
  );
}

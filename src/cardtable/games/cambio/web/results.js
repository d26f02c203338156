// Cambio's results (issue 19): every hand is revealed with its total (the score table);
// here, who called and what calling did to the scores. The rules (CB-32, CB-33) give the
// caller no penalty and no bonus: everyone scores the cards they hold.

import { h } from "/static/js/dom.js";
import { actor, addStrings, t } from "/static/js/i18n.js";

addStrings({
  "cb.res.noCall": {
    en: "Nobody called Cambio. Every player scores the cards they hold; the lowest total wins.",
    zh: "无人宣布 Cambio。每位玩家按手中的牌计分，总分最低者获胜。",
  },
  "cb.res.call": {
    en: "{name} called Cambio. Calling brings no penalty and no bonus: every player scores the cards they hold, and the lowest total wins.",
    zh: "{name} 宣布了 Cambio。宣布不加罚分也不减分：每位玩家按手中的牌计分，总分最低者获胜。",
    you: { en: "You called Cambio. Calling brings no penalty and no bonus: every player scores the cards they hold, and the lowest total wins." },
  },
  "cb.res.caller": { en: "called", zh: "宣布者" },
});

export function resultDetails(ctx) {
  const caller = ctx.outcome?.details?.caller ?? ctx.view.caller;
  const text = caller == null ? t("cb.res.noCall") : t("cb.res.call", actor(ctx, caller));
  return h("section", { class: "results-breakdown cb-call" }, h("p", {}, text));
}

/** The score column: the total, the caller marked. */
export function scoreText(score, s, ctx) {
  const total = t("cb.total", { n: score == null ? "–" : Number(score) });
  const caller = ctx?.outcome?.details?.caller ?? ctx?.view?.caller;
  return caller != null && caller === s ? `${total} · ${t("cb.res.caller")}` : total;
}

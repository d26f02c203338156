// Caravan's results (issue 19): each facing pair, its two values, who sold it and why
// (CV-18), read from the outcome (the engine's values, sellers and reasons).

import { h } from "/static/js/dom.js";
import { addStrings, t } from "/static/js/i18n.js";

addStrings({
  "cv.res.title": { en: "The three pairs", zh: "三组路线" },
  "cv.res.pair": { en: "Pair {n}", zh: "第 {n} 组" },
  "cv.res.sells": { en: "{name} sells", zh: "{name} 卖出" },
  "cv.res.sellsYou": { en: "You sell", zh: "你卖出" },
  "cv.res.unsold": { en: "unsold", zh: "未卖出" },
  "cv.res.why.higher": { en: "both are in 21–26 and the higher sells", zh: "两条都在 21–26，较高者卖出" },
  "cv.res.why.only": { en: "the only one in 21–26", zh: "只有它在 21–26 之间" },
  "cv.res.why.tie": { en: "a tie in 21–26: neither sells", zh: "在 21–26 之间打平：都不卖出" },
  "cv.res.why.neither": { en: "neither is in 21–26", zh: "两条都不在 21–26 之间" },
});

function pairLine(ctx, c, values, seller, why) {
  const who =
    seller == null ? t("cv.res.unsold") : seller === ctx.seat ? t("cv.res.sellsYou") : t("cv.res.sells", { name: ctx.name(seller) });
  return h(
    "li",
    { class: `cv-sale ${seller == null ? "unsold" : "sold"}`, dataset: { pair: String(c), why } },
    h("strong", {}, t("cv.res.pair", { n: c + 1 })),
    `: ${ctx.name(0)} ${values[0][c]} · ${ctx.name(1)} ${values[1][c]} — `,
    h("span", { class: "cv-seller" }, who),
    ` (${t(`cv.res.why.${why}`)})`,
  );
}

/** The three pairs with their reason, or null when the outcome has none. */
export function resultDetails(ctx) {
  const d = ctx.outcome?.details;
  if (!d?.values || !d.why) return null;
  return h(
    "section",
    { class: "results-breakdown cv-sales", "aria-labelledby": "cv-pairs-h" },
    h("h3", { id: "cv-pairs-h" }, t("cv.res.title")),
    h("ul", {}, d.why.map((why, c) => pairLine(ctx, c, d.values, d.sellers?.[c] ?? null, why))),
  );
}

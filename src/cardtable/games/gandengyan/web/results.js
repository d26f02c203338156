// Gan Deng Yan's results (issue 19): every hand's payments with their breakdown — cards
// left × the multipliers that applied (bombs, jokers left, 2s left, shut out), capped where
// the table caps — read from the outcome (GD-16 as the engine applied it).

import { h } from "/static/js/dom.js";
import { actor, addStrings, t } from "/static/js/i18n.js";

addStrings({
  "gd.res.title": { en: "How the points came", zh: "计分明细" },
  "gd.res.hand": { en: "Hand {n}", zh: "第 {n} 局" },
  "gd.res.won": { en: "{name} won: {pts}", zh: "{name} 获胜：{pts}" },
  "gd.res.dead": { en: "Nobody could play: nobody pays", zh: "无人能出牌：不计分" },
  "gd.res.cards": { en: { one: "{n} card", other: "{n} cards" }, zh: "{n} 张" },
  "gd.res.f.bombs": { en: { one: "{n} bomb", other: "{n} bombs" }, zh: "{n} 个炸弹" },
  "gd.res.f.jokers": { en: { one: "{n} joker left", other: "{n} jokers left" }, zh: "剩 {n} 张王" },
  "gd.res.f.twos": { en: { one: "{n} 2 left", other: "{n} 2s left" }, zh: "剩 {n} 张 2" },
  "gd.res.f.shut_out": { en: "shut out", zh: "关门" },
  "gd.res.capped": { en: "capped at {n}", zh: "封顶 {n}" },
  "gd.res.pays": { en: "{name} pays {n}", zh: "{name} 付 {n}", you: { en: "You pay {n}" } },
  "gd.res.colon": { en: ": ", zh: "：" },
  "gd.res.factor": { en: " × {times} ({why})", zh: " × {times}（{why}）" },
});

/** "5 cards × 4 (2 bombs) × 2 (shut out) = 40", the numbers as the engine gave them. */
function breakdown(loser, hand) {
  const count = { bombs: hand.bombs, jokers: loser.jokers, twos: loser.twos, shut_out: 1 };
  let text = t("gd.res.cards", { n: loser.cards });
  let product = loser.cards;
  for (const [name, times] of Object.entries(loser.factors ?? {})) {
    text += t("gd.res.factor", { times, why: t(`gd.res.f.${name}`, { n: count[name] }) });
    product *= times;
  }
  return product === loser.pays ? `${text} = ${loser.pays}` : `${text} → ${t("gd.res.capped", { n: loser.pays })}`;
}

function handBlock(ctx, hand) {
  const head = t("gd.res.hand", { n: hand.hand_no });
  if (hand.winner == null) return h("li", { class: "gd-hand" }, h("strong", {}, head), " ", t("gd.res.dead"));
  const won = hand.payments?.[hand.winner] ?? 0;
  return h(
    "li",
    { class: "gd-hand", dataset: { hand: String(hand.hand_no) } },
    h("strong", {}, head),
    " ",
    t("gd.res.won", { name: ctx.name(hand.winner), pts: `+${won}` }),
    h(
      "ul",
      { class: "gd-losers" },
      (hand.losers ?? []).map((loser) =>
        h(
          "li",
          { dataset: { seat: String(loser.seat) } },
          t("gd.res.pays", { ...actor(ctx, loser.seat), n: loser.pays }),
          t("gd.res.colon"),
          h("span", { class: "gd-breakdown" }, breakdown(loser, hand)),
        ),
      ),
    ),
  );
}

/** Every hand's payments, or null when no hand was finished. */
export function resultDetails(ctx) {
  const hands = ctx.outcome?.details?.hands ?? ctx.view.results ?? [];
  if (!hands.length) return null;
  return h(
    "section",
    { class: "results-breakdown gd-results", "aria-labelledby": "gd-res-h" },
    h("h3", { id: "gd-res-h" }, t("gd.res.title")),
    h("ol", { class: "gd-hands" }, hands.map((hand) => handBlock(ctx, hand))),
  );
}

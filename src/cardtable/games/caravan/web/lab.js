// Caravan's lab: a caravan's value, direction and suit as cards are added. Every number shown comes
// from the server (the engine's pure functions); registered with the learning pages'
// labs.js, which knows no game.

import { cardEl, cardName } from "/static/js/cards.js";
import { clear, h } from "/static/js/dom.js";
import { addStrings, t } from "/static/js/i18n.js";
import { ALL, addLab, picker, postJSON, RANKS, status, SUITS } from "/static/js/learn/labs.js";

addStrings({
  "lab.caravan.add": { en: "Add a card to the caravan", zh: "向路线添加一张牌" },
  "lab.caravan.value": { en: "Value", zh: "价值" },
  "lab.caravan.direction": { en: "Direction", zh: "方向" },
  "lab.caravan.suit": { en: "Suit", zh: "花色" },
  "lab.caravan.sells": { en: "Sells (21–26)", zh: "可卖出（21–26）" },
  "lab.caravan.ascending": { en: "ascending", zh: "上升" },
  "lab.caravan.descending": { en: "descending", zh: "下降" },
  "lab.caravan.none": { en: "none yet", zh: "尚无" },
  "lab.caravan.refused": { en: "Cannot add it: {why}", zh: "不能添加：{why}" },
});

const CARAVAN_CARDS = [...SUITS.flatMap((s) => ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "Q", "K"].map((r) => r + s))];

function caravanLab(root, state = { caravan: [] }) {
  const stacks = h("div", { class: "lab-caravan" });
  const facts = h("dl", { class: "lab-facts" });
  const msg = h("p", { class: "lab-refusal", role: "alert" });
  const out = h("section", { class: "lab-out", dataset: { settled: "1" } }, stacks, facts, msg);
  function show(r) {
    clear(stacks).append(
      r.caravan.map((stack, i) =>
        h("div", { class: "lab-stack", dataset: { index: i } }, stack.map((c) => cardEl(c, { cls: "small" }))),
      ),
    );
    const dir = r.direction ? t(`lab.caravan.${r.direction}`) : t("lab.caravan.none");
    const suit = r.suit ? t(`suit.${r.suit}`) : t("lab.caravan.none");
    clear(facts).append(
      h("dt", {}, t("lab.caravan.value")), h("dd", { dataset: { fact: "value" } }, String(r.value)),
      h("dt", {}, t("lab.caravan.direction")), h("dd", { dataset: { fact: "direction", raw: r.direction ?? "" } }, dir),
      h("dt", {}, t("lab.caravan.suit")), h("dd", { dataset: { fact: "suit", raw: r.suit ?? "" } }, suit),
      h("dt", {}, t("lab.caravan.sells")), h("dd", { dataset: { fact: "sells" } }, r.sells ? t("lab.yes") : t("lab.no")),
    );
  }
  async function send(card) {
    const done = status(out);
    try {
      const r = await postJSON("/api/labs/caravan/caravan", { caravan: state.caravan, card });
      state.caravan = r.caravan;
      msg.textContent = r.refusal ? t("lab.caravan.refused", { why: r.refusal }) : "";
      show(r);
    } catch (error) {
      msg.textContent = error.message;
    }
    done();
  }
  root.append(
    h("h2", {}, t("lab.caravan.add")),
    picker(CARAVAN_CARDS, (c) => send(c)),
    h("button", { type: "button", class: "btn ghost lab-clear", onclick: () => ((state.caravan = []), send(null)) }, t("lab.clear")),
    out,
  );
  send(null);
  return { state };
}

addLab("caravan", caravanLab);

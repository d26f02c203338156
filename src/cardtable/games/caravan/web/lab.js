// Caravan's lab: a caravan's value, direction and suit as cards are added. Every number shown comes
// from the server (the engine's pure functions); registered with the learning pages'
// labs.js, which knows no game.

import { cardEl, cardName } from "/static/js/cards.js";
import { clear, h } from "/static/js/dom.js";
import { addStrings, has, t } from "/static/js/i18n.js";
import { addLab, picker, postJSON, status, SUITS } from "/static/js/learn/labs.js";
import { errorText } from "/static/js/refusal.js";

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
  "lab.caravan.why.same_rank": {
    en: "never the same rank twice in a row, and the last card is {last}",
    zh: "不能连续出同点数的牌，最后一张是 {last}",
  },
  "lab.caravan.why.direction": {
    en: "it is {direction}, so play {wanted} than {last} or a card of {suit}",
    zh: "路线{direction}，请出比 {last} {wanted}的牌，或{suit}的牌",
  },
  "lab.caravan.why.face_first": { en: "a face card needs a number card to go on", zh: "人头牌需要放在数字牌上" },
  "lab.caravan.why.face_full": { en: "a number card takes at most three face cards", zh: "一张数字牌最多放三张人头牌" },
  "lab.caravan.higher": { en: "higher", zh: "大" },
  "lab.caravan.lower": { en: "lower", zh: "小" },
});

/** The server's refusal in the reader's language (its English words if it is new). */
function refusalText(r) {
  const why = r.why ?? {};
  if (!why.kind || !has(`lab.caravan.why.${why.kind}`)) return r.refusal;
  return t(`lab.caravan.why.${why.kind}`, {
    last: why.last ? cardName(why.last) : "",
    direction: why.direction ? t(`lab.caravan.${why.direction}`) : "",
    wanted: t(why.direction === "descending" ? "lab.caravan.lower" : "lab.caravan.higher"),
    suit: why.suit ? t(`suit.${why.suit}`) : "",
  });
}

const CARAVAN_CARDS = [...SUITS.flatMap((s) => ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "Q", "K"].map((r) => r + s))];

function caravanLab(root, state = { caravan: [] }) {
  const stacks = h("div", { class: "lab-caravan" });
  const facts = h("dl", { class: "lab-facts" });
  const msg = h("p", { class: "lab-refusal", role: "alert" });
  const out = h("section", { class: "lab-out", dataset: { settled: "1" } }, stacks, facts, msg);
  function show(r) {
    // Spread: the DOM's append() would write an array as its text ("[object HTMLDivElement]").
    clear(stacks).append(
      ...r.caravan.map((stack, i) =>
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
      msg.textContent = r.refusal ? t("lab.caravan.refused", { why: refusalText(r) }) : "";
      show(r);
    } catch (error) {
      msg.textContent = errorText(error);
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

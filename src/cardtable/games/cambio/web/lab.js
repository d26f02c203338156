// Cambio's hand lab: the score of a hand under each variant. Every number shown comes
// from the server (the engine's pure functions); registered with the learning pages'
// labs.js, which knows no game.

import { cardEl, cardName } from "/static/js/cards.js";
import { clear, h } from "/static/js/dom.js";
import { addStrings, t } from "/static/js/i18n.js";
import { ALL, addLab, picker, postJSON, RANKS, status, SUITS } from "/static/js/learn/labs.js";
import { errorText } from "/static/js/refusal.js";

addStrings({
  "lab.cambio.pick": { en: "Pick cards for your hand", zh: "选牌组成手牌" },
  "lab.cambio.hand": { en: "Your hand", zh: "你的手牌" },
  "lab.variant.sum": { en: "Plain sum (standard): every card counts its value.", zh: "逐张相加（标准）：每张牌按分值计。" },
  "lab.variant.pairs_cancel": { en: "Pairs cancel: two cards of one rank score 0.", zh: "对子抵消：两张同点数的牌记 0 分。" },
  "lab.variant.red_king_10": { en: "Red kings 10: K♥ and K♦ count like other kings.", zh: "红 K 记 10 分：与其他 K 相同。" },
  "lab.variant.joker_minus_2": { en: "Jokers −2: each joker takes 2 points off.", zh: "Joker 记 −2 分。" },
  "lab.cambio.values": { en: "Your card values (table options)", zh: "你的牌值（牌桌选项）" },
  "lab.cambio.redKing": { en: "K♥ and K♦ count", zh: "K♥ 和 K♦ 记" },
  "lab.cambio.joker": { en: "A joker counts", zh: "Joker 记" },
  "lab.variant.own_sum": { en: "Your values, plain sum: K♥ K♦ = {rk}, joker = {j}.", zh: "你的牌值，逐张相加：K♥ K♦ = {rk}，Joker = {j}。" },
  "lab.variant.own_pairs_cancel": { en: "Your values, pairs cancel: K♥ K♦ = {rk}, joker = {j}.", zh: "你的牌值，对子抵消：K♥ K♦ = {rk}，Joker = {j}。" },
});

const CAMBIO_DEFAULTS = { red_king: -1, joker: 0 };

function cambioLab(root, state = { hand: [], red_king: CAMBIO_DEFAULTS.red_king, joker: CAMBIO_DEFAULTS.joker }) {
  const handBox = h("div", { class: "lab-hand", "aria-live": "polite" });
  const table = h("table", { class: "lab-table" });
  const msg = h("p", { class: "error", role: "alert" });
  const out = h("section", { class: "lab-out", dataset: { settled: "1" } }, table, msg);
  // The reader's own card values (the spec's red_king and joker options); the server
  // checks them as a table checks its options and names a bad one.
  const valueInput = (name, id) =>
    h("input", {
      id,
      type: "number",
      min: -10,
      max: 10,
      step: 1,
      value: state[name],
      oninput: (e) => {
        state[name] = e.target.value === "" ? CAMBIO_DEFAULTS[name] : e.target.value;
        update();
      },
    });
  const values = h(
    "fieldset",
    { class: "lab-values" },
    h("legend", {}, t("lab.cambio.values")),
    h("div", { class: "field" }, h("label", { for: "cambio-red-king" }, t("lab.cambio.redKing")), valueInput("red_king", "cambio-red-king")),
    h("div", { class: "field" }, h("label", { for: "cambio-joker" }, t("lab.cambio.joker")), valueInput("joker", "cambio-joker")),
  );
  let asked = 0;
  async function update() {
    clear(handBox).append(
      h("h2", {}, t("lab.cambio.hand")),
      h(
        "div",
        { class: "lab-hand-cards" },
        state.hand.map((code, i) => {
          const el = cardEl(code, { interactive: true, target: true, label: cardName(code) });
          el.dataset.index = String(i);
          el.addEventListener("click", () => {
            state.hand.splice(i, 1);
            update();
          });
          return el;
        }),
      ),
      h("button", { type: "button", class: "btn ghost lab-clear", onclick: () => ((state.hand = []), update()) }, t("lab.clear")),
    );
    const done = status(out);
    const n = ++asked; // only the latest answer is shown
    try {
      const num = (v) => (typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : v);
      const r = await postJSON("/api/labs/cambio/hand", { cards: state.hand, red_king: num(state.red_king), joker: num(state.joker) });
      if (n !== asked) return;
      msg.textContent = "";
      const own = { rk: r.own?.red_king ?? CAMBIO_DEFAULTS.red_king, j: r.own?.joker ?? CAMBIO_DEFAULTS.joker };
      clear(table).append(
        h("tbody", {}, r.variants.map((v) =>
          h("tr", { dataset: { variant: v.id }, class: v.id.startsWith("own_") ? "lab-own" : "" },
            h("td", {}, t(`lab.variant.${v.id}`, own)), h("td", { class: "lab-score" }, String(v.score))),
        )),
      );
    } catch (error) {
      if (n !== asked) return;
      clear(table);
      msg.textContent = errorText(error);
    }
    done();
  }
  root.append(
    h("h2", {}, t("lab.cambio.pick")),
    picker(ALL, (code) => {
      if (state.hand.length < 12) state.hand.push(code);
      update();
    }),
    values,
    handBox,
    out,
  );
  update();
  return { state };
}

addLab("cambio", cambioLab);

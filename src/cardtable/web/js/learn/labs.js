// The labs: every number shown comes from the server (the engines' pure functions).
// Cambio's hand lab, Cabo's and Gan Deng Yan's score calculators, the caravan lab.

import { cardEl, cardName } from "../cards.js";
import { clear, h } from "../dom.js";
import { t } from "../i18n.js";
import { postJSON } from "./example.js";

const SUITS = ["s", "h", "d", "c"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const ALL = [...SUITS.flatMap((s) => RANKS.map((r) => r + s)), "RJ", "BJ"];

function picker(codes, onPick, cls = "") {
  return h(
    "div",
    { class: `lab-picker ${cls}`, role: "group" },
    codes.map((code) => {
      const el = cardEl(code, { interactive: true, target: true, cls: "small" });
      el.addEventListener("click", () => onPick(code));
      return el;
    }),
  );
}

function status(el) {
  el.dataset.settled = "0";
  return () => (el.dataset.settled = "1");
}

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
      msg.textContent = error.message;
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

function caboLab(root, state = { players: 4, rounds: [], kamikaze: true, reset: "once" }) {
  const rows = [];
  const inputs = h("div", { class: "lab-rows" });
  for (let i = 0; i < state.players; i++) {
    const input = h("input", { id: `cabo-row-${i}`, type: "text", inputmode: "numeric", value: "" });
    rows.push(input);
    inputs.append(h("div", { class: "field" }, h("label", { for: input.id }, t("lab.cabo.player", { n: i + 1 })), input));
  }
  const caller = h("select", { id: "cabo-caller" }, h("option", { value: "" }, "—"),
    rows.map((_, i) => h("option", { value: i }, t("lab.cabo.player", { n: i + 1 }))));
  const kamikaze = h("input", { id: "cabo-kamikaze", type: "checkbox", checked: state.kamikaze, onchange: (e) => ((state.kamikaze = e.target.checked), update()) });
  const reset = h("select", { id: "cabo-reset", onchange: (e) => ((state.reset = e.target.value), update()) },
    ["once", "always", "off"].map((v) => h("option", { value: v, selected: state.reset === v }, v)));
  const table = h("table", { class: "lab-table cabo-rounds" });
  const msg = h("p", { class: "error", role: "alert" });
  const out = h("section", { class: "lab-out", dataset: { settled: "1" } }, table, msg);
  async function update() {
    const done = status(out);
    clear(table);
    if (!state.rounds.length) return done();
    try {
      const r = await postJSON("/api/labs/cabo/score", { rounds: state.rounds, kamikaze: state.kamikaze, reset_at_100: state.reset });
      msg.textContent = "";
      table.append(
        h("thead", {}, h("tr", {}, h("th", {}, ""), rows.map((_, i) => h("th", {}, t("lab.cabo.player", { n: i + 1 }))))),
        h("tbody", {}, r.rounds.map((rd, n) =>
          h("tr", { dataset: { round: n } }, h("th", {}, t("lab.cabo.round", { n: n + 1 })),
            rd.scores.map((s, i) => h("td", { class: "cabo-cell", dataset: { seat: i } },
              h("span", { class: "cabo-score" }, String(s)), " → ", h("span", { class: "cabo-total" }, String(rd.totals[i])),
              rd.reset.includes(i) ? ` (${t("lab.cabo.reset")})` : "",
              rd.kamikaze === i ? ` (${t("lab.cabo.kamikaze")})` : ""))),
        )),
      );
      if (r.over) table.append(h("caption", { class: "cabo-over" }, t("lab.cabo.over", { who: r.winners.map((w) => t("lab.cabo.player", { n: w + 1 })).join(", ") })));
    } catch (error) {
      msg.textContent = error.message;
    }
    done();
  }
  const add = h("button", {
    type: "button", class: "btn primary", id: "cabo-add",
    onclick: () => {
      const parsed = rows.map((r) => r.value.split(/[ ,，、]+/).filter(Boolean).map(Number));
      state.rounds.push({ rows: parsed, caller: caller.value === "" ? null : Number(caller.value) });
      update();
    },
  }, t("lab.cabo.addRound"));
  root.append(
    h("p", {}, t("lab.cabo.rows")), inputs,
    h("div", { class: "field" }, h("label", { for: "cabo-caller" }, t("lab.cabo.caller")), caller),
    h("div", { class: "field" }, kamikaze, h("label", { for: "cabo-kamikaze" }, t("lab.cabo.kamikaze"))),
    h("div", { class: "field" }, h("label", { for: "cabo-reset" }, "reset_at_100"), reset),
    h("div", { class: "form-actions" }, add,
      h("button", { type: "button", class: "btn ghost lab-clear", onclick: () => ((state.rounds = []), update()) }, t("lab.clear"))),
    out,
  );
  update();
  return { state };
}

function gandengyanLab(root, state = { losers: [{ cards: "", dealer: false, plays: 0 }], bombs: 0 }) {
  const field = (id, label, control) => h("div", { class: "field" }, h("label", { for: id }, label), control);
  const bombs = h("input", { id: "gdy-bombs", type: "number", min: 0, max: 20, value: state.bombs, oninput: (e) => ((state.bombs = Number(e.target.value)), update()) });
  const losersBox = h("div", { class: "gdy-losers" });
  const total = h("p", { class: "gdy-total", "aria-live": "polite" });
  const msg = h("p", { class: "error", role: "alert" });
  const out = h("section", { class: "lab-out", dataset: { settled: "1" } }, total, msg);
  const results = [];
  // One block per loser (the endpoint scores up to five at once); ids gdy-cards-0 …
  function drawLosers() {
    results.length = 0;
    clear(losersBox).append(
      ...state.losers.map((loser, i) => {
        const input = (key, attrs) =>
          h("input", { id: `gdy-${key}-${i}`, ...attrs });
        const cards = input("cards", { type: "text", value: loser.cards, oninput: (e) => ((loser.cards = e.target.value), update()) });
        const dealer = input("dealer", { type: "checkbox", checked: loser.dealer, onchange: (e) => ((loser.dealer = e.target.checked), update()) });
        const plays = input("plays", { type: "number", min: 0, max: 100, value: loser.plays, oninput: (e) => ((loser.plays = Number(e.target.value)), update()) });
        const result = h("p", { class: "gdy-result", "aria-live": "polite", dataset: { loser: i } });
        results.push(result);
        return h(
          "fieldset",
          { class: "gdy-loser", dataset: { loser: i } },
          h("legend", {}, t("lab.gdy.loser", { n: i + 1 })),
          field(`gdy-cards-${i}`, t("lab.gdy.cards"), cards),
          h("div", { class: "field" }, dealer, h("label", { for: `gdy-dealer-${i}` }, t("lab.gdy.dealer"))),
          field(`gdy-plays-${i}`, t("lab.gdy.plays"), plays),
          result,
          state.losers.length > 1
            ? h("button", { type: "button", class: "btn ghost small gdy-remove", onclick: () => (state.losers.splice(i, 1), drawLosers(), update()) }, t("lab.gdy.removeLoser"))
            : null,
        );
      }),
    );
  }
  let asked = 0;
  async function update() {
    const done = status(out);
    const n = ++asked; // only the latest answer is shown
    try {
      const r = await postJSON("/api/labs/gandengyan/score", {
        losers: state.losers.map((l) => ({ cards: l.cards.split(/[ ,，、]+/).filter(Boolean), dealer: l.dealer, plays: l.plays })),
        bombs: state.bombs,
      });
      if (n !== asked) return;
      msg.textContent = "";
      r.losers.forEach((l, i) => {
        results[i].dataset.pays = String(l.pays);
        results[i].textContent = t("lab.gdy.pays", { n: l.pays }) + (l.shut_out ? ` (${t("lab.gdy.shut")})` : "");
      });
      total.dataset.total = String(r.winner_gets);
      total.textContent = t("lab.gdy.total", { n: r.winner_gets });
    } catch (error) {
      if (n !== asked) return;
      for (const el of results) {
        el.textContent = "";
        delete el.dataset.pays;
      }
      total.textContent = "";
      delete total.dataset.total;
      msg.textContent = error.message;
    }
    done();
  }
  const add = h("button", {
    type: "button",
    class: "btn ghost",
    id: "gdy-add-loser",
    onclick: () => {
      if (state.losers.length >= 5) return;
      state.losers.push({ cards: "", dealer: false, plays: 0 });
      drawLosers();
      update();
    },
  }, t("lab.gdy.addLoser"));
  drawLosers();
  root.append(
    h("p", { class: "lab-rule" }, t("lab.gdy.rule")),
    field("gdy-bombs", t("lab.gdy.bombs"), bombs),
    losersBox,
    h("div", { class: "form-actions" }, add),
    out,
  );
  update();
  return { state };
}

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

export const LABS = { cambio: cambioLab, cabo: caboLab, gandengyan: gandengyanLab, caravan: caravanLab };

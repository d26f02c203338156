// Cabo's score calculator: rounds, the 100 reset and kamikaze. Every number shown comes
// from the server (the engine's pure functions); registered with the learning pages'
// labs.js, which knows no game.

import { cardEl, cardName } from "/static/js/cards.js";
import { clear, h } from "/static/js/dom.js";
import { addStrings, t } from "/static/js/i18n.js";
import { ALL, addLab, picker, postJSON, RANKS, status, SUITS } from "/static/js/learn/labs.js";

addStrings({
  "lab.cabo.rows": { en: "Cards of each player (numbers, comma separated)", zh: "每位玩家的牌（数字，用逗号分隔）" },
  "lab.cabo.player": { en: "Player {n}", zh: "玩家 {n}" },
  "lab.cabo.caller": { en: "Called Cabo", zh: "宣告 Cabo" },
  "lab.cabo.addRound": { en: "Add the round", zh: "加入这一局" },
  "lab.cabo.round": { en: "Round {n}", zh: "第 {n} 局" },
  "lab.cabo.totals": { en: "Totals", zh: "总分" },
  "lab.cabo.reset": { en: "reset to 50", zh: "重置为 50" },
  "lab.cabo.kamikaze": { en: "Kamikaze", zh: "神风" },
  "lab.cabo.over": { en: "Game over — winner: {who}", zh: "游戏结束——获胜：{who}" },
});

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

addLab("cabo", caboLab);

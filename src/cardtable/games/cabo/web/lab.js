// Cabo's score calculator: rounds, the 100 reset and kamikaze. Every number shown comes
// from the server (the engine's pure functions); registered with the learning pages'
// labs.js, which knows no game. A round joins the game only once the server accepts it,
// so one refused round never blocks the next (docs/learn.md, "Labs").

import { clear, h } from "/static/js/dom.js";
import { optionText } from "/static/js/gametext.js";
import { addStrings, pickText, t } from "/static/js/i18n.js";
import { addLab, postJSON, status } from "/static/js/learn/labs.js";
import { errorText } from "/static/js/refusal.js";

addStrings({
  "lab.cabo.rows": { en: "Cards of each player (numbers, comma separated)", zh: "每位玩家的牌（数字，用逗号分隔）" },
  "lab.cabo.players": { en: "Players", zh: "人数" },
  "lab.cabo.player": { en: "Player {n}", zh: "玩家 {n}" },
  "lab.cabo.caller": { en: "Called Cabo", zh: "宣告 Cabo" },
  "lab.cabo.nobody": { en: "— nobody", zh: "— 无人" },
  "lab.cabo.addRound": { en: "Add the round", zh: "加入这一局" },
  "lab.cabo.round": { en: "Round {n}", zh: "第 {n} 局" },
  "lab.cabo.totals": { en: "Totals", zh: "总分" },
  "lab.cabo.reset": { en: "reset to 50", zh: "重置为 50" },
  "lab.cabo.resetAt": { en: "Reset at the target", zh: "满分重置" },
  "lab.cabo.kamikaze": { en: "Kamikaze", zh: "神风" },
  "lab.cabo.over": { en: "Game over — winner: {who}", zh: "游戏结束——获胜：{who}" },
  "lab.cabo.empty": { en: "Player {n}: enter this player's cards.", zh: "玩家 {n}：请填写这位玩家的牌。" },
  "lab.cabo.notNumber": { en: "Player {n}: “{tok}” is not a card number.", zh: "玩家 {n}：“{tok}”不是牌的数字。" },
});

const MIN_PLAYERS = 2;
const MAX_PLAYERS = 5; // Cabo's players option (CA-3)
const RESETS = ["once", "always", "off"];

/** The words of one value of the table's reset_at_100 option, from the game's own option
 * texts (text.js), with the raw value only if those are missing. */
function resetWords(value) {
  return pickText(optionText("cabo", "reset_at_100")?.values?.[value]) || value;
}

/** A row as typed: a list of numbers, or a translated reason naming the player. */
function parseRow(text, i) {
  const tokens = text.split(/[ ,，、]+/).filter(Boolean);
  if (!tokens.length) return { error: t("lab.cabo.empty", { n: i + 1 }) };
  const bad = tokens.find((tok) => !/^\d+$/.test(tok));
  if (bad != null) return { error: t("lab.cabo.notNumber", { n: i + 1, tok: bad }) };
  return { row: tokens.map(Number) };
}

/** The typed round, or {error}. Blank rows after the filled ones on the first round mean
 * a smaller table: two filled rows of four are a two-player game. */
function typedRound(state) {
  let texts = state.texts.slice(0, state.players);
  if (!state.rounds.length) {
    let n = texts.length;
    while (n > MIN_PLAYERS && !texts[n - 1].trim()) n--;
    texts = texts.slice(0, n);
  }
  const rows = [];
  for (const [i, text] of texts.entries()) {
    const parsed = parseRow(text, i);
    if (parsed.error) return parsed;
    rows.push(parsed.row);
  }
  const caller = state.caller === "" ? null : Number(state.caller);
  return { round: { rows, caller } };
}

function caboLab(root, state) {
  state ??= { players: 4, texts: ["", "", "", "", ""], caller: "", rounds: [], kamikaze: true, reset: "once" };
  const inputs = h("div", { class: "lab-rows" });
  const caller = h("select", { id: "cabo-caller", onchange: (e) => ((state.caller = e.target.value), recheck()) });
  const players = h(
    "select",
    { id: "cabo-players", onchange: (e) => setPlayers(Number(e.target.value)) },
    Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, k) => MIN_PLAYERS + k).map((n) =>
      h("option", { value: n, selected: state.players === n }, String(n)),
    ),
  );
  const kamikaze = h("input", { id: "cabo-kamikaze", type: "checkbox", checked: state.kamikaze, onchange: (e) => ((state.kamikaze = e.target.checked), update()) });
  const reset = h("select", { id: "cabo-reset", onchange: (e) => ((state.reset = e.target.value), update()) },
    RESETS.map((v) => h("option", { value: v, selected: state.reset === v }, resetWords(v))));
  const table = h("table", { class: "lab-table cabo-rounds" });
  const msg = h("p", { class: "error", role: "alert" });
  const out = h("section", { class: "lab-out", dataset: { settled: "1" } }, table, msg);

  function drawRows() {
    clear(inputs);
    for (let i = 0; i < state.players; i++) {
      const input = h("input", {
        id: `cabo-row-${i}`, type: "text", inputmode: "numeric", value: state.texts[i],
        oninput: (e) => ((state.texts[i] = e.target.value), recheck()),
      });
      inputs.append(h("div", { class: "field" }, h("label", { for: input.id }, t("lab.cabo.player", { n: i + 1 })), input));
    }
    if (Number(state.caller) >= state.players) state.caller = "";
    clear(caller).append(
      h("option", { value: "", selected: state.caller === "" }, t("lab.cabo.nobody")),
      ...Array.from({ length: state.players }, (_, i) =>
        h("option", { value: i, selected: state.caller === String(i) }, t("lab.cabo.player", { n: i + 1 }))),
    );
    players.value = String(state.players);
  }
  // A game keeps its seats: another player count starts a new game.
  function setPlayers(n) {
    state.players = n;
    state.rounds = [];
    drawRows();
    update();
  }
  function body(rounds) {
    return { rounds, kamikaze: state.kamikaze, reset_at_100: state.reset };
  }
  function show(r) {
    const seats = r.rounds[0]?.scores.length ?? state.players;
    clear(table).append(
      h("thead", {}, h("tr", {}, h("th", {}, ""), Array.from({ length: seats }, (_, i) => h("th", {}, t("lab.cabo.player", { n: i + 1 }))))),
      h("tbody", {}, r.rounds.map((rd, n) =>
        h("tr", { dataset: { round: n } }, h("th", {}, t("lab.cabo.round", { n: n + 1 })),
          rd.scores.map((s, i) => h("td", { class: "cabo-cell", dataset: { seat: i } },
            h("span", { class: "cabo-score" }, String(s)), " → ", h("span", { class: "cabo-total" }, String(rd.totals[i])),
            rd.reset.includes(i) ? ` (${t("lab.cabo.reset")})` : "",
            rd.kamikaze === i ? ` (${t("lab.cabo.kamikaze")})` : ""))),
      )),
    );
    if (r.over) table.append(h("caption", { class: "cabo-over" }, t("lab.cabo.over", { who: r.winners.map((w) => t("lab.cabo.player", { n: w + 1 })).join(", ") })));
  }
  let asked = 0;
  /** Asks the server about `rounds`; the answer, or null after showing its refusal. Only
   * the latest question's answer counts. */
  async function ask(rounds) {
    const n = ++asked;
    try {
      const r = await postJSON("/api/labs/cabo/score", body(rounds));
      return n === asked ? r : undefined;
    } catch (error) {
      if (n === asked) msg.textContent = errorText(error);
      return n === asked ? null : undefined;
    }
  }
  async function update() {
    const done = status(out);
    if (!state.rounds.length) {
      ++asked;
      clear(table);
      msg.textContent = "";
      return done();
    }
    const r = await ask(state.rounds);
    if (r) {
      msg.textContent = "";
      show(r);
    }
    if (r !== undefined) done();
  }
  async function addRound() {
    const done = status(out);
    const typed = typedRound(state);
    if (typed.error) {
      msg.textContent = typed.error;
      return done();
    }
    const rounds = [...state.rounds, typed.round];
    const r = await ask(rounds);
    if (r === undefined) return;
    if (r) {
      // Accepted: the round joins the game and the rows empty for the next one.
      if (!state.rounds.length) state.players = typed.round.rows.length;
      state.rounds = rounds;
      state.texts = state.texts.map(() => "");
      state.caller = "";
      drawRows();
      msg.textContent = "";
      show(r);
    }
    done();
  }
  // After a refusal, the message goes as soon as the typed round would be accepted.
  async function recheck() {
    if (!msg.textContent) return;
    const done = status(out);
    const typed = typedRound(state);
    if (typed.error) {
      msg.textContent = typed.error;
      return done();
    }
    const r = await ask([...state.rounds, typed.round]);
    if (r) msg.textContent = "";
    if (r !== undefined) done();
  }
  drawRows();
  const field = (id, label, control) => h("div", { class: "field" }, h("label", { for: id }, label), control);
  root.append(
    field("cabo-players", t("lab.cabo.players"), players),
    h("p", {}, t("lab.cabo.rows")), inputs,
    field("cabo-caller", t("lab.cabo.caller"), caller),
    h("div", { class: "field" }, kamikaze, h("label", { for: "cabo-kamikaze" }, t("lab.cabo.kamikaze"))),
    field("cabo-reset", t("lab.cabo.resetAt"), reset),
    h("div", { class: "form-actions" },
      h("button", { type: "button", class: "btn primary", id: "cabo-add", onclick: addRound }, t("lab.cabo.addRound")),
      h("button", { type: "button", class: "btn ghost lab-clear", onclick: () => ((state.rounds = []), update()) }, t("lab.clear"))),
    out,
  );
  update();
  return { state };
}

addLab("cabo", caboLab);

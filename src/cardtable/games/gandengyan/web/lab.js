// Gan Deng Yan's score calculator: what each loser pays. Every number shown comes
// from the server (the engine's pure functions); registered with the learning pages'
// labs.js, which knows no game.

import { cardEl, cardName } from "/static/js/cards.js";
import { clear, h } from "/static/js/dom.js";
import { addStrings, t } from "/static/js/i18n.js";
import { ALL, addLab, picker, postJSON, RANKS, status, SUITS } from "/static/js/learn/labs.js";
import { errorText } from "/static/js/refusal.js";

addStrings({
  "lab.gdy.loser": { en: "Loser {n}", zh: "输家 {n}" },
  "lab.gdy.addLoser": { en: "Add a loser", zh: "添加输家" },
  "lab.gdy.removeLoser": { en: "Remove", zh: "移除" },
  "lab.gdy.total": { en: "The winner gets {n}", zh: "赢家共得 {n} 分" },
  "lab.gdy.cards": { en: "Cards the loser still holds (codes: 7h, 10d, RJ …)", zh: "输家剩余的牌（如 7h、10d、RJ）" },
  "lab.gdy.bombs": { en: "Bombs played this hand", zh: "本手炸弹数" },
  "lab.gdy.dealer": { en: "The loser dealt", zh: "输家是庄家" },
  "lab.gdy.plays": { en: "Plays the loser made", zh: "输家出牌次数" },
  "lab.gdy.pays": { en: "Pays {n}", zh: "付 {n} 分" },
  "lab.gdy.shut": { en: "shut out", zh: "关门" },
  "lab.gdy.rule": { en: "cards left × 2 per bomb × 2 per joker left × 2 if shut out", zh: "剩余张数 × 每个炸弹 ×2 × 每张剩余王 ×2 × 关门 ×2" },
});

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
      msg.textContent = errorText(error);
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

addLab("gandengyan", gandengyanLab);

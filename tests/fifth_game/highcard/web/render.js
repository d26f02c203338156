// High card's table (served from its package at /games/highcard/render.js). The view: my
// hand, my card face down (`down`), who has played this trick (`played`), the tricks
// turned up and the tricks won. My playable cards are the legal list's; a click sends one.

import { cardEl, cardName } from "/static/js/cards.js";
import { h } from "/static/js/dom.js";
import { targetCard } from "/static/js/table.js";
import { byType, othersInOrder, seatPanel, tag } from "/static/js/games/common.js";

const won = (ctx, s) => tag(`${ctx.view.won?.[s] ?? 0} won`);

function tricksRow(ctx) {
  const rows = (ctx.view.tricks ?? []).map((trick, k) =>
    h(
      "li",
      { class: "trick", dataset: { k: `trick:${k}` } },
      h("span", { class: "hand mini" }, trick.cards.map((c) => cardEl(c, {}))),
      h("span", { class: "who" }, ctx.name(trick.winner)),
    ),
  );
  return h("ol", { class: "trick-list" }, rows);
}

function render(ctx) {
  const { view, board, actions } = ctx;
  const me = ctx.seat;
  const played = new Set(view.played ?? []);
  for (const s of othersInOrder(view.players ?? 2, me)) {
    const down = played.has(s) ? cardEl("??", { key: `down:${s}`, label: `${ctx.name(s)}: a card face down` }) : null;
    board.append(seatPanel(ctx, s, { tags: [won(ctx, s)], body: h("div", { class: "hand" }, down), turn: view.to_act?.includes(s) }));
  }
  board.append(h("div", { class: "center" }, tricksRow(ctx)));
  if (me == null) return;
  const plays = byType(ctx.legal).play ?? [];
  const row = h("div", { class: "hand my-hand", role: "group", "aria-label": "Your hand" });
  for (const code of view.hand ?? []) {
    const action = plays.find((p) => p.card === code);
    const opts = { key: `c:${code}`, fk: `c:${code}` };
    row.append(action && !ctx.busy ? targetCard(code, opts, () => ctx.send(action)) : cardEl(code, opts));
  }
  if (view.down) row.append(cardEl(view.down, { key: `down:${me}`, label: `Face down: ${cardName(view.down)}` }));
  board.append(h("div", { class: "me" }, seatPanel(ctx, me, { tags: [won(ctx, me)], body: row, cls: "mine", turn: plays.length > 0 })));
  if (!plays.length) actions.append(h("span", {}, ""));
}

function prompt(ctx) {
  if (ctx.legal.length) return "Play a card face down: the higher card takes the trick.";
  return `${ctx.name(ctx.view.to_act?.[0])} is choosing a card…`;
}

function describe(ev, ctx) {
  if (ev.type === "play") return ev.card ? `You played ${cardName(ev.card)} face down.` : `${ctx.name(ev.seat)} played a card face down.`;
  if (ev.type === "trick") return `${ev.cards.map(cardName).join(" and ")}: ${ctx.name(ev.winner)} takes the trick.`;
  if (ev.type === "game_over") return "The game is over.";
  return null;
}

export default { name: "highcard", render, prompt, describe };

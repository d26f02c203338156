// Pieces shared by the game tables: seat order around the table, seat panels, piles,
// legal-list indexes.

import { cardEl, cardName } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { targetCard } from "../table.js";

/** The other seats in play order starting after mine (all seats for a spectator). */
export function othersInOrder(players, me) {
  const out = [];
  const start = me == null ? 0 : me + 1;
  for (let k = 0; k < players; k++) {
    const s = (start + k) % players;
    if (s !== me) out.push(s);
  }
  return out;
}

export const pos = (s, i) => `${s}:${i}`;

/** Groups the legal list by type: {draw: [...], peek: [...], ...}. */
export function byType(legal) {
  const out = {};
  for (const a of legal) (out[a.type] ??= []).push(a);
  return out;
}

/** A seat's panel: name, tags, and whatever body the game puts in it. */
export function seatPanel(ctx, s, { tags = [], body, cls = "", turn = false }) {
  const name = ctx.name(s);
  return h(
    "section",
    {
      class: `seat ${turn ? "turn" : ""} ${cls}`,
      "aria-label": name,
      dataset: { k: `seat:${s}`, seat: s },
    },
    h(
      "div",
      { class: "seat-head" },
      h("span", { class: "name" }, name),
      turn ? h("span", { class: "tag gold" }, t("table.toPlay")) : null,
      tags,
    ),
    body,
  );
}

export function tag(text, cls = "") {
  return h("span", { class: `tag ${cls}` }, text);
}

/** The deck: a back with a count; a target when `onPick` is given. */
export function deckPile(ctx, count, { onPick, back, label } = {}) {
  const aria = label ?? t("table.deckCount", { n: count });
  const opts = { key: "deck", label: aria, back, fk: "deck" };
  const card = count > 0 || onPick ? (onPick ? targetCard("??", opts, onPick) : cardEl("??", opts)) : cardEl(null, opts);
  return h(
    "div",
    { class: "pile deck" },
    h("div", { class: `stack ${count > 2 ? "deep" : ""}` }, card),
    h("span", { class: "count" }, `${t("table.deck")} · ${count}`),
  );
}

/** The discard pile (top card last in `cards`). */
export function discardPile(ctx, cards, { onPick, title } = {}) {
  const top = cards.length ? cards[cards.length - 1] : null;
  const aria = top
    ? t("table.discardTop", { n: cards.length, card: cardName(top) })
    : t("table.discardEmpty");
  const opts = { key: "discard", label: aria, fk: "discard" };
  const card = onPick ? targetCard(top, opts, onPick) : cardEl(top, opts);
  return h(
    "div",
    { class: "pile discard" },
    h("div", { class: `stack ${cards.length > 2 ? "deep" : ""}` }, card),
    h("span", { class: "count" }, `${title ?? t("table.discard")} · ${cards.length}`),
  );
}

/** The swap among `swaps` (wire actions `{a: [seat, slot], b: [seat, slot]}`) between the
 *  positions `a` and `b` in either order, or null: a swap is unordered in every game that
 *  has one. */
export function swapBetween(swaps, a, b) {
  const same = (p, q) => p[0] === q[0] && p[1] === q[1];
  return swaps.find((x) => (same(x.a, a) && same(x.b, b)) || (same(x.a, b) && same(x.b, a))) ?? null;
}

/** The key of the card at `[seat, slot]` in a face-down row. */
export const slotKey = (p) => `h:${p[0]}:${p[1]}`;

/** The animation of the events the face-down-row games share (draw, discard, a one-slot
 *  replace, swap, peek, call: the same event in each), or null for a game's own event. */
export function rowMoves(ev) {
  switch (ev.type) {
    case "draw":
      return [{ from: "deck", to: "drawn" }];
    case "discard":
      return [{ from: "drawn", to: "discard" }];
    case "replace":
      return [
        { from: "drawn", to: slotKey([ev.seat, ev.slot]) },
        { from: slotKey([ev.seat, ev.slot]), to: "discard" },
      ];
    case "swap":
      return [
        { from: slotKey(ev.a), to: slotKey(ev.b) },
        { from: slotKey(ev.b), to: slotKey(ev.a) },
      ];
    case "peek":
      return [{ flash: slotKey(ev.target), cls: "peeked" }];
    case "call":
      return [{ flash: `seat:${ev.seat}` }];
    default:
      return null;
  }
}

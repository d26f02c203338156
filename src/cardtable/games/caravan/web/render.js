// Caravan's table. The view: caravans[seat][c] = {cards: [{card, attached: [{card, by}]}],
// value, direction ("ascending" / "descending" / null), suit}; sellers[c] (the seat that
// would sell pair c, or null); hand; hand_sizes; deck_sizes; discards; opening (opening
// turns left per seat); at the end winner, reason, scores. The player selects a card of
// their hand; the table then lights up where `legal` lets it go (a caravan for a number
// card, a number card for a face card) and offers Discard; Disband and Resign are buttons.

import "./text.js"; // its names and option texts, for the shell's pages
import { resultDetails } from "./results.js";
import { cardEl, cardName, cardShort } from "/static/js/cards.js";
import { h } from "/static/js/dom.js";
import { actor, addStrings, t } from "/static/js/i18n.js";
import { targetCard } from "/static/js/table.js";
import { byType } from "/static/js/games/common.js";

addStrings({
  "cv.caravan": { en: "Caravan {n}", zh: "路线 {n}" },
  "cv.ownCaravan": { en: "their caravan {n}", zh: "自己的路线 {n}" },
  "cv.yourCaravan": { en: "your caravan {n}", zh: "你的路线 {n}" },
  "cv.theirCaravan": { en: "{name}'s caravan {n}", zh: "{name} 的路线 {n}" },
  "cv.value": { en: "value {v}", zh: "点数 {v}" },
  "cv.asc": { en: "ascending", zh: "上升" },
  "cv.desc": { en: "descending", zh: "下降" },
  "cv.noDir": { en: "no direction yet", zh: "尚无方向" },
  "cv.suit": { en: "suit {s}", zh: "花色 {s}" },
  "cv.sells": { en: "sells", zh: "卖出" },
  "cv.empty": { en: "empty", zh: "空" },
  "cv.playHere": { en: "Play {card} on {where}", zh: "把 {card} 放到{where}" },
  "cv.attachOn": { en: "Put {card} on {on} ({where})", zh: "把 {card} 放在{where}的 {on} 上" },
  "cv.discard": { en: "Discard {card}", zh: "弃掉 {card}" },
  "cv.disband": { en: "Disband {n}", zh: "解散路线 {n}" },
  "cv.resign": { en: "Resign", zh: "认输" },
  "cv.resignSure": { en: "Really resign?", zh: "确定认输？" },
  "cv.deck": { en: "Deck · {n}", zh: "牌堆 · {n}" },
  "cv.discards": { en: "Discards · {n}", zh: "弃牌 · {n}" },
  "cv.handOf": { en: { one: "{n} card in hand", other: "{n} cards in hand" }, zh: "手牌 {n} 张" },
  "cv.opening": { en: "opening: {n} to place", zh: "开局：还需放 {n} 张" },
  "cv.pair": { en: "Pair {n}", zh: "第 {n} 组" },
  "cv.p.select": { en: "Choose a card from your hand.", zh: "从手牌中选一张牌。" },
  "cv.p.opening": {
    en: "Opening: choose a number card and put it on one of your empty caravans.",
    zh: "开局：选一张数字牌，放到你的一条空路线上。",
  },
  "cv.p.selected": {
    en: "{card}: click where it goes (highlighted), or discard it.",
    zh: "{card}：点击高亮的位置放牌，或弃掉它。",
  },
  "cv.p.selectedNoPlay": {
    en: "{card} cannot be played now — discard it, or choose another card.",
    zh: "{card} 现在无处可放：弃掉它，或换一张牌。",
  },
  "cv.p.selectedPlayOnly": { en: "{card}: click where it goes (highlighted).", zh: "{card}：点击高亮的位置放牌。" },
  "cv.p.selectedNone": { en: "{card} cannot be played now — choose another card.", zh: "{card} 现在无处可放：请换一张牌。" },
  "cv.p.openingDiscard": {
    en: "Opening: you hold no number card — discard a card to draw another.",
    zh: "开局：你没有数字牌——弃掉一张牌，再抽一张。",
  },
  "cv.p.wait": { en: "{name} is playing…", zh: "{name} 正在行动…" },
  "cv.why.pick": { en: "First choose a card from your hand.", zh: "请先从手牌中选一张牌。" },
  "cv.why.not": { en: "{card} cannot go there.", zh: "{card} 不能放在那里。" },
  "cv.e.play": { en: "{name} played {card} on {where}.", zh: "{name} 把 {card} 放到{where}。" },
  "cv.e.attach": { en: "{name} put {card} on {on} in {where}.", zh: "{name} 把 {card} 放在{where}的 {on} 上。" },
  "cv.e.remove": { en: { one: "{cards} leaves {where}.", other: "{cards} leave {where}." }, zh: "{cards} 离开了{where}。" },
  "cv.e.discard": { en: "{name} discarded {card}.", zh: "{name} 弃掉了 {card}。" },
  "cv.e.disband": { en: "{name} disbanded {where}.", zh: "{name} 解散了{where}。" },
  "cv.e.draw": { en: "{name} drew a card.", zh: "{name} 抽了一张牌。" },
  "cv.e.drawMine": { en: "You drew {card}.", zh: "你抽到了 {card}。" },
  "cv.e.reshuffle": {
    en: { one: "{name} shuffles {n} discard into a new deck.", other: "{name} shuffles {n} discards into a new deck." },
    zh: "{name} 把 {n} 张弃牌洗成新牌堆。",
    you: { en: { one: "You shuffle {n} discard into a new deck.", other: "You shuffle {n} discards into a new deck." } },
  },
  "cv.e.resign": { en: "{name} resigned.", zh: "{name} 认输了。" },
  "cv.e.end": { en: "The game is over.", zh: "对局结束。" },
  "cv.end.sold": { en: "{name} sold {n} of the three pairs.", zh: "{name} 卖出了三组中的 {n} 组。" },
  "cv.end.quick_sell": { en: "{name} sold two pairs at once.", zh: "{name} 同时卖出了两组。" },
  "cv.end.out_of_cards": { en: "{loser} ran out of cards.", zh: "{loser} 的牌用完了。" },
  "cv.end.resigned": { en: "{loser} resigned.", zh: "{loser} 认输了。" },
  "cv.pairs": { en: { one: "{n} pair sold", other: "{n} pairs sold" }, zh: "卖出 {n} 组" },
  "cv.pair1": { en: "1 pair sold", zh: "卖出 1 组" },
});

const SUIT_SYM = { s: "♠", h: "♥", d: "♦", c: "♣" };
const isNumber = (c) => /^[A2-9T][shdc]$/.test(c);

function caravanName(ctx, s, c, actor) {
  if (actor != null && s === actor && s !== ctx.seat) return t("cv.ownCaravan", { n: c + 1 });
  return s === ctx.seat ? t("cv.yourCaravan", { n: c + 1 }) : t("cv.theirCaravan", { name: ctx.name(s), n: c + 1 });
}

function handKeys(hand) {
  const seen = {};
  return hand.map((c) => {
    seen[c] = (seen[c] ?? 0) + 1;
    return `c:${c}:${seen[c]}`;
  });
}

function index(ctx) {
  const L = byType(ctx.legal);
  return {
    play: L.play ?? [],
    discard: L.discard ?? [],
    disband: L.disband ?? [],
    resign: L.resign?.[0] ?? null,
  };
}

function selectedCard(ctx) {
  const hand = ctx.view.hand ?? [];
  const keys = handKeys(hand);
  const i = keys.indexOf(ctx.sel.key);
  return i >= 0 ? hand[i] : null;
}

function columnHeader(ctx, s, c, cv, sells) {
  const dir = cv.direction === "ascending" ? "↑" : cv.direction === "descending" ? "↓" : "";
  const dirWord = cv.direction === "ascending" ? t("cv.asc") : cv.direction === "descending" ? t("cv.desc") : t("cv.noDir");
  const suit = cv.suit ? SUIT_SYM[cv.suit] : "";
  const inRange = cv.value >= 21 && cv.value <= 26;
  const label = `${caravanName(ctx, s, c)}: ${t("cv.value", { v: cv.value })}, ${dirWord}${cv.suit ? `, ${t("cv.suit", { s: t(`suit.${cv.suit}`) })}` : ""}${sells ? `, ${t("cv.sells")}` : ""}`;
  return h(
    "div",
    { class: `cv-head ${inRange ? "in-range" : cv.value > 26 ? "over" : ""}`, "aria-label": label, role: "note" },
    h("span", { class: "cv-value", "aria-hidden": "true" }, String(cv.value)),
    h("span", { class: "cv-dir", "aria-hidden": "true", title: dirWord }, dir),
    h("span", { class: `cv-suit ${cv.suit ? `s-${cv.suit}` : ""}`, "aria-hidden": "true" }, suit),
    sells ? h("span", { class: "tag gold", "aria-hidden": "true" }, t("cv.sells")) : null,
  );
}

function column(ctx, idx, s, c) {
  const cv = ctx.view.caravans?.[s]?.[c] ?? { cards: [], value: 0 };
  const card = selectedCard(ctx);
  const busy = ctx.busy || ctx.over;
  const sells = ctx.view.sellers?.[c] === s;
  const stack = h("div", { class: "cv-stack" });
  cv.cards.forEach((entry, i) => {
    const key = `cv:${s}:${c}:${i}`;
    const attach =
      card && !busy
        ? idx.play.find((a) => a.card === card && a.seat === s && a.caravan === c && a.index === i)
        : null;
    const label = `${cardName(entry.card)}${entry.attached.length ? ` + ${entry.attached.map((a) => cardName(a.card)).join(", ")}` : ""}`;
    const opts = { key, fk: key, compact: true, label: attach ? t("cv.attachOn", { card: cardName(card), on: label, where: caravanName(ctx, s, c) }) : label };
    const num = attach
      ? targetCard(entry.card, opts, () => {
          ctx.sel.key = null;
          ctx.send(attach);
        })
      : cardEl(entry.card, opts);
    const faces = h(
      "div",
      { class: "cv-attached" },
      entry.attached.map((a, k) => cardEl(a.card, { key: `${key}:${k}`, compact: true, label: cardName(a.card), cls: a.by === ctx.seat ? "by-me" : "by-them" })),
    );
    stack.append(h("div", { class: "cv-entry" }, num, faces));
  });
  const place =
    card && !busy ? idx.play.find((a) => a.card === card && a.seat == null && a.caravan === c && s === ctx.seat) : null;
  const drop = place
    ? h(
        "button",
        {
          type: "button",
          class: "cv-drop target",
          "aria-label": t("cv.playHere", { card: cardName(card), where: caravanName(ctx, s, c) }),
          dataset: { fk: `drop:${c}`, k: `drop:${s}:${c}` },
          onclick: () => {
            ctx.sel.key = null;
            ctx.send(place);
          },
        },
        "+",
      )
    : null;
  if (!cv.cards.length && !drop) stack.append(h("div", { class: "cv-empty", dataset: { k: `col:${s}:${c}` } }, t("cv.empty")));
  if (drop) stack.append(drop);
  const disband = s === ctx.seat && !busy ? idx.disband.find((a) => a.caravan === c) : null;
  return h(
    "section",
    { class: `cv-col ${sells ? "sells" : ""}`, "aria-label": caravanName(ctx, s, c), dataset: { k: `col:${s}:${c}` } },
    columnHeader(ctx, s, c, cv, sells),
    stack,
    disband
      ? ctx.button(t("cv.disband", { n: c + 1 }), () => ctx.send(disband), { cls: "ghost small disband", fk: `disband:${c}`, action: "disband" })
      : null,
  );
}

function sideInfo(ctx, s) {
  const v = ctx.view;
  const bits = [
    h("span", { class: "tag" }, t("cv.deck", { n: v.deck_sizes?.[s] ?? 0 })),
    h("span", { class: "tag" }, t("cv.discards", { n: v.discards?.[s]?.length ?? 0 })),
  ];
  if (s !== ctx.seat) bits.push(h("span", { class: "tag" }, t("cv.handOf", { n: v.hand_sizes?.[s] ?? 0 })));
  if (v.opening?.[s]) bits.push(h("span", { class: "tag blue" }, t("cv.opening", { n: v.opening[s] })));
  return bits;
}

function render(ctx) {
  const { view, board, actions } = ctx;
  const idx = index(ctx);
  const me = ctx.seat ?? 0;
  const them = 1 - me;
  const myTurn = ctx.legal.length > 0 && !ctx.busy && !ctx.over;
  const turn = (view.to_act ?? [])[0];

  const side = (s, cls) =>
    h(
      "section",
      { class: `cv-side ${cls} ${!ctx.over && turn === s ? "turn" : ""}`, "aria-label": ctx.name(s), dataset: { k: `seat:${s}` } },
      h("div", { class: "seat-head" }, h("span", { class: "name" }, ctx.name(s)), !ctx.over && turn === s ? h("span", { class: "tag gold" }, t("table.toPlay")) : null, sideInfo(ctx, s)),
      h("div", { class: "cv-row" }, [0, 1, 2].map((c) => column(ctx, idx, s, c))),
    );
  board.append(side(them, "theirs"));
  // The three contests between the rows.
  board.append(
    h(
      "div",
      { class: "cv-pairs", "aria-hidden": "true" },
      [0, 1, 2].map((c) => {
        const seller = view.sellers?.[c];
        const a = view.caravans?.[them]?.[c]?.value ?? 0;
        const b = view.caravans?.[me]?.[c]?.value ?? 0;
        return h(
          "div",
          { class: `cv-pair ${seller === me ? "mine" : seller === them ? "theirs" : ""}` },
          `${a} · ${b}`,
          seller != null ? ` — ${ctx.name(seller)}` : "",
        );
      }),
    ),
  );
  board.append(side(me, "mine"));

  if (ctx.seat != null && view.hand) {
    const keys = handKeys(view.hand);
    const row = h("div", { class: "hand my-hand cv-hand", role: "group", "aria-label": t("seat.you") });
    view.hand.forEach((code, i) => {
      const key = keys[i];
      const usable = idx.play.some((a) => a.card === code) || idx.discard.some((a) => a.card === code);
      const opts = { key, fk: key, selected: ctx.sel.key === key };
      row.append(
        myTurn && usable
          ? targetCard(code, opts, () => {
              ctx.sel.key = ctx.sel.key === key ? null : key;
              ctx.redraw();
            })
          : cardEl(code, { ...opts, selected: undefined }),
      );
    });
    board.append(h("div", { class: "me cv-me" }, row));
  }

  if (!myTurn) return;
  const card = selectedCard(ctx);
  const discard = card ? idx.discard.find((a) => a.card === card) : null;
  if (discard) {
    actions.append(ctx.button(t("cv.discard", { card: cardShort(card) }), () => {
      ctx.sel.key = null;
      ctx.send(discard);
    }, { fk: "discard", action: "discard" }));
  }
  if (card) actions.append(ctx.button(t("table.cancel"), () => { ctx.sel.key = null; ctx.redraw(); }, { cls: "ghost", fk: "cancel" }));
  if (idx.resign) {
    const sure = ctx.sel.resign;
    actions.append(
      ctx.button(sure ? t("cv.resignSure") : t("cv.resign"), () => {
        if (sure) ctx.send(idx.resign);
        else {
          ctx.sel.resign = true;
          ctx.redraw();
        }
      }, { cls: sure ? "danger" : "ghost", fk: "resign", action: "resign" }),
    );
  }
}

function prompt(ctx) {
  const { view } = ctx;
  const idx = index(ctx);
  if (!ctx.legal.length) return t("cv.p.wait", { name: ctx.name((view.to_act ?? [])[0]) });
  const card = selectedCard(ctx);
  if (card) {
    // Only the moves the legal list holds for this card are named (no discard in the opening).
    const canPlay = idx.play.some((a) => a.card === card);
    const canDiscard = idx.discard.some((a) => a.card === card);
    const key = canPlay ? (canDiscard ? "cv.p.selected" : "cv.p.selectedPlayOnly") : canDiscard ? "cv.p.selectedNoPlay" : "cv.p.selectedNone";
    return t(key, { card: cardName(card) });
  }
  if (!view.opening?.[ctx.seat]) return t("cv.p.select");
  return idx.play.length ? t("cv.p.opening") : t("cv.p.openingDiscard");
}

function lastKey(ctx, s, c, extra = "") {
  const cards = ctx.view.caravans?.[s]?.[c]?.cards ?? [];
  return `cv:${s}:${c}:${Math.max(0, cards.length - 1)}${extra}`;
}

function moves(ev, ctx) {
  const mine = ev.seat === ctx.seat;
  const from = (card) => (mine ? { from: `c:${card}:1` } : { from: `seat:${ev.seat}`, center: true });
  switch (ev.type) {
    case "play":
      return [{ ...from(ev.card), to: lastKey(ctx, ev.seat, ev.caravan) }];
    case "attach": {
      const entry = ctx.view.caravans?.[ev.target]?.[ev.caravan]?.cards?.[ev.index];
      if (!entry || entry.card !== ev.on) return [{ flash: `col:${ev.target}:${ev.caravan}` }];
      return [{ ...from(ev.card), to: `cv:${ev.target}:${ev.caravan}:${ev.index}:${entry.attached.length - 1}` }];
    }
    case "remove":
    case "disband":
      return [{ flash: `col:${ev.seat}:${ev.caravan}` }];
    default:
      return [];
  }
}

function describe(ev, ctx) {
  const who = actor(ctx, ev.seat);
  switch (ev.type) {
    case "play":
      return t("cv.e.play", { ...who, card: cardName(ev.card), where: caravanName(ctx, ev.seat, ev.caravan, ev.seat) });
    case "attach":
      return t("cv.e.attach", { ...who, card: cardName(ev.card), on: cardName(ev.on), where: caravanName(ctx, ev.target, ev.caravan, ev.seat) });
    case "remove":
      return t("cv.e.remove", { n: ev.cards?.length ?? 0, cards: (ev.cards ?? []).map(cardShort).join(" "), where: caravanName(ctx, ev.seat, ev.caravan) });
    case "discard":
      return t("cv.e.discard", { ...who, card: cardName(ev.card) });
    case "disband":
      return t("cv.e.disband", { ...who, where: caravanName(ctx, ev.seat, ev.caravan, ev.seat) });
    case "draw":
      return ev.card ? t("cv.e.drawMine", { card: cardName(ev.card) }) : t("cv.e.draw", who);
    case "reshuffle":
      return t("cv.e.reshuffle", { ...who, n: ev.cards });
    case "resign":
      return t("cv.e.resign", who);
    case "end":
      return t("cv.e.end");
    default:
      return null;
  }
}

function explain(el, ctx) {
  const card = selectedCard(ctx);
  if (!card) return t("cv.why.pick");
  return t("cv.why.not", { card: cardName(card) });
}

function resultNote(ctx) {
  const v = ctx.view;
  if (v.winner == null) return null;
  return h(
    "p",
    { class: "end-reason" },
    t(`cv.end.${v.reason}`, { name: ctx.name(v.winner), loser: ctx.name(1 - v.winner), n: v.scores?.[v.winner] ?? "" }),
  );
}

function resultHand(s, ctx) {
  const cvs = ctx.view.caravans?.[s] ?? [];
  return h(
    "div",
    { class: "cv-result" },
    cvs.map((cv, c) =>
      h("span", { class: `cv-mini ${ctx.view.sellers?.[c] === s ? "sold" : ""}` }, `${c + 1}: ${cv.value}${ctx.view.sellers?.[c] === s ? " ✓" : ""}`),
    ),
  );
}

function scoreText(score) {
  return Number(score) === 1 ? t("cv.pair1") : t("cv.pairs", { n: score ?? 0 });
}

/** A move drawn on the table (a review's best move, a puzzle's answer; js/review.js): the
 * cards and places it uses (their data-k keys) and its words. */
function showMove(a, ctx) {
  const me = ctx.seat ?? 0;
  const hand = ctx.view.hand ?? [];
  const handKey = (card) => handKeys(hand)[hand.indexOf(card)];
  const keys = (...list) => list.filter(Boolean);
  switch (a.type) {
    case "play": {
      if (a.seat == null) {
        const where = caravanName(ctx, me, a.caravan);
        return { keys: keys(handKey(a.card), `col:${me}:${a.caravan}`), text: t("cv.playHere", { card: cardName(a.card), where }) };
      }
      const on = ctx.view.caravans?.[a.seat]?.[a.caravan]?.cards?.[a.index]?.card;
      const text = t("cv.attachOn", { card: cardName(a.card), on: on ? cardName(on) : "?", where: caravanName(ctx, a.seat, a.caravan) });
      return { keys: keys(handKey(a.card), `cv:${a.seat}:${a.caravan}:${a.index}`), text };
    }
    case "discard":
      return { keys: keys(handKey(a.card)), text: t("cv.discard", { card: cardName(a.card) }) };
    case "disband":
      return { keys: [`col:${me}:${a.caravan}`], text: t("cv.disband", { n: a.caravan + 1 }) };
    case "resign":
      return { keys: [], text: t("cv.resign") };
    default:
      return null;
  }
}

export default { name: "caravan", render, prompt, moves, describe, explain, resultNote, resultHand, scoreText, resultDetails, showMove };

// Cabo's table. The view (docs/games/cabo.md): rows[s][i] = {card, seen_by, public} with
// card null when this seat does not know it; holding {seat, from, card}; phase (setup /
// start / drawn / taken / power / over); power (peek / spy / swap); caller; totals;
// last_round (the previous round's reveal). Rows shrink after a successful exchange and
// grow after a failed one. Moves come from `legal`; a replace names 1 slot, an exchange
// 2–4 (the player selects them, then confirms).

import "./text.js"; // its names and option texts, for the shell's pages
import "./deck.js"; // its numbered cards, before anything draws one
import { resultDetails } from "./results.js";
import { cardEl, cardName } from "/static/js/cards.js";
import { h } from "/static/js/dom.js";
import { actor, addStrings, joinNames, t } from "/static/js/i18n.js";
import { addSwitch, settings } from "/static/js/settings.js";
import { targetCard } from "/static/js/table.js";
import { byType, deckPile, discardPile, othersInOrder, pos, rowMoves, seatPanel, slotKey, swapBetween, tag } from "/static/js/games/common.js";

addStrings({
  "ca.memoryAid": {
    en: "Memory aid in Cabo (show the cards you have seen)",
    zh: "卡波记忆辅助（显示你看过的牌）",
  },
  "ca.draw": { en: "Draw", zh: "抽牌" },
  "ca.take": { en: "Take the discard", zh: "拾取弃牌" },
  "ca.call": { en: "Call Cabo", zh: "宣告 Cabo" },
  "ca.discard": { en: "Discard it", zh: "弃掉" },
  "ca.skip": { en: "Skip power", zh: "跳过技能" },
  "ca.replace1": { en: "Replace card {n}", zh: "替换第 {n} 张" },
  "ca.exchange": { en: "Exchange {k} cards", zh: "同数字置换 {k} 张" },
  "ca.clear": { en: "Clear selection", zh: "清除选择" },
  "ca.holding": { en: "In hand", zh: "手中的牌" },
  "ca.holdingBy": { en: "{name} holds", zh: "{name} 手中" },
  "ca.called": { en: "called Cabo", zh: "已宣告 Cabo" },
  "ca.total": { en: "total {n}", zh: "累计 {n}" },
  "ca.round": { en: "Round {n}", zh: "第 {n} 轮" },
  "ca.roundOf": { en: "Round {n} of {m}", zh: "第 {n} 轮，共 {m} 轮" },
  "ca.target": { en: "to {n}", zh: "目标 {n}" },
  "ca.public": { en: "everyone knows it", zh: "所有人都知道" },
  "ca.p.setup": { en: "Look at {n} of your cards: click them.", zh: "查看自己的 {n} 张暗牌：点击它们。" },
  "ca.p.setupWait": { en: "Waiting for the others to look at their cards…", zh: "等待其他玩家看牌…" },
  "ca.p.start": {
    en: "Your turn: draw from the deck, take the discard, or call Cabo.",
    zh: "轮到你：从抽牌堆抽牌、拾取弃牌，或宣告 Cabo。",
  },
  "ca.p.startNoCall": {
    en: "Your turn: draw from the deck or take the discard.",
    zh: "轮到你：从抽牌堆抽牌或拾取弃牌。",
  },
  "ca.p.startNoTake": {
    en: "Your turn: draw from the deck or call Cabo.",
    zh: "轮到你：从抽牌堆抽牌或宣告 Cabo。",
  },
  "ca.p.startDraw": { en: "Your turn: draw from the deck.", zh: "轮到你：从抽牌堆抽牌。" },
  "ca.p.drawnOne": {
    en: "You drew {card}. Select one of your cards to replace, or discard it.",
    zh: "你抽到了 {card}。选一张自己的牌替换，或直接弃掉。",
  },
  "ca.p.takenOne": {
    en: "You took {card}. Select one of your cards to replace.",
    zh: "你拾取了 {card}。选一张自己的牌替换。",
  },
  "ca.p.drawn": {
    en: "You drew {card}. Select one of your cards to replace — or 2–4 equal ones to exchange — or discard it.",
    zh: "你抽到了 {card}。选一张自己的牌替换，或选 2–4 张同数字的牌置换，或直接弃掉。",
  },
  "ca.p.taken": {
    en: "You took {card}. Select one of your cards to replace — or 2–4 equal ones to exchange.",
    zh: "你拾取了 {card}。选一张自己的牌替换，或选 2–4 张同数字的牌置换。",
  },
  "ca.p.selected": { en: " Selected: {list}.", zh: " 已选：{list}。" },
  "ca.p.peek": { en: "{card} — peek: look at one of your cards, or skip.", zh: "{card}：窥视自己的一张牌，或跳过。" },
  "ca.p.spy": { en: "{card} — spy: look at another player's card, or skip.", zh: "{card}：侦察其他玩家的一张牌，或跳过。" },
  "ca.p.swap": {
    en: "{card} — swap: pick one of your cards and another player's card, or skip.",
    zh: "{card}：选择自己的一张牌与其他玩家的一张牌交换，或跳过。",
  },
  "ca.p.swap2": { en: "Now pick the card to swap with {what}.", zh: "再选择与{what}交换的牌。" },
  "ca.p.wait": { en: "{name} is playing…", zh: "{name} 正在行动…" },
  "ca.why.holding": {
    en: "You already hold a card: put it into your row or discard it.",
    zh: "你手中已有一张牌：把它放进自己的牌列，或弃掉。",
  },
  "ca.why.own": { en: "Choose among your own cards.", zh: "请在自己的牌中选择。" },
  "ca.why.other": { en: "This power looks at another player's card.", zh: "这个技能查看其他玩家的牌。" },
  "ca.why.swapMine": { en: "One of the two swapped cards must be yours, the other another player's.", zh: "交换的两张牌必须一张是你的，一张是其他玩家的。" },
  "ca.why.start": { en: "First draw a card, take the discard, or call Cabo.", zh: "请先抽牌、拾取弃牌或宣告 Cabo。" },
  "ca.why.startNoCall": { en: "First draw a card or take the discard.", zh: "请先抽牌或拾取弃牌。" },
  "ca.why.startNoTake": { en: "First draw a card or call Cabo.", zh: "请先抽牌或宣告 Cabo。" },
  "ca.why.startDraw": { en: "First draw a card.", zh: "请先抽牌。" },
  "ca.why.power": { en: "Use or skip the power first.", zh: "请先使用或跳过技能。" },
  "ca.why.noTake": { en: "Only a card drawn from the deck can be discarded.", zh: "只有从抽牌堆抽到的牌才能直接弃掉。" },
  "ca.yourSlot": { en: "your card {n}", zh: "你的第 {n} 张" },
  "ca.theirSlot": { en: "{name}'s card {n}", zh: "{name} 的第 {n} 张" },
  "ca.m.replace": { en: "Put the card in place of {where}", zh: "用这张牌替换{where}" },
  "ca.m.exchange": { en: "Exchange {which} for the card", zh: "用这张牌同数字置换{which}" },
  "ca.m.peek": { en: "Peek at {where}", zh: "窥视{where}" },
  "ca.m.swap": { en: "Swap {a} and {b}", zh: "交换{a}和{b}" },
  "ca.ownSlot": { en: "their own card {n}", zh: "自己的第 {n} 张" },
  "ca.e.deal": {
    en: "Round {n}: the cards are dealt; {name} starts.",
    zh: "第 {n} 轮发牌，{name} 先手。",
    you: { en: "Round {n}: the cards are dealt; you start." },
  },
  "ca.e.dealSeen": { en: "You look at your first two cards: {a} and {b}.", zh: "你查看了前两张：{a} 和 {b}。" },
  "ca.e.draw": { en: "{name} drew a card.", zh: "{name} 抽了一张牌。" },
  "ca.e.drawMine": { en: "You drew {card}.", zh: "你抽到了 {card}。" },
  "ca.e.take": { en: "{name} took {card} from the discard pile.", zh: "{name} 拾取了弃牌 {card}。" },
  "ca.e.call": { en: "{name} called Cabo! Everyone else has one more turn.", zh: "{name} 宣告 Cabo！其他玩家各再走一回合。" },
  "ca.e.discard": { en: "{name} discarded {card}.", zh: "{name} 弃掉了 {card}。" },
  "ca.e.discardPower": { en: "{name} discarded {card} and may {deed}.", zh: "{name} 弃掉了 {card}，可以{deed}。" },
  // What a discarded power lets its user do, said of that user ("their" / "your").
  "ca.deed.peek": { en: "look at one of their own cards", zh: "查看自己的一张牌", you: { en: "look at one of your own cards" } },
  "ca.deed.spy": { en: "look at another player's card", zh: "查看其他玩家的一张牌" },
  "ca.deed.swap": {
    en: "swap one of their cards with another player's",
    zh: "用自己的一张牌与其他玩家的一张牌交换",
    you: { en: "swap one of your cards with another player's" },
  },
  "ca.e.replace": { en: "{name} put the card into slot {n} and discarded {card}.", zh: "{name} 把牌放进第 {n} 张，弃掉 {card}。" },
  "ca.e.exOk": { en: "{name} exchanged {cards}: all equal, they are discarded.", zh: "{name} 置换 {cards}：全部相同，一起弃掉。" },
  "ca.e.exBad": { en: "{name} tried to exchange {cards}: not equal, a penalty card.", zh: "{name} 尝试置换 {cards}：数字不同，罚一张牌。" },
  "ca.e.peek": { en: "{name} looked at {where}.", zh: "{name} 查看了{where}。" },
  "ca.e.peekMine": { en: "You looked at {where}: {card}.", zh: "你查看了{where}：{card}。" },
  "ca.e.swap": { en: "{name} swapped {a} and {b}.", zh: "{name} 交换了{a}和{b}。" },
  "ca.e.skip": { en: "{name} did not use the power.", zh: "{name} 没有使用技能。" },
  "ca.e.reshuffle": {
    en: {
      one: "The discards are shuffled into a new deck ({n} card).",
      other: "The discards are shuffled into a new deck ({n} cards).",
    },
    zh: "弃牌洗成新的抽牌堆（{n} 张）。",
  },
  "ca.deckRefilled": {
    en: { one: "deck, {n} card, refilled {r}× this round", other: "deck, {n} cards, refilled {r}× this round" },
    zh: "牌库，剩 {n} 张，本轮已重洗 {r} 次",
  },
  "ca.e.roundEnd": { en: "Round {n} is over: {scores}.", zh: "第 {n} 轮结束：{scores}。" },
  "ca.e.gameEnd": { en: "The game is over.", zh: "整场游戏结束。" },
  "ca.r.title": { en: "Round {n} is over", zh: "第 {n} 轮结束" },
  "ca.r.cabo": { en: "{name} called Cabo.", zh: "{name} 宣告了 Cabo。" },
  "ca.r.deck_out": { en: "The deck ran out.", zh: "抽牌堆用完了。" },
  "ca.r.kamikaze": {
    en: "Kamikaze by {name}: everyone else scores 50!",
    zh: "{name} 达成神风：其他人各得 50 分！",
    you: { en: "Your Kamikaze: everyone else scores 50!" },
  },
  "ca.r.line": { en: "sum {sum} → {score} · total {total}", zh: "合计 {sum} → 本轮 {score} · 累计 {total}" },
  "ca.r.reset": { en: "reset to half", zh: "重置为一半" },
  "ca.r.close": { en: "Continue", zh: "继续" },
  "ca.points": { en: { one: "{n} point", other: "{n} points" }, zh: "{n} 分" },
});
// Shown in the settings menu on every page (the shell loads this module at start).
addSwitch({ name: "memoryAid", label: "ca.memoryAid", initial: true });

function where(ctx, s, i, actor) {
  if (s === ctx.seat) return t("ca.yourSlot", { n: i + 1 });
  if (actor != null && s === actor) return t("ca.ownSlot", { n: i + 1 });
  return t("ca.theirSlot", { name: ctx.name(s), n: i + 1 });
}

function index(ctx) {
  const L = byType(ctx.legal);
  return {
    draw: L.draw?.[0] ?? null,
    take: L.take_discard?.[0] ?? null,
    call: L.call?.[0] ?? null,
    discard: L.discard?.[0] ?? null,
    skip: L.skip?.[0] ?? null,
    replace: L.replace ?? [],
    peek: L.peek ?? [],
    swap: L.swap ?? [],
  };
}

function replaceFor(idx, slots) {
  const want = [...slots].sort((a, b) => a - b);
  return idx.replace.find((a) => a.slots.length === want.length && a.slots.every((x, k) => x === want[k])) ?? null;
}

function choiceAt(ctx, idx, s, i) {
  if (idx.replace.length) {
    if (s !== ctx.seat) return null;
    const slotsOk = idx.replace.some((a) => a.slots.includes(i));
    return slotsOk ? "toggle" : null;
  }
  const peek = idx.peek.find((a) => a.seat === s && a.slot === i);
  if (peek) return peek;
  if (idx.swap.length) {
    const first = ctx.sel.first;
    if (first) {
      if (first[0] === s && first[1] === i) return "deselect";
      return swapBetween(idx.swap, first, [s, i]);
    }
    const starts = new Set(idx.swap.flatMap((x) => [pos(...x.a), pos(...x.b)]));
    return starts.has(pos(s, i)) ? "select" : null;
  }
  return null;
}

function pick(ctx, idx, s, i) {
  const choice = choiceAt(ctx, idx, s, i);
  if (!choice) return;
  const sel = ctx.sel;
  if (choice === "toggle") {
    sel.slots ??= [];
    sel.slots = sel.slots.includes(i) ? sel.slots.filter((x) => x !== i) : [...sel.slots, i];
    ctx.redraw();
  } else if (choice === "select") {
    sel.first = [s, i];
    ctx.redraw();
  } else if (choice === "deselect") {
    sel.first = null;
    ctx.redraw();
  } else {
    sel.first = null;
    ctx.send(choice);
  }
}

function shown(ctx, s, i, cell) {
  const known = cell?.card;
  if (known != null && (ctx.over || settings().memoryAid !== false || cell.public)) return known;
  return ctx.revealed(`h:${s}:${i}`) ?? "??";
}

function rowEl(ctx, idx, s, big) {
  const row = ctx.view.rows?.[s] ?? [];
  const wrap = h("div", { class: "hand", role: "group", "aria-label": ctx.name(s) });
  row.forEach((cell, i) => {
    const key = `h:${s}:${i}`;
    const code = shown(ctx, s, i, cell);
    const choice = ctx.busy || ctx.over ? null : choiceAt(ctx, idx, s, i);
    const selected =
      (s === ctx.seat && (ctx.sel.slots ?? []).includes(i)) ||
      (ctx.sel.first && ctx.sel.first[0] === s && ctx.sel.first[1] === i);
    let label = code === "??" ? t("card.hiddenSlot", { n: i + 1 }) : t("card.slot", { card: cardName(code), n: i + 1 });
    if (cell.public && code !== "??") label += ` (${t("ca.public")})`;
    if (s !== ctx.seat) label = `${ctx.name(s)}: ${label}`;
    const opts = {
      key,
      fk: key,
      label,
      selected: choice === "toggle" || selected ? Boolean(selected) : undefined,
      cls: code !== "??" && !ctx.over ? (cell.public ? "public" : "remembered") : "",
      back: "cabo",
    };
    const el = choice ? targetCard(code, opts, () => pick(ctx, idx, s, i)) : cardEl(code, opts);
    wrap.append(big ? h("div", { class: "slot-wrap" }, el, h("span", { class: "slot-no", "aria-hidden": "true" }, String(i + 1))) : el);
  });
  return wrap;
}

function roundPanel(ctx) {
  const last = ctx.view.last_round;
  if (!last || ctx.over || ctx.store.closedRound === last.round) return null;
  const lines = (last.rows ?? []).map((row, s) =>
    h(
      "li",
      { class: "round-line" },
      h("span", { class: "name" }, ctx.name(s)),
      h("span", { class: "hand mini" }, row.map((c) => cardEl(c, {}))),
      h(
        "span",
        { class: "round-score" },
        t("ca.r.line", { sum: last.sums?.[s], score: last.scores?.[s], total: last.totals?.[s] }),
        (last.reset ?? []).includes(s) ? ` · ${t("ca.r.reset")}` : "",
      ),
    ),
  );
  const reason = last.reason === "cabo" ? t("ca.r.cabo", { name: ctx.name(last.caller) }) : t("ca.r.deck_out");
  return h(
    "section",
    { class: "round-panel", "aria-labelledby": "round-h" },
    h("h2", { id: "round-h" }, t("ca.r.title", { n: last.round })),
    h("p", {}, reason, last.kamikaze != null ? ` ${t("ca.r.kamikaze", { name: ctx.name(last.kamikaze) })}` : ""),
    h("ul", { class: "round-lines" }, lines),
    ctx.button(t("ca.r.close"), () => {
      ctx.store.closedRound = last.round;
      ctx.redraw();
    }, { cls: "ghost small", fk: "round-close" }),
  );
}

function render(ctx) {
  const { view, board, actions } = ctx;
  const idx = index(ctx);
  const me = ctx.seat;
  const players = view.players ?? view.rows?.length ?? 0;
  if (ctx.sel.slots) ctx.sel.slots = ctx.sel.slots.filter((i) => i < (view.rows?.[me]?.length ?? 0));

  const tagsFor = (s) => {
    const out = [tag(t("ca.total", { n: view.totals?.[s] ?? 0 }), "blue")];
    if (view.caller === s) out.push(tag(t("ca.called"), "red"));
    return out;
  };
  const turnOf = (s) => !ctx.over && (view.phase === "setup" ? (view.to_act ?? []).includes(s) : view.turn === s);

  const panel = roundPanel(ctx);
  if (panel) board.append(panel);
  board.append(
    h("p", { class: "table-meta" }, view.round_limit
      ? t("ca.roundOf", { n: view.round ?? 1, m: view.round_limit })
      : `${t("ca.round", { n: view.round ?? 1 })} · ${t("ca.target", { n: view.target ?? 100 })}`),
  );
  const opponents = h("div", { class: "opponents" });
  for (const s of othersInOrder(players, me)) {
    opponents.append(seatPanel(ctx, s, { tags: tagsFor(s), body: rowEl(ctx, idx, s, false), turn: turnOf(s) }));
  }
  const center = h("div", { class: "center" });
  center.append(
    deckPile(ctx, view.deck ?? 0, {
      back: "cabo",
      label: view.reshuffles ? t("ca.deckRefilled", { n: view.deck, r: view.reshuffles }) : undefined,
      onPick: idx.draw && !ctx.busy ? () => ctx.send(idx.draw) : null,
    }),
    discardPile(ctx, view.discard ?? [], {
      onPick:
        !ctx.busy && (idx.take || idx.discard) ? () => ctx.send(idx.take ?? idx.discard) : null,
    }),
  );
  const hold = view.holding;
  if (hold) {
    const mine = hold.seat === me;
    const code = hold.card ?? "??";
    const label = mine ? t("ca.holding") : t("ca.holdingBy", { name: ctx.name(hold.seat) });
    center.append(
      h(
        "div",
        { class: "pile drawn" },
        cardEl(code, { key: "drawn", back: "cabo", label: code === "??" ? label : `${label}: ${cardName(code)}` }),
        h("span", { class: "count" }, label),
      ),
    );
  }
  board.append(opponents, center);
  if (me != null) {
    board.append(
      h("div", { class: "me" }, seatPanel(ctx, me, { tags: tagsFor(me), body: rowEl(ctx, idx, me, true), turn: turnOf(me), cls: "mine" })),
    );
  }

  if (ctx.over || ctx.busy) return;
  const btn = (label, action, key, cls = "") =>
    actions.append(ctx.button(label, () => ctx.send(action), { cls, fk: key, action: key }));
  if (idx.draw) btn(t("ca.draw"), idx.draw, "draw", "primary");
  if (idx.take) btn(t("ca.take"), idx.take, "take_discard");
  if (idx.replace.length && (ctx.sel.slots ?? []).length) {
    const chosen = replaceFor(idx, ctx.sel.slots);
    if (chosen) {
      const label =
        chosen.slots.length === 1 ? t("ca.replace1", { n: chosen.slots[0] + 1 }) : t("ca.exchange", { k: chosen.slots.length });
      btn(label, chosen, "replace", "primary");
    }
    actions.append(
      ctx.button(t("ca.clear"), () => {
        ctx.sel.slots = [];
        ctx.redraw();
      }, { cls: "ghost", fk: "clear" }),
    );
  }
  if (idx.discard) btn(t("ca.discard"), idx.discard, "discard", (ctx.sel.slots ?? []).length ? "" : "primary");
  if (idx.skip) btn(t("ca.skip"), idx.skip, "skip");
  if (idx.call) btn(t("ca.call"), idx.call, "call", "danger");
  if (ctx.sel.first) {
    actions.append(ctx.button(t("table.cancel"), () => { ctx.sel.first = null; ctx.redraw(); }, { cls: "ghost", fk: "cancel" }));
  }
}

function prompt(ctx) {
  const { view } = ctx;
  const idx = index(ctx);
  if (!ctx.legal.length) {
    return view.phase === "setup" ? t("ca.p.setupWait") : t("ca.p.wait", { name: ctx.name(view.turn) });
  }
  if (view.phase === "setup") return t("ca.p.setup", { n: view.setup_peeks?.[ctx.seat] ?? 2 });
  if (view.phase === "start") return t(startKey("ca.p.start", idx));
  if (view.phase === "drawn" || view.phase === "taken") {
    const card = cardName(view.holding?.card);
    // An exchange is named only when the legal list holds one (a row of one card has none).
    const exchange = idx.replace.some((a) => a.slots.length > 1);
    let text = t(`ca.p.${view.phase}${exchange ? "" : "One"}`, { card });
    const chosen = ctx.sel.slots ?? [];
    if (chosen.length) text += t("ca.p.selected", { list: chosen.map((i) => i + 1).sort().join(", ") });
    return text;
  }
  if (view.phase === "power") {
    const top = view.discard?.[view.discard.length - 1];
    if (ctx.sel.first) return t("ca.p.swap2", { what: where(ctx, ...ctx.sel.first) });
    return t(`ca.p.${view.power}`, { card: cardName(top) });
  }
  return "";
}

/** The start-of-turn line naming only the legal moves: draw, take the discard (not from an
 * empty pile), call Cabo (not after a call). */
function startKey(base, idx) {
  if (idx.take) return idx.call ? base : `${base}NoCall`;
  return idx.call ? `${base}NoTake` : `${base}Draw`;
}

function onState(ctx) {
  const me = ctx.seat;
  if (me == null) return;
  const rows = ctx.view.rows?.[me] ?? [];
  const before = ctx.prev?.rows?.[me];
  rows.forEach((cell, i) => {
    if (cell.card == null || ctx.view.over) return;
    if (!before || before[i]?.card !== cell.card) ctx.reveal(`h:${me}:${i}`, cell.card, before ? 2400 : 5000);
  });
}

function onEvent(ev, ctx) {
  if (ev.type === "peek" && ev.seat === ctx.seat && ev.card) ctx.reveal(`h:${ev.target[0]}:${ev.target[1]}`, ev.card, 2600);
}

function moves(ev) {
  // take_discard and exchange are Cabo's own events; the rest animate as in every face-down-row game.
  switch (ev.type) {
    case "take_discard":
      return [{ from: "discard", to: "drawn" }];
    case "exchange":
      return [
        { from: "drawn", to: slotKey([ev.seat, ev.slot]) },
        ...(ev.success ? [{ from: slotKey([ev.seat, ev.slots[ev.slots.length - 1]]), to: "discard" }] : ev.slots.map((i) => ({ flash: slotKey([ev.seat, i]), cls: "shake" }))),
      ];
    default:
      return rowMoves(ev) ?? [];
  }
}

function describe(ev, ctx) {
  const who = actor(ctx, ev.seat);
  const c = (code) => cardName(code);
  switch (ev.type) {
    case "deal":
      if (ev.seen?.length === 2) {
        return `${t("ca.e.deal", { n: ev.round, ...actor(ctx, ev.starter) })} ${t("ca.e.dealSeen", { a: c(ev.seen[0][1]), b: c(ev.seen[1][1]) })}`;
      }
      return t("ca.e.deal", { n: ev.round, ...actor(ctx, ev.starter) });
    case "draw":
      return ev.card ? t("ca.e.drawMine", { card: c(ev.card) }) : t("ca.e.draw", who);
    case "take_discard":
      return t("ca.e.take", { ...who, card: c(ev.card) });
    case "call":
      return t("ca.e.call", who);
    case "discard":
      return ev.power
        ? t("ca.e.discardPower", { ...who, card: c(ev.card), deed: t(`ca.deed.${ev.power}`, who) })
        : t("ca.e.discard", { ...who, card: c(ev.card) });
    case "replace":
      return t("ca.e.replace", { ...who, n: ev.slot + 1, card: c(ev.discarded) });
    case "exchange": {
      const cards = (ev.cards ?? []).join(", ");
      return ev.success ? t("ca.e.exOk", { ...who, cards }) : t("ca.e.exBad", { ...who, cards });
    }
    case "peek":
      return ev.card
        ? t("ca.e.peekMine", { where: where(ctx, ...ev.target), card: c(ev.card) })
        : t("ca.e.peek", { ...who, where: where(ctx, ...ev.target, ev.seat) });
    case "swap":
      return t("ca.e.swap", { ...who, a: where(ctx, ...ev.a, ev.seat), b: where(ctx, ...ev.b, ev.seat) });
    case "skip":
      return t("ca.e.skip", who);
    case "reshuffle":
      return t("ca.e.reshuffle", { n: ev.deck });
    case "round_end":
      return t("ca.e.roundEnd", {
        n: ev.round,
        scores: (ev.scores ?? []).map((sc, s) => `${ctx.name(s)} ${sc}`).join(", "),
      });
    case "game_end":
      return t("ca.e.gameEnd");
    default:
      return null;
  }
}

function explain(el, ctx) {
  const { view } = ctx;
  const idx = index(ctx);
  const m = (el.dataset.k ?? "").match(/^h:(\d+):(\d+)$/);
  const mine = m && Number(m[1]) === ctx.seat;
  const key = el.dataset.k;
  if (view.phase === "start") return t(startKey("ca.why.start", idx));
  if (view.phase === "drawn" || view.phase === "taken") {
    if (key === "deck" || (key === "discard" && view.phase === "taken" && !idx.discard)) {
      return key === "discard" ? t("ca.why.noTake") : t("ca.why.holding");
    }
    if (m && !mine) return t("ca.why.own");
    return null;
  }
  if (view.phase === "power") {
    if (view.power === "peek" && m && !mine) return t("ca.why.own");
    if (view.power === "spy" && m && mine) return t("ca.why.other");
    if (view.power === "swap" && m) return t("ca.why.swapMine");
    return t("ca.why.power");
  }
  if (view.phase === "setup" && m && !mine) return t("ca.why.own");
  return null;
}

function resultHand(s, ctx) {
  const row = ctx.view.last_round?.rows?.[s] ?? (ctx.view.rows?.[s] ?? []).map((c) => c.card ?? "??");
  return h("div", { class: "hand" }, row.map((c) => cardEl(c, {})));
}

// After a call (CA-12): `final_turns` more turns, one per other player in seat order from
// the one now playing (js/endgame.js draws the banner and asks before a call).
const endgame = {
  callName: "Cabo",
  isCall: (action) => action?.type === "call",
  lastTurns(ctx) {
    const v = ctx.view;
    const n = v.players ?? v.rows?.length ?? 0;
    if (v.caller == null || v.phase === "over" || !v.final_turns || !n) return null;
    const remaining = [];
    for (let s = v.turn; remaining.length < v.final_turns && remaining.length < n; s = (s + 1) % n) {
      if (s !== v.caller) remaining.push(s);
    }
    return { caller: v.caller, remaining };
  },
};

function scoreText(score) {
  return t("ca.points", { n: score == null ? "–" : Number(score) });
}

/** A move drawn on the table (a review's best move, a puzzle's answer; js/review.js): the
 * cards and places it uses (their data-k keys) and its words. */
function showMove(a, ctx) {
  const me = ctx.seat ?? 0;
  const at = (p) => slotKey(p);
  switch (a.type) {
    case "draw":
      return { keys: ["deck"], text: t("ca.draw") };
    case "take_discard":
      return { keys: ["discard"], text: t("ca.take") };
    case "discard":
      return { keys: ["drawn", "discard"], text: t("ca.discard") };
    case "replace": {
      const keys = ["drawn", ...a.slots.map((i) => at([me, i]))];
      if (a.slots.length === 1) return { keys, text: t("ca.m.replace", { where: where(ctx, me, a.slots[0]) }) };
      return { keys, text: t("ca.m.exchange", { which: joinNames(a.slots.map((i) => where(ctx, me, i))) }) };
    }
    case "peek":
      return { keys: [at([a.seat, a.slot])], text: t("ca.m.peek", { where: where(ctx, a.seat, a.slot) }) };
    case "swap":
      return { keys: [at(a.a), at(a.b)], text: t("ca.m.swap", { a: where(ctx, ...a.a), b: where(ctx, ...a.b) }) };
    case "skip":
      return { keys: [], text: t("ca.skip") };
    case "call":
      return { keys: [], text: t("ca.call") };
    default:
      return null;
  }
}

export default { name: "cabo", render, prompt, onState, onEvent, moves, describe, explain, resultHand, scoreText, resultDetails, endgame, showMove };

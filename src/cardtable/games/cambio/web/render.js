// Cambio's table. The view (docs/games/cambio.md): hands[s][i] is a card code the seat
// knows, "??" face down, null an empty slot; drawn, discard, deck, phase (setup / turn /
// drawn / power / over), step (the power step), power (the card whose power runs), caller,
// give {seat, to}, setup_peeks, memory_aid, known_by, scores. Every move offered comes
// from `legal`; a click is matched against it.

import "./text.js"; // its names and option texts, for the shell's pages
import { resultDetails, scoreText } from "./results.js";
import { cardEl, cardName, isHidden } from "/static/js/cards.js";
import { h } from "/static/js/dom.js";
import { actor, addStrings, isZh, t } from "/static/js/i18n.js";
import { targetCard } from "/static/js/table.js";
import { byType, deckPile, discardPile, othersInOrder, pos, rowMoves, seatPanel, slotKey, swapBetween, tag } from "/static/js/games/common.js";

addStrings({
  "cb.draw": { en: "Draw", zh: "抽牌" },
  "cb.discard": { en: "Discard it", zh: "弃掉" },
  "cb.skip": { en: "Skip power", zh: "跳过技能" },
  "cb.call": { en: "Call Cambio", zh: "宣布 Cambio" },
  "cb.snap": { en: "Snap…", zh: "同点弃牌…" },
  "cb.snapOn": { en: "Snap: pick a card", zh: "同点弃牌：选择一张牌" },
  "cb.modePeek": { en: "Peek", zh: "窥视" },
  "cb.modeSwap": { en: "Swap", zh: "交换" },
  "cb.drawn": { en: "Drawn card", zh: "抽到的牌" },
  "cb.drawnBy": { en: "{name}'s drawn card", zh: "{name} 抽到的牌" },
  "cb.called": { en: "called Cambio", zh: "已宣布 Cambio" },
  "cb.peeksLeft": { en: "{n} to look at", zh: "还可看 {n} 张" },
  "cb.p.setup": {
    en: "Look at {n} of your cards: click them one by one.",
    zh: "查看自己的 {n} 张暗牌：逐张点击。",
  },
  "cb.p.setupWait": { en: "Waiting for the others to look at their cards…", zh: "等待其他玩家看牌…" },
  "cb.p.turn": { en: "Your turn: draw a card from the deck.", zh: "轮到你：从牌库抽一张牌。" },
  "cb.p.turnCall": {
    en: "Your turn: draw a card from the deck, or call Cambio.",
    zh: "轮到你：从牌库抽一张牌，或宣布 Cambio。",
  },
  "cb.p.snapHint": {
    en: " A card matching the top discard can be snapped.",
    zh: " 与弃牌堆顶同点的牌可以同点弃牌。",
  },
  "cb.p.drawn": {
    en: "You drew {card}. Click one of your cards to put it there, or discard it.",
    zh: "你抽到了 {card}。点击自己的一张牌进行替换，或直接弃掉。",
  },
  "cb.p.snapMode": { en: "Snap: click the card that matches {card}.", zh: "同点弃牌：点击与 {card} 同点的牌。" },
  "cb.p.peek_own": {
    en: "{card}: peek at one of your own cards — or skip.",
    zh: "{card}：窥视自己的一张暗牌，或跳过技能。",
  },
  "cb.p.peek_opponent": {
    en: "{card}: peek at one card of an opponent — or skip.",
    zh: "{card}：窥视对手的一张暗牌，或跳过技能。",
  },
  "cb.p.swap": {
    en: "{card}: choose two cards to swap blindly — or skip.",
    zh: "{card}：选择任意两张牌盲换，或跳过技能。",
  },
  "cb.p.swap2": {
    en: "Now choose the card to swap with {what}.",
    zh: "再选择与{what}交换的牌。",
  },
  "cb.p.king_peek": { en: "{card}: first peek at any card on the table — or skip.", zh: "{card}：先窥视桌上任意一张牌，或跳过。" },
  "cb.p.king_peek_last": { en: "{card}: now peek at any card — or skip.", zh: "{card}：现在窥视任意一张牌，或跳过。" },
  "cb.p.king_swap": {
    en: "{card}: swap one of your cards with any other card — or skip.",
    zh: "{card}：用自己的一张牌与任意一张牌交换，或跳过。",
  },
  "cb.p.king_either": {
    en: "{card}: peek at a card or swap one of yours, in either order — or skip.",
    zh: "{card}：窥视或交换，顺序任选，或跳过。",
  },
  "cb.p.give": {
    en: "Snapped! Give one of your cards into {name}'s empty slot.",
    zh: "弃牌成功！选一张自己的牌放入 {name} 的空位。",
  },
  "cb.p.wait": { en: "{name} is playing…", zh: "{name} 正在行动…" },
  "cb.p.waitSnap": {
    en: "{name} is playing — you may snap the top discard.",
    zh: "{name} 正在行动，你可以抢先同点弃牌。",
  },
  "cb.why.deckDrawn": {
    en: "You have already drawn: put the card into one of your slots, or discard it.",
    zh: "你已经抽过牌了：把它换进自己的一张牌位，或直接弃掉。",
  },
  "cb.why.notMine": {
    en: "You can only keep the drawn card in one of your own slots.",
    zh: "抽到的牌只能换进你自己的牌位。",
  },
  "cb.why.drawFirst": {
    en: "Draw a card first: click the deck.",
    zh: "请先抽牌：点击牌库。",
  },
  "cb.why.snapFirst": {
    en: "To snap, press “Snap…” first, then click the matching card.",
    zh: "要同点弃牌，请先按「同点弃牌…」，再点击同点的牌。",
  },
  "cb.why.ownOnly": {
    en: "This power lets you peek only at your own cards.",
    zh: "这个技能只能窥视你自己的牌。",
  },
  "cb.why.oppOnly": {
    en: "This power lets you peek only at an opponent's card.",
    zh: "这个技能只能窥视对手的牌。",
  },
  "cb.why.oneMine": {
    en: "With a king, one of the two swapped cards must be yours.",
    zh: "使用 K 交换时，两张牌中必须有一张是你的。",
  },
  "cb.why.empty": { en: "That slot is empty.", zh: "这个位置是空的。" },
  "cb.why.giveOwn": { en: "Give one of your own cards.", zh: "请选择你自己的一张牌。" },
  "cb.why.setupOwn": { en: "At the start you look only at your own cards.", zh: "开局只能查看自己的牌。" },
  "cb.why.power": { en: "Use or skip the power first.", zh: "请先使用或跳过技能。" },
  "cb.slot": { en: "{who} slot {n}", zh: "{who}第 {n} 张" },
  "cb.ownSlot": { en: "their own slot {n}", zh: "自己的第 {n} 张" },
  "cb.yourSlot": { en: "your slot {n}", zh: "你的第 {n} 张" },
  "cb.theirSlot": { en: "{name}'s slot {n}", zh: "{name} 的第 {n} 张" },
  "cb.e.draw": { en: "{name} drew a card.", zh: "{name} 抽了一张牌。" },
  "cb.e.drawMine": { en: "You drew {card}.", zh: "你抽到了 {card}。" },
  "cb.e.discard": { en: "{name} discarded {card}.", zh: "{name} 弃掉了 {card}。" },
  "cb.e.replace": {
    en: "{name} kept the drawn card in slot {n} and discarded {card}.",
    zh: "{name} 把抽到的牌换进第 {n} 张，弃掉 {card}。",
  },
  "cb.e.power": {
    en: "{name} uses the power of {card}: {what}.",
    zh: "{name} 使用 {card} 的技能：{what}。",
    you: { en: "You use the power of {card}: {what}." },
  },
  "cb.e.peek": { en: "{name} peeked at {where}.", zh: "{name} 窥视了{where}。" },
  "cb.e.peekMine": { en: "You peeked at {where}: {card}.", zh: "你窥视了{where}：{card}。" },
  "cb.e.swap": { en: "{name} swapped {a} and {b}.", zh: "{name} 交换了{a}和{b}。" },
  "cb.e.skip": { en: "{name} skipped the power.", zh: "{name} 跳过了技能。" },
  "cb.e.call": { en: "{name} called Cambio! Everyone else has one more turn.", zh: "{name} 宣布 Cambio！其余玩家各再走一回合。" },
  "cb.e.snapOk": { en: "{name} snapped {card} from {where}.", zh: "{name} 同点弃掉了{where}的 {card}。" },
  "cb.e.snapBad": {
    en: "{name} tried to snap {where}, but {card} does not match: a penalty card.",
    zh: "{name} 尝试同点弃掉{where}，但 {card} 不同点：罚一张牌。",
  },
  "cb.e.penalty": {
    en: "{name} takes a penalty card into slot {n}.",
    zh: "{name} 加一张惩罚暗牌到第 {n} 张。",
    you: { en: "You take a penalty card into slot {n}." },
  },
  "cb.e.give": { en: "{name} moved their slot {n} into {where}.", zh: "{name} 把自己的第 {n} 张移到{where}。" },
  "cb.e.reshuffle": {
    en: {
      one: "The discard pile is shuffled into a new deck ({n} card).",
      other: "The discard pile is shuffled into a new deck ({n} cards).",
    },
    zh: "弃牌堆洗成新牌库（{n} 张）。",
  },
  "cb.e.end": { en: "The round is over: every card is revealed.", zh: "本局结束：全部亮牌。" },
  "cb.end.cambio": { en: "Cambio was called by {name}.", zh: "{name} 宣布了 Cambio。", you: { en: "You called Cambio." } },
  "cb.end.empty_hand": { en: "A player ran out of cards.", zh: "有玩家的手牌已出完。" },
  "cb.end.deck_exhausted": { en: "The deck ran out.", zh: "牌库已耗尽。" },
  // Said of the power's user: "their" for another seat, "your" for the reader's own.
  "cb.pw.peek_own": { en: "peek at one of their own cards", zh: "窥视自己的一张牌", you: { en: "peek at one of your own cards" } },
  "cb.pw.peek_opponent": { en: "peek at an opponent's card", zh: "窥视对手的一张牌" },
  "cb.pw.swap": { en: "swap two cards blindly", zh: "盲换两张" },
  "cb.pw.king": { en: "peek, then swap", zh: "先窥视，再交换" },
  "cb.pw.king_peek": { en: "peek, then swap", zh: "先窥视，再交换" },
  "cb.pw.king_either": { en: "peek and swap, either order", zh: "窥视与交换，顺序任选" },
  "cb.total": { en: { one: "{n} point", other: "{n} points" }, zh: "{n} 分" },
  "cb.m.keep": { en: "Keep the drawn card in {where}", zh: "把抽到的牌换进{where}" },
  "cb.m.peek": { en: "Peek at {where}", zh: "窥视{where}" },
  "cb.m.swap": { en: "Swap {a} and {b}", zh: "交换{a}和{b}" },
  "cb.m.snap": { en: "Snap {where}", zh: "同点弃掉{where}" },
  "cb.m.give": { en: "Give {where}", zh: "交出{where}" },
});

function where(ctx, s, i, actor) {
  if (s === ctx.seat) return t("cb.yourSlot", { n: i + 1 });
  if (actor != null && s === actor) return t("cb.ownSlot", { n: i + 1 });
  return t("cb.theirSlot", { name: ctx.name(s), n: i + 1 });
}

function index(ctx) {
  const L = byType(ctx.legal);
  const set = (list) => new Set((list ?? []).map((a) => pos(a.seat, a.slot)));
  return {
    draw: L.draw?.[0] ?? null,
    discard: L.discard?.[0] ?? null,
    skip: L.skip?.[0] ?? null,
    call: L.call?.[0] ?? null,
    replace: new Map((L.replace ?? []).map((a) => [a.slot, a])),
    give: new Map((L.give ?? []).map((a) => [a.slot, a])),
    peek: set(L.peek),
    peekList: L.peek ?? [],
    snap: set(L.snap),
    snapList: L.snap ?? [],
    swap: L.swap ?? [],
  };
}

function swapStarts(idx) {
  const out = new Set();
  for (const x of idx.swap) {
    out.add(pos(x.a[0], x.a[1]));
    out.add(pos(x.b[0], x.b[1]));
  }
  return out;
}

/** Which kind of card choice a click makes now: snap / give / replace / peek / swap. */
function cardMode(ctx, idx) {
  const sel = ctx.sel;
  if (sel.mode === "snap" && idx.snap.size) return "snap";
  if (idx.give.size) return "give";
  if (idx.replace.size) return "replace";
  const canPeek = idx.peek.size > 0;
  const canSwap = idx.swap.length > 0;
  if (canPeek && canSwap) return sel.mode === "swap" ? "swap" : "peek";
  if (canPeek) return "peek";
  if (canSwap) return "swap";
  return null;
}

/** What clicking (s, i) would do now: an action to send, "select", "deselect" or null. */
function choiceAt(ctx, idx, s, i) {
  const mode = cardMode(ctx, idx);
  const p = pos(s, i);
  if (mode === "snap") {
    const a = idx.snapList.find((x) => x.seat === s && x.slot === i);
    return a ?? null;
  }
  if (mode === "give") return s === ctx.seat ? (idx.give.get(i) ?? null) : null;
  if (mode === "replace") return s === ctx.seat ? (idx.replace.get(i) ?? null) : null;
  if (mode === "peek") return idx.peekList.find((x) => x.seat === s && x.slot === i) ?? null;
  if (mode === "swap") {
    const first = ctx.sel.first;
    if (first) {
      if (first[0] === s && first[1] === i) return "deselect";
      return swapBetween(idx.swap, first, [s, i]);
    }
    return swapStarts(idx).has(p) ? "select" : null;
  }
  return null;
}

function isMemory(view) {
  return view.memory_aid !== false;
}

/** A card code shown to me now: with the memory aid every known card, else only the ones
 * just peeked (shown for a moment, then hidden again) — and everything at the end. */
function shownCode(ctx, s, i, code) {
  if (code == null) return null;
  if (!isHidden(code) && (ctx.over || isMemory(ctx.view))) return code;
  return ctx.revealed(`h:${s}:${i}`) ?? "??";
}

function handRow(ctx, idx, s, big) {
  const view = ctx.view;
  const hand = view.hands?.[s] ?? [];
  const row = h("div", { class: "hand", role: "group", "aria-label": ctx.name(s) });
  const knownBy = view.known_by?.[s] ?? [];
  hand.forEach((code, i) => {
    const key = `h:${s}:${i}`;
    const shown = shownCode(ctx, s, i, code);
    const choice = ctx.busy || ctx.over ? null : choiceAt(ctx, idx, s, i);
    const selected = ctx.sel.first && ctx.sel.first[0] === s && ctx.sel.first[1] === i;
    let label;
    if (code == null) label = t("card.emptySlot", { n: i + 1 });
    else if (isHidden(shown)) label = t("card.hiddenSlot", { n: i + 1 });
    else label = t("card.slot", { card: cardName(shown), n: i + 1 });
    if (s !== ctx.seat) label = `${ctx.name(s)}: ${label}`;
    const others = (knownBy[i] ?? []).filter((x) => x !== ctx.seat && x !== s);
    const opts = {
      key,
      label,
      fk: key,
      selected: selected || undefined,
      cls: [
        !isHidden(shown) && code != null && !ctx.over && !ctx.revealed(key) ? "remembered" : "",
        ctx.revealed(key) ? "peek-shown" : "",
      ].join(" "),
    };
    let el;
    if (choice) {
      el = targetCard(shown, opts, () => pick(ctx, idx, s, i));
    } else {
      el = cardEl(shown, { ...opts, interactive: false });
    }
    if (others.length && code != null && !ctx.over) el.title = t("table.knownBy", { names: others.map((x) => ctx.name(x)).join(", ") });
    row.append(big ? h("div", { class: "slot-wrap" }, el, h("span", { class: "slot-no", "aria-hidden": "true" }, String(i + 1))) : el);
  });
  return row;
}

function pick(ctx, idx, s, i) {
  const choice = choiceAt(ctx, idx, s, i);
  if (!choice) return;
  if (choice === "select") {
    ctx.sel.first = [s, i];
    ctx.redraw();
    return;
  }
  if (choice === "deselect") {
    ctx.sel.first = null;
    ctx.redraw();
    return;
  }
  ctx.sel.first = null;
  ctx.sel.mode = null;
  ctx.send(choice);
}

function render(ctx) {
  const { view, board, actions } = ctx;
  const idx = index(ctx);
  const me = ctx.seat;
  const players = view.players ?? view.hands?.length ?? 0;
  if (!idx.snap.size && ctx.sel.mode === "snap") ctx.sel.mode = null;

  const tagsFor = (s) => {
    const out = [];
    if (view.caller === s) out.push(tag(t("cb.called"), "red"));
    const n = (view.hands?.[s] ?? []).filter((c) => c != null).length;
    out.push(tag(t("seat.cards", { n })));
    if (view.phase === "setup" && view.setup_peeks?.[s]) {
      out.push(tag(t("cb.peeksLeft", { n: view.setup_peeks[s] }), "blue"));
    }
    return out;
  };
  const turnOf = (s) => !ctx.over && (view.phase === "setup" ? (view.to_act ?? []).includes(s) : view.turn === s);

  const opponents = h("div", { class: "opponents" });
  for (const s of othersInOrder(players, me)) {
    opponents.append(seatPanel(ctx, s, { tags: tagsFor(s), body: handRow(ctx, idx, s, false), turn: turnOf(s) }));
  }

  // Centre: deck, discard pile, the card being held.
  const center = h("div", { class: "center" });
  center.append(
    deckPile(ctx, view.deck ?? 0, {
      onPick: idx.draw && !ctx.busy ? () => ctx.send(idx.draw) : null,
    }),
    discardPile(ctx, view.discard ?? [], {
      onPick: idx.discard && !ctx.busy ? () => ctx.send(idx.discard) : null,
    }),
  );
  if (view.drawn != null) {
    const holder = view.turn;
    const mine = holder === me;
    const label = mine ? `${t("cb.drawn")}: ${cardName(view.drawn)}` : t("cb.drawnBy", { name: ctx.name(holder) });
    center.append(
      h(
        "div",
        { class: "pile drawn" },
        cardEl(view.drawn, { key: "drawn", label }),
        h("span", { class: "count" }, mine ? t("cb.drawn") : t("cb.drawnBy", { name: ctx.name(holder) })),
      ),
    );
  }

  board.append(opponents, center);
  if (me != null) {
    board.append(
      h(
        "div",
        { class: "me" },
        seatPanel(ctx, me, { tags: tagsFor(me), body: handRow(ctx, idx, me, true), turn: turnOf(me), cls: "mine" }),
      ),
    );
  }

  // The control bar: only the moves in `legal`.
  if (ctx.over || ctx.busy) return;
  if (idx.draw) actions.append(ctx.button(t("cb.draw"), () => ctx.send(idx.draw), { cls: "primary", fk: "draw", action: "draw" }));
  if (idx.discard) actions.append(ctx.button(t("cb.discard"), () => ctx.send(idx.discard), { cls: "primary", fk: "discard", action: "discard" }));
  if (idx.peek.size && idx.swap.length && !idx.replace.size && !idx.give.size) {
    const mode = cardMode(ctx, idx);
    for (const m of ["peek", "swap"]) {
      actions.append(
        ctx.button(t(m === "peek" ? "cb.modePeek" : "cb.modeSwap"), () => {
          ctx.sel.mode = m;
          ctx.sel.first = null;
          ctx.redraw();
        }, { pressed: mode === m, fk: `mode-${m}`, action: `mode-${m}` }),
      );
    }
  }
  if (idx.skip) actions.append(ctx.button(t("cb.skip"), () => ctx.send(idx.skip), { fk: "skip", action: "skip" }));
  if (idx.snap.size) {
    const on = ctx.sel.mode === "snap";
    actions.append(
      ctx.button(on ? t("cb.snapOn") : t("cb.snap"), () => {
        ctx.sel.mode = on ? null : "snap";
        ctx.sel.first = null;
        ctx.redraw();
      }, { pressed: on, fk: "snap", action: "snap" }),
    );
  }
  if (idx.call) actions.append(ctx.button(t("cb.call"), () => ctx.send(idx.call), { cls: "danger", fk: "call", action: "call" }));
  if (ctx.sel.first) {
    actions.append(ctx.button(t("table.cancel"), () => { ctx.sel.first = null; ctx.redraw(); }, { cls: "ghost", fk: "cancel" }));
  }
}

function prompt(ctx) {
  const { view } = ctx;
  const idx = index(ctx);
  const me = ctx.seat;
  const top = view.discard?.length ? cardName(view.discard[view.discard.length - 1]) : "";
  if (!ctx.legal.length) {
    if (view.phase === "setup") return t("cb.p.setupWait");
    return t("cb.p.wait", { name: ctx.name(view.turn) });
  }
  if (ctx.sel.mode === "snap" && idx.snap.size) return t("cb.p.snapMode", { card: top });
  if (idx.give.size) return t("cb.p.give", { name: ctx.name(view.give?.to?.[0]) });
  if (view.phase === "setup") return t("cb.p.setup", { n: view.setup_peeks?.[me] ?? idx.peek.size });
  if (view.turn !== me) return t("cb.p.waitSnap", { name: ctx.name(view.turn) });
  if (view.phase === "turn") {
    return (idx.call ? t("cb.p.turnCall") : t("cb.p.turn")) + (idx.snap.size ? t("cb.p.snapHint") : "");
  }
  if (view.phase === "drawn") return t("cb.p.drawn", { card: cardName(view.drawn) });
  if (view.phase === "power") {
    if (ctx.sel.first && cardMode(ctx, idx) === "swap") {
      return t("cb.p.swap2", { what: where(ctx, ctx.sel.first[0], ctx.sel.first[1]) });
    }
    const key = `cb.p.${view.step}`;
    return t(key, { card: cardName(view.power) });
  }
  return "";
}

function onEvent(ev, ctx) {
  // A card I just looked at is shown for a moment (then hidden unless the memory aid is on).
  if (ev.type === "peek" && ev.seat === ctx.seat && ev.card && ev.target) {
    ctx.reveal(`h:${ev.target[0]}:${ev.target[1]}`, ev.card, 2600);
  }
  if (ev.type === "draw" && ev.seat === ctx.seat) ctx.sel.mode = null;
}

function onState(ctx) {
  // On first sight (the deal, or a reload) the cards I know are shown for a while.
  if (!ctx.prev) {
    const mine = ctx.view.hands?.[ctx.seat] ?? [];
    mine.forEach((c, i) => {
      if (c && !isHidden(c)) ctx.reveal(`h:${ctx.seat}:${i}`, c, 5000);
    });
  } else if (ctx.seat != null) {
    // The card I kept from the deck is mine to see for a moment.
    const before = ctx.prev.hands?.[ctx.seat] ?? [];
    (ctx.view.hands?.[ctx.seat] ?? []).forEach((c, i) => {
      if (c && !isHidden(c) && before[i] !== c && !ctx.view.over) ctx.reveal(`h:${ctx.seat}:${i}`, c, 2200);
    });
  }
}

function moves(ev) {
  // snap, penalty and give are Cambio's own events; the rest animate as in every face-down-row game.
  switch (ev.type) {
    case "snap":
      return ev.success ? [{ from: slotKey(ev.target), to: "discard" }] : [{ flash: slotKey(ev.target), cls: "shake" }];
    case "penalty":
      return [{ from: "deck", to: slotKey([ev.seat, ev.slot]) }];
    case "give":
      return [{ from: slotKey([ev.seat, ev.slot]), to: slotKey(ev.to) }];
    default:
      return rowMoves(ev) ?? [];
  }
}

function describe(ev, ctx) {
  const who = actor(ctx, ev.seat);
  const c = (code) => (code ? (isZh() ? cardName(code) : cardName(code)) : "");
  switch (ev.type) {
    case "draw":
      return ev.card ? t("cb.e.drawMine", { card: c(ev.card) }) : t("cb.e.draw", who);
    case "discard":
      return t("cb.e.discard", { ...who, card: c(ev.card) });
    case "replace":
      return t("cb.e.replace", { ...who, n: ev.slot + 1, card: c(ev.card) });
    case "power": {
      const what = t(`cb.pw.${ev.step}`, who);
      return t("cb.e.power", { ...who, card: c(ev.card), what: what.startsWith("cb.") ? ev.step : what });
    }
    case "peek":
      return ev.card
        ? t("cb.e.peekMine", { where: where(ctx, ...ev.target), card: c(ev.card) })
        : t("cb.e.peek", { ...who, where: where(ctx, ...ev.target, ev.seat) });
    case "swap":
      return t("cb.e.swap", { ...who, a: where(ctx, ...ev.a, ev.seat), b: where(ctx, ...ev.b, ev.seat) });
    case "skip":
      return t("cb.e.skip", who);
    case "call":
      return t("cb.e.call", who);
    case "snap":
      return ev.success
        ? t("cb.e.snapOk", { ...who, card: c(ev.card), where: where(ctx, ...ev.target, ev.seat) })
        : t("cb.e.snapBad", { ...who, card: c(ev.card), where: where(ctx, ...ev.target, ev.seat) });
    case "penalty":
      return t("cb.e.penalty", { ...who, n: ev.slot + 1 });
    case "give":
      return t("cb.e.give", { ...who, n: ev.slot + 1, where: where(ctx, ...ev.to) });
    case "reshuffle":
      return t("cb.e.reshuffle", { n: ev.deck });
    case "end":
      return t("cb.e.end");
    default:
      return null;
  }
}

function explain(el, ctx) {
  const { view } = ctx;
  const idx = index(ctx);
  const key = el.dataset.k ?? "";
  const m = key.match(/^h:(\d+):(\d+)$/);
  const s = m ? Number(m[1]) : null;
  const i = m ? Number(m[2]) : null;
  const mine = s === ctx.seat;
  if (m && view.hands?.[s]?.[i] == null) return t("cb.why.empty");
  if (idx.give.size) return t("cb.why.giveOwn");
  if (view.phase === "setup") return mine ? null : t("cb.why.setupOwn");
  const snappable = m && idx.snap.has(pos(s, i));
  if (view.phase === "turn" && view.turn === ctx.seat) {
    if (snappable && ctx.sel.mode !== "snap") return t("cb.why.snapFirst");
    return key === "discard" || m ? t("cb.why.drawFirst") : null;
  }
  if (view.phase === "drawn" && view.turn === ctx.seat) {
    if (key === "deck") return t("cb.why.deckDrawn");
    if (m && !mine) return t("cb.why.notMine");
    return null;
  }
  if (view.phase === "power" && view.turn === ctx.seat) {
    if (view.step === "peek_own" && m && !mine) return t("cb.why.ownOnly");
    if (view.step === "peek_opponent" && m && mine) return t("cb.why.oppOnly");
    if (view.step === "king_swap" && m && ctx.sel.first) return t("cb.why.oneMine");
    return t("cb.why.power");
  }
  if (snappable && ctx.sel.mode !== "snap") return t("cb.why.snapFirst");
  return null;
}

function resultHand(s, ctx) {
  const hand = ctx.view.hands?.[s] ?? [];
  return h(
    "div",
    { class: "hand" },
    hand.filter((c) => c != null).map((c) => cardEl(c, {})),
  );
}

function resultNote(ctx) {
  const end = ctx.view.end ?? ctx.outcome?.details?.reason;
  if (!end) return null;
  return h("p", { class: "end-reason" }, t(`cb.end.${end}`, actor(ctx, ctx.view.caller)));
}

// After a call (CB-31): every other player has one more turn, in seat order from the one
// now playing round to the caller (js/endgame.js draws the banner and asks before a call).
const endgame = {
  callName: "Cambio",
  isCall: (action) => action?.type === "call",
  lastTurns(ctx) {
    const v = ctx.view;
    const n = v.players ?? v.hands?.length ?? 0;
    if (v.caller == null || v.phase === "over" || v.turn == null || !n) return null;
    const remaining = [];
    for (let s = v.turn; s !== v.caller && remaining.length < n; s = (s + 1) % n) remaining.push(s);
    return { caller: v.caller, remaining };
  },
};

function myTurn(ctx) {
  const v = ctx.view;
  return v.turn === ctx.seat || v.phase === "setup" || v.give?.seat === ctx.seat;
}

/** A move drawn on the table (a review's best move, a puzzle's answer; js/review.js): the
 * cards and places it uses (their data-k keys) and its words. */
function showMove(a, ctx) {
  const me = ctx.seat ?? 0;
  const at = (p) => slotKey(p);
  switch (a.type) {
    case "draw":
      return { keys: ["deck"], text: t("cb.draw") };
    case "discard":
      return { keys: ["drawn", "discard"], text: t("cb.discard") };
    case "replace":
      return { keys: ["drawn", at([me, a.slot])], text: t("cb.m.keep", { where: where(ctx, me, a.slot) }) };
    case "peek":
      return { keys: [at([a.seat, a.slot])], text: t("cb.m.peek", { where: where(ctx, a.seat, a.slot) }) };
    case "swap":
      return { keys: [at(a.a), at(a.b)], text: t("cb.m.swap", { a: where(ctx, ...a.a), b: where(ctx, ...a.b) }) };
    case "snap":
      return { keys: [at([a.seat, a.slot])], text: t("cb.m.snap", { where: where(ctx, a.seat, a.slot) }) };
    case "give":
      return typeof a.slot === "number" ? { keys: [at([me, a.slot])], text: t("cb.m.give", { where: where(ctx, me, a.slot) }) } : null;
    case "skip":
      return { keys: [], text: t("cb.skip") };
    case "call":
      return { keys: [], text: t("cb.call") };
    default:
      return null;
  }
}

export default { name: "cambio", myTurn, render, prompt, onEvent, onState, moves, describe, explain, resultHand, resultNote, scoreText, resultDetails, endgame, showMove };

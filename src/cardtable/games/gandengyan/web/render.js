// Gan Deng Yan's table. The view: hand (my cards, sorted), counts per seat, talon, to_beat
// {seat, cards, as, type, rank, length}, trick (this trick's plays and passes), dealer,
// leader, turn, bombs, plays, totals, results (finished hands). The player selects cards;
// the table offers "Play" for every legal play (from `legal`) made of exactly those cards —
// one button per joker reading — plus "Pass" when `legal` has it, and a hint button that
// selects the next legal play.

import "./text.js"; // its names and option texts, for the shell's pages
import { resultDetails } from "./results.js";
import { cardEl, cardName, cardShort } from "/static/js/cards.js";
import { h } from "/static/js/dom.js";
import { actor, addStrings, isZh, seatObject, t } from "/static/js/i18n.js";
import { targetCard } from "/static/js/table.js";
import { byType, othersInOrder, seatPanel, tag } from "/static/js/games/common.js";

addStrings({
  "gd.play": { en: "Play", zh: "出牌" },
  "gd.playAs": { en: "Play as {reading}", zh: "按 {reading} 出" },
  "gd.pass": { en: "Pass", zh: "不要" },
  "gd.m.play": { en: "Play {cards}", zh: "出 {cards}" },
  "gd.hint": { en: "Hint", zh: "提示" },
  "gd.clear": { en: "Clear", zh: "重选" },
  "gd.talon": { en: "Talon", zh: "牌堆" },
  "gd.talonCount": { en: { one: "talon, {n} card", other: "talon, {n} cards" }, zh: "牌堆，剩 {n} 张" },
  "gd.dealer": { en: "dealer", zh: "庄家" },
  "gd.passed": { en: "passed", zh: "不要" },
  "gd.total": { en: { one: "{n} pt", other: "{n} pts" }, zh: "{n} 分" },
  "gd.bombs": { en: "bombs ×{n}", zh: "炸弹 ×{n}" },
  "gd.handNo": { en: "Hand {n} of {m}", zh: "第 {n} 局，共 {m} 局" },
  "gd.toBeat": { en: "To beat", zh: "要压的牌" },
  "gd.lead": { en: "A new trick: any play leads.", zh: "新一轮：任意牌型都可以出。" },
  "gd.backs": { en: { one: "{name}: {n} card in hand", other: "{name}: {n} cards in hand" }, zh: "{name}：手中 {n} 张" },
  "gd.t.single": { en: "single", zh: "单张" },
  "gd.t.pair": { en: "pair", zh: "对子" },
  "gd.t.triple": { en: "triple", zh: "三张" },
  "gd.t.straight": { en: "straight", zh: "顺子" },
  "gd.t.consecutive_pairs": { en: "consecutive pairs", zh: "连对" },
  "gd.t.bomb": { en: "bomb", zh: "炸弹" },
  "gd.t.joker_bomb": { en: "joker bomb", zh: "王炸" },
  "gd.p.lead": { en: "Your lead: select cards and play them.", zh: "由你领出：选好牌后出牌。" },
  "gd.p.follow": {
    en: "Beat {play} — exactly one rank higher, a 2, or a bomb — or pass.",
    zh: "压过 {play}：只能大一点，或用 2、炸弹；也可以不要。",
  },
  "gd.p.onlyPass": { en: "Nothing in your hand beats {play}: pass.", zh: "你的牌压不过 {play}：只能不要。" },
  "gd.p.wait": { en: "{name} is playing…", zh: "{name} 正在出牌…" },
  "gd.p.sel": { en: " Selected: {cards}.", zh: " 已选：{cards}。" },
  "gd.p.noPlay": {
    en: "Those cards are not a play that can go now.",
    zh: "这些牌现在不能出。",
  },
  "gd.why.turn": { en: "Wait for your turn to select cards.", zh: "等轮到你时再选牌。" },
  "gd.e.deal": { en: "Hand {n}: {name} deals and leads.", zh: "第 {n} 局：{name} 坐庄先出。", you: { en: "Hand {n}: you deal and lead." } },
  "gd.e.play": { en: "{name} played {cards} ({type}).", zh: "{name} 出了 {cards}（{type}）。" },
  "gd.e.playAs": { en: "{name} played {cards} as {reading} ({type}).", zh: "{name} 出了 {cards}，当作 {reading}（{type}）。" },
  "gd.e.pass": { en: "{name} passed.", zh: "{name} 不要。" },
  "gd.e.trick": { en: "{name} wins the trick.", zh: "{name} 赢得这一轮。", you: { en: "You win the trick." } },
  "gd.e.draw": { en: "{name} draws a card.", zh: "{name} 摸了一张牌。", you: { en: "You draw a card." } },
  "gd.e.drawMine": { en: "You draw {card}.", zh: "你摸到了 {card}。" },
  "gd.e.leadPassed": {
    en: "{name} holds only jokers: the lead passes to {to}.",
    zh: "{name} 只剩王，由 {to} 领出。",
    you: { en: "You hold only jokers: the lead passes to {to}." },
  },
  "gd.e.handOver": { en: "{name} is out and wins the hand!", zh: "{name} 出完了牌，赢得本局！", you: { en: "You are out and win the hand!" } },
  "gd.e.handDead": { en: "Nobody can lead: the hand ends.", zh: "无人能出牌：本局结束。" },
  "gd.e.gameOver": { en: "The game is over.", zh: "游戏结束。" },
  "gd.r.title": { en: "Hand {n} is over", zh: "第 {n} 局结束" },
  "gd.r.pays": { en: "{cards} cards left → pays {pays}", zh: "剩 {cards} 张 → 付 {pays} 分" },
  "gd.r.shut": { en: "shut out", zh: "关门" },
  "gd.r.won": { en: "wins {n}", zh: "赢 {n} 分" },
  "gd.r.close": { en: "Continue", zh: "继续" },
  "gd.points": { en: { one: "{n} point", other: "{n} points" }, zh: "{n} 分" },
});

const RANK_LABEL = { T: "10" };
const rankText = (r) => RANK_LABEL[r] ?? r;
const isJoker = (c) => c === "RJ" || c === "BJ";
const rankKey = (c) => (isJoker(c) ? "X" : c[0]);

function signature(cards) {
  return cards.map(rankKey).sort().join(",");
}

function cardsText(cards) {
  return cards.map(cardShort).join(" ");
}

function readingText(play) {
  return (play.as ?? play.cards.map((c) => c[0])).map(rankText).join(isZh() ? "" : "-");
}

function typeName(type) {
  return t(`gd.t.${type}`);
}

/** Keys for the cards of my hand: code + occurrence (two decks have equal cards). */
function handKeys(hand) {
  const seen = {};
  return hand.map((c) => {
    seen[c] = (seen[c] ?? 0) + 1;
    return `c:${c}:${seen[c]}`;
  });
}

function plays(ctx) {
  const L = byType(ctx.legal);
  return { play: L.play ?? [], pass: L.pass?.[0] ?? null };
}

function selectedCards(ctx) {
  const hand = ctx.view.hand ?? [];
  const keys = handKeys(hand);
  return hand.filter((_, i) => (ctx.sel.keys ?? []).includes(keys[i]));
}

function matching(ctx, idx) {
  const chosen = selectedCards(ctx);
  if (!chosen.length) return [];
  const sig = signature(chosen);
  return idx.play.filter((p) => signature(p.cards) === sig);
}

function seatBacks(n) {
  const shown = Math.min(n, 8);
  const out = [];
  for (let i = 0; i < shown; i++) out.push(cardEl("??", { label: "" }));
  return h("div", { class: "hand backs", "aria-hidden": "true" }, out);
}

function trickEntry(ctx, e) {
  if (e.pass) return h("li", { class: "trick-pass" }, `${ctx.name(e.seat)}: ${t("gd.passed")}`);
  return h(
    "li",
    {},
    h("span", { class: "who" }, ctx.name(e.seat)),
    h("span", { class: "hand mini" }, e.cards.map((c) => cardEl(c, {}))),
    h("span", { class: "kind" }, typeName(e.kind ?? e.type)),
  );
}

function resultPanel(ctx) {
  const results = ctx.view.results ?? [];
  const last = results[results.length - 1];
  if (!last || ctx.over || ctx.store.closedHand === last.hand_no) return null;
  const lines = (last.hands ?? []).map((cards, s) => {
    const loser = (last.losers ?? []).find((l) => l.seat === s);
    const text =
      s === last.winner
        ? t("gd.r.won", { n: last.payments?.[s] ?? 0 })
        : loser
          ? t("gd.r.pays", { cards: loser.cards, pays: loser.pays }) + (loser.shut_out ? ` · ${t("gd.r.shut")}` : "")
          : "";
    return h(
      "li",
      { class: "round-line" },
      h("span", { class: "name" }, ctx.name(s)),
      h("span", { class: "hand mini" }, cards.map((c) => cardEl(c, {}))),
      h("span", { class: "round-score" }, text),
    );
  });
  return h(
    "section",
    { class: "round-panel", "aria-labelledby": "round-h" },
    h("h2", { id: "round-h" }, t("gd.r.title", { n: last.hand_no })),
    h("ul", { class: "round-lines" }, lines),
    ctx.button(t("gd.r.close"), () => {
      ctx.store.closedHand = last.hand_no;
      ctx.redraw();
    }, { cls: "ghost small", fk: "round-close" }),
  );
}

function render(ctx) {
  const { view, board, actions } = ctx;
  const idx = plays(ctx);
  const me = ctx.seat;
  const players = view.players ?? view.counts?.length ?? 0;
  const myTurn = ctx.legal.length > 0 && !ctx.busy && !ctx.over;
  const passedNow = new Set((view.trick ?? []).filter((e) => e.pass).map((e) => e.seat));

  const tagsFor = (s) => {
    const out = [tag(t("seat.cards", { n: view.counts?.[s] ?? 0 }))];
    if (view.dealer === s) out.push(tag(t("gd.dealer"), "red"));
    if (passedNow.has(s) && view.to_beat) out.push(tag(t("gd.passed")));
    if (view.hand_count > 1 || view.totals?.[s]) out.push(tag(t("gd.total", { n: view.totals?.[s] ?? 0 }), "blue"));
    return out;
  };
  const panel = resultPanel(ctx);
  if (panel) board.append(panel);
  if ((view.hand_count ?? 1) > 1) {
    board.append(h("p", { class: "table-meta" }, t("gd.handNo", { n: view.hand_no ?? 1, m: view.hand_count })));
  }
  const opponents = h("div", { class: "opponents" });
  for (const s of othersInOrder(players, me)) {
    const body = h("div", { class: "backs-wrap", role: "img", "aria-label": t("gd.backs", { name: ctx.name(s), n: view.counts?.[s] ?? 0 }) }, seatBacks(view.counts?.[s] ?? 0));
    opponents.append(seatPanel(ctx, s, { tags: tagsFor(s), body, turn: !ctx.over && view.turn === s }));
  }

  // Centre: the talon and the play to beat, with this trick's history.
  const center = h("div", { class: "center gdy-center" });
  center.append(
    h(
      "div",
      { class: "pile deck" },
      h("div", { class: `stack ${view.talon > 2 ? "deep" : ""}` }, view.talon ? cardEl("??", { key: "deck", label: t("gd.talonCount", { n: view.talon }) }) : cardEl(null, { key: "deck", label: t("gd.talonCount", { n: 0 }) })),
      h("span", { class: "count" }, `${t("gd.talon")} · ${view.talon ?? 0}`),
    ),
  );
  const tb = view.to_beat;
  const playArea = h("div", { class: "play-area", dataset: { k: "trick-area" } });
  if (tb) {
    playArea.append(
      h("div", { class: "to-beat-label" }, `${t("gd.toBeat")} · ${ctx.name(tb.seat)} · ${typeName(tb.kind ?? tb.type)}`),
      h(
        "div",
        { class: "hand to-beat", role: "group", "aria-label": `${t("gd.toBeat")}: ${tb.cards.map(cardName).join(", ")}` },
        tb.cards.map((c, i) => cardEl(c, { key: `t:${i}` })),
      ),
    );
  } else {
    playArea.append(h("div", { class: "to-beat-label" }, ctx.over ? "" : t("gd.lead")));
  }
  // This trick so far, without the play to beat (shown big above).
  const entries = view.trick ?? [];
  let lastPlay = -1;
  entries.forEach((e, k) => {
    if (!e.pass) lastPlay = k;
  });
  const trick = entries.filter((_, k) => k !== lastPlay).slice(-4);
  if (trick.length) playArea.append(h("ol", { class: "trick-list" }, trick.map((e) => trickEntry(ctx, e))));
  center.append(playArea);
  board.append(opponents, center);

  // My hand: every card can be selected on my turn; the play buttons say what is legal.
  if (me != null && view.hand) {
    const keys = handKeys(view.hand);
    const chosen = new Set(ctx.sel.keys ?? []);
    const row = h("div", { class: "hand my-hand", role: "group", "aria-label": t("seat.you") });
    view.hand.forEach((code, i) => {
      const key = keys[i];
      const opts = { key, fk: key, selected: chosen.has(key) };
      const el = myTurn
        ? targetCard(code, opts, () => {
            ctx.sel.keys = chosen.has(key) ? [...chosen].filter((k) => k !== key) : [...chosen, key];
            ctx.redraw();
          })
        : cardEl(code, { ...opts, selected: undefined });
      row.append(el);
    });
    board.append(
      h("div", { class: "me" }, seatPanel(ctx, me, { tags: tagsFor(me), body: row, turn: !ctx.over && view.turn === me, cls: "mine" })),
    );
  }

  if (!myTurn) return;
  const found = matching(ctx, idx);
  found.forEach((p, k) => {
    const label = found.length > 1 || p.cards.some(isJoker) ? t("gd.playAs", { reading: readingText(p) }) : t("gd.play");
    actions.append(ctx.button(label, () => {
      ctx.sel.keys = [];
      ctx.send(p);
    }, { cls: "primary", fk: `play-${k}`, action: "play" }));
  });
  if (idx.play.length) {
    actions.append(ctx.button(t("gd.hint"), () => hint(ctx, idx), { fk: "hint", action: "hint" }));
  }
  if ((ctx.sel.keys ?? []).length) {
    actions.append(ctx.button(t("gd.clear"), () => { ctx.sel.keys = []; ctx.redraw(); }, { cls: "ghost", fk: "clear" }));
  }
  if (idx.pass) actions.append(ctx.button(t("gd.pass"), () => ctx.send(idx.pass), { fk: "pass", action: "pass" }));
}

/** Selects the cards of the next legal play (cycling through them). */
function hint(ctx, idx) {
  const distinct = [];
  const seen = new Set();
  for (const p of idx.play) {
    const sig = signature(p.cards);
    if (!seen.has(sig)) {
      seen.add(sig);
      distinct.push(p);
    }
  }
  if (!distinct.length) return;
  const n = (ctx.store.hintAt = ((ctx.store.hintAt ?? -1) + 1) % distinct.length);
  const want = distinct[n].cards.map(rankKey);
  const keys = handKeys(ctx.view.hand);
  const picked = [];
  const used = new Set();
  for (const rk of want) {
    const i = ctx.view.hand.findIndex((c, j) => !used.has(j) && rankKey(c) === rk);
    if (i >= 0) {
      used.add(i);
      picked.push(keys[i]);
    }
  }
  ctx.sel.keys = picked;
  ctx.redraw();
}

function prompt(ctx) {
  const { view } = ctx;
  if (!ctx.legal.length) return t("gd.p.wait", { name: ctx.name(view.turn) });
  const chosen = selectedCards(ctx);
  const beat = view.to_beat && `${cardsText(view.to_beat.cards)} (${typeName(view.to_beat.kind ?? view.to_beat.type)})`;
  // With no play in the legal list, the line offers only the pass.
  if (beat && !plays(ctx).play.length) return t("gd.p.onlyPass", { play: beat });
  let text = beat ? t("gd.p.follow", { play: beat }) : t("gd.p.lead");
  if (chosen.length) {
    text += t("gd.p.sel", { cards: cardsText(chosen) });
    if (!matching(ctx, plays(ctx)).length) text += ` ${t("gd.p.noPlay")}`;
  }
  return text;
}

function onState(ctx) {
  ctx.store.hintAt = -1; // a new position: the hint starts again from the first play
}

function moves(ev, ctx) {
  if (ev.type === "play") {
    return (ev.cards ?? []).map((c, i) =>
      ev.seat === ctx.seat ? { from: `c:${c}:1`, to: `t:${i}` } : { from: `seat:${ev.seat}`, to: `t:${i}`, center: true },
    );
  }
  if (ev.type === "pass") return [{ flash: `seat:${ev.seat}` }];
  return [];
}

function describe(ev, ctx) {
  const who = actor(ctx, ev.seat);
  switch (ev.type) {
    case "deal":
      return t("gd.e.deal", { n: ev.hand_no, ...actor(ctx, ev.dealer) });
    case "play": {
      const jokers = (ev.cards ?? []).some(isJoker) && ev.as?.length;
      return t(jokers ? "gd.e.playAs" : "gd.e.play", {
        ...who,
        cards: cardsText(ev.cards ?? []),
        reading: readingText(ev),
        type: typeName(ev.kind ?? ev.type),
      });
    }
    case "pass":
      return t("gd.e.pass", who);
    case "trick_won":
      return t("gd.e.trick", who);
    case "draw":
      return ev.card ? t("gd.e.drawMine", { card: cardName(ev.card) }) : t("gd.e.draw", who);
    case "lead_passed":
      return t("gd.e.leadPassed", { ...who, to: seatObject(ctx, ev.to) });
    case "hand_over":
      return ev.winner == null ? t("gd.e.handDead") : t("gd.e.handOver", actor(ctx, ev.winner));
    case "game_over":
      return t("gd.e.gameOver");
    default:
      return null;
  }
}

function explain(el, ctx) {
  if (!ctx.legal.length) return t("gd.why.turn");
  return null;
}

function resultHand(s, ctx) {
  const results = ctx.view.results ?? [];
  const last = results[results.length - 1];
  const cards = last?.hands?.[s] ?? [];
  return h("div", { class: "hand" }, cards.map((c) => cardEl(c, {})));
}

function scoreText(score) {
  const n = Number(score ?? 0);
  return t("gd.points", { n: n > 0 ? `+${n}` : String(n) });
}

/** A move drawn on the table (a review's best move, a puzzle's answer; js/review.js): the
 * cards it plays (their data-k keys) and its words. */
function showMove(a, ctx) {
  if (a.type === "pass") return { keys: [], text: t("gd.pass") };
  if (a.type !== "play") return null;
  const hand = ctx.view.hand ?? [];
  const keys = handKeys(hand);
  const used = new Set();
  const found = a.cards.map((c) => {
    const i = hand.findIndex((code, k) => code === c && !used.has(k));
    used.add(i);
    return keys[i];
  });
  return { keys: found.filter(Boolean), text: t("gd.m.play", { cards: a.cards.map(cardShort).join(" ") }) };
}

export default { name: "gandengyan", render, prompt, onState, moves, describe, explain, resultHand, scoreText, resultDetails, showMove };

// The table's clocks (issue 8): each person's bank (timed tables) or the time left for the
// move in progress (untimed), counting down from the state message's `clock` values; the
// seats whose time runs are highlighted, with their first-move limit when it comes sooner,
// and a seat that is away shows the minute it has to come back. The server keeps time and
// decides; this only draws what the last state said, less the time since it arrived.
//
// Screen readers: the strip is a labelled list read on demand, never a live region (no
// per-second announcements); one polite message says when your own time gets short.

import { clear, h } from "./dom.js";
import { addStrings, t } from "./i18n.js";
import { ratingLabel } from "./ratingchange.js";
import { fmtLimit, fmtLong } from "./turnalert.js";

addStrings({
  "clock.label": { en: "Clocks", zh: "计时" },
  "clock.waiting": {
    en: "The clocks start when every seat is taken.",
    zh: "所有座位坐满后开始计时。",
  },
  "clock.toMove": { en: "{time} to move", zh: "{time} 内行动" },
  "clock.idle": { en: "waiting", zh: "等待中" },
  "clock.firstMove": { en: "first move {time}", zh: "首步 {time}" },
  "clock.away": { en: "away: {time} to come back", zh: "离线：{time} 内需回来" },
  "clock.running": { en: "(playing)", zh: "（行动中）" },
  "clock.short": { en: "Your time: {time} left.", zh: "你的时间：还剩 {time}。" },
  "clock.timed": { en: "{bank} bank + {inc} per move", zh: "{bank} 总时长 + 每步 {inc}" },
  "clock.untimed": { en: "{move} per move", zh: "每步 {move}" },
  "clock.turn": {
    en: "Turn-based: {move} per move; come and go as you like",
    zh: "回合制：每步 {move}；可随时离开再回来",
  },
});

const TICK = 250; // ms between redraws of the countdowns
const WARN = [30, 10]; // seconds left at which your own clock is announced once

/** 83.4 -> "1:23"; an hour or more -> "1:02:03"; never negative. */
export function fmtClock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const secs = String(s % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

/** What the strip shows for one seat, `elapsed` seconds after the message came. */
export function seatClock(clock, seat, elapsed) {
  const key = String(seat);
  const running = (clock.running ?? []).includes(seat);
  const deadline = running && clock.deadline?.[key] != null ? clock.deadline[key] - elapsed : null;
  let bank = null;
  if (clock.kind === "timed" && clock.remaining?.[key] != null) {
    bank = clock.remaining[key] - (running ? elapsed : 0);
  }
  // The first-move limit (or any deadline) that comes before the bank runs out.
  const sooner = deadline != null && bank != null && deadline < bank - 0.5 ? deadline : null;
  const away = clock.away?.[key] != null ? clock.away[key] - elapsed : null;
  const main = bank ?? deadline;
  return { running, bank, deadline, sooner, away, main };
}

export class ClockStrip {
  constructor(table) {
    this.table = table;
    this.list = h("ul", { class: "clock-list" });
    this.note = h("p", { class: "clock-note" });
    this.setting = h("p", { class: "clock-setting" });
    this.say = h("p", { class: "ct-sr-only", "aria-live": "polite" });
    this.el = h(
      "section",
      { class: "clocks", "aria-labelledby": "clocks-h", hidden: true },
      h("h2", { id: "clocks-h", class: "ct-sr-only" }),
      this.setting,
      this.list,
      this.note,
      this.say,
    );
    this.msg = null;
    this.warned = new Set();
    this.relabel();
  }

  relabel() {
    this.el.querySelector("#clocks-h").textContent = t("clock.label");
    if (this.msg) this.update(this.msg);
  }

  /** A new state message: draw its clocks and count down from them. */
  update(msg) {
    const clock = msg.clock;
    this.msg = msg;
    this.el.hidden = !clock;
    clearInterval(this.timer);
    if (!clock) return;
    this.arrived = performance.now();
    this.setting.textContent =
      clock.kind === "timed"
        ? t("clock.timed", { bank: fmtClock(clock.bank), inc: `${clock.increment}s` })
        : clock.kind === "turn"
          ? t("clock.turn", { move: fmtLimit(clock.move) })
          : t("clock.untimed", { move: fmtClock(clock.move) });
    clear(this.list);
    this.rows = new Map();
    for (const seat of this.timedSeats(msg)) {
      const name = h("span", { class: "clock-name" });
      const rating = h("span", { class: "seat-rating" });
      const time = h("span", { class: "clock-time" });
      const extra = h("span", { class: "clock-extra" });
      const row = h("li", { class: "clock-seat", dataset: { seat: String(seat) } }, name, rating, time, extra);
      this.rows.set(seat, { row, name, rating, time, extra });
      this.list.append(row);
    }
    this.note.textContent = clock.started ? "" : t("clock.waiting");
    this.draw();
    if (!msg.over && clock.started) this.timer = setInterval(() => this.draw(), TICK);
  }

  /** The people's seats: the ones the clock knows, and every human seat of the list. */
  timedSeats(msg) {
    const seats = new Set();
    const clock = msg.clock;
    for (const key of Object.keys(clock.remaining ?? {})) seats.add(Number(key));
    for (const s of msg.seats ?? []) if (s.kind === "human") seats.add(s.seat);
    for (const s of clock.running ?? []) seats.add(s);
    return [...seats].sort((a, b) => a - b);
  }

  draw() {
    const msg = this.msg;
    if (!msg?.clock || !this.rows) return;
    const elapsed = msg.over ? 0 : (performance.now() - this.arrived) / 1000;
    const me = msg.seat;
    const fmt = msg.clock.kind === "turn" ? fmtLong : fmtClock; // days, not minutes
    for (const [seat, parts] of this.rows) {
      const c = seatClock(msg.clock, seat, elapsed);
      const info = (msg.seats ?? []).find((s) => s.seat === seat);
      const left = info?.left;
      parts.name.textContent = this.table.displayName(seat);
      // The person's rating in this game beside their name ("1500?" while provisional).
      parts.rating.textContent = typeof info?.rating === "number" ? ratingLabel(info.rating, info.provisional) : "";
      parts.time.textContent =
        c.main != null ? (c.bank == null ? t("clock.toMove", { time: fmt(c.main) }) : fmt(c.main)) : t("clock.idle");
      const extras = [];
      if (c.running && !msg.over) extras.push(t("clock.running"));
      if (c.sooner != null) extras.push(t("clock.firstMove", { time: fmt(c.sooner) }));
      if (c.away != null && !msg.over) extras.push(t("clock.away", { time: fmtClock(c.away) }));
      parts.extra.textContent = extras.join(" · ");
      parts.row.classList.toggle("running", c.running && !msg.over);
      parts.row.classList.toggle("away", c.away != null);
      parts.row.classList.toggle("gone", Boolean(left));
      const soonest = Math.min(c.main ?? Infinity, c.sooner ?? Infinity);
      parts.row.classList.toggle("low", c.running && soonest < 30);
      if (seat === me && c.running) this.warn(soonest);
    }
  }

  /** Tells a screen reader once when your own time passes 30 s and 10 s. */
  warn(seconds) {
    for (const limit of WARN) {
      const key = `${this.msg.version}:${limit}`;
      if (seconds <= limit && seconds > 0 && !this.warned.has(key)) {
        this.warned.add(key);
        this.say.textContent = t("clock.short", { time: fmtClock(seconds) });
        return;
      }
    }
  }

  dispose() {
    clearInterval(this.timer);
  }
}

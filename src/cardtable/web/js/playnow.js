// Play now (issue 19) on the lobby page: one button per game seeks an opponent with the
// chosen clock, rated or casual, and rating range (POST /api/seeks). The server seats us at
// once with someone waiting, or keeps our seek open; the lobby socket (/ws/lobby) pushes
// every open seek to every lobby and tells us when ours is paired. Our open seek is kept in
// sessionStorage, so a reload finds it again within the server's grace (docs/online.md).

import { ApiError, currentMe, getMe, saveTableRecord } from "./api.js";
import { clear, h } from "./dom.js";
import { gameTitle } from "./gametext.js";
import { addStrings, t } from "./i18n.js";
import { paceText } from "./turnalert.js";
import { errorText } from "./refusal.js";

const SEEK_KEY = "cardtable.seek";
const RETRY_MS = 2000;

addStrings({
  "seek.title": { en: "Play now", zh: "立即开始" },
  "seek.help": {
    en: "Seats you with someone waiting for the same game and clock, or lets others see you wait.",
    zh: "与等待同一游戏、同一计时的人同桌；没有人时，其他人会看到你在等。",
  },
  "seek.play": { en: "Play now: {game}", zh: "立即开始：{game}" },
  "seek.clock": { en: "Clock", zh: "计时" },
  "seek.rated": { en: "Rated (accounts only)", zh: "计分（仅限账号）" },
  "seek.ratedGuest": { en: "Sign in to play rated games.", zh: "登录后才能下计分局。" },
  "seek.from": { en: "Opponent rating from", zh: "对手等级分从" },
  "seek.to": { en: "to", zh: "到" },
  "seek.any": { en: "any", zh: "不限" },
  "seek.waiting": { en: "Looking for an opponent: {game}, {clock}…", zh: "正在寻找对手：{game}，{clock}…" },
  "seek.cancel": { en: "Cancel", zh: "取消" },
  "seek.ended": { en: "Your seek ended ({reason}). Press Play now again to look again.", zh: "你的寻桌已结束（{reason}）。再按“立即开始”重新寻找。" },
  "seek.reason.expired": { en: "nobody came in time", zh: "等待超时" },
  "seek.reason.cancelled": { en: "cancelled", zh: "已取消" },
  "seek.list": { en: "Waiting for an opponent", zh: "等待对手" },
  "seek.accept": { en: "Play", zh: "应战" },
  "seek.yours": { en: "(you)", zh: "（你）" },
  "seek.range": { en: "rating {low}–{high}", zh: "等级分 {low}–{high}" },
  "seek.error": { en: "Could not seek: {msg}", zh: "无法寻桌：{msg}" },
  "clock.none": { en: "no clock", zh: "不计时" },
  "clock.move": { en: "{s} s a move", zh: "每步 {s} 秒" },
  "table.rated": { en: "rated", zh: "计分" },
  "table.casual": { en: "casual", zh: "娱乐" },
});

// The clocks offered: minutes in the bank + seconds added per move ("5+5").
const CLOCKS = {
  "3+2": { kind: "timed", bank: 180, increment: 2 },
  "5+5": { kind: "timed", bank: 300, increment: 5 },
  "10+5": { kind: "timed", bank: 600, increment: 5 },
  none: null,
};

/** A clock as people say it: "5+5", "60 s a move", "no clock" (whatever the server sent:
 * an unknown kind is shown by its name). */
export function clockWords(clock) {
  if (!clock) return t("clock.none");
  if (clock.kind === "timed") return `${+(clock.bank / 60).toFixed(1)}+${clock.increment}`;
  if (clock.kind === "untimed") return t("clock.move", { s: clock.move });
  if (clock.kind === "turn") return paceText({ clock });
  return String(clock.kind ?? "");
}


export class PlayNow {
  /** `games`: the catalog's game names, in order; `onSeat(game, ticket)` opens the table. */
  constructor(games, onSeat) {
    this.games = games;
    this.onSeat = onSeat;
    this.clock = "5+5";
    this.rated = false;
    this.low = "";
    this.high = "";
    this.mine = readSeek(); // {id, token, game, clock}
    this.seeks = [];
    this.socket = null;
    this.closed = false;
    this.el = h("section", { class: "play-now", "aria-labelledby": "play-now-h" });
    this.list = h("ul", { class: "lobby-list", dataset: { list: "seeks" } });
    this.status = h("p", { class: "seek-status", role: "status" });
  }

  async start() {
    try {
      await getMe(); // who we are: rated seeks are for accounts
    } catch {
      // the form still shows; a seek will say what is wrong
    }
    if (this.mine) await this.resume();
    this.render();
    this.connect();
  }

  /** A seek this tab made before a reload: still open (watch it again), or already paired
   * (go to the table). */
  async resume() {
    try {
      const seek = this.mine;
      const response = await fetch(`/api/seeks/${encodeURIComponent(seek.id)}?token=${encodeURIComponent(seek.token)}`);
      const answer = response.ok ? await response.json() : null;
      if (answer?.status === "paired") this.paired(answer.ticket);
      else if (answer?.status !== "open") this.forget();
    } catch {
      this.forget();
    }
  }

  render() {
    clear(this.el);
    const me = currentMe();
    const guest = !me || me.guest;
    if (guest) this.rated = false;
    const clockPick = h(
      "select",
      { id: "seek-clock", name: "clock", onchange: (e) => (this.clock = e.target.value) },
      Object.keys(CLOCKS).map((k) => h("option", { value: k, selected: k === this.clock }, clockWords(CLOCKS[k]))),
    );
    const rated = h("input", {
      type: "checkbox",
      id: "seek-rated",
      checked: this.rated,
      disabled: guest,
      onchange: (e) => (this.rated = e.target.checked),
    });
    const bound = (id, key) =>
      h("input", {
        type: "number",
        id,
        inputmode: "numeric",
        value: this[key],
        placeholder: t("seek.any"),
        class: "seek-bound",
        oninput: (e) => (this[key] = e.target.value),
      });
    this.el.append(
      h("h2", { id: "play-now-h" }, t("seek.title")),
      h("p", { class: "hint" }, t("seek.help")),
      h(
        "div",
        { class: "seek-settings" },
        h("span", { class: "seek-field" }, h("label", { for: "seek-clock" }, t("seek.clock")), clockPick),
        h("span", { class: "seek-field" }, rated, h("label", { for: "seek-rated" }, t("seek.rated"))),
        h(
          "span",
          { class: "seek-field" },
          h("label", { for: "seek-low" }, t("seek.from")),
          bound("seek-low", "low"),
          h("label", { for: "seek-high" }, t("seek.to")),
          bound("seek-high", "high"),
        ),
      ),
      guest ? h("p", { class: "hint" }, t("seek.ratedGuest")) : null,
      this.mine ? this.waitingLine() : this.buttons(),
      this.status,
      h("h2", {}, t("seek.list")),
      this.list,
    );
    this.fillList();
  }

  buttons() {
    return h(
      "div",
      { class: "seek-buttons" },
      this.games.map((g) =>
        h(
          "button",
          { class: "btn", type: "button", dataset: { seekGame: g }, onclick: () => this.seek(g) },
          t("seek.play", { game: gameTitle(g) }),
        ),
      ),
    );
  }

  waitingLine() {
    const { game, clock } = this.mine;
    return h(
      "div",
      { class: "seek-waiting", dataset: { seek: this.mine.id } },
      h("span", {}, t("seek.waiting", { game: gameTitle(game), clock: clockWords(clock) })),
      " ",
      h("button", { class: "btn ghost", type: "button", onclick: () => this.cancel() }, t("seek.cancel")),
    );
  }

  fillList() {
    clear(this.list);
    if (!this.seeks.length) this.list.append(h("li", { class: "none" }, t("online.none")));
    for (const s of this.seeks) {
      const own = this.mine?.id === s.id;
      const parts = [gameTitle(s.game), clockWords(s.clock), t(s.rated ? "table.rated" : "table.casual")];
      parts.push(`${s.name} (${Math.round(s.rating)})${own ? ` ${t("seek.yours")}` : ""}`);
      if (s.rating_min != null || s.rating_max != null) {
        parts.push(t("seek.range", { low: s.rating_min ?? "…", high: s.rating_max ?? "…" }));
      }
      const accept = own || this.mine
        ? null
        : h("button", { class: "btn", type: "button", onclick: () => this.seek(s.game, s) }, t("seek.accept"));
      this.list.append(h("li", { dataset: { seekId: s.id } }, h("span", {}, parts.join(" · ")), " ", accept));
    }
  }

  /** Seek `game` with the chosen settings (or, answering `other`, with its clock and
   * rated: the server pairs the two at once when the ranges allow). */
  async seek(game, other = null) {
    this.status.textContent = "";
    const body = other
      ? { game, clock: other.clock, rated: other.rated }
      : { game, clock: CLOCKS[this.clock], rated: this.rated };
    if (!other) {
      if (this.low !== "") body.rating_min = Number(this.low);
      if (this.high !== "") body.rating_max = Number(this.high);
    }
    try {
      await getMe(); // a cookie first: the seek is this person's
      const answer = await post("/api/seeks", body);
      if (answer.status === "paired") {
        this.paired(answer.ticket, game);
        return;
      }
      this.mine = { id: answer.seek.id, token: answer.token, game, clock: answer.seek.clock };
      sessionStorage.setItem(SEEK_KEY, JSON.stringify(this.mine));
      this.render();
      this.connect();
    } catch (error) {
      this.status.textContent = t("seek.error", { msg: errorText(error) });
    }
  }

  async cancel() {
    const seek = this.mine;
    if (!seek) return;
    try {
      await post(`/api/seeks/${encodeURIComponent(seek.id)}/cancel`, { token: seek.token });
    } catch (error) {
      if (error.status !== 404) this.status.textContent = t("seek.error", { msg: errorText(error) });
    }
    this.forget();
    this.render();
    this.connect();
  }

  paired(ticket, game = this.mine?.game) {
    this.forget();
    saveTableRecord(ticket.id, { seat: ticket.seat, token: ticket.token, game, created: Date.now() });
    this.onSeat(ticket);
  }

  forget() {
    this.mine = null;
    sessionStorage.removeItem(SEEK_KEY);
  }

  /** The lobby socket: as our seek's owner while we have one (it keeps the seek alive). */
  connect() {
    this.socket?.close();
    if (this.closed) return;
    const query = this.mine ? `?seek=${encodeURIComponent(this.mine.id)}&token=${encodeURIComponent(this.mine.token)}` : "";
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby${query}`);
    this.socket = socket;
    socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (this.socket !== socket || this.closed) return;
      if (event.code === 4403) {
        // Our seek is gone (the server restarted, or it expired meanwhile): say so, and
        // watch the list alone.
        this.forget();
        this.render();
        this.status.textContent = t("seek.ended", { reason: t("seek.reason.expired") });
      }
      setTimeout(() => this.socket === socket && this.connect(), RETRY_MS);
    };
  }

  receive(message) {
    if (message.type === "seeks") {
      this.seeks = message.seeks;
      this.fillList();
    } else if (message.type === "paired" && message.seek === this.mine?.id) {
      this.paired(message.ticket);
    } else if (message.type === "seek_ended" && message.seek === this.mine?.id) {
      this.forget();
      this.render();
      const reason = t(`seek.reason.${message.reason}`);
      this.status.textContent = t("seek.ended", { reason });
      this.connect();
    }
  }

  dispose() {
    this.closed = true;
    this.socket?.close();
    this.socket = null;
  }
}

function readSeek() {
  try {
    return JSON.parse(sessionStorage.getItem(SEEK_KEY) ?? "null");
  } catch {
    return null;
  }
}

/** POST through the page's cookie (and its CSRF header), answering the JSON or throwing an
 * ApiError with the server's sentence. */
async function post(path, body) {
  const match = document.cookie.match(/(?:^|;\s*)ct_csrf=([^;]*)/);
  const headers = { "Content-Type": "application/json" };
  if (match) headers["X-CSRF-Token"] = decodeURIComponent(match[1]);
  const response = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data?.code ?? "http", data?.detail ?? response.statusText);
  return data;
}

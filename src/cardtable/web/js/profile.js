// A player's profile "/players/{id}": games played and results, ratings per game (with
// the provisional mark), a rating chart per game (inline SVG, no library) and the recent
// games, each with its opponents (linked to their profiles), the rating change and a link
// to its replay from the player's seat.

import { getPlayer } from "./api.js";
import { clear, h } from "./dom.js";
import { gameTitle } from "./gametext.js";
import { addStrings, t } from "./i18n.js";
import { personName, ratingLabel, signed } from "./ratingchange.js";
import { errorText } from "./refusal.js";

addStrings({
  "prof.title": { en: "Player", zh: "玩家" },
  "prof.guest": { en: "guest", zh: "访客" },
  "prof.member": { en: "account", zh: "注册用户" },
  "prof.played": { en: "Games played: {n}", zh: "已完成牌局：{n}" },
  "prof.record": { en: "Won {won} · lost {lost} · left {left}", zh: "胜 {won} · 负 {lost} · 离开 {left}" },
  "prof.ratings": { en: "Ratings", zh: "等级分" },
  "prof.noRatings": { en: "No rated game yet.", zh: "还没有计分牌局。" },
  "prof.chart": { en: "{game}: rating after each rated game", zh: "{game}：每局计分后的等级分" },
  "prof.recent": { en: "Recent games", zh: "最近的牌局" },
  "prof.noGames": { en: "No games yet.", zh: "还没有牌局。" },
  "prof.replay": { en: "Replay", zh: "回放" },
  "prof.won": { en: "won", zh: "胜" },
  "prof.lost": { en: "lost", zh: "负" },
  "prof.left": { en: "left", zh: "离开" },
  "prof.rank": { en: "rank {rank}", zh: "第 {rank} 名" },
  "prof.playing": { en: "being played", zh: "进行中" },
  "prof.cancelled": { en: "cancelled", zh: "已取消" },
  "prof.aborted": { en: "aborted (a player never moved)", zh: "已中止（有玩家未出牌）" },
  "prof.rated": { en: "rated", zh: "计分" },
  "prof.casual": { en: "casual", zh: "休闲" },
  "prof.provisional": { en: "provisional", zh: "暂定" },
  "prof.games": { en: { one: "{n} game", other: "{n} games" }, zh: "{n} 局" },
  "prof.notFound": { en: "There is no such player.", zh: "没有这位玩家。" },
  "prof.vs": { en: "vs", zh: "对手" },
  "prof.bot": { en: "bot ({level})", zh: "机器人（{level}）" },
  "prof.change": { en: "rating {change} ({before} → {after})", zh: "等级分 {change}（{before} → {after}）" },
});

const START_RATING = 1500; // the shown rating before any game (server/ratingscale.py)


function when(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleString();
}

function resultText(r) {
  if (r.status === "playing") return t("prof.playing");
  if (r.status === "cancelled") return t("prof.cancelled");
  if (r.status === "aborted") return t("prof.aborted");
  if (r.left) return t("prof.left");
  const parts = [r.won ? t("prof.won") : t("prof.lost")];
  if (r.rank != null) parts.push(t("prof.rank", { rank: r.rank }));
  return parts.join(" · ");
}

/** An inline SVG line of one game's ratings, from the start (0) through every rated game. */
export function ratingChart(game, points) {
  const values = [START_RATING, ...points.map((p) => p.rating)];
  const width = 320;
  const height = 120;
  const pad = 14;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const base = START_RATING < low || START_RATING > high ? low : START_RATING; // the start's level
  const x = (i) => pad + (i * (width - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / span;
  const ns = "http://www.w3.org/2000/svg";
  const el = (tag, attrs, ...kids) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    for (const kid of kids) node.append(kid);
    return node;
  };
  const label = t("prof.chart", { game: gameTitle(game) });
  const svg = el("svg", {
    class: "rating-chart",
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": `${label}: ${values.join(", ")}`,
    "data-game": game,
  });
  svg.append(
    el("line", { x1: pad, y1: y(base), x2: width - pad, y2: y(base), class: "axis" }),
    el("polyline", { points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "), class: "line" }),
  );
  values.forEach((v, i) => {
    const title = el("title", {});
    title.textContent = i === 0 ? `${v}` : `${ratingLabel(v, points[i - 1].provisional)} · ${when(points[i - 1].at)}`;
    svg.append(el("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3, class: "point" }, title));
  });
  svg.append(
    el("text", { x: 2, y: 10, class: "tick" }, document.createTextNode(String(high))),
    el("text", { x: 2, y: height - 2, class: "tick" }, document.createTextNode(String(low))),
  );
  return h("figure", { class: "chart" }, svg, h("figcaption", {}, label));
}

export class ProfilePage {
  // Its words are drawn once: a change of language opens the page again (app.js).
  reopenOnLang = true;

  constructor(root, app, id) {
    this.root = root;
    this.app = app;
    this.id = id;
    this.data = null;
  }

  async start() {
    document.title = `${t("prof.title")} · ${t("app.title")}`;
    clear(this.root);
    this.root.append(h("section", { class: "home profile" }, h("p", { role: "status" }, "…")));
    try {
      this.data = await getPlayer(this.id);
    } catch (error) {
      clear(this.root);
      const text = error.status === 404 ? t("prof.notFound") : errorText(error);
      this.root.append(h("section", { class: "home profile" }, h("p", { class: "error", role: "alert" }, text)));
      return;
    }
    this.draw();
  }

  draw() {
    const p = this.data;
    if (!p) return;
    document.title = `${p.name} · ${t("app.title")}`;
    clear(this.root);
    const finished = p.results.filter((r) => r.status === "finished");
    const won = finished.filter((r) => r.won).length;
    const left = finished.filter((r) => r.left).length;
    const section = h(
      "section",
      { class: "home profile", dataset: { player: p.id } },
      h("h1", {}, personName(p.name), " ", h("span", { class: "tag" }, p.guest ? t("prof.guest") : t("prof.member"))),
      h("p", { class: "played" }, t("prof.played", { n: p.games_played })),
      h("p", { class: "record" }, t("prof.record", { won, lost: finished.length - won - left, left })),
      h("h2", {}, t("prof.ratings")),
    );
    if (!p.ratings.length) section.append(h("p", {}, t("prof.noRatings")));
    for (const r of p.ratings) {
      const points = p.history.filter((x) => x.game === r.game);
      section.append(
        h(
          "div",
          { class: "rating-row", dataset: { game: r.game } },
          h(
            "p",
            {},
            h("strong", {}, gameTitle(r.game)),
            " ",
            h("span", { class: "rating-value" }, ratingLabel(r.rating, r.provisional)),
            r.provisional ? h("span", { class: "tag provisional" }, ` ${t("prof.provisional")}`) : null,
            " · ",
            t("prof.games", { n: r.games }),
          ),
          ratingChart(r.game, points),
        ),
      );
    }
    section.append(h("h2", {}, t("prof.recent")));
    if (!p.results.length) section.append(h("p", {}, t("prof.noGames")));
    else section.append(this.recent(p.results));
    this.root.append(section);
  }

  recent(results) {
    return h(
      "ul",
      { class: "recent-games" },
      results.slice(0, 30).map((r) => {
        const seat = r.status === "playing" ? "spectator" : String(r.seat);
        // A private game's id is shown to its own players only (null for everyone else).
        const href = r.table ? `/replay/${encodeURIComponent(r.table)}?seat=${seat}` : null;
        return h(
          "li",
          { dataset: { table: r.table ?? "" } },
          h("span", {}, `${gameTitle(r.game)} · ${resultText(r)} · ${t(r.rated ? "prof.rated" : "prof.casual")} · ${when(r.at)}`),
          this.opponents(r),
          r.rating ? h("span", { class: "game-change", dataset: { change: String(r.rating.change) } }, ` · ${changeText(r.rating)}`) : null,
          " ",
          href ? h("a", { class: "btn ghost replay-link", href, onclick: (e) => this.app.follow(e, href) }, t("prof.replay")) : null,
        );
      }),
    );
  }

  /** " · vs Bob, Carol": each person linked to their profile, a bot by its level. */
  opponents(r) {
    const others = r.opponents ?? [];
    if (!others.length) return null;
    const names = [];
    others.forEach((o, i) => {
      if (i) names.push(", ");
      if (o.id) {
        const href = `/players/${encodeURIComponent(o.id)}`;
        names.push(h("a", { class: "opponent", href, dataset: { player: o.id }, onclick: (e) => this.app.follow(e, href) }, personName(o.name ?? "?")));
      } else {
        names.push(h("span", { class: "opponent" }, o.bot ? t("prof.bot", { level: o.bot.includes(":") ? o.bot : t(`level.${o.bot}`) }) : "?"));
      }
    });
    return h("span", { class: "opponents" }, ` · ${t("prof.vs")} `, ...names);
  }

  dispose() {}
}

function changeText(m) {
  return t("prof.change", {
    change: signed(m.change),
    before: ratingLabel(m.before, m.was_provisional),
    after: ratingLabel(m.after, m.provisional),
  });
}

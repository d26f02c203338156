// Online play pages: the lobby ("/lobby": public tables to join or watch, polled every few
// seconds) and the leaderboard ("/leaderboard", one game at a time). Strings are added
// here with addStrings so the shared i18n table stays untouched.

import { AccountPage } from "./account.js";
import { getLobby, getLeaderboard, joinTable, listGames, saveTableRecord } from "./api.js";
import { clear, h } from "./dom.js";
import { GAMES, gameTitle, optionText } from "./gametext.js";
import { addStrings, has, onLangChange, pickText, t } from "./i18n.js";
import { PlayNow, clockWords } from "./playnow.js";
import { ProfilePage } from "./profile.js";
import { personName, ratingLabel, seatRatingText } from "./ratingchange.js";
import { PuzzlePage } from "./puzzles.js";
import { errorText } from "./refusal.js";
import { ReplayPage } from "./replay.js";
import { turnsBlock } from "./turnalert.js";

const POLL_MS = 5000;

addStrings({
  "online.lobby": { en: "Lobby", zh: "大厅" },
  "online.leaderboard": { en: "Leaderboard", zh: "排行榜" },
  "online.open": { en: "Tables with a free seat", zh: "有空位的牌桌" },
  "online.playing": { en: "Games being played", zh: "进行中的牌局" },
  "online.none": { en: "None right now.", zh: "暂时没有。" },
  "online.join": { en: "Join", zh: "加入" },
  "online.watch": { en: "Watch", zh: "观战" },
  "online.rated": { en: "rated", zh: "计分" },
  "online.taken": { en: "a player", zh: "一位玩家" },
  "online.free": { en: "free seat", zh: "空位" },
  "online.loading": { en: "Loading…", zh: "载入中…" },
  "online.error": { en: "Could not load: {msg}", zh: "无法载入：{msg}" },
  "online.joinFailed": { en: "Could not join: {msg}", zh: "无法加入：{msg}" },
  "online.game": { en: "Game", zh: "游戏" },
  "online.rank": { en: "#", zh: "名次" },
  "online.name": { en: "Player", zh: "玩家" },
  "online.rating": { en: "Rating", zh: "等级分" },
  "online.games": { en: "Games", zh: "局数" },
  "online.provisional": { en: "provisional", zh: "暂定" },
  "online.nobody": { en: "No rated games yet.", zh: "还没有计分的牌局。" },
  "online.bot": { en: "Bot ({level})", zh: "机器人（{level}）" },
  "online.standard": { en: "standard rules", zh: "标准规则" },
  "online.on": { en: "on", zh: "开" },
  "online.off": { en: "off", zh: "关" },
});


/** Each seat in words: a free seat, a person's name (with their rating when the summary
 * carries one), or "Bot (medium)". */
function seatText(table) {
  return table.seats
    .map((s) => {
      if (s.kind === "bot") return t("online.bot", { level: has(`level.${s.bot}`) ? t(`level.${s.bot}`).toLowerCase() : s.bot });
      const name = s.name ? personName(s.name) : t(s.claimed ? "online.taken" : "online.free");
      const rating = seatRatingText(s);
      return rating ? `${name} (${rating})` : name;
    })
    .join(", ");
}

/** The table's rules in words: every option away from the game's default (the player count
 * aside: the seats say it), or "standard rules". */
function variantText(table, catalog) {
  const defaults = Object.fromEntries((catalog[table.game]?.options ?? []).map((o) => [o.name, o.default]));
  const changed = Object.entries(table.options ?? {}).filter(
    ([name, value]) => name !== "players" && name in defaults && value !== defaults[name],
  );
  if (!changed.length) return t("online.standard");
  return changed
    .map(([name, value]) => {
      const text = optionText(table.game, name);
      const label = text ? pickText(text.label) : name;
      const word = pickText(text?.values?.[value]) || (value === true ? t("online.on") : value === false ? t("online.off") : String(value));
      return `${label}: ${word}`;
    })
    .join(", ");
}

/** A lobby row: game, rules, clock, rated or casual, and the seats. */
function rowText(table, catalog) {
  const kind = t(table.rated ? "table.rated" : "table.casual");
  return [gameTitle(table.game), variantText(table, catalog), clockWords(table.clock), kind, seatText(table)].join(" · ");
}

class LobbyPage {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.timer = null;
  }

  async start() {
    this.catalog = {};
    let names = [];
    try {
      const games = await listGames();
      names = games.map((g) => g.name);
      this.catalog = Object.fromEntries(games.map((g) => [g.name, g]));
    } catch {
      names = Object.keys(GAMES);
    }
    if (this.disposed) return;
    this.playNow = new PlayNow(names, (ticket) => this.app.go(this.app.tableHref(ticket.id, ticket.url)));
    this.render();
    await this.playNow.start();
    if (this.disposed) return;
    this.stopLang = onLangChange(() => this.render());
    this.refresh();
  }

  render() {
    document.title = `${t("online.lobby")} · ${t("app.title")}`;
    clear(this.root);
    this.status = h("p", { class: "home-status", role: "status" }, t("online.loading"));
    this.open = h("ul", { class: "lobby-list", dataset: { list: "open" } });
    this.playing = h("ul", { class: "lobby-list", dataset: { list: "playing" } });
    this.playNow.render();
    this.root.append(
      h(
        "section",
        { class: "home lobby" },
        h("h1", {}, t("online.lobby")),
        turnsBlock(this.app),
        this.status,
        this.playNow.el,
        h("h2", {}, t("online.open")),
        this.open,
        h("h2", {}, t("online.playing")),
        this.playing,
      ),
    );
    if (this.last) this.show(this.last);
  }

  async refresh() {
    try {
      this.show(await getLobby());
    } catch (error) {
      this.status.textContent = t("online.error", { msg: errorText(error) });
    }
    this.timer = setTimeout(() => this.refresh(), POLL_MS);
  }

  show(lobby) {
    this.last = lobby;
    this.status.textContent = "";
    this.fill(this.open, lobby.open, true);
    this.fill(this.playing, lobby.playing, false);
  }

  fill(list, tables, joinable) {
    clear(list);
    if (!tables.length) list.append(h("li", { class: "none" }, t("online.none")));
    for (const table of tables) {
      const label = rowText(table, this.catalog);
      const href = this.app.tableHref(table.id, table.url);
      const action = joinable
        ? h("button", { class: "btn", type: "button", onclick: () => this.join(table) }, t("online.join"))
        : h("a", { class: "btn ghost", href, onclick: (e) => this.app.follow(e, href) }, t("online.watch"));
      list.append(h("li", { dataset: { table: table.id } }, h("span", {}, label), " ", action));
    }
  }

  async join(table) {
    try {
      const answer = await joinTable(table.id);
      saveTableRecord(answer.id, {
        seat: answer.seat,
        token: answer.token,
        game: table.game,
        options: table.options,
        created: Date.now(),
      });
      this.app.go(this.app.tableHref(answer.id, answer.url));
    } catch (error) {
      this.status.textContent = t("online.joinFailed", { msg: errorText(error) });
    }
  }

  dispose() {
    this.disposed = true;
    clearTimeout(this.timer);
    this.timer = null;
    this.refresh = async () => {};
    this.playNow?.dispose();
    this.stopLang?.();
  }

  draw() {}
}

class LeaderboardPage {
  // Its words are drawn once: a change of language opens the page again (app.js).
  reopenOnLang = true;

  constructor(root, app, game) {
    this.root = root;
    this.app = app;
    this.game = game;
  }

  async start() {
    document.title = `${t("online.leaderboard")} · ${t("app.title")}`;
    // The games and their order are the catalog's (each package's `order`).
    let names = [];
    try {
      names = (await listGames()).map((g) => g.name);
    } catch {
      names = this.game ? [this.game] : [];
    }
    if (!names.includes(this.game)) this.game = names[0];
    clear(this.root);
    const pick = h(
      "select",
      { name: "game", "aria-label": t("online.game"), onchange: (e) => this.show(e.target.value) },
      names.map((g) => h("option", { value: g, selected: g === this.game }, gameTitle(g))),
    );
    this.body = h("div", { class: "leaderboard" });
    this.root.append(
      h("section", { class: "home" }, h("h1", {}, t("online.leaderboard")), pick, this.body),
    );
    this.show(this.game);
  }

  async show(game) {
    this.game = game;
    clear(this.body);
    this.body.append(h("p", { role: "status" }, t("online.loading")));
    let board;
    try {
      board = await getLeaderboard(game);
    } catch (error) {
      clear(this.body);
      this.body.append(h("p", { class: "error" }, t("online.error", { msg: errorText(error) })));
      return;
    }
    if (game !== this.game) return;
    clear(this.body);
    if (!board.players.length) {
      this.body.append(h("p", {}, t("online.nobody")));
      return;
    }
    const head = ["online.rank", "online.name", "online.rating", "online.games"];
    this.body.append(
      h(
        "table",
        { class: "leaderboard-table" },
        h("thead", {}, h("tr", {}, head.map((k) => h("th", {}, t(k))))),
        h(
          "tbody",
          {},
          board.players.map((p) =>
            h(
              "tr",
              { dataset: { player: p.id } },
              h("td", {}, String(p.rank)),
              h(
                "td",
                {},
                h(
                  "a",
                  {
                    href: `/players/${encodeURIComponent(p.id)}`,
                    onclick: (e) => this.app.follow(e, `/players/${encodeURIComponent(p.id)}`),
                  },
                  personName(p.name),
                ),
              ),
              h(
                "td",
                { class: "rating-value", title: p.provisional ? t("online.provisional") : null },
                ratingLabel(p.rating, p.provisional),
              ),
              h("td", {}, String(p.games)),
            ),
          ),
        ),
      ),
    );
  }

  dispose() {}

  draw() {}
}

/** The online page at `path` ("/lobby", "/leaderboard[/game]", "/account",
 * "/players/{id}", "/replay/{id}"), or null. */
export function onlinePage(root, app, path) {
  if (/^\/lobby\/?$/.test(path)) return new LobbyPage(root, app);
  if (/^\/account\/?$/.test(path)) return new AccountPage(root, app);
  const player = path.match(/^\/players\/([^/]+)\/?$/);
  if (player) return new ProfilePage(root, app, decodeURIComponent(player[1]));
  const replay = path.match(/^\/replay\/([^/]+)\/?$/);
  if (replay) return new ReplayPage(root, app, decodeURIComponent(replay[1]));
  const puzzle = path.match(/^\/puzzles\/([a-z]+)(?:\/([^/]+))?\/?$/); // js/puzzles.js (issue 22)
  if (puzzle) return new PuzzlePage(root, app, puzzle[1], puzzle[2] ? decodeURIComponent(puzzle[2]) : null);
  const board = path.match(/^\/leaderboard(?:\/([a-z]+))?\/?$/);
  if (board) return new LeaderboardPage(root, app, board[1]);
  return null;
}

/** Links to the lobby and the leaderboard (for the home page). */
export function onlineLinks(app) {
  const link = (href, key) =>
    h("a", { class: "btn ghost", href, onclick: (e) => app.follow(e, href) }, t(key));
  return h(
    "nav",
    { class: "online-links", "aria-label": t("online.lobby") },
    link("/lobby", "online.lobby"),
    " ",
    link("/leaderboard", "online.leaderboard"),
  );
}

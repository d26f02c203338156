// The HTTP side of the server: the game listing and table creation, plus the seat tokens
// this browser holds (localStorage, one record per table, so a reload gets back in).

const TABLES_KEY = "cardtable.tables";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The CSRF token the server set (cookie ct_csrf): POSTs echo it in X-CSRF-Token, else a
 * POST that carries the session cookie is refused (403 bad_csrf). */
function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)ct_csrf=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : null;
}

/** One API call: the body as JSON, the CSRF header on writes, a seat's `token` as its
 * bearer (a seat's own review); a refusal becomes an ApiError with the server's words. */
export async function request(method, path, body = null, token = null) {
  let response;
  const headers = body ? { "Content-Type": "application/json" } : {};
  const csrf = method === "GET" ? null : csrfToken();
  if (csrf) headers["X-CSRF-Token"] = csrf;
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw new ApiError(0, "network", String(error?.message ?? error));
  }
  let data = null;
  const text = await response.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    if (data && typeof data === "object") {
      const d = data.detail ?? data.message;
      if (typeof d === "string") message = d;
      else if (Array.isArray(d)) message = d.map((x) => x.msg ?? JSON.stringify(x)).join("; ");
    }
    throw new ApiError(response.status, data?.code ?? "http", message);
  }
  return data;
}

/** The games the server offers, each {name, title, options: [...], levels: [...], ...}. */
export async function listGames() {
  const data = await request("GET", "/api/games");
  const list = Array.isArray(data) ? data : (data?.games ?? []);
  return list.map(normalizeGame);
}

function normalizeGame(g) {
  const options = Array.isArray(g.options)
    ? g.options
    : Object.entries(g.options ?? {}).map(([name, o]) => ({ name, ...o }));
  let levels = g.levels ?? g.bots ?? g.bot_levels ?? null;
  if (Array.isArray(levels)) levels = levels.filter((l) => typeof l === "string" && !l.includes(":"));
  return { ...g, options, levels };
}

/** Creates a table. `online` (optional): {public, rated, clock, pace, move_limit}
 * (docs/online.md). */
export async function createTable(game, options, seats, online = {}) {
  return request("POST", "/api/tables", { game, options, seats, ...online });
}

/** The shared rematch of a finished table: {id, url, seat, token} for the same seat. */
export async function requestRematch(id, token) {
  return request("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { token });
}

/** A table's summary. A private table's is shown only with a key: this browser's seat
 * token for it, or the invite key of the page's link (else the answer is 404). */
export async function getTable(id) {
  const params = new URLSearchParams();
  const token = tableRecord(id)?.token;
  const invite = typeof location === "undefined" ? null : new URLSearchParams(location.search).get("invite");
  if (token) params.set("token", token);
  if (invite) params.set("invite", invite);
  const query = params.size ? `?${params}` : "";
  return request("GET", `/api/tables/${encodeURIComponent(id)}${query}`);
}

function readAll() {
  try {
    return JSON.parse(localStorage.getItem(TABLES_KEY) || "{}") || {};
  } catch {
    return {};
  }
}

function writeAll(all) {
  try {
    localStorage.setItem(TABLES_KEY, JSON.stringify(all));
  } catch {
    /* storage full or unavailable: the table still works until a reload */
  }
}

/** What this browser knows of a table: {seat, token, game, options, seats, created}. */
export function tableRecord(id) {
  return readAll()[id] ?? null;
}

export function saveTableRecord(id, record) {
  const all = readAll();
  all[id] = { ...(all[id] ?? {}), ...record };
  // Keep the 30 most recent tables.
  const ids = Object.keys(all).sort((a, b) => (all[b].created ?? 0) - (all[a].created ?? 0));
  for (const old of ids.slice(30)) delete all[old];
  writeAll(all);
}

export function recentTables() {
  const all = readAll();
  return Object.entries(all)
    .map(([id, r]) => ({ id, ...r }))
    .sort((a, b) => (b.created ?? 0) - (a.created ?? 0));
}

/** Online play: the lobby {open: [...], playing: [...]} (public tables). */
export async function getLobby() {
  return request("GET", "/api/lobby");
}

/** The tables where it is this identity's move: {turns: [{id, url, game, seat, pace,
 * deadline}]} (issue 19). */
export async function getMyTurns() {
  return request("GET", "/api/my/turns");
}

/** Take the first free seat at a table: {id, url, seat, token}; a private table needs
 * its invite key. */
export async function joinTable(id, invite = null) {
  const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  return request("POST", `/api/tables/${encodeURIComponent(id)}/seats${query}`, {});
}

// -- identity (docs/online.md "Identity") ------------------------------------------------
let me = null; // the last answer of /api/me (or of a sign-in, register, rename)
const meListeners = new Set();

function setMe(next) {
  me = next;
  for (const fn of meListeners) fn(me);
  return me;
}

/** Who this browser is: {id, name, username, guest}; a guest is made on a first visit. */
export async function getMe(fresh = false) {
  if (me && !fresh) return me;
  return setMe(await request("GET", "/api/me"));
}

export function currentMe() {
  return me;
}

/** Called with the new identity whenever it changes (sign-in, rename, sign-out). */
export function onMeChange(fn) {
  meListeners.add(fn);
  return () => meListeners.delete(fn);
}

export async function rename(name) {
  return setMe(await request("POST", "/api/me/name", { name }));
}

export async function register(username, password) {
  return setMe(await request("POST", "/api/account/register", { username, password }));
}

export async function signIn(username, password) {
  return setMe(await request("POST", "/api/account/signin", { username, password }));
}

/** Ends the session; the browser becomes a new guest. */
export async function signOut() {
  await request("POST", "/api/account/signout", {});
  me = null;
  return getMe(true);
}

/** A player's profile {id, name, guest, games_played, ratings, results, history}. */
export async function getPlayer(id) {
  return request("GET", `/api/players/${encodeURIComponent(id)}`);
}

/** A game's replay: `seat` "spectator" (during the game too), a seat number or "all"
 * (both only after the end); a private table's replay needs its invite key (or a seat). */
export async function getReplay(id, seat = "spectator", invite = null) {
  const params = new URLSearchParams({ seat: String(seat) });
  if (invite) params.set("invite", invite);
  return request("GET", `/api/tables/${encodeURIComponent(id)}/replay?${params}`);
}

/** A game's leaderboard {game, players: [{rank, id, name, rating, games, provisional}]}. */
export async function getLeaderboard(game) {
  return request("GET", `/api/leaderboard/${encodeURIComponent(game)}`);
}

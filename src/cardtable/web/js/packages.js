// The games' own browser modules, loaded once before the first page is drawn: what a game
// adds to the shell (its strings, its deck of cards, its styles) is then in place on every
// page (home, tables, rules, lessons, replays), and the shell names no game: it loads
// what the catalog (GET /api/games) lists, a game it has never heard of included.

import { listGames } from "./api.js";
import { importRenderer } from "./gamefiles.js";

let listed = []; // the catalog's games, once loaded

/** Every listed game's renderer and style sheet; a game that fails to load is skipped
 * (its own pages say so), never the whole shell. */
export async function loadGamePackages() {
  try {
    listed = await listGames();
  } catch {
    return; // the home page shows the error; tables still load their own renderer
  }
  await Promise.all([
    ...listed.map((g) => importRenderer(g.name).catch(() => null)),
    ...listed.filter((g) => g.style).map((g) => linkStyle(g.name)),
  ]);
}

/** Links a game's style sheet after the shell's (its rules win a tie), resolved once it
 * is applied (or failed), so the first page is drawn in its final look. */
function linkStyle(game) {
  return new Promise((done) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `/games/${encodeURIComponent(game)}/style.css`;
    link.dataset.game = game;
    link.onload = link.onerror = () => done();
    document.head.append(link);
  });
}

/** Whether a game has learning pages (rules, tutorial, lab): the catalog says. */
export function hasLearnPages(game) {
  return listed.some((g) => g.name === game && g.learn);
}

/** A game's catalog entry (null before the catalog is loaded, or for an unknown game). */
export function catalogEntry(game) {
  return listed.find((g) => g.name === game) ?? null;
}

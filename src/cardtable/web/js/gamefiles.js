// A game's browser files (its renderer and its rules page's content) are served from its
// package at /games/<name>/ (docs/architecture.md, "A game package"). The games not yet
// moved into their packages (issue 21) keep theirs under js/games/ and js/rules/content/:
// this set shrinks to empty as they move.
const NOT_YET_MOVED = new Set(["gandengyan"]);

/** The module of a game's renderer (`render(ctx)` and the rest of a game module). */
export function importRenderer(game) {
  if (NOT_YET_MOVED.has(game)) return import(`./games/${game}.js`);
  return import(`/games/${encodeURIComponent(game)}/render.js`);
}

/** The module of a game's rules-page content. */
export function importRules(game) {
  if (NOT_YET_MOVED.has(game)) return import(`./rules/content/${game}.js`);
  return import(`/games/${encodeURIComponent(game)}/rules.js`);
}

// A game's browser files (its renderer and its rules page's content) are served from its
// package at /games/<name>/ (docs/architecture.md, "A game package").

/** The module of a game's renderer (`render(ctx)` and the rest of a game module). */
export function importRenderer(game) {
  return import(`/games/${encodeURIComponent(game)}/render.js`);
}

/** The module of a game's rules-page content. */
export function importRules(game) {
  return import(`/games/${encodeURIComponent(game)}/rules.js`);
}

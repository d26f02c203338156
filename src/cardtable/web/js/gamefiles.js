// A game's browser files (its renderer, its rules page's content, its lab) are served from its
// package at /games/<name>/ (docs/architecture.md, "A game package").

/** The module of a game's renderer (`render(ctx)` and the rest of a game module). */
export function importRenderer(game) {
  return import(`/games/${encodeURIComponent(game)}/render.js`);
}

/** The module of a game's rules-page content. */
export function importRules(game) {
  return import(`/games/${encodeURIComponent(game)}/rules.js`);
}

/** The module of a game's lab (it registers itself with learn/labs.js's `addLab`). */
export function importLab(game) {
  return import(`/games/${encodeURIComponent(game)}/lab.js`);
}

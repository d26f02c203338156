// Bilingual names and one-line explanations of the games and of their variant options
// (the server's listing gives each option's English doc; these add the Chinese and the
// names of values). Each game adds its own from its package (`addGameText`, in its
// browser module's text.js); a game without them shows the catalog's title and docs, and
// an option this table does not know still shows, with the server's doc.

import { pickText } from "./i18n.js";

export const GAMES = {};

const V = (en, zh) => ({ en, zh });

// option name -> {label, doc, values: {value: {en, zh}}}, per game (with shared fallbacks).
const SHARED = {
  players: { label: V("Players", "人数"), doc: V("How many seats at the table", "牌桌座位数") },
  lock_caller: {
    label: V("Lock the caller", "锁定宣布者"),
    doc: V(
      "After the call, nobody may swap the caller's cards",
      "宣布之后，任何人都不能交换宣布者的牌",
    ),
  },
};

export const OPTIONS = {};

/** A game's names (`{title, sub, blurb}`, each `{en, zh}`) and its options' texts
 * (option name -> `{label, doc, values: {value: {en, zh}}}`). */
export function addGameText(game, text, options = {}) {
  GAMES[game] = text;
  OPTIONS[game] = options;
}

export function optionText(game, name) {
  return OPTIONS[game]?.[name] ?? SHARED[name] ?? null;
}

/** A game's title in the reader's language (its name when the game added no texts). */
export function gameTitle(name) {
  return pickText(GAMES[name]?.title) || name;
}

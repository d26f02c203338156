// The labs: each game's calculators come from its package (games/<game>/web/lab.js, which
// registers them with `addLab`); this file holds what they share (the card picker, the
// settled flag the tests wait on). Every number a lab shows comes from the server.

import { cardEl } from "../cards.js";
import { h } from "../dom.js";
import { postJSON } from "./example.js";

export { postJSON };

export const SUITS = ["s", "h", "d", "c"];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
export const ALL = [...SUITS.flatMap((s) => RANKS.map((r) => r + s)), "RJ", "BJ"];

export function picker(codes, onPick, cls = "") {
  return h(
    "div",
    { class: `lab-picker ${cls}`, role: "group" },
    codes.map((code) => {
      const el = cardEl(code, { interactive: true, target: true, cls: "small" });
      el.addEventListener("click", () => onPick(code));
      return el;
    }),
  );
}

export function status(el) {
  el.dataset.settled = "0";
  return () => (el.dataset.settled = "1");
}

const LABS = {}; // game -> (root, state) => {state, dispose?}

/** A game's lab: `make(root, state)` draws it into `root` (again with its kept state after
 * a change of language) and returns `{state}`. */
export function addLab(game, make) {
  LABS[game] = make;
}

/** The lab of `game`, or undefined. */
export function labFor(game) {
  return LABS[game];
}

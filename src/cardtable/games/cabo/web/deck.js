// Cabo's own deck: cards numbered 0–13 in colour bands by their power (7–8 peek, 9–10 spy,
// 11–12 swap), with a dotted back. Registered with the shell's cards.js, which draws every
// other card and knows no game's deck.

import { addDeck, cardFrame, cardSvg, turnMark } from "/static/js/cards.js";
import { addStrings, t } from "/static/js/i18n.js";

addStrings({
  "ca.card": { en: "card {n}", zh: "{n} 号牌" },
});

const POWER = { 7: "eye", 8: "eye", 9: "spy", 10: "spy", 11: "swap", 12: "swap" };

function band(n) {
  if (n === 0) return "cabo-zero";
  if (n <= 6) return "cabo-low";
  if (n <= 12) return `cabo-${POWER[n]}`;
  return "cabo-top";
}

function face(code) {
  const n = Number(code);
  const icon = POWER[n]
    ? `<use href="#icon-${POWER[n]}" x="35" y="96" width="30" height="30" class="cabo-icon"/>`
    : "";
  const mark = turnMark(String(n));
  const idx = `<text x="14" y="24" text-anchor="middle" class="idx cabo-idx${mark}">${n}</text>`;
  return cardSvg(
    cardFrame(
      `<rect x="9" y="9" width="82" height="122" rx="6" class="cabo-panel ${band(n)}"/>` +
        `<g>${idx}<g transform="rotate(180 50 70)">${idx}</g></g>` +
        `<text x="50" y="${POWER[n] ? 84 : 92}" text-anchor="middle" class="cabo-num${mark}">${n}</text>` +
        icon,
    ),
    "cabo",
  );
}

addDeck({
  owns: (code) => /^\d{1,2}$/.test(code),
  face,
  name: (code) => t("ca.card", { n: code }),
  short: (code) => code,
  cls: "cabo-card",
  defs:
    `<pattern id="back-cabo" width="14" height="14" patternUnits="userSpaceOnUse">` +
    `<rect width="14" height="14" class="back-bg"/><circle cx="7" cy="7" r="3" class="back-fg"/>` +
    `</pattern>`,
});

// Cards drawn as SVG: the four suits (from a shared sprite of <symbol>s), both jokers and
// card backs. Colours come from CSS classes (s-s, s-h, s-d, s-c), so the four-colour
// option is a class on <body>. Card codes are the engines' codes: "7h", "Td", "RJ", "BJ",
// "??" for a face-down card, null for a gap. A game with a deck of its own (numbered
// cards, say) draws it itself: its package's renderer registers the deck with `addDeck`,
// so this file names no game (docs/architecture.md, "A game package").

import { t } from "./i18n.js";

const SUIT_PATHS = {
  h: "M50 90C44 83 8 60 8 34 8 17 21 7 35 7c8 0 13 5 15 11 2-6 7-11 15-11 14 0 27 10 27 27 0 26-36 49-42 56z",
  d: "M50 4Q67 29 88 50 67 71 50 96 33 71 12 50 33 29 50 4z",
  s: "M50 5c11 21 42 35 42 59 0 14-11 22-22 22-7 0-13-3-16-8 1 8 5 14 12 18H34c7-4 11-10 12-18-3 5-9 8-16 8-11 0-22-8-22-22 0-24 31-38 42-59z",
  c: "M50 8a19 19 0 0 1 17 27 19 19 0 1 1-8 30c1 12 5 20 13 27H28c8-7 12-15 13-27a19 19 0 1 1-8-30A19 19 0 0 1 50 8z",
};

let spriteReady = false;
const DECKS = []; // the decks games registered (`addDeck`)
const EXTRA_DEFS = []; // their sprite definitions (a card back's pattern)

/**
 * A game's own deck: `owns(code)` says which codes are its cards; `face(code)` their SVG
 * (built with `cardSvg`, `cardFrame`, `turnMark`), `name(code)` their words, `short(code)`
 * their log form; `cls` a class for its card elements; `defs` SVG definitions for the
 * shared sprite (a back pattern `back-<style>` for `backSVG`).
 */
export function addDeck(deck) {
  DECKS.push(deck);
  if (!deck.defs) return;
  EXTRA_DEFS.push(deck.defs);
  document.querySelector("#ct-sprite defs")?.insertAdjacentHTML("beforeend", deck.defs);
}

function deckOf(code) {
  return typeof code === "string" ? DECKS.find((d) => d.owns(code)) : undefined;
}

/** Puts the shared <symbol>s and patterns into the page once. */
export function ensureSprite() {
  if (spriteReady || document.getElementById("ct-sprite")) return;
  spriteReady = true;
  const symbols = Object.entries(SUIT_PATHS)
    .map(([s, d]) => `<symbol id="suit-${s}" viewBox="0 0 100 100"><path d="${d}"/></symbol>`)
    .join("");
  const div = document.createElement("div");
  div.innerHTML = `<svg id="ct-sprite" width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false">
  <defs>
    ${symbols}
    <pattern id="back-lattice" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="12" height="12" class="back-bg"/>
      <rect x="0" y="0" width="6" height="6" class="back-fg"/>
    </pattern>
    <symbol id="icon-star" viewBox="0 0 100 100"><path d="M50 4l13 31 33 3-25 22 8 33-29-18-29 18 8-33L4 38l33-3z"/></symbol>
    <symbol id="icon-eye" viewBox="0 0 100 100"><path d="M50 22C25 22 8 50 8 50s17 28 42 28 42-28 42-28-17-28-42-28zm0 46a18 18 0 1 1 0-36 18 18 0 0 1 0 36zm0-27a9 9 0 1 0 0 18 9 9 0 0 0 0-18z"/></symbol>
    <symbol id="icon-spy" viewBox="0 0 100 100"><path d="M12 44h76v8H12zM26 44l8-26h32l8 26zM30 72a12 12 0 1 0 0 .1zm40 0a12 12 0 1 0 0 .1zM42 70h16v4H42z"/><circle cx="30" cy="72" r="12" fill="none" stroke-width="6" class="icon-stroke"/><circle cx="70" cy="72" r="12" fill="none" stroke-width="6" class="icon-stroke"/></symbol>
    <symbol id="icon-swap" viewBox="0 0 100 100"><path d="M20 34h50V20l22 22-22 22V50H20zM80 66H30v14L8 58l22-22v14h50z"/></symbol>
    <symbol id="icon-crown" viewBox="0 0 100 100"><path d="M10 78 4 26l26 22L50 12l20 36 26-22-6 52z"/></symbol>
    ${EXTRA_DEFS.join("")}
  </defs></svg>`;
  document.body.prepend(div.firstElementChild);
}

const RANK_TEXT = { T: "10" };
const PIPS = {
  A: [[50, 70, 1.9]],
  2: [
    [50, 30],
    [50, 110, 1, true],
  ],
  3: [
    [50, 30],
    [50, 70],
    [50, 110, 1, true],
  ],
  4: [
    [33, 30],
    [67, 30],
    [33, 110, 1, true],
    [67, 110, 1, true],
  ],
  5: [
    [33, 30],
    [67, 30],
    [50, 70],
    [33, 110, 1, true],
    [67, 110, 1, true],
  ],
  6: [
    [33, 30],
    [67, 30],
    [33, 70],
    [67, 70],
    [33, 110, 1, true],
    [67, 110, 1, true],
  ],
  7: [
    [33, 30],
    [67, 30],
    [50, 50],
    [33, 70],
    [67, 70],
    [33, 110, 1, true],
    [67, 110, 1, true],
  ],
  8: [
    [33, 30],
    [67, 30],
    [50, 50],
    [33, 70],
    [67, 70],
    [50, 90, 1, true],
    [33, 110, 1, true],
    [67, 110, 1, true],
  ],
  9: [
    [33, 28],
    [67, 28],
    [33, 55],
    [67, 55],
    [50, 70],
    [33, 85, 1, true],
    [67, 85, 1, true],
    [33, 112, 1, true],
    [67, 112, 1, true],
  ],
  T: [
    [33, 28],
    [67, 28],
    [50, 42],
    [33, 55],
    [67, 55],
    [33, 85, 1, true],
    [67, 85, 1, true],
    [50, 98, 1, true],
    [33, 112, 1, true],
    [67, 112, 1, true],
  ],
};

const FACE_NAMES = { J: "J", Q: "Q", K: "K" };

function pip(suit, x, y, scale = 1, flip = false) {
  const size = 17 * scale;
  const tr = flip ? ` transform="rotate(180 ${x} ${y})"` : "";
  return `<use href="#suit-${suit}" x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}"${tr}/>`;
}

/** "turn-mark" on a 6 or a 9 (not 16 or 19: no such index turns into another): underlined,
 * as printed cards mark them, so that an index seen upside down is not misread. */
/** The class that marks a 6 or a 9 as printed cards do (an underline). */
export function turnMark(label) {
  return label === "6" || label === "9" ? " turn-mark" : "";
}

function corners(label, suit, cls) {
  const small = suit ? pip(suit, 11.5, 33, 0.58) : "";
  const one = `<text x="11.5" y="21" class="idx ${cls}${turnMark(label)}" text-anchor="middle">${label}</text>${small}`;
  return `<g class="${cls}">${one}<g transform="rotate(180 50 70)">${one}</g></g>`;
}

export function cardFrame(extra = "") {
  return `<rect class="face" x="1.5" y="1.5" width="97" height="137" rx="8"/>${extra}`;
}

export function cardSvg(body, cls = "") {
  return `<svg class="card-svg ${cls}" viewBox="0 0 100 140" aria-hidden="true" focusable="false">${body}</svg>`;
}

function standardFace(code) {
  const rank = code[0];
  const suit = code[1];
  const label = RANK_TEXT[rank] ?? rank;
  const cls = `s-${suit}`;
  let middle = "";
  if (PIPS[rank]) {
    middle = `<g class="${cls}">${PIPS[rank].map(([x, y, s, f]) => pip(suit, x, y, s, f)).join("")}</g>`;
  } else {
    // Court cards: a framed panel with the letter, a crown for kings, the suit.
    const crown =
      rank === "K"
        ? `<use href="#icon-crown" x="36" y="28" width="28" height="22" class="${cls}"/>`
        : rank === "Q"
          ? `<circle cx="50" cy="40" r="7" class="${cls}"/>`
          : `<rect x="43" y="33" width="14" height="14" rx="2" class="${cls}" transform="rotate(45 50 40)"/>`;
    middle =
      `<rect x="22" y="20" width="56" height="100" rx="5" class="court ${cls}-bg"/>` +
      `<rect x="22" y="20" width="56" height="100" rx="5" class="court-line ${cls}-line"/>` +
      crown +
      `<text x="50" y="86" text-anchor="middle" class="court-letter ${cls}">${FACE_NAMES[rank]}</text>` +
      `<g class="${cls}">${pip(suit, 50, 103, 0.95)}</g>`;
  }
  return cardSvg(cardFrame(corners(label, suit, cls) + middle));
}

function jokerFace(code) {
  const red = code === "RJ";
  const cls = red ? "joker-red" : "joker-black";
  const letters = "JOKER"
    .split("")
    .map((ch, i) => `<text x="11" y="${19 + i * 12}" class="joker-idx" text-anchor="middle">${ch}</text>`)
    .join("");
  const side = `<g class="${cls}">${letters}<g transform="rotate(180 50 70)">${letters}</g></g>`;
  const body =
    `<g class="${cls}"><use href="#icon-star" x="26" y="36" width="48" height="48"/>` +
    `<text x="50" y="104" text-anchor="middle" class="joker-word">JOKER</text></g>`;
  return cardSvg(cardFrame(side + body), "joker");
}

/** A face for small sizes and stacked columns: a big index at the top, a big pip below. */
function compactFace(code) {
  if (code === "RJ" || code === "BJ") {
    const cls = code === "RJ" ? "joker-red" : "joker-black";
    return cardSvg(
      cardFrame(
        `<g class="${cls}"><text x="8" y="40" class="cidx">JK</text>` +
          `<use href="#icon-star" x="30" y="60" width="62" height="62"/></g>`,
      ),
      "joker compact",
    );
  }
  const rank = code[0];
  const suit = code[1];
  const cls = `s-${suit}`;
  const label = RANK_TEXT[rank] ?? rank;
  const court = ["J", "Q", "K"].includes(rank);
  return cardSvg(
    cardFrame(
      `<g class="${cls}"><text x="8" y="42" class="cidx ${cls}${turnMark(label)}">${label}</text>` +
        pip(suit, 76, 25, 1.6) +
        (court
          ? `<rect x="18" y="58" width="64" height="70" rx="6" class="court ${cls}-bg"/>` +
            `<text x="50" y="112" text-anchor="middle" class="court-letter ${cls}">${rank}</text>`
          : pip(suit, 50, 92, 3.1)) +
        `</g>`,
    ),
    "compact",
  );
}

/** The back of a card; a game's deck may bring its own pattern (`addDeck`'s defs). */
export function backSVG(style = "lattice") {
  return cardSvg(
    `<rect class="back-edge" x="1.5" y="1.5" width="97" height="137" rx="8"/>` +
      `<rect x="8" y="8" width="84" height="124" rx="5" fill="url(#back-${style})" class="back-field"/>` +
      `<rect x="8" y="8" width="84" height="124" rx="5" class="back-line"/>` +
      `<circle cx="50" cy="70" r="15" class="back-medal"/>` +
      `<use href="#suit-s" x="40" y="60" width="20" height="20" class="back-mark"/>`,
    "back",
  );
}

export function isHidden(code) {
  return code === "??" || code === "?" || code === "hidden";
}

/** The SVG markup for a card code (a back for "??"). */
export function faceSVG(code, backStyle, compact = false) {
  if (code == null) return "";
  if (isHidden(code)) return backSVG(backStyle);
  const deck = deckOf(code);
  if (deck) return deck.face(code);
  if (compact) return compactFace(code);
  if (code === "RJ" || code === "BJ") return jokerFace(code);
  return standardFace(code);
}

/** The words for a card, for screen readers, logs and messages. */
export function cardName(code) {
  if (code == null) return "";
  if (isHidden(code)) return t("card.hidden");
  if (code === "RJ") return t("card.redJoker");
  if (code === "BJ") return t("card.blackJoker");
  const deck = deckOf(code);
  if (deck) return deck.name(code);
  const rank = code[0];
  const rankWord = ["A", "J", "Q", "K", "T"].includes(rank) ? t(`rank.${rank}`) : rank;
  return t("card.of", { rank: rankWord, suit: t(`suit.${code[1]}`) });
}

/** A short text form ("7♥", "10♠", "大王") for compact logs. */
export function cardShort(code) {
  if (code == null) return "";
  if (isHidden(code)) return "🂠";
  if (code === "RJ") return t("card.redJoker");
  if (code === "BJ") return t("card.blackJoker");
  const deck = deckOf(code);
  if (deck) return deck.short ? deck.short(code) : code;
  const sym = { s: "♠", h: "♥", d: "♦", c: "♣" }[code[1]] ?? "";
  return `${RANK_TEXT[code[0]] ?? code[0]}${sym}`;
}

/** Rich inline form for logs: a coloured span. */
export function cardInline(code) {
  const span = document.createElement("span");
  span.className = `card-inline ${code && !deckOf(code) && code.length === 2 && !["RJ", "BJ"].includes(code) ? `s-${code[1]}` : ""}`;
  span.textContent = cardShort(code);
  return span;
}

/**
 * A card button is named by its picture: the face's SVG is an image whose text is the
 * card's words ("7 of spades"), and the button takes its name from it. An aria-label on
 * the button itself would have to contain the indices the face shows ("7", twice, and a
 * court card's letter three times: WCAG 2.5.3, "label in name"), which no spoken name
 * does. A button with no face (an empty slot) keeps its aria-label.
 */
function nameButton(el, label) {
  const svg = el.querySelector("svg.card-svg");
  if (!svg || !label) {
    el.setAttribute("aria-label", label);
    return;
  }
  svg.removeAttribute("aria-hidden");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
}

/** The words a card element is read with (its own label, or its picture's). */
export function cardLabel(el) {
  return el.getAttribute("aria-label") ?? el.querySelector(":scope > svg[role='img']")?.getAttribute("aria-label") ?? "";
}

/**
 * A card element. opts: label (aria-label, defaults to the card's name), key (data-k for
 * animations), target (a clickable legal choice: a <button>), selected, small, back style,
 * onClick, extra classes.
 */
export function cardEl(code, opts = {}) {
  const target = Boolean(opts.target);
  const el = document.createElement(opts.interactive || target ? "button" : "div");
  el.className = "card";
  if (code == null) el.classList.add("empty");
  else if (isHidden(code)) el.classList.add("down");
  else el.classList.add("up");
  const deck = deckOf(code);
  if (deck?.cls) el.classList.add(deck.cls);
  if (opts.cls) el.classList.add(...opts.cls.split(" ").filter(Boolean));
  if (target) el.classList.add("target");
  if (opts.selected) el.classList.add("selected");
  if (opts.key) el.dataset.k = opts.key;
  if (opts.code !== undefined) el.dataset.code = opts.code;
  else if (code != null) el.dataset.code = code;
  const label = opts.label ?? (code == null ? "" : cardName(code));
  el.innerHTML = code == null ? "" : faceSVG(code, opts.back, opts.compact);
  if (el.tagName === "BUTTON") {
    el.type = "button";
    nameButton(el, label);
    if (opts.selected !== undefined) el.setAttribute("aria-pressed", opts.selected ? "true" : "false");
    if (!target) el.setAttribute("aria-disabled", "true");
  } else {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", label);
  }
  if (opts.badge) {
    const b = document.createElement("span");
    b.className = `badge ${opts.badgeCls ?? ""}`;
    b.textContent = opts.badge;
    b.setAttribute("aria-hidden", "true");
    el.append(b);
  }
  if (opts.onClick) el.addEventListener("click", opts.onClick);
  return el;
}

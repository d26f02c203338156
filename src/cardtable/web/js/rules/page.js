// The rules page of a game (/rules/{game}), written as a player reads it: what the game is,
// a first game in five minutes, the rules in detail (every rule id of the spec, in
// chapters, each chapter ending with its live examples played on the server's engine),
// then strategy tips. A rule id is a small anchor at the end of its rule ("§CB-13",
// id="CB-13"), not a heading: /rules/{game}#CB-13 opens the page there (docs/learn.md).

import { cardEl, ensureSprite } from "../cards.js";
import { clear, h } from "../dom.js";
import { GAMES } from "../gametext.js";
import { importRules } from "../gamefiles.js";
import { addStrings, onLangChange, pickText, t } from "../i18n.js";
import { mountExample } from "../learn/example.js";
import { learnNav } from "../learn/nav.js";
import { hasLearnPages } from "../packages.js";

addStrings({
  "rules.overview": { en: "What the game is", zh: "游戏简介" },
  "rules.firstGame": { en: "Your first game in five minutes", zh: "五分钟上手" },
  "rules.firstGame.intro": {
    en: "One turn, step by step, and how a game ends. The details follow below.",
    zh: "一步步走完一个回合，再看一局怎样结束。细则见下文。",
  },
  "rules.detail": { en: "The rules in detail", zh: "详细规则" },
  "rules.detail.intro": {
    en: "Every rule ends with its number (§): follow it for a link to that rule.",
    zh: "每条规则末尾都有编号（§），点击即可得到指向这条规则的链接。",
  },
  "rules.tips": { en: "Strategy tips", zh: "策略提示" },
  "rules.ruleLink": { en: "Link to rule {id}", zh: "规则 {id} 的链接" },
});

const CONTENT = {};
// What the reader does to move on their own (a click on a § link pins again).
const UNPIN = ["wheel", "touchstart", "keydown", "mousedown"];

export async function loadContent(game) {
  if (!hasLearnPages(game)) return null;
  CONTENT[game] ??= (await importRules(game)).default;
  return CONTENT[game];
}

export function cardRow(codes, label) {
  return h(
    "div",
    { class: "rule-cards", role: "group", "aria-label": label ?? null },
    codes.map((code) => cardEl(code, { cls: "small" })),
  );
}

/** The small "§CB-13" link to a rule (its id is the element's id on this page). */
function ruleRef(id) {
  return h("a", { class: "rule-ref", href: `#${id}`, "aria-label": t("rules.ruleLink", { id }) }, `§${id}`);
}

/** Where the reader is: the first part, chapter or rule that starts in the window (or
 * below it), and how far from the top it sits. */
function readingPlace(root) {
  for (const el of root.querySelectorAll("[data-place]")) {
    const top = el.getBoundingClientRect().top;
    if (top >= -1) return { id: el.id, top };
  }
  return null;
}

export class RulesPage {
  constructor(root, app, game) {
    this.root = root;
    this.app = app;
    this.game = game;
    this.examples = [];
    // A new language redraws the page at the rule the address names (#CB-13: the language
    // switch is at the top of the page, so the reader has left it to get there), else where
    // the reader was.
    this.off = onLangChange(() => this.draw(location.hash ? null : readingPlace(this.root)));
    // The live examples load after the page is drawn and push what follows them down: until
    // the reader scrolls, taps or types, the rule jumped to stays where it was put.
    this.pinned = null;
    this.resizes = new ResizeObserver(() => this.keepPinned());
    this.resizes.observe(this.root);
    this.unpin = () => {
      this.pinned = null;
    };
    for (const type of UNPIN) window.addEventListener(type, this.unpin, { passive: true });
  }

  async start() {
    this.content = await loadContent(this.game);
    this.draw();
  }

  dispose() {
    this.off();
    this.resizes.disconnect();
    for (const type of UNPIN) window.removeEventListener(type, this.unpin);
    for (const ex of this.examples) ex.dispose?.();
  }

  draw(place = null) {
    ensureSprite();
    for (const ex of this.examples) ex.dispose?.();
    this.examples = [];
    clear(this.root);
    const title = pickText(GAMES[this.game]?.title) || this.game;
    document.title = `${t("learn.rules.title", { game: title })} · ${t("app.title")}`;
    if (!this.content) {
      this.root.append(h("section", { class: "learn-page" }, h("p", { class: "error" }, t("learn.unknown"))));
      return;
    }
    const c = this.content;
    const page = h(
      "article",
      { class: "learn-page rules-page", dataset: { game: this.game }, onclick: (e) => this.follow(e) },
      h("header", { class: "learn-head" }, h("h1", {}, t("learn.rules.title", { game: title })), learnNav(this.app, this.game, "rules")),
      this.toc(c.chapters),
      this.part("overview", t("rules.overview"), h("p", { class: "rules-overview" }, pickText(c.overview))),
      this.part("first-game", t("rules.firstGame"), this.firstGame(c.firstGame)),
      this.part("detail", t("rules.detail"), [
        h("p", { class: "rules-note" }, t("rules.detail.intro")),
        c.chapters.map((ch, i) => this.chapter(ch, i)),
      ]),
      this.part("tips", t("rules.tips"), this.tips(c.tips)),
      h(
        "p",
        { class: "learn-next" },
        h("a", { class: "btn primary", href: `/learn/${this.game}`, onclick: (e) => this.app.follow(e, `/learn/${this.game}`) }, t("learn.tryTutorial")),
      ),
    );
    this.root.append(page);
    if (place) this.restore(place);
    else if (location.hash) this.jump(decodeURIComponent(location.hash.slice(1)));
  }

  /** In-page links move within the page (the router would redraw it, examples and all). */
  follow(event) {
    const link = event.target.closest?.("a[href^='#']");
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const id = decodeURIComponent(link.getAttribute("href").slice(1));
    history.pushState({}, "", `${location.pathname}${location.search}#${encodeURIComponent(id)}`);
    this.jump(id);
  }

  /** Scrolls to the element named by id, marks it (pushState leaves :target alone) and
   * keeps it there while the examples above it load. */
  jump(id) {
    const el = document.getElementById(id);
    if (!el || !this.root.contains(el)) return;
    for (const old of this.root.querySelectorAll(".is-target")) old.classList.remove("is-target");
    el.classList.add("is-target");
    el.scrollIntoView({ block: "start" });
    this.pinned = { id, top: parseFloat(getComputedStyle(el).scrollMarginTop) || 0 };
  }

  restore(place) {
    const hash = decodeURIComponent(location.hash.slice(1));
    const marked = hash && document.getElementById(hash);
    if (marked && this.root.contains(marked)) marked.classList.add("is-target");
    this.pinned = place.id ? place : null;
    this.keepPinned();
  }

  keepPinned() {
    const el = this.pinned && document.getElementById(this.pinned.id);
    if (!el) return;
    const off = el.getBoundingClientRect().top - this.pinned.top;
    if (Math.abs(off) > 1) window.scrollBy(0, off);
  }

  toc(chapters) {
    const item = (id, label, sub = null) => h("li", {}, h("a", { href: `#${id}` }, label), sub);
    return h(
      "nav",
      { class: "rules-toc", "aria-label": t("learn.toc") },
      h(
        "ol",
        {},
        item("overview", t("rules.overview")),
        item("first-game", t("rules.firstGame")),
        item(
          "detail",
          t("rules.detail"),
          h("ol", { class: "rules-toc-chapters" }, chapters.map((ch, i) => item(`ch-${ch.id}`, `${String(i + 1).padStart(2, "0")} · ${pickText(ch.title)}`))),
        ),
        item("tips", t("rules.tips")),
      ),
    );
  }

  part(id, title, body) {
    return h(
      "section",
      { class: "rules-part", id, dataset: { part: id, place: "" }, "aria-labelledby": `${id}-h` },
      h("h2", { id: `${id}-h` }, title),
      body,
    );
  }

  firstGame(first) {
    return [
      h("p", { class: "rules-note" }, pickText(first.intro) || t("rules.firstGame.intro")),
      h(
        "ol",
        { class: "first-steps" },
        first.steps.map((s) =>
          h(
            "li",
            { class: "first-step" },
            h("p", {}, pickText(s), s.rules?.length ? [" ", h("span", { class: "rule-refs" }, s.rules.map((id) => [ruleRef(id), " "]))] : null),
            s.cards?.length ? cardRow(s.cards) : null,
          ),
        ),
      ),
    ];
  }

  tips(tips) {
    return h(
      "ul",
      { class: "rules-tips" },
      tips.map((tip) => h("li", { class: "rules-tip" }, h("strong", {}, pickText(tip.title)), " ", pickText(tip))),
    );
  }

  chapter(c, i) {
    const examples = (c.examples ?? []).map((id) => {
      const box = h("div", { class: "example-slot" });
      this.examples.push(mountExample(box, this.game, id, { level: 4 }));
      return box;
    });
    return h(
      "section",
      { class: "chapter", id: `ch-${c.id}`, dataset: { chapter: c.id, place: "" }, "aria-labelledby": `ch-${c.id}-h` },
      h("p", { class: "chapter-no" }, String(i + 1).padStart(2, "0")),
      h("h3", { id: `ch-${c.id}-h` }, pickText(c.title)),
      c.intro ? h("p", { class: "chapter-intro" }, pickText(c.intro)) : null,
      h(
        "div",
        { class: "rule-list" },
        c.rules.map((r) =>
          h(
            "div",
            { class: "rule", id: r.id, dataset: { rule: r.id, place: "" } },
            h("p", {}, h("span", { class: "rule-text" }, pickText(r)), " ", ruleRef(r.id)),
            r.cards?.length ? cardRow(r.cards) : null,
          ),
        ),
      ),
      examples,
    );
  }
}

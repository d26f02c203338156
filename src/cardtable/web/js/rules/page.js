// The rules page of a game (/rules/{game}): every rule id of the spec in words, with the
// card pictures, in chapters like the seed rules pages; each chapter ends with its live
// examples (learn/example.js), played on the server's engine.

import { cardEl, ensureSprite } from "../cards.js";
import { clear, h } from "../dom.js";
import { GAMES } from "../gametext.js";
import { importRules } from "../gamefiles.js";
import { onLangChange, pickText, t } from "../i18n.js";
import { mountExample } from "../learn/example.js";
import { learnNav } from "../learn/nav.js";
import { hasLearnPages } from "../packages.js";

const CONTENT = {};

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

export class RulesPage {
  constructor(root, app, game) {
    this.root = root;
    this.app = app;
    this.game = game;
    this.examples = [];
    this.off = onLangChange(() => this.draw());
  }

  async start() {
    this.content = await loadContent(this.game);
    this.draw();
  }

  dispose() {
    this.off();
    for (const ex of this.examples) ex.dispose?.();
  }

  draw() {
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
    const chapters = this.content.chapters;
    const toc = h(
      "nav",
      { class: "rules-toc", "aria-label": t("learn.toc") },
      h(
        "ol",
        {},
        chapters.map((c, i) =>
          h("li", {}, h("a", { href: `#ch-${c.id}` }, `${String(i + 1).padStart(2, "0")} · ${pickText(c.title)}`)),
        ),
      ),
    );
    const page = h(
      "article",
      { class: "learn-page rules-page", dataset: { game: this.game } },
      h("header", { class: "learn-head" }, h("h1", {}, t("learn.rules.title", { game: title })), learnNav(this.app, this.game, "rules")),
      toc,
      chapters.map((c, i) => this.chapter(c, i)),
      h(
        "p",
        { class: "learn-next" },
        h("a", { class: "btn primary", href: `/learn/${this.game}`, onclick: (e) => this.app.follow(e, `/learn/${this.game}`) }, t("learn.tryTutorial")),
      ),
    );
    this.root.append(page);
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }

  chapter(c, i) {
    const examples = (c.examples ?? []).map((id) => {
      const box = h("div", { class: "example-slot" });
      this.examples.push(mountExample(box, this.game, id));
      return box;
    });
    return h(
      "section",
      { class: "chapter", id: `ch-${c.id}`, dataset: { chapter: c.id }, "aria-labelledby": `ch-${c.id}-h` },
      h("p", { class: "chapter-no" }, String(i + 1).padStart(2, "0")),
      h("h2", { id: `ch-${c.id}-h` }, pickText(c.title)),
      c.intro ? h("p", { class: "chapter-intro" }, pickText(c.intro)) : null,
      h(
        "div",
        { class: "rule-list" },
        c.rules.map((r) =>
          h(
            "section",
            { class: "rule", id: r.id, dataset: { rule: r.id } },
            h("span", { class: "rule-id" }, r.id),
            h("p", { class: "rule-text" }, pickText(r)),
            r.cards?.length ? cardRow(r.cards) : null,
          ),
        ),
      ),
      examples,
    );
  }
}

// The learning pages: /rules/{game} (RulesPage), /learn/{game} (the tutorial) and
// /labs/{game} (each game's calculators, from its package).

import { ensureSprite } from "../cards.js";
import { clear, h } from "../dom.js";
import { GAMES } from "../gametext.js";
import { onLangChange, pickText, t } from "../i18n.js";
import { RulesPage } from "../rules/page.js";
import { mountExample } from "./example.js";
import { importLab } from "../gamefiles.js";
import { labFor } from "./labs.js";
import { hasLearnPages } from "../packages.js";
import { learnNav, learnRoute } from "./nav.js";
import "./strings.js";

class TutorialPage {
  constructor(root, app, game) {
    Object.assign(this, { root, app, game });
    this.off = onLangChange(() => this.draw());
  }
  start() {
    ensureSprite();
    clear(this.root);
    const title = pickText(GAMES[this.game]?.title) || this.game;
    document.title = `${t("learn.tutorial.title", { game: title })} · ${t("app.title")}`;
    this.head = h("header", { class: "learn-head" });
    this.slot = h("div", { class: "tutorial-slot" });
    this.root.append(h("article", { class: "learn-page tutorial-page", dataset: { game: this.game } }, this.head, this.slot));
    this.drawHead();
    this.example = mountExample(this.slot, this.game, "tutorial", { tutorial: true, app: this.app, level: 2 });
  }
  drawHead() {
    const title = pickText(GAMES[this.game]?.title) || this.game;
    clear(this.head).append(h("h1", {}, t("learn.tutorial.title", { game: title })), learnNav(this.app, this.game, "learn"));
  }
  draw() {
    this.drawHead();
    this.example?.draw();
  }
  dispose() {
    this.off();
    this.example?.dispose();
  }
}

class LabPage {
  constructor(root, app, game) {
    Object.assign(this, { root, app, game });
    this.off = onLangChange(() => this.start());
  }
  start() {
    ensureSprite();
    clear(this.root);
    const title = pickText(GAMES[this.game]?.title) || this.game;
    document.title = `${t("learn.lab.title", { game: title })} · ${t("app.title")}`;
    const body = h("div", { class: "lab" });
    this.root.append(
      h(
        "article",
        { class: "learn-page lab-page", dataset: { game: this.game } },
        h("header", { class: "learn-head" }, h("h1", {}, t("learn.lab.title", { game: title })), learnNav(this.app, this.game, "labs")),
        body,
      ),
    );
    this.lab?.dispose?.();
    const draw = () => (this.lab = labFor(this.game)(body, this.lab?.state));
    if (labFor(this.game)) draw();
    else importLab(this.game).then(() => body.isConnected && labFor(this.game) && draw());
  }
  draw() {}
  dispose() {
    this.off();
  }
}

/** The page object for a learning path, or null: has start(), draw(), dispose(). */
export function learnPage(root, app, path) {
  const r = learnRoute(path);
  if (!r || !hasLearnPages(r.game)) return null;
  if (r.kind === "rules") return new RulesPage(root, app, r.game);
  if (r.kind === "learn") return new TutorialPage(root, app, r.game);
  return new LabPage(root, app, r.game);
}

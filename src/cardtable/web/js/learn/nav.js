// The learning pages' routes and their shared navigation: rules, tutorial, lab, puzzles, play.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { hasLearnPages } from "../packages.js";
import "./strings.js";

/** Which learning page a path is: {kind: "rules"|"learn"|"labs", game} or null. */
export function learnRoute(path) {
  const m = path.match(/^\/(rules|learn|labs)\/([a-z]+)\/?$/);
  return m ? { kind: m[1], game: m[2] } : null;
}

export function learnNav(app, game, here) {
  const link = (kind, key) =>
    h(
      "a",
      {
        class: `learn-link ${kind === here ? "current" : ""}`,
        href: `/${kind}/${game}`,
        "aria-current": kind === here ? "page" : null,
        dataset: { kind },
        onclick: (e) => app.follow(e, `/${kind}/${game}`),
      },
      t(key),
    );
  return h(
    "nav",
    { class: "learn-nav", "aria-label": t("learn.nav") },
    link("rules", "learn.nav.rules"),
    link("learn", "learn.nav.tutorial"),
    link("labs", "learn.nav.lab"),
    link("puzzles", "learn.nav.puzzles"),
    h("a", { class: "learn-link", href: "/", onclick: (e) => app.follow(e, "/") }, t("learn.nav.play")),
  );
}

/** The home tile's links: rules, tutorial, lab, puzzles. */
export function learnLinks(app, game) {
  if (!hasLearnPages(game)) return null;
  const link = (kind, key) =>
    h("a", { class: `learn-link ${kind}`, href: `/${kind}/${game}`, dataset: { kind }, onclick: (e) => app.follow(e, `/${kind}/${game}`) }, t(key));
  return h(
    "p",
    { class: "learn-links" },
    link("rules", "learn.nav.rules"),
    link("learn", "learn.nav.tutorial"),
    link("labs", "learn.nav.lab"),
    link("puzzles", "learn.nav.puzzles"), // positions from reviews (issue 22, js/puzzles.js)
  );
}

/** On a table page: a link to the game's rules in the header (a new tab keeps the seat). */
export async function tableRulesLink(header, tableId) {
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
    const game = res.ok ? (await res.json()).game : null;
    header.querySelector(".table-rules-link")?.remove();
    if (!hasLearnPages(game) || document.body.dataset.page !== "table") return;
    const a = h("a", { class: "btn ghost table-rules-link", href: `/rules/${game}`, target: "_blank", rel: "noopener" }, t("learn.rulesLink"));
    header.querySelector(".top-tools")?.prepend(a);
  } catch {
    /* no link */
  }
}

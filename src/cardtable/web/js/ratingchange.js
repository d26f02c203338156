// Names and ratings as players read them (issue 19): a guest's name in the page's
// language, a rating on the 1500 scale with "?" while provisional, and the results' part
// of a rated table: each player's change (+12 / −9, before → after) and the replay link.
// The server sends the changes once the table is rated (the "rating" message,
// docs/architecture.md); the table keeps the last one and calls `ratingResults`.

import { h } from "./dom.js";
import { addStrings, t } from "./i18n.js";

addStrings({
  "guest.name": { en: "Guest {n}", zh: "访客 {n}" },
  "rc.title": { en: "Rating changes", zh: "等级分变化" },
  "rc.row": { en: "{before} → {after}", zh: "{before} → {after}" },
  "rc.replay": { en: "Watch the replay", zh: "观看回放" },
  "rc.provisional": { en: "provisional rating", zh: "暂定等级分" },
  "rc.seatRating": { en: "rating {rating}", zh: "等级分 {rating}" },
});

const GUEST = /^Guest (\d{4})$/; // the server's name for a guest who never chose one

/** A person's name as this page shows it: "Guest 1234" in the page's language. */
export function personName(name) {
  if (typeof name !== "string") return name;
  const guest = name.match(GUEST);
  return guest ? t("guest.name", { n: guest[1] }) : name;
}

/** "1500?" while provisional, else "1612". */
export function ratingLabel(rating, provisional) {
  return `${rating}${provisional ? "?" : ""}`;
}

/** A change as players read it: "+12", "−9" (a true minus sign), "±0". */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return "±0";
}

/** A seat's rating beside its name (a span, or null where the seat has none). */
export function seatRating(info) {
  if (typeof info?.rating !== "number") return null;
  const label = ratingLabel(info.rating, info.provisional);
  return h(
    "span",
    {
      class: "seat-rating",
      title: info.provisional ? t("rc.provisional") : t("rc.seatRating", { rating: label }),
    },
    label,
  );
}

/** The seat's rating as text ("1500?"), or "" (the lobby's one-line seat list). */
export function seatRatingText(info) {
  return typeof info?.rating === "number" ? ratingLabel(info.rating, info.provisional) : "";
}

/** The replay of table `id` from `seat` (null: a spectator's view). */
export function replayHref(id, seat) {
  return `/replay/${encodeURIComponent(id)}?seat=${seat == null ? "spectator" : seat}`;
}

/** The results' ratings and replay part for `table` (a TableView): each player's change
 * once the server sent it (a casual table, or one not rated after all, has none), and the
 * replay link on every table. */
export function ratingResults(table) {
  const msg = table.msg;
  const rated = table.ratingMessage?.changes ?? null;
  const part = h("div", { class: "rating-results", dataset: { rated: rated ? "yes" : "no" } });
  if (rated?.length) {
    part.append(
      h("h3", {}, t("rc.title")),
      h(
        "ul",
        { class: "rating-changes" },
        rated.map((c) =>
          h(
            "li",
            { dataset: { seat: String(c.seat), change: String(c.change) } },
            h("span", { class: "rc-name" }, table.seatName(c.seat)),
            " ",
            h("strong", { class: `rc-change ${c.change < 0 ? "down" : "up"}` }, signed(c.change)),
            " ",
            h(
              "span",
              { class: "rc-span" },
              t("rc.row", { before: ratingLabel(c.before, c.was_provisional), after: ratingLabel(c.after, c.provisional) }),
            ),
          ),
        ),
      ),
    );
  }
  const href = replayHref(table.id, msg?.seat ?? null);
  part.append(
    h(
      "a",
      { class: "btn ghost replay-link", href, onclick: (e) => table.app.follow(e, href) },
      t("rc.replay"),
    ),
  );
  return part;
}

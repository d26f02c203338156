// Leave and Resign (issue 8), for a person holding a seat while the game runs. Each asks
// for a confirmation that says what will happen: with two seats leaving loses the game;
// with more a bot (medium) takes the seat over and plays on, and you finish last.
// Resign is the game's concession, in the games whose rules have one (the catalog gives
// its wire form; open to either seat at any time); Leave is the server's {"type": "leave"}
// in every game. The server decides; the page then shows the
// outcome, or that a bot took the seat (the state message says `left`).

import { h } from "./dom.js";
import { addStrings, t } from "./i18n.js";
import { catalogEntry } from "./packages.js";

addStrings({
  "leave.leave": { en: "Leave", zh: "离开" },
  "leave.resign": { en: "Resign", zh: "认输" },
  "leave.confirmLeave": { en: "Yes, leave", zh: "确定离开" },
  "leave.confirmResign": { en: "Yes, resign", zh: "确定认输" },
  "leave.cancel": { en: "Stay", zh: "留下" },
  "leave.lose": {
    en: "Leave this game? With two players, leaving loses it: the other player wins.",
    zh: "离开这局？两人对局中离开即判负，对手获胜。",
  },
  "leave.bot": {
    en: "Leave this game? A bot (medium) takes your seat and plays on; you finish last.",
    zh: "离开这局？电脑（中等）接替你的座位继续，你记为最后一名。",
  },
  "leave.resignText": {
    en: "Resign? The game ends now and the other player wins.",
    zh: "认输？对局立即结束，对手获胜。",
  },
  "leave.left": {
    en: "You left this game: a bot plays your seat now. You are watching.",
    zh: "你已离开本局：电脑接替了你的座位。你现在是观战者。",
  },
});

export class SeatControls {
  constructor(table) {
    this.table = table;
    this.leaveButton = h("button", {
      type: "button",
      class: "btn ghost small",
      dataset: { control: "leave" },
      onclick: () => this.ask("leave"),
    });
    this.resignButton = h("button", {
      type: "button",
      class: "btn ghost small",
      dataset: { control: "resign" },
      onclick: () => this.ask("resign"),
    });
    this.question = h("p", { id: "leave-q", class: "leave-q" });
    this.yes = h("button", { type: "button", class: "btn danger small", onclick: () => this.confirm() });
    this.no = h("button", { type: "button", class: "btn ghost small", onclick: () => this.close() });
    this.confirmBox = h(
      "div",
      { class: "leave-confirm", role: "alertdialog", "aria-labelledby": "leave-q", hidden: true },
      this.question,
      h("div", { class: "leave-buttons" }, this.yes, this.no),
    );
    this.el = h("div", { class: "seat-controls", hidden: true }, this.resignButton, this.leaveButton);
    this.asking = null;
    this.relabel();
  }

  relabel() {
    this.leaveButton.textContent = t("leave.leave");
    this.resignButton.textContent = t("leave.resign");
    this.no.textContent = t("leave.cancel");
    if (this.asking) this.fill(this.asking);
  }

  /** Shown to a seated person while the game runs; Resign only where it is a move. */
  update(msg) {
    const seated = msg.seat != null && !msg.over;
    this.el.hidden = !seated;
    this.resignButton.hidden = !(seated && this.concession());
    if (!seated) this.close(false);
  }

  /** The wire form of this game's concession, or null. */
  concession() {
    return catalogEntry(this.table.game?.name)?.concession ?? null;
  }

  ask(what) {
    this.asking = what;
    this.fill(what);
    this.confirmBox.hidden = false;
    this.no.focus();
  }

  fill(what) {
    const players = this.table.msg?.seats?.length ?? this.table.msg?.view?.players ?? 2;
    this.question.textContent =
      what === "resign" ? t("leave.resignText") : players > 2 ? t("leave.bot") : t("leave.lose");
    this.yes.textContent = what === "resign" ? t("leave.confirmResign") : t("leave.confirmLeave");
    this.yes.dataset.control = `confirm-${what}`;
  }

  confirm() {
    const msg = this.table.msg;
    if (!msg || msg.over) return this.close();
    const sent =
      this.asking === "resign"
        ? this.table.sendMessage({ type: "act", version: msg.version, action: this.concession() })
        : this.table.sendMessage({ type: "leave" });
    if (sent) this.close(false);
  }

  close(focus = true) {
    const was = this.asking;
    this.asking = null;
    this.confirmBox.hidden = true;
    if (focus && was) (was === "resign" ? this.resignButton : this.leaveButton).focus();
  }
}

// The end of a round made clear (issue 19): after someone calls the end of a round, a banner
// says who called and whose last turns remain; and calling asks for a confirmation first,
// unless the "ask before calling" setting is off. Generic: a game says what a call is and
// who called / whose turns remain through its module's `endgame` hook, read from its view:
//   endgame: {
//     isCall(action) -> bool,           // the action is this game's call
//     callName -> {en, zh} or string,   // the call's name, as the game says it
//     lastTurns(ctx) -> null | {caller, remaining: [seat, ...]},  // in turn order
//   }

import { h } from "./dom.js";
import { actor, addStrings, joinNames, pickText, t } from "./i18n.js";
import { addSwitch, settings } from "./settings.js";

addStrings({
  "end.askSetting": { en: "Ask before calling the end of a round", zh: "宣布结束前先确认" },
  "end.ask": {
    en: "Call {call}? Your turn ends now; everyone else has one last turn, then all cards are scored.",
    zh: "宣布 {call}？你的回合立即结束；其他玩家各再走最后一回合，然后亮牌计分。",
  },
  "end.yes": { en: "Yes, call {call}", zh: "确定宣布 {call}" },
  "end.no": { en: "Not yet", zh: "暂不" },
  "end.called": {
    en: "{name} called {call}. Last turns: {names}.",
    zh: "{name} 宣布了 {call}。还剩最后回合：{names}。",
    you: { en: "You called {call}. Last turns: {names}." },
  },
  "end.calledYours": {
    en: "{name} called {call}: this is your last turn. Still to play after you: {names}.",
    zh: "{name} 宣布了 {call}：这是你的最后一回合。之后还有：{names}。",
  },
  "end.calledYoursLast": {
    en: "{name} called {call}: this is the last turn of the round, yours.",
    zh: "{name} 宣布了 {call}：这是本轮最后一回合，轮到你。",
  },
});

addSwitch({ name: "confirmCall", label: "end.askSetting", initial: true });

/** The table's end-of-round parts: the banner under the header and the confirmation in
 * the control bar. */
export class EndGame {
  constructor(table) {
    this.table = table;
    this.pending = null; // the call action waiting for a yes
    this.banner = h("p", { class: "endgame-banner", role: "status", hidden: true });
    this.question = h("p", { id: "endgame-q", class: "endgame-q" });
    this.yes = h("button", {
      type: "button",
      class: "btn danger",
      dataset: { fk: "endgame-yes" },
      onclick: () => this.confirm(),
    });
    this.no = h("button", {
      type: "button",
      class: "btn ghost",
      dataset: { fk: "endgame-no" },
      onclick: () => this.close(),
    });
    this.confirmBox = h(
      "div",
      { class: "endgame-confirm", role: "alertdialog", "aria-labelledby": "endgame-q", hidden: true },
      this.question,
      h("div", { class: "endgame-buttons" }, this.yes, this.no),
    );
  }

  hook() {
    return this.table.game?.endgame ?? null;
  }

  callName() {
    const name = this.hook()?.callName;
    return typeof name === "string" ? name : pickText(name) || "";
  }

  /** Whether `action` must wait for a yes; if so the question is shown instead. */
  intercept(action) {
    const hook = this.hook();
    if (!hook?.isCall?.(action) || settings().confirmCall === false) return false;
    this.pending = action;
    this.relabel();
    this.confirmBox.hidden = false;
    this.no.focus({ preventScroll: true });
    return true;
  }

  confirm() {
    const action = this.pending;
    this.close(false);
    if (action) this.table.send(action, { confirmed: true });
  }

  close(refocus = true) {
    this.pending = null;
    this.confirmBox.hidden = true;
    if (refocus) this.table.actions.querySelector("[data-action='call']")?.focus({ preventScroll: true });
  }

  relabel() {
    const call = this.callName();
    this.question.textContent = t("end.ask", { call });
    this.yes.textContent = t("end.yes", { call });
    this.no.textContent = t("end.no");
    this.update();
  }

  /** After every drawn state: the banner follows the view; a question whose call is no
   * longer legal (the game moved on) goes away. */
  update() {
    const table = this.table;
    const ctx = table.msg ? table.ctx() : null;
    if (this.pending && !(ctx && ctx.isLegal(this.pending))) this.close(false);
    const turns = ctx && !ctx.over ? this.hook()?.lastTurns?.(ctx) : null;
    this.banner.hidden = !turns;
    if (!turns) {
      this.banner.textContent = "";
      return;
    }
    this.banner.textContent = this.text(ctx, turns);
  }

  text(ctx, { caller, remaining }) {
    const call = this.callName();
    const name = ctx.name(caller);
    const others = remaining.filter((s) => s !== ctx.seat);
    const names = joinNames(others.map((s) => ctx.name(s)));
    if (ctx.seat != null && remaining[0] === ctx.seat && ctx.seat !== caller) {
      return others.length
        ? t("end.calledYours", { name, call, names })
        : t("end.calledYoursLast", { name, call });
    }
    return t("end.called", { ...actor(ctx, caller), call, names: joinNames(remaining.map((s) => ctx.name(s))) });
  }
}

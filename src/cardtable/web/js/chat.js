// The table's chat (issue 8): lines come as {"type": "chat", id, seat, name, text, at} from
// the socket (the recent ones again after each connect: known ids are skipped) and go out
// as {"type": "chat", text}. Everything a person wrote is shown with textContent only
// (text nodes from dom.h), never as HTML. A <details> panel: open on wide screens, closed
// on a phone, where its summary counts the unread lines.

import { h } from "./dom.js";
import { addStrings, t } from "./i18n.js";
import { personName } from "./ratingchange.js";
import { errorText } from "./refusal.js";

addStrings({
  "chat.title": { en: "Chat", zh: "聊天" },
  "chat.unread": { en: "{n} new", zh: "{n} 条新消息" },
  "chat.input": { en: "Message to the table", zh: "发给本桌的消息" },
  "chat.send": { en: "Send", zh: "发送" },
  "chat.empty": { en: "No messages yet.", zh: "还没有消息。" },
  "chat.watching": { en: "{name} (watching)", zh: "{name}（观战）" },
  "chat.tooLong": { en: "At most {n} characters.", zh: "最多 {n} 个字符。" },
  "chat.offline": { en: "Not connected: the message was not sent.", zh: "未连接：消息未发送。" },
  "chat.failed": { en: "Not sent: {msg}", zh: "未发送：{msg}" },
  "chat.slow": { en: "Not sent: too many messages. Wait {n} s.", zh: "未发送：消息太频繁，请等 {n} 秒。" },
  "chat.noName": {
    en: "Spectators chat under a name: choose one on the home page first.",
    zh: "观战者需要名字才能聊天：请先在首页设置名字。",
  },
});

export const MAX_CHAT = 300;
const KEEP = 200; // lines kept on the page
const PHONE = "(max-width: 560px)";

export class ChatPanel {
  constructor(table) {
    this.table = table;
    this.seen = new Set();
    this.unread = 0;
    this.list = h("ol", { class: "chat-list", role: "log", "aria-labelledby": "chat-h" });
    this.emptyNote = h("p", { class: "chat-empty" });
    this.input = h("input", {
      id: "chat-input",
      class: "chat-input",
      type: "text",
      maxlength: String(MAX_CHAT),
      autocomplete: "off",
      enterkeyhint: "send",
    });
    this.inputLabel = h("label", { for: "chat-input", class: "ct-sr-only" });
    this.sendButton = h("button", { type: "submit", class: "btn small" });
    this.error = h("p", { class: "chat-error", role: "alert" });
    this.form = h(
      "form",
      { class: "chat-form", onsubmit: (e) => this.submit(e) },
      this.inputLabel,
      this.input,
      this.sendButton,
    );
    this.badge = h("span", { class: "chat-unread" });
    this.heading = h("span", { id: "chat-h" });
    this.el = h(
      "details",
      { class: "chat", hidden: true },
      h("summary", { class: "chat-summary" }, this.heading, " ", this.badge),
      this.emptyNote,
      this.list,
      this.form,
      this.error,
    );
    this.el.open = !window.matchMedia?.(PHONE).matches;
    this.el.addEventListener("toggle", () => {
      if (this.el.open) this.setUnread(0);
    });
    this.relabel();
  }

  relabel() {
    this.heading.textContent = t("chat.title");
    this.inputLabel.textContent = t("chat.input");
    this.input.placeholder = t("chat.input");
    this.sendButton.textContent = t("chat.send");
    this.emptyNote.textContent = t("chat.empty");
    this.setUnread(this.unread);
    for (const li of this.list.children) li.__name && (li.querySelector(".chat-name").textContent = li.__name());
  }

  /** Chat is for tables with other people: two human seats or more, or a spectator. */
  show(msg) {
    const people = (msg.seats ?? []).filter((s) => s.kind === "human" || s.left).length;
    this.el.hidden = !(people >= 2 || msg.seat == null);
  }

  add(msg) {
    if (msg.id != null) {
      if (this.seen.has(msg.id)) return;
      this.seen.add(msg.id);
    }
    const name = () => this.speaker(msg);
    const li = h(
      "li",
      { class: "chat-line", dataset: { seat: msg.seat == null ? "" : String(msg.seat) } },
      h("span", { class: "chat-name" }, name()),
      h("span", { class: "chat-text" }, String(msg.text ?? "")),
    );
    li.__name = name;
    if (msg.at) li.title = new Date(msg.at).toLocaleTimeString();
    this.list.append(li);
    while (this.list.children.length > KEEP) this.list.firstChild.remove();
    this.emptyNote.hidden = true;
    this.list.scrollTop = this.list.scrollHeight;
    if (!this.el.open && !msg.missed) this.setUnread(this.unread + 1);
  }

  speaker(msg) {
    const me = this.table.msg?.seat;
    if (msg.seat != null && msg.seat === me) return t("seat.you");
    if (msg.seat != null) return this.table.displayName(msg.seat, msg.name);
    return t("chat.watching", { name: personName(msg.name) ?? "?" });
  }

  setUnread(n) {
    this.unread = n;
    this.badge.textContent = n ? t("chat.unread", { n }) : "";
  }

  submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    if (text.length > MAX_CHAT) {
      this.error.textContent = t("chat.tooLong", { n: MAX_CHAT });
      return;
    }
    if (!this.table.sendMessage({ type: "chat", text })) {
      this.error.textContent = t("chat.offline");
      return;
    }
    this.error.textContent = "";
    this.input.value = "";
  }

  /** An error the server answered to one of our chat lines. */
  refused(msg) {
    if (msg.code === "rate_limited") this.error.textContent = t("chat.slow", { n: msg.retry ?? 1 });
    else if (msg.code === "no_name") this.error.textContent = t("chat.noName");
    else this.error.textContent = t("chat.failed", { msg: errorText(msg) });
  }
}

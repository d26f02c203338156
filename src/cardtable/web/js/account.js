// Who you are: the header's badge (your name, linked to your profile, and the account
// page) and the account page "/account": rename; register (the guest becomes an account,
// keeping its games and ratings); sign in; sign out. Every refusal of the server is shown
// in its own words (docs/online.md "Identity").

import { currentMe, getMe, onMeChange, register, rename, signIn, signOut } from "./api.js";
import { clear, h } from "./dom.js";
import { addStrings, t } from "./i18n.js";
import { personName } from "./ratingchange.js";
import { errorText } from "./refusal.js";

addStrings({
  "acct.title": { en: "Your account", zh: "你的账户" },
  "acct.link": { en: "Account", zh: "账户" },
  "acct.signInLink": { en: "Sign in", zh: "登录" },
  "acct.guest": { en: "You play as a guest, {name}. This browser remembers you.", zh: "你以访客身份游戏：{name}。此浏览器会记住你。" },
  "acct.member": { en: "Signed in as {username} ({name}).", zh: "已登录：{username}（{name}）。" },
  "acct.name": { en: "Display name", zh: "显示名" },
  "acct.rename": { en: "Save the name", zh: "保存名字" },
  "acct.renamed": { en: "Your name is now {name}.", zh: "你的名字已改为 {name}。" },
  "acct.register": { en: "Create an account", zh: "创建账户" },
  "acct.registerDoc": {
    en: "Keeps your games and ratings across devices. User names: 3 to 20 of a-z, 0-9, _ and -; passwords: 8 characters or more.",
    zh: "在不同设备间保留你的牌局和等级分。用户名：3 到 20 个 a-z、0-9、_ 或 -；密码至少 8 个字符。",
  },
  "acct.username": { en: "User name", zh: "用户名" },
  "acct.password": { en: "Password", zh: "密码" },
  "acct.signIn": { en: "Sign in", zh: "登录" },
  "acct.signInDoc": { en: "Already have an account? Sign in on this browser.", zh: "已有账户？在此浏览器登录。" },
  "acct.signOut": { en: "Sign out", zh: "退出登录" },
  "acct.signedOut": { en: "Signed out: you are a new guest on this browser.", zh: "已退出：你在此浏览器上是新的访客。" },
  "acct.welcome": { en: "Welcome, {name}.", zh: "欢迎，{name}。" },
  "acct.profile": { en: "Your profile", zh: "你的资料" },
  "acct.failed": { en: "{msg}", zh: "{msg}" },
});

// Older importers take errorText from here; it lives in refusal.js with its words.
export { errorText };

/** The header's identity badge: the name links to the profile; then the account page. */
export function identityBadge(app) {
  const box = h("div", { class: "identity", dataset: { kind: "identity" } });
  const account = accountLink(app, "me-account");
  const draw = (me) => {
    clear(box);
    if (!me) return;
    const profile = `/players/${encodeURIComponent(me.id)}`;
    box.append(
      h(
        "a",
        { class: "me-name", href: profile, onclick: (e) => app.follow(e, profile), title: t("acct.profile") },
        personName(me.name),
      ),
      " ",
      account,
    );
  };
  draw(currentMe());
  const stop = onMeChange(draw);
  getMe().catch(() => {}); // offline: the badge stays empty, the games still work
  box.dispose = () => {
    stop();
    account.dispose();
  };
  return box;
}

/** A link to the account page, named for who you are: "Sign in" for a guest, "Account"
 * once signed in; hidden until the server has said who you are. */
export function accountLink(app, className) {
  const link = h("a", { class: `btn ghost ${className}`, href: "/account", onclick: (e) => app.follow(e, "/account") });
  const draw = (me) => {
    link.hidden = !me;
    link.textContent = me?.guest ? t("acct.signInLink") : t("acct.link");
  };
  draw(currentMe());
  link.dispose = onMeChange(draw);
  return link;
}

function form(id, fields, submitLabel, onSubmit) {
  const message = h("p", { class: "form-msg", role: "alert", id: `${id}-msg` });
  const button = h("button", { type: "submit", class: "btn primary" }, submitLabel);
  const el = h("form", { class: "acct-form", id, novalidate: true }, fields, h("div", { class: "form-actions" }, button), message);
  el.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    message.textContent = "";
    message.classList.remove("error");
    try {
      const text = await onSubmit(el);
      message.textContent = text ?? "";
    } catch (error) {
      message.textContent = t("acct.failed", { msg: errorText(error) });
      message.classList.add("error");
    } finally {
      button.disabled = false;
    }
  });
  return el;
}

function input(formId, name, label, attrs = {}) {
  const id = `${formId}-${name}`;
  return h("div", { class: "field" }, h("label", { for: id }, label), h("input", { id, name, ...attrs }));
}

export class AccountPage {
  constructor(root, app) {
    this.root = root;
    this.app = app;
  }

  async start() {
    document.title = `${t("acct.title")} · ${t("app.title")}`;
    clear(this.root);
    this.root.append(h("section", { class: "home account" }, h("h1", {}, t("acct.title")), h("p", { role: "status" }, "…")));
    try {
      await getMe();
    } catch (error) {
      clear(this.root);
      this.root.append(h("section", { class: "home account" }, h("p", { class: "error" }, errorText(error))));
      return;
    }
    this.draw();
  }

  draw(notice = "") {
    const me = currentMe();
    if (!me) return;
    clear(this.root);
    const status = h(
      "p",
      { class: "acct-status", role: "status" },
      me.guest ? t("acct.guest", { name: personName(me.name) }) : t("acct.member", { username: me.username, name: me.name }),
    );
    const profile = `/players/${encodeURIComponent(me.id)}`;
    const renameForm = form(
      "acct-rename",
      input("acct-rename", "name", t("acct.name"), { value: me.name, maxlength: 24, autocomplete: "nickname" }),
      t("acct.rename"),
      async (f) => {
        const next = await rename(f.elements.name.value);
        this.draw(t("acct.renamed", { name: next.name }));
      },
    );
    const section = h(
      "section",
      { class: "home account" },
      h("h1", {}, t("acct.title")),
      status,
      notice ? h("p", { class: "acct-notice", role: "status" }, notice) : null,
      h("p", {}, h("a", { href: profile, onclick: (e) => this.app.follow(e, profile) }, t("acct.profile"))),
      h("h2", {}, t("acct.name")),
      renameForm,
    );
    if (me.guest) {
      section.append(
        h("h2", {}, t("acct.register")),
        h("p", { class: "opt-doc" }, t("acct.registerDoc")),
        form(
          "acct-register",
          [
            input("acct-register", "username", t("acct.username"), { autocomplete: "username", maxlength: 20 }),
            input("acct-register", "password", t("acct.password"), { type: "password", autocomplete: "new-password" }),
          ],
          t("acct.register"),
          async (f) => {
            const next = await register(f.elements.username.value, f.elements.password.value);
            this.draw(t("acct.welcome", { name: next.username }));
          },
        ),
        h("h2", {}, t("acct.signIn")),
        h("p", { class: "opt-doc" }, t("acct.signInDoc")),
        form(
          "acct-signin",
          [
            input("acct-signin", "username", t("acct.username"), { autocomplete: "username", maxlength: 20 }),
            input("acct-signin", "password", t("acct.password"), { type: "password", autocomplete: "current-password" }),
          ],
          t("acct.signIn"),
          async (f) => {
            const next = await signIn(f.elements.username.value, f.elements.password.value);
            this.draw(t("acct.welcome", { name: next.name }));
          },
        ),
      );
    } else {
      section.append(
        form("acct-signout", [], t("acct.signOut"), async () => {
          await signOut();
          this.draw(t("acct.signedOut"));
        }),
      );
    }
    this.root.append(section);
  }

  dispose() {}
}

"""Issue 19: a rules page per game written as a player reads it — what the game is, a first
game in five minutes, the rules in detail, strategy tips — in English and Chinese; every rule
id of docs/rules/<game>.md a small anchor (/rules/<game>#CB-13 opens the page there, a switch
of language keeps the place); headings that never skip a level; the header's guest name in
the reader's language."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable import games

from .conftest import DESKTOP, PHONE
from .layout import assert_fits

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["cambio", "cabo", "gandengyan", "caravan"]
PARTS = ["overview", "first-game", "detail", "tips"]
TITLES = {
    "en": [
        "What the game is",
        "Your first game in five minutes",
        "The rules in detail",
        "Strategy tips",
    ],
    "zh-CN": ["游戏简介", "五分钟上手", "详细规则", "策略提示"],
}
# The first rule of each page's last chapter: the live examples above it load after the jump.
TARGET = {"cambio": "CB-30", "cabo": "CA-12", "gandengyan": "GD-15", "caravan": "CV-18"}
WAIT = 30_000  # ms: the machine is shared

# Every example on the page has answered (they load after the page and push it down).
SETTLED_JS = """() => {
  const slots = document.querySelectorAll('.example-slot').length;
  return slots > 0 && document.querySelectorAll(".example[data-settled='1']").length === slots;
}"""

HEADINGS_JS = """() => [...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')]
  .map((e) => Number(e.tagName[1]))"""

PAGE_JS = """() => ({
  parts: [...document.querySelectorAll('.rules-part')].map((s) => s.id),
  titles: [...document.querySelectorAll('.rules-part > h2')].map((e) => e.textContent.trim()),
  overview: document.querySelector('#overview .rules-overview').textContent.trim(),
  steps: [...document.querySelectorAll('#first-game .first-step')].map((li) => ({
    text: li.querySelector('p').textContent.trim(),
    cards: li.querySelectorAll('.card').length,
  })),
  chapters: document.querySelectorAll('#detail .chapter').length,
  rules: [...document.querySelectorAll('#detail .rule .rule-text')].map((e) => e.textContent.trim()),
  tips: [...document.querySelectorAll('#tips .rules-tip')].map((e) => e.textContent.trim()),
})"""


def spec_rule_ids(game: str) -> list[str]:
    """The rule ids of the rules' text of record, in its order."""
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    return re.findall(r"^- ([A-Z]{2}-\d+) ", text, flags=re.MULTILINE)


def has_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def top_of(page: Any, rule_id: str) -> float:
    return float(
        page.evaluate("id => document.getElementById(id).getBoundingClientRect().top", rule_id)
    )


def assert_at_top(page: Any, rule_id: str) -> None:
    """The rule is the first thing in the window (the top quarter of it)."""
    height = page.evaluate("window.innerHeight")
    top = top_of(page, rule_id)
    assert 0 <= top <= height / 4, (rule_id, top, height)


def assert_reads_in(page: Any, lang: str) -> dict[str, Any]:
    shown: dict[str, Any] = page.evaluate(PAGE_JS)
    assert shown["parts"] == PARTS
    assert shown["titles"] == TITLES[lang]
    assert shown["overview"].count("." if lang == "en" else "。") >= 2  # a few sentences
    assert len(shown["steps"]) >= 4 and any(s["cards"] for s in shown["steps"])
    assert 5 <= len(shown["tips"]) <= 8
    assert shown["chapters"] >= 4
    texts = [
        shown["overview"],
        *(s["text"] for s in shown["steps"]),
        *shown["tips"],
        *shown["rules"],
    ]
    assert all(texts)
    if lang == "zh-CN":
        assert all(has_cjk(t) for t in texts), [t for t in texts if not has_cjk(t)]
    return shown


def assert_headings_do_not_skip(page: Any) -> None:
    levels: list[int] = page.evaluate(HEADINGS_JS)
    assert levels[0] == 1 and levels.count(1) == 1, levels
    for before, level in itertools.pairwise(levels):
        assert level <= before + 1, levels


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_reads_as_a_player_reads_it_in_both_languages(live_server, page_factory, game):
    ids = spec_rule_ids(game)
    assert sorted(ids) == sorted(games.game_class(game).RULE_IDS)  # the spec and the engine agree
    page = page_factory(DESKTOP, locale="en-US")
    target = TARGET[game]
    page.goto(f"{live_server.url}/rules/{game}#{target}")
    page.wait_for_function(SETTLED_JS, timeout=WAIT)
    en = assert_reads_in(page, "en")
    assert_headings_do_not_skip(page)
    assert_at_top(page, target)
    assert page.locator(f"#{target}").get_attribute("class") == "rule is-target"

    # Every rule id of the spec is an element's id, with its small link at the end of the
    # rule (not a heading); the link is the id itself.
    anchors = page.evaluate(
        """() => [...document.querySelectorAll('#detail .rule')].map((r) => ({
          id: r.id, rule: r.dataset.rule, href: r.querySelector('a.rule-ref').getAttribute('href'),
          label: r.querySelector('a.rule-ref').textContent, last: r.querySelector('p').lastElementChild.className,
          heading: r.querySelector('h1, h2, h3, h4, h5, h6') !== null }))"""
    )
    assert [a["id"] for a in anchors] == ids
    for a in anchors:
        assert a["rule"] == a["id"] and a["href"] == f"#{a['id']}" and a["label"] == f"§{a['id']}"
        assert a["last"] == "rule-ref" and not a["heading"], a

    # Switching language keeps the address and the place, and the page reads in Chinese.
    page.locator("#lang-switch").click()
    page.wait_for_function("document.documentElement.lang === 'zh-CN'")
    page.wait_for_function(SETTLED_JS, timeout=WAIT)
    assert page.evaluate("location.hash") == f"#{target}"
    zh = assert_reads_in(page, "zh-CN")
    assert_headings_do_not_skip(page)
    assert_at_top(page, target)
    # The same page, told again in Chinese (not left in English).
    assert len(zh["tips"]) == len(en["tips"]) and len(zh["steps"]) == len(en["steps"])
    assert zh["overview"] != en["overview"] and not set(zh["tips"]) & set(en["tips"])


def test_a_rule_link_moves_within_the_page_and_a_phone_opens_at_the_rule(live_server, page_factory):
    page = page_factory(DESKTOP, locale="en-US")
    page.goto(f"{live_server.url}/rules/cambio")
    page.wait_for_function(SETTLED_JS, timeout=WAIT)
    # A mark on the page shows whether the router drew it again (examples and all).
    page.evaluate("document.querySelector('.rules-page').dataset.mark = 'kept'")
    page.locator("#CB-20 a.rule-ref").click()
    page.wait_for_function("location.hash === '#CB-20'")
    assert page.locator(".rules-page").get_attribute("data-mark") == "kept"
    assert_at_top(page, "CB-20")
    assert page.locator(".is-target").evaluate_all("els => els.map((e) => e.id)") == ["CB-20"]
    # A step of the first game links to the rules it touches.
    page.locator("#first-game a.rule-ref[href='#CB-30']").click()
    page.wait_for_function("location.hash === '#CB-30'")
    assert_at_top(page, "CB-30")
    # Back goes to the rule before.
    page.go_back()
    page.wait_for_function("location.hash === '#CB-20'")
    page.wait_for_function(SETTLED_JS, timeout=WAIT)
    assert_at_top(page, "CB-20")

    phone = page_factory(PHONE, locale="zh-CN")
    phone.goto(f"{live_server.url}/rules/caravan#CV-18")
    phone.wait_for_function(SETTLED_JS, timeout=WAIT)
    assert_at_top(phone, "CV-18")
    assert_fits(phone, "/rules/caravan#CV-18 zh-CN")


def test_the_header_names_a_guest_in_the_readers_language(live_server, page_factory):
    for locale, word in (("en-US", "Guest"), ("zh-CN", "访客")):
        page = page_factory(DESKTOP, locale=locale)
        page.goto(f"{live_server.url}/rules/gandengyan")
        name = page.locator("#top .identity .me-name")
        name.wait_for()
        server_name = page.evaluate("fetch('/api/me').then((r) => r.json())")["name"]
        digits = re.fullmatch(r"Guest (\d{4})", server_name)
        assert digits, server_name
        assert name.inner_text().strip() == f"{word} {digits[1]}"

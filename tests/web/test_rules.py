"""Issue 7: a rules page per game renders in both languages with every rule id's section,
and is linked from the home page."""

from __future__ import annotations

import pytest

from cardtable import games

from .conftest import DESKTOP

GAMES = ["cambio", "cabo", "gandengyan", "caravan"]


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_has_every_rule_in_both_languages(live_server, page_factory, artifacts, game):
    rule_ids = list(games.game_class(game).RULE_IDS)
    for locale, lang in (("en-US", "en"), ("zh-CN", "zh-CN")):
        page = page_factory(DESKTOP, locale=locale)
        page.goto(f"{live_server.url}/rules/{game}")
        page.wait_for_selector(f".rule[data-rule='{rule_ids[-1]}']")
        assert page.evaluate("document.documentElement.lang") == lang
        shown = page.eval_on_selector_all(".rule", "els => els.map(e => e.dataset.rule)")
        assert sorted(shown) == sorted(rule_ids)
        texts = page.eval_on_selector_all(".rule-text", "els => els.map(e => e.textContent)")
        assert all(t.strip() for t in texts)
        if lang == "zh-CN":
            assert all(any("\u4e00" <= ch <= "\u9fff" for ch in t) for t in texts)
        page.screenshot(path=str(artifacts / f"rules-{game}-{lang}.png"))


def test_rules_linked_from_home_and_language_switch(live_server, page_factory):
    page = page_factory(DESKTOP)
    page.goto(live_server.url + "/")
    page.locator(".game-tile[data-game='caravan'] a[data-kind='rules']").click()
    page.wait_for_selector(".rule[data-rule='CV-22']")
    before = page.locator(".rule[data-rule='CV-8'] .rule-text").text_content()
    page.locator("#lang-switch").click()
    page.wait_for_function("document.documentElement.lang === 'zh-CN'")
    after = page.locator(".rule[data-rule='CV-8'] .rule-text").text_content()
    assert before != after and "路线" in after

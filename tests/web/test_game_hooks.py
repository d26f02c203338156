"""Issue 21 in the browser: the shell names no game, yet what a game adds to it from its
package is on every page: Cabo's numbered cards on the home page (its deck, registered by
its package's module) and its memory-aid switch in the header's settings menu, in both
languages."""

from __future__ import annotations

from typing import Any

from .conftest import DESKTOP

WAIT = 30_000  # ms: generous, the machine is busy


def test_a_games_cards_and_settings_come_from_its_package(
    live_server: Any, page_factory: Any
) -> None:
    for locale, label in (("en-US", "Memory aid in Cabo"), ("zh-CN", "卡波记忆辅助")):
        page = page_factory(DESKTOP, locale=locale)
        page.goto(f"{live_server.url}/")
        cabo = page.locator(".game-tile[data-game='cabo'] .fan .card")
        cabo.first.wait_for(timeout=WAIT)
        # The catalog's sample cards, drawn as Cabo's own faces, with the deck's class.
        assert [c.get_attribute("data-code") for c in cabo.all()] == ["0", "7", "11", "13"]
        assert cabo.first.locator("svg.cabo").count() == 1
        page.locator("#top .settings > summary").click()
        switch = page.locator("#top .settings-panel label", has_text=label)
        switch.wait_for(timeout=WAIT)
        box = page.locator("#set-memoryAid")
        assert box.is_checked()
        box.uncheck()
        stored = page.evaluate("() => JSON.parse(localStorage.getItem('cardtable.settings'))")
        assert stored["memoryAid"] is False

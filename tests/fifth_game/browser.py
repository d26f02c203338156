"""A person at High card's table in Chromium, in a process of its own: it starts a game
from the home page's High card tile against a random bot, as a person would, clicks the
first card of the hand the package's renderer offers, and prints what the page then
showed as JSON.

Its own process because Playwright's sync API runs one instance per thread: the browser
tests' session-wide one (tests/web/conftest.py) may be running in the same pytest worker.

``python -m tests.fifth_game.browser URL``"""

from __future__ import annotations

import json
import sys

from playwright.sync_api import sync_playwright

from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, new_page
from tests.web.driver import open_home, start_game


def play_a_card(url: str) -> dict[str, object]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = new_page(browser, DESKTOP)
            open_home(page, url)
            table = start_game(page, "highcard", levels=["random"])
            page.wait_for_selector(".table-page.my-turn .my-hand .target")
            before = int(page.locator(".table-page").get_attribute("data-version") or -1)
            card = page.locator(".my-hand .target").first
            label = card.aria_snapshot()  # its role and spoken name
            card.click()
            page.wait_for_function(
                "v => Number(document.querySelector('.table-page').dataset.version) > v", arg=before
            )
            page.wait_for_selector(".log-list li")
            return {
                "table": table,
                "before": before,
                "after": int(page.locator(".table-page").get_attribute("data-version") or -1),
                "clicked": label,
                "log": page.locator(".log-list").inner_text(),
                "errors": page.errors,  # type: ignore[attr-defined]
            }
        finally:
            browser.close()


if __name__ == "__main__":
    print(json.dumps(play_a_card(sys.argv[1])))

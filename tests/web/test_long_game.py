"""Issue 18, item 2, in a real browser: the page of a long game (a 4-seat Gan Deng Yan
match, thousands of events, more than a connection's outbox holds) opens on its board and
prompt, for the seat to act and for a spectator, instead of "Connection lost —
reconnecting…" for ever. The log says that the earlier moves are not in it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..server.longtable import store_long_table
from .conftest import DESKTOP
from .test_table_online import sit


def shown_version(page: Any) -> int:
    return int(page.locator(".table-page").get_attribute("data-version"))


def test_a_long_game_opens_on_its_board_and_prompt(
    live_server: Any, page_factory: Any, artifacts: Path
) -> None:
    long = store_long_table(f"sqlite:///{live_server.folder / 'cardtable.db'}")
    seat = page_factory(DESKTOP)
    ticket = {"id": long.id, "seat": 0, "token": long.tokens[0]}
    sit(seat, live_server, ticket, "gandengyan")
    assert shown_version(seat) == long.version
    seat.locator(".table-page.my-turn").wait_for()
    hand = seat.locator(".my-hand .card")
    assert hand.count() == len(long.views[0]["hand"])
    assert seat.locator("#prompt").text_content().strip()
    assert seat.locator(".actions button").count() >= 1
    assert "earlier moves are not in this log" in seat.locator(".log-list").text_content()
    seat.screenshot(path=str(artifacts / "long-game-seat.png"))

    watcher = page_factory(DESKTOP)
    watcher.goto(f"{live_server.url}/table/{long.id}")
    watcher.wait_for_selector(".table-page[data-version]")
    assert shown_version(watcher) == long.version
    assert watcher.locator(".board .opponents").count() == 1
    assert watcher.locator(".my-hand").count() == 0  # a spectator holds no hand
    assert watcher.locator("#prompt").text_content().strip()

    # Still connected: no reconnection banner, and nobody went offline meanwhile.
    for page in (seat, watcher):
        page.wait_for_timeout(1500)
        assert page.locator(".table-page.offline").count() == 0
        banner = page.locator(".banner")
        assert banner.is_hidden() or "Connection lost" not in banner.text_content()

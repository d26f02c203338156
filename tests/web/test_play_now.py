"""Issue 19: Play now in the browser. Two people (two browser contexts, one in English on a
390 px phone, one in Chinese) press Play now on Cambio and land on the same table; the
second saw the first one's seek in the lobby as it was made (the seeks are pushed, never
polled), and the lobby's rows say bots by their level in words."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from .conftest import DESKTOP, PHONE
from .driver import post
from .layout import assert_fits

SEEK_WAIT_MS = 20_000


def summary(server: Any, table_id: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}") as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def test_two_people_press_play_now_and_sit_at_one_table(live_server, page_factory, artifacts):
    # A table with a free seat, a person and a medium bot: the lobby names the bot in words.
    table = post(
        live_server,
        "/api/tables",
        {"game": "cambio", "options": {"players": 3}, "seats": ["human", "human", "bot:medium"]},
    )
    alice = page_factory(PHONE, locale="en-US")
    bob = page_factory(DESKTOP, locale="zh-CN")
    for page in (alice, bob):
        page.goto(f"{live_server.url}/lobby")
        page.locator(f"[data-list='open'] li[data-table='{table['id']}']").wait_for()
    alice_row = alice.locator(f"[data-list='open'] li[data-table='{table['id']}']").inner_text()
    bob_row = bob.locator(f"[data-list='open'] li[data-table='{table['id']}']").inner_text()
    assert "Bot (medium)" in alice_row and "bot:" not in alice_row, alice_row
    assert "free seat" in alice_row and "standard rules" in alice_row, alice_row
    assert "no clock" in alice_row and "casual" in alice_row, alice_row
    assert "机器人（中等）" in bob_row and "空位" in bob_row and "娱乐" in bob_row, bob_row
    assert_fits(alice, "lobby 390 px", artifacts)

    alice.locator("button[data-seek-game='cambio']").click()
    waiting = alice.locator(".seek-waiting")
    waiting.wait_for()
    assert "Looking for an opponent: Cambio, 5+5" in waiting.inner_text()
    seek_id = waiting.get_attribute("data-seek")
    # Bob's lobby shows it at once: the list is pushed (the tables are polled, seeks never).
    listed = bob.locator(f"[data-list='seeks'] li[data-seek-id='{seek_id}']")
    listed.wait_for(timeout=SEEK_WAIT_MS)
    assert "5+5" in listed.inner_text() and "娱乐" in listed.inner_text()
    assert_fits(alice, "lobby with a seek 390 px", artifacts)
    alice.set_viewport_size({"width": 320, "height": 700})
    assert_fits(alice, "lobby with a seek 320 px", artifacts)
    alice.set_viewport_size(PHONE)
    alice.screenshot(path=str(artifacts / "play-now-phone-en.png"), full_page=True)
    bob.screenshot(path=str(artifacts / "play-now-desktop-zh.png"), full_page=True)

    # A reload finds the seek again (kept by the tab; the server waits a few seconds for it).
    alice.reload()
    alice.locator(f".seek-waiting[data-seek='{seek_id}']").wait_for()
    bob_button = bob.locator("button[data-seek-game='cambio']")
    assert bob_button.inner_text().startswith("立即开始")
    bob_button.click()
    bob.wait_for_url("**/table/*")
    alice.wait_for_url("**/table/*", timeout=SEEK_WAIT_MS)
    table_id = bob.url.rsplit("/", 1)[-1]
    assert alice.url.rsplit("/", 1)[-1] == table_id
    made = summary(live_server, table_id)
    assert made["game"] == "cambio" and made["players"] == 2
    assert made["clock"] == {"kind": "timed", "bank": 300.0, "increment": 5.0}
    assert [s["claimed"] for s in made["seats"]] == [True, True]
    # Each page holds its own seat (its token, kept like a created table's).
    seats = [
        page.evaluate(f"JSON.parse(localStorage.getItem('cardtable.tables'))['{table_id}'].seat")
        for page in (alice, bob)
    ]
    assert seats == [0, 1]
    # The seek is gone from every lobby.
    with urllib.request.urlopen(f"{live_server.url}/api/seeks") as answer:
        assert json.load(answer)["seeks"] == []

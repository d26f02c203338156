"""Issue 19 in a real browser: two people (one reading English, one Chinese, both on a
390-pixel phone) play a turn-based Caravan over "days" on a server whose clock the test
moves (CARDTABLE_TEST_CLOCK=1): the new-game form offers the pace, the lobby shows it, a
move is made, the next player reloads, most of a day passes (less than the limit), their
move is still accepted; the page title says whose turn it is, and the home page lists the
table waiting on you."""

from __future__ import annotations

import json
import os
import random
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import PHONE, LiveServer
from .driver import click, get_json, offered, open_details, open_home
from .layout import assert_fits

DAY = 24 * 3600
TITLE = {"en-US": "(Your turn)", "zh-CN": "（轮到你）"}
PACE = {"en-US": "turn-based: 1 d a move", "zh-CN": "回合制：每步 1 天"}
HEADING = {"en-US": "Your turn", "zh-CN": "轮到你了"}


@pytest.fixture(scope="module")
def clocked_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of its own, its time moved by the test (the session's runs on real time)."""
    before = os.environ.get("CARDTABLE_TEST_CLOCK")
    os.environ["CARDTABLE_TEST_CLOCK"] = "1"
    try:
        server = LiveServer(tmp_path_factory.mktemp("turn-based")).start()
    finally:
        if before is None:
            del os.environ["CARDTABLE_TEST_CLOCK"]
        else:
            os.environ["CARDTABLE_TEST_CLOCK"] = before
    yield server
    server.stop()
    assert "Traceback" not in server.log(), server.log()


def advance(server: LiveServer, seconds: float) -> None:
    request = urllib.request.Request(
        f"{server.url}/api/test/clock",
        data=json.dumps({"seconds": seconds}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as answer:
        assert answer.status == 200


def version(page: Any) -> int:
    return int(page.locator(".table-page").get_attribute("data-version"))


MOVED_OR_SETTLED_JS = """v => {
  const t = document.querySelector('.table-page');
  return Number(t.dataset.version) > v || t.dataset.settled === '1';
}"""


def move(page: Any, seed: int) -> None:
    """Makes one move by clicking what the table offers, as a person would (a card, then
    where it goes), until the table's version moves on: the server accepted it."""
    page.wait_for_selector(".table-page.my-turn[data-settled='1']")
    start = version(page)
    rng = random.Random(seed)
    for _ in range(40):
        options = offered(page)
        assert options, "my turn, but nothing to click"
        click(*rng.choice(options))
        page.wait_for_function(MOVED_OR_SETTLED_JS, arg=start)
        if version(page) > start:
            return
    raise AssertionError("forty clicks and no move")


def title_says_my_turn(page: Any, locale: str) -> None:
    page.wait_for_function("p => document.title.startsWith(p)", arg=TITLE[locale])


def test_a_turn_based_game_over_days(
    clocked_server: LiveServer, page_factory: Any, artifacts: Path
) -> None:
    server = clocked_server
    people = {
        "en-US": page_factory(PHONE, locale="en-US"),
        "zh-CN": page_factory(PHONE, locale="zh-CN"),
    }
    host, guest = people["en-US"], people["zh-CN"]

    # The host makes a turn-based table in the new-game form: a person in seat 1, a day a move.
    open_home(host, server.url)
    host.locator("#top .identity .me-name").wait_for()  # the guest identity (its cookie)
    tile = host.locator(".game-tile[data-game='caravan']")
    open_details(tile.locator(".new-game"))
    tile.locator("select[name='seat1']").select_option("human")
    tile.locator("select[name='clock']").select_option("turn")
    assert tile.locator("select[name='turn']").input_value() == str(DAY)
    tile.locator("button.start").click()
    host.wait_for_url("**/table/**")
    table_id = host.url.rstrip("/").split("/")[-1].split("?")[0]
    summary = get_json(server, f"/api/tables/{table_id}")
    assert summary["pace"] == "turn-based" and summary["clock"] == {"kind": "turn", "move": DAY}

    # The guest finds it in the lobby, its pace shown in Chinese, and joins.
    guest.goto(f"{server.url}/lobby")
    row = guest.locator(f".lobby-list li[data-table='{table_id}']")
    row.wait_for()
    assert PACE["zh-CN"] in row.text_content()
    assert_fits(guest, "lobby zh 390", artifacts)
    row.locator("button").click()
    guest.wait_for_url(f"**/table/{table_id}**")

    seats = {0: ("en-US", host), 1: ("zh-CN", guest)}
    (first,) = get_json(server, f"/api/tables/{table_id}")["to_act"]
    first_locale, first_page = seats[first]
    second_locale, second_page = seats[1 - first]
    for page in (host, guest):
        page.wait_for_selector(".clocks .clock-setting")
    assert "1 d" in host.locator(".clock-setting").text_content()
    title_says_my_turn(first_page, first_locale)
    assert not second_page.title().startswith(TITLE[second_locale])
    move(first_page, 1)
    title_says_my_turn(second_page, second_locale)

    # The next player comes back after a reload, most of a day later: still their move.
    second_page.reload()
    second_page.wait_for_selector(".table-page.my-turn[data-settled='1']")
    advance(server, 20 * 3600)
    second_page.reload()
    second_page.wait_for_selector(".table-page.my-turn[data-settled='1']")
    left = second_page.locator(".clock-seat.running .clock-time").text_content()
    assert left.startswith(("4 h", "3 h 59", "4 小时", "3 小时 59")), left
    title_says_my_turn(second_page, second_locale)
    before = version(second_page)
    move(second_page, 2)
    assert get_json(server, f"/api/tables/{table_id}")["version"] > before
    assert get_json(server, f"/api/tables/{table_id}")["status"] == "playing"

    # The first player's home page lists the table waiting on them; the title says it.
    open_home(first_page, server.url)
    listed = first_page.locator(f".my-turns li[data-table='{table_id}']")
    listed.wait_for()
    assert first_page.locator(".my-turns h2").text_content() == HEADING[first_locale]
    title_says_my_turn(first_page, first_locale)
    assert_fits(first_page, f"home with your turn {first_locale}", artifacts)
    first_page.screenshot(path=str(artifacts / "turn-based-home.png"))
    # The other's home page lists nothing: it is not their turn.
    open_home(second_page, server.url)
    second_page.wait_for_load_state("networkidle")
    assert second_page.locator(".my-turns").is_hidden()
    assert not second_page.title().startswith(TITLE[second_locale])
    listed.locator("a").click()
    first_page.wait_for_selector(".table-page.my-turn[data-settled='1']")
    for page in people.values():
        assert not page.errors, page.errors

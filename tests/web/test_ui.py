"""The parts around the games: the language switch, the new-game form, a bad click
explained, keyboard play, reconnection and reload, server errors in words, the
four-colour option."""

from __future__ import annotations

import json
import re
import urllib.request

from .conftest import DESKTOP, PHONE
from .driver import open_home, start_game, wait_settled


def table_id(page) -> str:
    match = re.search(r"/table/([^/?#]+)", page.url)
    assert match, page.url
    return match.group(1)


def summary(server, page) -> dict:
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id(page)}") as answer:
        return json.load(answer)


def test_language_is_chosen_switched_and_remembered(live_server, page_factory, artifacts):
    page = page_factory(DESKTOP, locale="en-US")
    open_home(page, live_server.url)
    assert page.locator("h1").inner_text() == "Choose a game"
    assert page.evaluate("document.documentElement.lang") == "en"
    page.locator("#lang-switch").click()
    assert page.locator("h1").inner_text() == "选择游戏"
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    assert page.locator(".game-tile[data-game='gandengyan'] h2").inner_text() == "干瞪眼"
    page.screenshot(path=str(artifacts / "home-zh-desktop.png"), full_page=True)
    # Remembered across a reload.
    page.reload()
    page.wait_for_selector(".game-tile")
    assert page.locator("h1").inner_text() == "选择游戏"
    # The table speaks it too, and switches back live.
    start_game(page, "cambio", players=2, levels=["random"])
    wait_settled(page)
    assert "抽牌" in page.locator(".actions").inner_text()
    assert page.locator(".turn-badge").inner_text() == "轮到你了"
    page.screenshot(path=str(artifacts / "cambio-zh-desktop.png"), full_page=True)
    page.locator("#lang-switch").click()
    assert "Draw" in page.locator(".actions").inner_text()
    assert page.locator(".turn-badge").inner_text() == "Your turn"


def test_a_chinese_browser_gets_chinese(live_server, page_factory, artifacts):
    page = page_factory(PHONE, locale="zh-CN")
    open_home(page, live_server.url)
    assert page.locator("h1").inner_text() == "选择游戏"
    page.screenshot(path=str(artifacts / "home-zh-phone.png"), full_page=True)


def test_new_game_form_is_built_from_the_server_listing(live_server, page_factory, artifacts):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    with urllib.request.urlopen(f"{live_server.url}/api/games") as answer:
        listing = {g["name"]: g for g in json.load(answer)}
    tile = page.locator(".game-tile[data-game='cambio']")
    tile.locator(".new-game > summary").click()
    counts = tile.locator("select[name='players'] option").all_inner_texts()
    low, high = listing["cambio"]["players"]["min"], listing["cambio"]["players"]["max"]
    assert counts == [str(n) for n in range(low, high + 1)]
    # One level chooser per bot seat, following the player count.
    tile.locator("select[name='players']").select_option("5")
    assert tile.locator(".seat-list select").count() == 4
    tile.locator("select[name='players']").select_option("3")
    assert tile.locator(".seat-list select").count() == 2
    levels = tile.locator("select[name='seat1'] option").evaluate_all("os => os.map(o => o.value)")
    # A seat is a bot of a level, or open for a person ("human"; online play).
    assert set(levels) <= {"human", "random", "easy", "medium", "hard"}
    assert "random" in levels and "hard" in levels
    # Every variant option is there with its one-line explanation.
    tile.locator("details.variants > summary").click()
    for option in listing["cambio"]["options"]:
        if option["name"] == "players":
            continue
        control = tile.locator(f"#ng-cambio-{option['name']}")
        assert control.count() == 1, option["name"]
        doc = tile.locator(f"#ng-cambio-{option['name']}-doc")
        assert doc.inner_text().strip(), option["name"]
    tile.screenshot(path=str(artifacts / "form-cambio-en.png"))
    # ... in Chinese as well.
    page.locator("#lang-switch").click()
    tile = page.locator(".game-tile[data-game='cambio']")
    assert (
        tile.locator("#ng-cambio-snap-doc").inner_text() == "何时可以翻开与弃牌堆顶同点的牌并弃掉"
    )
    tile.screenshot(path=str(artifacts / "form-cambio-zh.png"))
    page.locator("#lang-switch").click()
    # The chosen options reach the server.
    start_game(
        page,
        "cambio",
        players=3,
        levels=["random", "hard"],
        options={
            "initial_peek": "Choose two",
            "snap": "Off",
            "memory_aid": False,
        },
    )
    info = summary(live_server, page)
    assert info["options"]["initial_peek"] == "choose_two"
    assert info["options"]["snap"] == "off"
    assert info["options"]["memory_aid"] is False
    assert [s.get("bot") for s in info["seats"]] == [None, "random", "hard"]
    wait_settled(page)
    assert "Look at 2 of your cards" in page.locator(".prompt-text").inner_text()
    assert page.locator(".actions [data-action='snap']").count() == 0


def test_a_bad_click_is_explained(live_server, page_factory, artifacts):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    start_game(page, "cambio", players=2, levels=["random"])
    wait_settled(page)
    # Before drawing, an opponent's card is no move: the table says why.
    page.locator(".opponents .card").first.click()
    hint = page.locator(".hint")
    assert hint.is_visible()
    assert "Draw a card first" in hint.inner_text()
    page.screenshot(path=str(artifacts / "bad-click-desktop.png"))
    # After drawing, only my own slots take the card.
    page.locator(".actions [data-action='draw']").click()
    wait_settled(page)
    page.locator(".opponents .card").first.click()
    assert "your own slots" in hint.inner_text()
    page.locator(".pile.deck .card").click()
    assert "already drawn" in hint.inner_text()
    # And in Chinese.
    page.locator("#lang-switch").click()
    page.locator(".opponents .card").first.click()
    assert "只能换进你自己的牌位" in hint.inner_text()


def test_keyboard_alone_plays_a_turn(live_server, page_factory):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    start_game(page, "cambio", players=2, levels=["random"])
    wait_settled(page)
    version = page.locator(".table-page").get_attribute("data-version")
    # Tab until the Draw button has the focus, then Enter.
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action") == "draw":
            break
    else:
        raise AssertionError("the Draw button is not reachable by Tab")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Enter")
    page.wait_for_function(
        "v => document.querySelector('.table-page').dataset.version !== v", arg=version
    )
    wait_settled(page)
    # A card of my own is a focusable button with a name; Space keeps the drawn card there.
    for _ in range(40):
        page.keyboard.press("Tab")
        label = page.locator(":focus").aria_snapshot()  # its role and spoken name
        if page.evaluate("document.activeElement.classList.contains('target')") and "slot" in label:
            break
    else:
        raise AssertionError("no card target is reachable by Tab")
    assert re.search(r"slot \d", label)
    page.keyboard.press("Space")
    page.wait_for_function("() => document.querySelectorAll('.log-list li').length >= 2")


def test_reload_and_dropped_connection_get_back_in(live_server, page_factory):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    start_game(page, "cabo", players=2, levels=["random"])
    wait_settled(page)
    token = page.evaluate(
        "id => JSON.parse(localStorage.getItem('cardtable.tables'))[id].token", table_id(page)
    )
    assert token
    page.locator(".actions [data-action='draw']").click()
    # It is still my move before the draw comes back, so "settled" alone can be read
    # too early on a busy machine: wait for the drawn card's own choice.
    page.wait_for_selector(".actions [data-action='discard']")
    held = page.locator(".pile.drawn .card").aria_snapshot()  # names the card
    assert "In hand" in held
    # A reload finds the seat again (token in localStorage): the drawn card is still mine.
    page.reload()
    wait_settled(page)
    assert page.locator(".pile.drawn .card").aria_snapshot() == held
    assert page.locator(".actions [data-action='discard']").is_visible()
    # The socket drops: the table says so, reconnects and carries on.
    page.evaluate("window.cardtable.table.ws.close()")
    page.wait_for_selector(".banner:not([hidden])")
    page.wait_for_function("() => window.cardtable.table.ws.readyState === 1")
    wait_settled(page)
    page.locator(".actions [data-action='discard']").click()
    page.wait_for_function(
        "() => document.querySelector('.log-list').innerText.includes('discarded')"
    )


def test_server_errors_are_shown_in_words(live_server, page_factory):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    start_game(page, "cambio", players=2, levels=["random"])
    wait_settled(page)
    # An act for a version that has passed: the server refuses, the table says it.
    page.evaluate(
        "() => window.cardtable.table.ws.send(JSON.stringify("
        "{type: 'act', version: -1, action: {type: 'draw'}}))"
    )
    page.wait_for_function("() => document.querySelector('.hint').innerText.length > 0")
    assert "current state" in page.locator(".hint").inner_text()
    # A move that is not legal: the server's own reason is shown.
    version = int(page.locator(".table-page").get_attribute("data-version"))
    page.evaluate(
        "v => window.cardtable.table.ws.send(JSON.stringify("
        "{type: 'act', version: v, action: {type: 'discard'}}))",
        version,
    )
    page.wait_for_function("() => document.querySelector('.hint').innerText.includes('refused')")
    assert "draw" in page.locator(".hint").inner_text().lower()


def test_four_colour_suits(live_server, page_factory, artifacts):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    fill = "getComputedStyle(document.querySelector('.fan .s-d, .s-d')).fill"
    red = page.evaluate(fill)
    page.locator(".settings > summary").click()
    page.locator("#set-four").check()
    assert page.evaluate("document.body.classList.contains('four-colour')")
    assert page.evaluate(fill) != red
    page.reload()
    page.wait_for_selector(".game-tile")
    assert page.evaluate("document.body.classList.contains('four-colour')")
    page.screenshot(path=str(artifacts / "home-four-colour.png"))

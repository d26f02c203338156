"""Issue 8 at the table page, in a real browser: the clocks counting down (readable on a
phone), chat between two people shown as text whatever it holds, Resign in Caravan and
Leave at a bigger table, each behind a confirmation."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from .conftest import DESKTOP, PHONE
from .driver import post


def sit(page: Any, server: Any, ticket: dict[str, Any], game: str) -> None:
    """Open the table as the holder of ``ticket`` (its token in this browser's storage,
    as the page keeps it when it creates or joins a table)."""
    page.goto(f"{server.url}/")
    record = {"seat": ticket["seat"], "token": ticket["token"], "game": game, "created": 1}
    page.evaluate(
        "([id, rec]) => localStorage.setItem('cardtable.tables', JSON.stringify({[id]: rec}))",
        [ticket["id"], record],
    )
    page.goto(f"{server.url}/table/{ticket['id']}")
    page.wait_for_selector(".table-page[data-version]")


def seconds(text: str) -> int:
    match = re.search(r"(\d+):(\d\d)", text)
    assert match, text
    return int(match[1]) * 60 + int(match[2])


def test_clocks_count_down_and_chat_arrives_as_text(
    live_server: Any, page_factory: Any, artifacts: Path
) -> None:
    clock = {"kind": "timed", "bank": 300, "increment": 5}
    first = post(
        live_server, "/api/tables", {"game": "caravan", "seats": ["human", "human"], "clock": clock}
    )
    second = post(live_server, f"/api/tables/{first['id']}/seats/1", {})
    desk = page_factory(DESKTOP)
    phone = page_factory(PHONE)
    dialogs: list[str] = []

    def refuse(dialog: Any) -> None:  # an alert() would mean the markup ran
        dialogs.append(dialog.message)
        dialog.dismiss()

    for page in (desk, phone):
        page.on("dialog", refuse)
    sit(desk, live_server, first, "caravan")
    sit(phone, live_server, second, "caravan")

    # Both seats are taken: the clocks run; the running seat's bank counts down.
    running = phone.locator(".clock-seat.running .clock-time")
    running.wait_for()
    before = seconds(running.text_content())
    phone.wait_for_function(
        "b => { const e = document.querySelector('.clock-seat.running .clock-time');"
        " const m = e && e.textContent.match(/(\\d+):(\\d\\d)/);"
        " return m && Number(m[1]) * 60 + Number(m[2]) < b; }",
        arg=before,
    )
    assert phone.locator(".clock-seat").count() == 2
    assert "first move" in phone.locator(".clock-seat.running .clock-extra").text_content()
    assert phone.locator(".clocks [aria-live]").count() == 1  # only the short-time notice
    wide = phone.evaluate(
        "() => [...document.querySelectorAll('.clocks *, .seat-controls, .chat *')]"
        ".filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)"
        ".map((e) => e.className)"
    )
    assert not wide, f"wider than the phone: {wide}"

    # Chat: markup arrives as the characters it is made of.
    markup = '<img src=x onerror="alert(1)"><b>gl hf</b>'
    desk.locator(".chat-input").fill(markup)
    desk.locator(".chat-form button").click()
    chat = phone.locator(".chat")
    if not chat.evaluate("d => d.open"):  # closed on a phone: the summary counts unread
        phone.locator(".chat-unread", has_text="1").wait_for()
        phone.locator(".chat-summary").click()
    line = phone.locator(".chat-line .chat-text")
    line.wait_for()
    assert line.text_content() == markup
    assert phone.locator(".chat-list img, .chat-list b").count() == 0
    assert desk.locator(".chat-line .chat-name").text_content() == "You"
    spill = desk.evaluate(
        "() => [...document.querySelectorAll('.table-side, .table-side *')]"
        ".some((e) => e.getBoundingClientRect().right > window.innerWidth)"
    )
    assert not spill, "the log and chat column spills off the desktop page"
    desk.locator(".chat-input").fill("   ")
    desk.locator(".chat-form button").click()
    phone.screenshot(path=str(artifacts / "table-online-phone.png"), full_page=True)
    assert desk.locator(".chat-line").count() == 1 and not dialogs


def test_resign_in_caravan_asks_first_and_ends_the_game(
    live_server: Any, page_factory: Any
) -> None:
    ticket = post(live_server, "/api/tables", {"game": "caravan", "seats": ["human", "bot:random"]})
    page = page_factory(DESKTOP)
    sit(page, live_server, ticket, "caravan")
    resign = page.locator("[data-control='resign']")
    resign.click()
    box = page.locator(".leave-confirm")
    assert "other player wins" in box.text_content()
    page.locator(".leave-confirm .btn.ghost").click()  # "Stay": nothing happens
    assert box.is_hidden() and page.locator(".results").is_hidden()
    resign.click()
    page.locator("[data-control='confirm-resign']").click()
    page.locator(".results h2", has_text="You did not win").wait_for()
    assert page.locator(".seat-controls").is_hidden()


def test_leave_at_three_seats_hands_the_seat_to_a_bot(live_server: Any, page_factory: Any) -> None:
    body = {
        "game": "cambio",
        "options": {"players": 3},
        "seats": ["human", "bot:random", "bot:random"],
    }
    ticket = post(live_server, "/api/tables", body)
    page = page_factory(DESKTOP)
    sit(page, live_server, ticket, "cambio")
    page.locator("[data-control='leave']").click()
    assert "A bot (medium) takes your seat" in page.locator(".leave-confirm").text_content()
    assert page.locator("[data-control='resign']").is_hidden()  # Cambio has no resign move
    page.locator("[data-control='confirm-leave']").click()
    page.locator(".banner", has_text="a bot plays your seat").wait_for()
    with urllib.request.urlopen(f"{live_server.url}/api/tables/{ticket['id']}") as answer:
        seat = json.load(answer)["seats"][0]
    assert seat["kind"] == "bot" and seat["left"] is True
    # The bots play the game out; the page, now a spectator's, shows its end.
    page.locator(".results").wait_for(timeout=60_000)
    assert page.locator(".seat-controls").is_hidden()

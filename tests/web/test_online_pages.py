"""Issue 8, step 5: the lobby (a public table listed, joined from the browser, which also
proves the CSRF header: the page holds a session cookie by then) and the leaderboard page,
both linked from the home page."""

from __future__ import annotations

import json
import urllib.request

from .conftest import DESKTOP
from .driver import open_home


def post(server, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        f"{server.url}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def test_lobby_lists_and_joins_a_public_table_and_the_leaderboard_shows(
    live_server, page_factory, artifacts
):
    page = page_factory(DESKTOP, locale="en-US")
    open_home(page, live_server.url)
    # A session cookie exists from here on: POSTs must carry X-CSRF-Token.
    page.evaluate("fetch('/api/me').then((r) => r.ok)")
    table = post(live_server, "/api/tables", {"game": "caravan", "seats": ["human", "human"]})
    page.locator(".online-links a", has_text="Lobby").click()
    page.wait_for_url("**/lobby")
    row = page.locator(f"[data-list='open'] li[data-table='{table['id']}']")
    row.wait_for()
    page.screenshot(path=str(artifacts / "lobby-desktop.png"), full_page=True)
    row.locator("button").click()
    page.wait_for_url(f"**/table/{table['id']}")
    with urllib.request.urlopen(f"{live_server.url}/api/tables/{table['id']}") as answer:
        seats = json.load(answer)["seats"]
    assert seats[1]["claimed"] is True and seats[1]["name"].startswith("Guest")
    page.goto(f"{live_server.url}/leaderboard")
    page.locator("select[name='game']").wait_for()
    page.locator(".leaderboard p").filter(has_text="No rated games yet.").wait_for()

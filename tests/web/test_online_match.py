"""Issue 8: two people in two browsers play a rated Caravan game to the end by clicks.

Alice and Bob register accounts on the account page. Alice creates a private rated table
from the home page's form (the second seat open for a person) and copies the invite link
from the table page; Bob opens it and takes the seat; Carol opens it too and watches (she
sees nothing a spectator may not). They play by clicks alone to the end; both ratings
change (the winner's up, the loser's down) on the leaderboard and the profile; the replay
opens from the profile and steps. Then the lobby: a public table with an open seat made
from the form is listed for Carol, the private one is not."""

from __future__ import annotations

import json
import random
import secrets
import time
from typing import Any

from .conftest import DESKTOP
from .driver import get_json, offered, open_details, open_home
from .test_games import caravan_chooser

STATUS_JS = """() => {
  const t = document.querySelector('.table-page');
  const r = document.querySelector('.results');
  if (r && !r.hidden) return 'over';
  if (!t || t.dataset.settled !== '1') return 'wait';
  return t.classList.contains('my-turn') ? 'mine' : 'wait';
}"""

# What a spectator's page shows, face up, beside what its spectator view holds.
SPECTATOR_JS = """() => {
  const msg = window.cardtable.table.msg;
  const shown = [...document.querySelectorAll('.board .card.up[data-code]')].map((e) => e.dataset.code);
  return {seat: msg.seat, view: msg.view, legal: msg.legal, shown};
}"""


def register(page: Any, url: str, username: str, first_too_short: bool = False) -> dict[str, Any]:
    """Registers on the account page. (Registration is limited to 3 tries per address
    and minute, and every browser here is at 127.0.0.1: spare them.)"""
    page.goto(f"{url}/account")
    form = page.locator("#acct-register")
    form.locator("input[name='username']").fill(username)
    if first_too_short:
        form.locator("input[name='password']").fill("short")
        form.locator("button[type='submit']").click()
        # The server's own words for a refusal are shown.
        page.locator("#acct-register-msg").filter(has_text="8 to 200 characters").wait_for()
    form.locator("input[name='password']").fill("correct horse battery")
    form.locator("button[type='submit']").click()
    page.locator(".acct-status").filter(has_text=f"Signed in as {username}").wait_for()
    page.locator(".identity .me-name").wait_for()
    me: dict[str, Any] = page.evaluate("fetch('/api/me').then((r) => r.json())")
    assert me["username"] == username and not me["guest"]
    return me


def new_table_form(page: Any, url: str, *, private: bool, rated: bool) -> None:
    """Caravan's form: seat 1 open for a person, private or public, rated or casual."""
    open_home(page, url)
    tile = page.locator(".game-tile[data-game='caravan']")
    open_details(tile.locator(".new-game"))
    rated_box = tile.locator("input[name='rated']")
    # With a bot in a seat, rated is not offered, and the form says why.
    tile.locator("select[name='seat1']").select_option("easy")
    assert rated_box.is_disabled()
    assert "person in every seat" in tile.locator(".rated-note").inner_text()
    tile.locator("select[name='seat1']").select_option("human")
    assert rated_box.is_enabled()
    tile.locator(f"input[value='{'private' if private else 'public'}']").check()
    if rated:
        rated_box.check()
    tile.locator("button.start").click()
    page.wait_for_url("**/table/**")
    page.wait_for_selector(".table-page[data-version]")


def play_two(pages: list[Any], rng: random.Random, max_clicks: int = 3000) -> int:
    """Both players click what their tables offer whenever it is their move, to the end."""
    clicks = 0
    while clicks < max_clicks:
        statuses = [p.evaluate(STATUS_JS) for p in pages]
        if all(s == "over" for s in statuses):
            return clicks
        acted = False
        for page, status in zip(pages, statuses, strict=True):
            if status != "mine":
                continue
            options = offered(page)
            if not options:
                continue
            kind, el = caravan_chooser(options, clicks, rng)
            if kind.startswith("card:"):
                el.click(position={"x": 8, "y": 8})
            else:
                el.click()
            clicks += 1
            acted = True
        if not acted:
            pages[0].wait_for_timeout(40)
    raise AssertionError(f"no end after {max_clicks} clicks")


def test_two_browsers_play_a_rated_caravan_game_by_invite_and_a_third_watches(
    live_server, page_factory, artifacts
):
    url = live_server.url
    alice, bob, carol = (page_factory(DESKTOP) for _ in range(3))
    tag = secrets.token_hex(3)
    a_me = register(alice, url, f"alice_{tag}", first_too_short=True)
    b_me = register(bob, url, f"bob_{tag}")

    new_table_form(alice, url, private=True, rated=True)
    table_id = alice.url.rsplit("/", 1)[1]
    invite = alice.locator("#invite-link").input_value()
    assert f"/table/{table_id}?invite=" in invite
    alice.locator(".invite-bar button").click()
    alice.locator(".invite-bar .copy-msg").filter(has_text="Copied").wait_for()
    alice.screenshot(path=str(artifacts / "match-invite.png"))
    key = invite.split("invite=")[1]
    summary = get_json(live_server, f"/api/tables/{table_id}?invite={key}")  # private: its key
    assert summary["rated"] and not summary["public"]

    bob.goto(invite)
    bob.locator(".invite-gate [data-invite='take']").click()
    bob.wait_for_selector(".table-page[data-version]")
    assert "invite=" not in bob.url  # the seat's token opens it from now on
    carol.goto(invite)
    carol.locator(".invite-gate [data-invite='watch']").click()
    carol.wait_for_selector(".table-page[data-version]")

    clicks = play_two([alice, bob], random.Random(5))
    assert clicks > 20
    alice.screenshot(path=str(artifacts / "match-end-alice.png"))
    # The spectator saw the end, and nothing a spectator may not see.
    carol.wait_for_function("() => window.cardtable.table.msg && window.cardtable.table.msg.over")
    seen = carol.evaluate(SPECTATOR_JS)
    assert seen["seat"] is None and seen["legal"] == [] and "hand" not in seen["view"]
    public = json.dumps(seen["view"])
    assert all(f'"{code}"' in public for code in seen["shown"]), seen["shown"]

    # Both ratings changed: the winner's up, the loser's down.
    outcome = get_json(live_server, f"/api/tables/{table_id}?invite={key}")["outcome"]
    winner = outcome["winners"][0]
    ids = [a_me["id"], b_me["id"]]
    board = {p["id"]: p for p in _leaderboard_with(live_server, ids)}
    assert board[ids[winner]]["mu"] > 25 > board[ids[1 - winner]]["mu"]

    # Alice's profile, from the header: her rating, its chart, the game and its replay.
    alice.locator(".results button", has_text="Look at the table").click()
    assert alice.locator(".identity .me-name").inner_text() == f"alice_{tag}"
    alice.locator(".identity .me-name").click()
    alice.wait_for_url(f"**/players/{a_me['id']}")
    row = alice.locator(".rating-row[data-game='caravan']")
    row.wait_for()
    assert row.locator("svg.rating-chart circle").count() == 2
    assert "provisional" in row.inner_text()
    alice.screenshot(path=str(artifacts / "match-profile.png"), full_page=True)
    alice.locator(f".recent-games li[data-table='{table_id}'] a.replay-link").click()
    alice.wait_for_url(f"**/replay/{table_id}?seat=0**")
    page = alice.locator(".replay-page")
    page.wait_for()
    assert page.get_attribute("data-step") == "0"
    alice.locator(".replay-controls [data-step='next']").click()
    assert page.get_attribute("data-step") == "1" and "step=1" in alice.url
    alice.keyboard.press("End")
    last = int(page.get_attribute("data-step"))
    assert last >= clicks // 3 and "Won:" in alice.locator(".replay-result").inner_text()
    alice.keyboard.press("ArrowLeft")
    assert page.get_attribute("data-step") == str(last - 1)
    alice.locator("select[name='seat']").select_option("all")
    alice.locator(".replay-page[data-audience='all'] .hidden-row").first.wait_for()
    alice.screenshot(path=str(artifacts / "match-replay.png"), full_page=True)
    # The shared link opens the same step for someone else (Carol, who watched).
    carol.goto(alice.url)
    carol.locator(".replay-page[data-audience='all']").wait_for()
    assert carol.locator(".replay-page").get_attribute("data-step") == str(last - 1)

    # The lobby: a public table with an open seat is listed; the private one never was.
    new_table_form(bob, url, private=False, rated=False)
    public_id = bob.url.rsplit("/", 1)[1]
    carol.goto(f"{url}/lobby")
    carol.locator(f"[data-list='open'] li[data-table='{public_id}']").wait_for()
    assert carol.locator(f"li[data-table='{table_id}']").count() == 0


def _leaderboard_with(server: Any, ids: list[str]) -> list[dict[str, Any]]:
    """The leaderboard once the finished game is rated (written just after its end)."""
    deadline = time.monotonic() + 20
    while True:
        players = get_json(server, "/api/leaderboard/caravan")["players"]
        if all(any(p["id"] == i for p in players) for i in ids) or time.monotonic() > deadline:
            return [p for p in players if p["id"] in ids]
        time.sleep(0.2)

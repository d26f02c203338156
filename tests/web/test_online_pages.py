"""Issue 8, step 5: the lobby (a public table listed, joined from the browser, which also
proves the CSRF header: the page holds a session cookie by then) and the leaderboard page,
both linked from the home page."""

from __future__ import annotations

import json
import urllib.request

import pytest

from .conftest import DESKTOP, LiveServer
from .driver import open_details, open_home, post


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


@pytest.fixture(scope="module")
def own_server(tmp_path_factory):
    """A server of this module's own: registrations and sign-ins are rate limited per
    address, and every browser here is 127.0.0.1."""
    server = LiveServer(tmp_path_factory.mktemp("online-pages")).start()
    yield server
    server.stop()
    assert "Traceback" not in server.log(), server.log()


def test_account_page_registers_renames_signs_out_and_in_with_the_servers_words(
    own_server, page_factory
):
    page = page_factory(DESKTOP)
    url = own_server.url
    page.goto(f"{url}/account")
    page.locator(".acct-status").filter(has_text="guest").wait_for()
    guest_name = page.locator(".identity .me-name").inner_text()
    assert guest_name.startswith("Guest ")
    rename = page.locator("#acct-rename")
    rename.locator("input[name='name']").fill("   ")
    rename.locator("button").click()
    page.locator("#acct-rename-msg.error").filter(has_text="1 to 24 characters").wait_for()
    rename.locator("input[name='name']").fill("Dora the Dealer")
    rename.locator("button").click()
    page.locator(".acct-notice").filter(has_text="Dora the Dealer").wait_for()
    page.locator(".identity .me-name").filter(has_text="Dora the Dealer").wait_for()
    form = page.locator("#acct-register")
    form.locator("input[name='username']").fill("dora")
    form.locator("input[name='password']").fill("dealer-of-cards")
    form.locator("button").click()
    page.locator(".acct-status").filter(has_text="Signed in as dora (Dora the Dealer)").wait_for()
    me = page.evaluate("fetch('/api/me').then((r) => r.json())")
    page.locator("#acct-signout button").click()
    page.locator(".acct-notice").filter(has_text="new guest").wait_for()
    assert page.evaluate("fetch('/api/me').then((r) => r.json())")["id"] != me["id"]
    signin = page.locator("#acct-signin")
    signin.locator("input[name='username']").fill("dora")
    signin.locator("input[name='password']").fill("wrong-password")
    signin.locator("button").click()
    page.locator("#acct-signin-msg.error").filter(has_text="Wrong user name or password").wait_for()
    signin.locator("input[name='password']").fill("dealer-of-cards")
    signin.locator("button").click()
    page.locator(".acct-status").filter(has_text="Signed in as dora").wait_for()
    assert page.evaluate("fetch('/api/me').then((r) => r.json())")["id"] == me["id"]
    # The header's name opens the profile: no games yet.
    page.locator(".identity .me-name").click()
    page.wait_for_url(f"**/players/{me['id']}")
    page.locator(".profile p").filter(has_text="No games yet.").wait_for()
    page.goto(f"{url}/players/nobody-at-all")
    page.locator(".profile .error").filter(has_text="no such player").wait_for()


def test_form_clock_private_table_invite_gate_and_a_live_replay(own_server, page_factory):
    url = own_server.url
    host = page_factory(DESKTOP)
    open_home(host, url)
    tile = host.locator(".game-tile[data-game='cambio']")
    open_details(tile.locator(".new-game"))
    tile.locator("select[name='players']").select_option("2")
    tile.locator("select[name='seat1']").select_option("human")
    tile.locator("input[value='private']").check()
    tile.locator("select[name='clock']").select_option("timed")
    tile.locator("input[name='bank']").fill("3")
    tile.locator("input[name='bank']").dispatch_event("change")
    tile.locator("input[name='increment']").fill("2")
    tile.locator("input[name='increment']").dispatch_event("change")
    tile.locator("button.start").click()
    host.wait_for_url("**/table/**")
    table_id = host.url.rsplit("/", 1)[1]
    invite = host.locator("#invite-link").input_value()
    key = invite.split("invite=")[1]
    # A private table's summary is shown with its key only (issue 18).
    with urllib.request.urlopen(f"{url}/api/tables/{table_id}?invite={key}") as answer:
        summary = json.load(answer)
    assert summary["clock"] == {"kind": "timed", "bank": 180, "increment": 2}
    assert not summary["public"] and not summary["rated"]
    # A wrong key: the table is not even shown to exist (issue 18), in words.
    guest = page_factory(DESKTOP)
    guest.goto(invite[: invite.index("invite=") + 7] + "wrong")
    guest.locator(".invite-gate .error").filter(has_text="invite link").wait_for()
    assert guest.locator("[data-invite='take']").count() == 0
    guest.goto(invite)
    guest.locator(".invite-gate [data-invite='take']").click()
    guest.wait_for_selector(".table-page[data-version]")
    # Every seat taken now: a third person may only watch.
    third = page_factory(DESKTOP)
    third.goto(invite)
    third.locator(".invite-gate").filter(has_text="Every seat is taken").wait_for()
    assert third.locator("[data-invite='take']").count() == 0
    # A live game's replay: the spectator's view only, said so; a seat asked for falls back.
    third.goto(f"{url}/replay/{table_id}?seat=0&invite={key}")
    page = third.locator(".replay-page[data-audience='spectator']")
    page.wait_for()
    assert "only after the end" in third.locator(".replay-page .banner").inner_text()
    assert third.locator("select[name='seat'] option").count() == 1
    third.goto(f"{url}/replay/{table_id}")
    third.locator(".home-status.error").filter(has_text="private").wait_for()


def test_a_public_tables_link_lets_a_friend_take_the_free_seat(own_server, page_factory):
    url = own_server.url
    host = page_factory(DESKTOP)
    open_home(host, url)
    tile = host.locator(".game-tile[data-game='caravan']")
    open_details(tile.locator(".new-game"))
    tile.locator("select[name='seat1']").select_option("human")
    tile.locator("button.start").click()
    host.wait_for_url("**/table/**")
    share = host.locator(".invite-bar[data-kind='invite'] input").input_value()
    assert share == host.url and "invite=" not in share
    friend = page_factory(DESKTOP)
    friend.goto(share)
    friend.locator(".invite-bar[data-kind='seat'] [data-invite='take']").click()
    friend.wait_for_function("() => window.cardtable.table?.msg?.seat === 1")
    table_id = share.rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{url}/api/tables/{table_id}") as answer:
        assert all(s["claimed"] for s in json.load(answer)["seats"])
    # The seat is taken: a third visitor only watches.
    third = page_factory(DESKTOP)
    third.goto(share)
    third.wait_for_function("() => window.cardtable.table?.msg?.seat === null")
    third.wait_for_timeout(300)
    assert third.locator(".invite-bar").count() == 0

"""Issue 17: every page fits a phone (320 and 390 pixels wide) in both languages whatever
CJK and Latin fonts the machine has, and issue 19 (item 7): one tap on a phone's "New
game" opens the form. The fonts are set per browser (conftest.FONT_SETUPS): only WenQuanYi
Micro Hei as the CJK font, or Noto Sans CJK as well (its Latin letters are wider than
DejaVu's, which is what once pushed the header's Settings off a 390-pixel screen)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import FONT_SETUPS, PHONE
from .driver import get_json, open_details, open_home, post, start_game, wait_settled
from .layout import assert_fits

GAMES = ["cambio", "cabo", "gandengyan", "caravan"]
WIDTHS = (320, 390)
LOCALES = ("en-US", "zh-CN")
SETUPS = [pytest.param(s, loc, id=f"{s}-{loc}") for s in FONT_SETUPS for loc in LOCALES]
SIGN_IN = {"en-US": "Sign in", "zh-CN": "登录"}
LEARN_READY = {
    "rules": ".example[data-settled='1']",
    "learn": ".example[data-settled='1']",
    "labs": ".lab-out[data-settled='1']",
}


def next_frame(page: Any) -> None:
    """Lets the page lay itself out again (resize observers run before a frame)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def fits_every_width(page: Any, where: str, shots: Any, shot: str = "") -> None:
    """Checks the page at each phone width; ``shot``: a screenshot's name, taken at the
    narrowest, to look at."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": PHONE["height"]})
        next_frame(page)
        assert_fits(page, where, shots)
        if shot and width == min(WIDTHS):
            page.screenshot(path=str(shots / f"layout-{shot}-{width}.png"))


def with_settings_open(page: Any, where: str, shots: Any) -> None:
    """The header's settings pop-over fits too, and closes again."""
    page.locator("#top .settings > summary").click()
    page.locator("#top .settings-panel").wait_for()
    fits_every_width(page, f"{where} (settings open)", shots)
    page.keyboard.press("Escape")
    page.locator("#top .settings-panel").wait_for(state="hidden")


def header_complete(page: Any) -> None:
    """Waits for the header's last part, your name (it comes from the server)."""
    page.locator("#top .identity .me-name").wait_for()


def phone_page(page_factory: Any, font_browser: Any, setup: str, locale: str) -> Any:
    return page_factory(PHONE, locale=locale, on=font_browser(setup))


@pytest.mark.parametrize(("setup", "locale"), SETUPS)
def test_home_and_online_pages_fit_a_phone(
    live_server, page_factory, font_browser, artifacts, setup, locale
):
    page = phone_page(page_factory, font_browser, setup, locale)
    open_home(page, live_server.url)
    header_complete(page)
    fits_every_width(page, f"home {setup} {locale}", artifacts)
    # Whatever the fonts, every control in the header is a tap target of a finger's size.
    for control in page.locator("#top :is(a, button, summary):visible").all():
        box = control.bounding_box()
        assert box and box["height"] >= 40 and box["width"] >= 40, (control, box)
    with_settings_open(page, f"home {setup} {locale}", artifacts)
    for game in GAMES:  # every new-game form open, its variants too
        tile = page.locator(f".game-tile[data-game='{game}']")
        open_details(tile.locator(".new-game"))
        if tile.locator("details.variants").count():
            open_details(tile.locator("details.variants"))
    fits_every_width(page, f"home forms {setup} {locale}", artifacts)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(artifacts / f"layout-home-{setup}-{locale}.png"), full_page=True)

    # The phone's header has no room for the account link: the settings menu has it.
    page.locator("#top .settings > summary").click()
    page.locator("#top .settings-panel .menu-account", has_text=SIGN_IN[locale]).click()
    page.wait_for_url("**/account")

    me = page.evaluate("fetch('/api/me').then((r) => r.json())")
    table = post(live_server, "/api/tables", {"game": "caravan", "seats": ["human", "human"]})
    ready = {
        "/lobby": f"[data-list='open'] li[data-table='{table['id']}']",
        "/leaderboard": "select[name='game']",
        "/account": ".acct-status",
        f"/players/{me['id']}": ".profile h1",
        f"/replay/{table['id']}": ".replay-page",
        "/puzzles/caravan": ".puzzle-page",
    }
    for path, selector in ready.items():
        page.goto(live_server.url + path)
        page.locator(selector).first.wait_for()
        header_complete(page)
        page.wait_for_load_state("networkidle")
        name = path.strip("/").split("/")[0]
        fits_every_width(page, f"{path} {setup} {locale}", artifacts, f"{name}-{setup}-{locale}")


@pytest.mark.parametrize(("setup", "locale"), SETUPS)
def test_learning_pages_fit_a_phone(
    live_server, page_factory, font_browser, artifacts, setup, locale
):
    """The rules page (its live examples too), the tutorial and the lab of every game."""
    page = phone_page(page_factory, font_browser, setup, locale)
    for game in GAMES:
        for kind, ready in LEARN_READY.items():
            page.goto(f"{live_server.url}/{kind}/{game}")
            page.wait_for_selector(ready)
            header_complete(page)
            where = f"/{kind}/{game} {setup} {locale}"
            fits_every_width(page, where, artifacts, shot=f"{kind}-{game}-{setup}-{locale}")
    page.goto(f"{live_server.url}/rules/cambio")
    page.wait_for_selector(LEARN_READY["rules"])
    with_settings_open(page, f"/rules/cambio {setup} {locale}", artifacts)


@pytest.mark.parametrize(("setup", "locale"), SETUPS)
def test_bot_tables_fit_a_phone(live_server, page_factory, font_browser, artifacts, setup, locale):
    """A table of each game against bots, as started from the phone's home page."""
    page = phone_page(page_factory, font_browser, setup, locale)
    for game in GAMES:
        open_home(page, live_server.url)
        start_game(page, game)
        wait_settled(page)
        page.locator("#top .table-rules-link").wait_for()  # the header is complete
        where = f"{game} table {setup} {locale}"
        fits_every_width(page, where, artifacts, shot=f"{game}-{setup}-{locale}")
    with_settings_open(page, f"caravan table {setup} {locale}", artifacts)


def test_one_tap_on_new_game_opens_the_form_and_one_on_start_starts(
    live_server, page_factory, artifacts
):
    """Issue 19, item 7: a focus style moved the page between a tap's touch and its lift,
    so the first tap on "New game" was lost. Each tap here is tried once, never again."""
    page = page_factory(PHONE, has_touch=True, is_mobile=True)
    open_home(page, live_server.url)
    tile = page.locator(".game-tile[data-game='cabo']")
    tile.locator(".new-game > summary").tap()
    page.wait_for_function(
        "() => document.querySelector(\".game-tile[data-game='cabo'] .new-game\").open",
        timeout=10_000,
    )
    tile.locator("button.start").tap()
    page.wait_for_url("**/table/**")
    page.wait_for_selector(".table-page[data-version]")
    assert get_json(live_server, "/api/tables/" + page.url.rsplit("/", 1)[1])["game"] == "cabo"

"""The server's refusals in the reader's language, in the browser against the real server:
a Chinese page shows our words for the refusal's code first and the server's (English)
sentence after it in （）; an English page shows the server's sentence alone. Checked where
a person meets them: a lab's bad input, a table the server will not create, a seat taken
from the lobby just before the click; and every code the server's source answers with has
Chinese words (docs/web.md "Refusals")."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

import pytest

from .conftest import DESKTOP, PHONE, ROOT
from .driver import open_details, open_home, post

LOCALES = pytest.mark.parametrize(
    ("viewport", "locale"), [(DESKTOP, "en-US"), (PHONE, "zh-CN")], ids=["en", "zh-390"]
)
START = 1_800_000_000_000  # ms since 1970: any fixed instant
CJK = re.compile(r"[\u4e00-\u9fff]")


def refusal(server: Any, path: str, body: dict[str, Any]) -> tuple[str, str]:
    """The server's refusal of ``POST path`` as a script sends it: (code, detail)."""
    request = urllib.request.Request(
        f"{server.url}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request)
    answer = json.load(refused.value)
    return answer["code"], answer["detail"]


def in_words(locale: str, zh_words: str, detail: str) -> str:
    """What the page must show for a refusal: ours then the server's in Chinese."""
    return f"{zh_words}（{detail}）" if locale == "zh-CN" else detail


@LOCALES
def test_a_labs_bad_input_reads_in_the_pages_language(live_server, page_factory, viewport, locale):
    page = page_factory(viewport, locale=locale)
    page.goto(f"{live_server.url}/labs/cabo")
    page.wait_for_selector(".lab-out[data-settled='1']")
    # No card is numbered 20: the browser cannot know, the server refuses it.
    page.fill("#cabo-row-0", "1, 20")
    page.fill("#cabo-row-1", "3")
    page.click("#cabo-add")
    page.wait_for_function("() => document.querySelector('.lab-out .error').textContent !== ''")
    shown = page.locator(".lab-out .error").inner_text()
    detail = shown.removeprefix("输入有误，无法计算（").removesuffix("）")
    assert "player 1" in detail and not CJK.search(detail), shown  # the server's sentence
    assert shown == in_words(locale, "输入有误，无法计算", detail)


@LOCALES
def test_a_table_the_server_will_not_create_reads_in_the_pages_language(
    live_server, page_factory, viewport, locale
):
    # The server's refusal of a bot level it does not have (a page older than the server).
    code, detail = refusal(
        live_server, "/api/tables", {"game": "cambio", "seats": ["human", "bot:grandmaster"]}
    )
    assert code == "bad_seats"
    page = page_factory(viewport, locale=locale)
    open_home(page, live_server.url)
    tile = page.locator(".game-tile[data-game='cambio']")
    open_details(tile.locator(".new-game"))
    seat = tile.locator("select[name='seat1']")
    seat.evaluate("s => s.append(new Option('grandmaster', 'grandmaster'))")
    seat.select_option("grandmaster")
    tile.locator("button.start").click()
    message = tile.locator(".form-msg.error")
    message.wait_for()
    prefix = "无法创建牌桌：" if locale == "zh-CN" else "The table could not be created: "
    assert message.inner_text() == prefix + in_words(locale, "座位设置不合要求", detail)


@LOCALES
def test_a_seat_taken_before_the_lobbys_join_reads_in_the_pages_language(
    live_server, page_factory, viewport, locale
):
    table = post(live_server, "/api/tables", {"game": "caravan", "seats": ["human", "human"]})
    page = page_factory(viewport, locale=locale)
    # The lobby polls on a timer. Held still from before the page loads, no poll can list
    # the table as full between the row's drawing and the click (on a busy machine the
    # seconds before a later pause may run past the poll's due time).
    page.clock.install(time=START)
    page.clock.pause_at(START + 1000)
    page.goto(f"{live_server.url}/lobby")
    join = page.locator(f"[data-list='open'] li[data-table='{table['id']}'] button")
    join.wait_for()
    post(live_server, f"/api/tables/{table['id']}/seats", {})  # someone else was quicker
    code, detail = refusal(live_server, f"/api/tables/{table['id']}/seats", {})
    assert code == "no_free_seat"
    join.click()
    prefix = "无法加入：" if locale == "zh-CN" else "Could not join: "
    status = page.locator(".lobby .home-status")
    status.filter(has_text=prefix).wait_for()
    assert status.inner_text() == prefix + in_words(locale, "没有空位", detail)
    assert page.url.endswith("/lobby")


def server_codes() -> set[str]:
    """Every code the server's source refuses with: the constants of errors.py, and the
    first argument of a ProtocolError / the code of an ApiError or a ReviewError anywhere
    in the server and the review package (a name resolved through their constants)."""
    sources = [*sorted((ROOT / "src/cardtable/server").glob("*.py"))]
    sources += sorted((ROOT / "src/cardtable/review").glob("*.py"))
    text = {path: path.read_text() for path in sources}
    names: dict[str, str] = {}
    for body in text.values():
        names.update(re.findall(r'^([A-Z_]+) = "([a-z_]+)"', body, re.MULTILINE))
    errors = text[ROOT / "src/cardtable/server/errors.py"]
    codes = set(re.findall(r'^[A-Z_]+ = "([a-z_]+)"', errors, re.MULTILINE))
    raised = r'(?:ProtocolError\(|ReviewError\(|ApiError\(\s*\d+,)\s*([A-Z_]+|"[a-z_]+")\s*,'
    for body in text.values():
        for found in re.findall(raised, body):
            codes.add(found.strip('"') if found.startswith('"') else names[found])
    return codes


def test_every_code_the_server_answers_has_chinese_words(live_server, page_factory):
    codes = sorted(server_codes())
    assert {"bad_lab_input", "seat_taken", "bad_seats", "stale_version"} <= set(codes), codes
    page = page_factory(PHONE, locale="zh-CN")
    page.goto(f"{live_server.url}/labs/cabo")
    shown = page.evaluate(
        """async (codes) => {
          const { errorText } = await import('/static/js/refusal.js');
          return codes.map((code) => errorText({ code, message: 'S' }));
        }""",
        codes,
    )
    untranslated = [c for c, text in zip(codes, shown, strict=True) if not CJK.match(text)]
    assert not untranslated, untranslated
    assert all(text.endswith("（S）") for text in shown), shown


def test_no_page_shows_a_refusals_bare_message() -> None:
    """A caught error reaches the page through errorText, never as its .message alone
    (which is English on a Chinese page)."""
    web = ROOT / "src/cardtable"
    bare = [
        f"{path.relative_to(web)}:{n}"
        for path in sorted(web.rglob("*.js"))
        for n, line in enumerate(path.read_text().splitlines(), start=1)
        if re.search(r"\b(error|msg)\.message\b", line) and "errorText" not in line
    ]
    assert not bare, bare

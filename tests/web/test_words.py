"""The table's log speaks to the reader: a line whose actor is the reader reads "You win",
never "You wins"; in Chinese 你 joins its verb. In the Gan Deng Yan lesson the reader leads,
the bot passes, and the reader wins the trick: the log says so."""

from __future__ import annotations

from typing import Any

from .conftest import DESKTOP
from .test_learn import answer, make_move, settled

BOX = ".example[data-example='tutorial']"


def log_after_the_first_move(page: Any, url: str) -> str:
    page.goto(f"{url}/learn/gandengyan")
    settled(page, BOX)
    box = page.locator(BOX)
    msg = answer(page, "gandengyan/tutorial")
    make_move("gandengyan", box, msg["expect"], msg)
    page.wait_for_selector(f"{BOX} .example-log li")
    settled(page, BOX)
    return str(box.locator(".example-log").text_content())


def test_the_readers_own_log_line_agrees_with_you(live_server, page_factory):
    page = page_factory(DESKTOP)
    log = log_after_the_first_move(page, live_server.url)
    assert "You win the trick." in log, log
    assert "You wins" not in log
    assert not page.errors


def test_in_chinese_you_joins_the_verb(live_server, page_factory):
    page = page_factory(DESKTOP, locale="zh-CN")
    log = log_after_the_first_move(page, live_server.url)
    assert "你赢得这一轮。" in log, log
    assert not page.errors


COUNTS_JS = """async () => {
  const i18n = await import("/static/js/i18n.js");
  await import("/static/js/profile.js");  // its table of strings: "{n} games"
  return [0, 1, 2].flatMap((n) => [i18n.t("seat.cards", { n }), i18n.t("prof.games", { n })]);
}"""


def test_one_card_and_one_game_are_singular_in_english(live_server, page_factory):
    page = page_factory(DESKTOP)
    page.goto(f"{live_server.url}/")
    page.wait_for_selector(".game-tile")
    assert page.evaluate(COUNTS_JS) == [
        "0 cards", "0 games", "1 card", "1 game", "2 cards", "2 games",
    ]  # fmt: skip
    assert not page.errors

"""Issue 19 in a real browser: clear turns at the end (calling Cambio asks first, unless the
setting says not to, and a banner names whose last turns remain, at a real table between
two people), and results that explain (Gan Deng Yan's payments with their multipliers,
Cabo's rounds with the caller, a Kamikaze and a reset marked, Caravan's pairs with why
they sold), drawn by the table's own results panel from outcomes the engine produced on
stacked decks, in English and Chinese, on a 390 px phone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..games.cabo.test_scoring import kamikaze_then_reset
from ..games.caravan.helpers import idle, play
from ..games.caravan.test_selling import P1_KEEP, tied_table
from ..games.gandengyan.helpers import run
from ..games.gandengyan.helpers import table as gdy_table
from .conftest import DESKTOP, PHONE
from .driver import open_home, post
from .layout import assert_fits
from .test_table_online import sit


def two_people(server: Any, game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    first = post(server, "/api/tables", {"game": game, "seats": ["human", "human"]})
    second = post(server, f"/api/tables/{first['id']}/seats/1", {})
    return first, second


def version(page: Any) -> int:
    return int(page.locator(".table-page").get_attribute("data-version"))


def settled(page: Any) -> None:
    page.wait_for_selector(".table-page[data-settled='1']")


def test_calling_cambio_asks_first_and_the_banner_names_the_last_turns(
    live_server: Any, page_factory: Any, artifacts: Path
) -> None:
    first, second = two_people(live_server, "cambio")
    caller = page_factory(DESKTOP)
    other = page_factory(PHONE)
    sit(caller, live_server, first, "cambio")
    sit(other, live_server, second, "cambio")
    caller.locator(".table-page.my-turn").wait_for()
    box = caller.locator(".endgame-confirm")
    assert box.is_hidden()
    before = version(caller)

    # Cancel: nothing is sent, the turn is still mine, the Call button gets the focus back.
    caller.locator("[data-action='call']").click()
    assert box.is_visible()
    assert "Call Cambio?" in box.inner_text()
    assert "one last turn" in box.inner_text()
    box.get_by_role("button", name="Not yet").click()
    assert box.is_hidden()
    caller.wait_for_timeout(300)  # a call sent by mistake would be back by now
    settled(caller)
    assert version(caller) == before
    assert caller.locator(".table-page.my-turn").count() == 1
    assert caller.evaluate("document.activeElement.dataset.action") == "call"
    assert caller.locator(".endgame-banner").is_hidden()

    # Confirm: the call is made; the banner says whose last turns remain, on both pages.
    caller.locator("[data-action='call']").click()
    box.get_by_role("button", name="Yes, call Cambio").click()
    caller.wait_for_function(
        f"() => document.querySelector('.table-page').dataset.version > {before}"
    )
    settled(caller)
    them = caller.evaluate("window.cardtable.table.seatName(1)")
    banner = caller.locator(".endgame-banner")
    assert banner.inner_text() == f"You called Cambio. Last turns: {them}."
    assert caller.locator(".table-page.my-turn").count() == 0
    other.wait_for_function(
        f"() => document.querySelector('.table-page').dataset.version > {before}"
    )
    settled(other)
    me = other.evaluate("window.cardtable.table.seatName(0)")
    assert other.locator(".endgame-banner").inner_text() == (
        f"{me} called Cambio: this is the last turn of the round, yours."
    )
    assert_fits(other, "cambio last turn", artifacts)
    other.screenshot(path=str(artifacts / "endgame-last-turn-390.png"))

    # The last turn played: the round is over, the banner gone, the results up.
    other.locator("[data-action='draw']").click()
    other.locator("[data-action='discard']").click()
    for _ in range(2):  # the discarded card's power (a king's has two steps): skipped
        settled(other)
        if other.locator(".results:not([hidden])").count() == 0:
            other.locator("[data-action='skip']").click()
    other.locator(".results:not([hidden])").wait_for()
    assert other.locator(".endgame-banner").is_hidden()
    assert "no penalty and no bonus" in other.locator(".results-breakdown").inner_text()


def test_the_setting_turns_the_confirmation_off(live_server: Any, page_factory: Any) -> None:
    page = page_factory(DESKTOP, locale="zh-CN")
    open_home(page, live_server.url)
    # The switch is in the settings menu, in the page's language.
    page.locator("details.settings > summary").click()
    switch = page.get_by_label("宣布结束前先确认")
    assert switch.is_checked()
    switch.uncheck()
    page.keyboard.press("Escape")
    first, _ = two_people(live_server, "cambio")
    sit(page, live_server, first, "cambio")
    page.locator(".table-page.my-turn").wait_for()
    before = version(page)
    page.locator("[data-action='call']").click()
    page.wait_for_function(
        f"() => document.querySelector('.table-page').dataset.version > {before}"
    )
    assert page.locator(".endgame-confirm").is_hidden()
    assert (
        page.locator(".endgame-banner").inner_text().startswith("你宣布了 Cambio。还剩最后回合：")
    )


# The results panel, drawn by the table (js/table.js) with the game's module, for a state
# message whose view and outcome the engine produced (no socket: the server cannot stack
# a deck, and these situations are rare in random games).
RESULTS = """async ([game, view, outcome, seats]) => {
  const { TableView } = await import('/static/js/table.js');
  // Its own root beside the home page's <main> (which may draw itself again meanwhile).
  const main = document.querySelector('main');
  main.hidden = true;
  document.querySelector('#results-root')?.remove();
  const root = document.createElement('div');
  root.id = 'results-root';
  main.after(root);
  const table = new TableView(root, 'results', window.cardtable.app);
  table.build();
  await table.loadGame(game);
  table.msg = { type: 'state', version: 1, over: true, seat: 0, view, outcome, seats, legal: [] };
  table.draw();
  table.showResults(true);
  window.resultsTable = table;
}"""

BOT = [{"seat": s, "kind": "bot", "bot": "easy"} for s in (1, 2, 3)]


def show_results(page: Any, state: Any) -> Any:
    wire = json.loads(json.dumps([state.view(0), state.outcome().to_json()]))
    page.evaluate(RESULTS, [state.game.name, *wire, BOT[: state.players - 1]])
    return page.locator(".results-card")


def chinese(page: Any) -> None:
    page.evaluate("async () => (await import('/static/js/i18n.js')).setLang('zh-CN')")


def test_gandengyan_results_show_each_payment_with_its_multipliers(
    live_server: Any, page_factory: Any, artifacts: Path
) -> None:
    # Seat 2's bomb doubles every payment; seat 3 never played (shut out) and holds two
    # jokers: 5 cards × 2 × 4 × 2.
    state = gdy_table("3s 6s 9c Tc Jc Qc", "4h 9h Th Jh Qh", "5d 9s 9h 9d 9c", "RJ BJ Kd Kc 2c")
    run(state, "3s", "4h", "5d", "pass", "6s", "pass", "9s 9h 9d 9c")
    assert state.is_over()
    page = page_factory(PHONE)
    open_home(page, live_server.url)
    card = show_results(page, state)
    text = card.locator(".gd-results").inner_text()
    assert "Hand 1 Bot 2 · Easy won: +96" in text
    shut = card.locator(".gd-losers li[data-seat='3']").inner_text()
    assert (
        shut == "Bot 3 · Easy pays 80: 5 cards × 2 (1 bomb) × 4 (2 jokers left) × 2 (shut out) = 80"
    )
    mine = card.locator(".gd-losers li[data-seat='0']").inner_text()
    assert mine == "You pay 8: 4 cards × 2 (1 bomb) = 8"
    assert_fits(page, "gandengyan results", artifacts)
    chinese(page)
    text = card.locator(".gd-results").inner_text()
    assert "计分明细" in text and "第 1 局" in text
    assert "电脑 3 · 简单 付 80：5 张 × 2（1 个炸弹） × 4（剩 2 张王） × 2（关门） = 80" in text


def test_cabo_results_are_a_table_of_rounds_with_kamikaze_and_reset_marked(
    live_server: Any, page_factory: Any, artifacts: Path
) -> None:
    state = kamikaze_then_reset()
    page = page_factory(PHONE)
    open_home(page, live_server.url)
    card = show_results(page, state)
    rounds = card.locator(".ca-rounds")
    heads = rounds.locator("thead th").all_inner_texts()
    assert heads == ["Round", "You", "Bot 1 · Easy"]
    assert rounds.locator("tbody tr").count() == 3
    # Round 1: my Kamikaze, the other scores 50; round 2: the other called with 40 and was
    # not lowest (40 + 10), reaching exactly 100: reset to 50.
    mine = rounds.locator("tbody tr").nth(0).locator("td[data-seat='0']")
    assert mine.get_attribute("data-marks") == "kamikaze"
    assert "Kamikaze" in mine.inner_text()
    theirs = rounds.locator("tbody tr").nth(1).locator("td[data-seat='1']")
    assert theirs.get_attribute("data-marks") == "caller reset"
    assert "called, not lowest: 40 + 10" in theirs.inner_text()
    assert "exactly 100: reset to 50" in theirs.inner_text()
    assert "total 50" in theirs.inner_text()
    assert_fits(page, "cabo results", artifacts)
    page.screenshot(path=str(artifacts / "endgame-cabo-results-390.png"), full_page=True)
    chinese(page)
    assert rounds.locator("thead th").all_inner_texts()[:2] == ["轮次", "你"]
    assert "正好 100：重置为 50" in theirs.inner_text()
    assert "神风" in mine.inner_text()


def test_caravan_results_say_which_pairs_sold_and_why(
    live_server: Any, page_factory: Any, artifacts: Path
) -> None:
    state = tied_table()
    play(state, 0, "3h", 1)
    idle(state, 1, keep=P1_KEEP)
    play(state, 0, "3d", 2)
    assert state.is_over()
    page = page_factory(PHONE)
    open_home(page, live_server.url)
    card = show_results(page, state)
    pairs = card.locator(".cv-sales li")
    assert pairs.count() == 3
    assert pairs.nth(0).inner_text() == (
        "Pair 1: You 21 · Bot 1 · Easy 4 — You sell (the only one in 21–26)"
    )
    assert "You 24 · Bot 1 · Easy 21 — You sell (both are in 21–26 and the higher sells)" in (
        pairs.nth(2).inner_text()
    )
    assert_fits(page, "caravan results", artifacts)
    chinese(page)
    assert "较高者卖出" in pairs.nth(2).inner_text() and "第 3 组" in pairs.nth(2).inner_text()

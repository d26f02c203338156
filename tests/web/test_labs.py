"""Issue 19, "Broken" 8, in the browser against the real server: every game's lab page
shows translated labels and no raw keys or object names (in English and in Chinese); the
caravan lab draws its cards as cards; the Cabo calculator takes a two-player round,
forgets a refused round as soon as the input is right again, and names its reset option
in words; the Gan Deng Yan calculator takes cards as people type them (10h, 7H)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable import games
from cardtable.games.cabo import scoring as cabo_scoring
from cardtable.games.gandengyan import scoring as gdy_scoring

from .conftest import DESKTOP, PHONE

LOCALES = pytest.mark.parametrize(
    ("viewport", "locale"), [(DESKTOP, "en-US"), (PHONE, "zh-CN")], ids=["en", "zh-390"]
)
# Words a page shows only when a string or a value was not put into words.
RAW = ("[object", "undefined", "NaN", "reset_at_100", "lab.", "suit.", "rank.")


def settle(page: Any) -> None:
    page.wait_for_selector(".lab-out[data-settled='1']")


def lab_text(page: Any) -> str:
    return str(page.locator(".lab-page").inner_text())


@LOCALES
@pytest.mark.parametrize("game", games.names())
def test_every_lab_shows_words_not_keys(live_server, page_factory, game, viewport, locale):
    page = page_factory(viewport, locale=locale)
    page.goto(f"{live_server.url}/labs/{game}")
    settle(page)
    text = lab_text(page)
    assert not [raw for raw in RAW if raw in text], text
    labels = page.locator(".lab-page label, .lab-page legend, .lab-page h2").all_inner_texts()
    assert labels, "a lab without labels"
    if locale == "zh-CN":  # every label is in Chinese (a card code or a number aside)
        assert all(any("\u4e00" <= ch <= "\u9fff" for ch in label) for label in labels), labels


@LOCALES
def test_caravan_lab_shows_cards_and_refuses_in_words(live_server, page_factory, viewport, locale):
    page = page_factory(viewport, locale=locale)
    page.goto(f"{live_server.url}/labs/caravan")
    settle(page)

    def add(code: str) -> None:
        page.locator(f".lab-picker .card[data-code='{code}']").click()
        settle(page)

    add("9h")
    add("3d")
    # 9 then 3 runs downwards: a 5 of clubs goes neither way, and the reason is in words.
    add("5c")
    refusal = page.locator(".lab-refusal").inner_text()
    want = "下降" if locale == "zh-CN" else "descending"
    assert want in refusal and "3" in refusal, refusal
    # A queen goes on the 3; the refusal goes with the next card added.
    add("Qs")
    assert page.locator(".lab-refusal").inner_text() == ""
    stacks = page.locator(".lab-caravan .lab-stack")
    faces = [
        s.locator(".card").evaluate_all("cs => cs.map(c => c.dataset.code)") for s in stacks.all()
    ]
    assert faces == [["9h"], ["3d", "Qs"]]
    assert "[object" not in page.locator(".lab-caravan").inner_text()


def fill_round(page: Any, rows: list[str]) -> None:
    for i, row in enumerate(rows):
        page.fill(f"#cabo-row-{i}", row)


def totals(page: Any, n: int) -> list[str]:
    return list(page.locator(f"tr[data-round='{n}'] .cabo-total").all_text_contents())


@LOCALES
def test_cabo_lab_two_players_refusal_and_recovery(live_server, page_factory, viewport, locale):
    zh = locale == "zh-CN"
    page = page_factory(viewport, locale=locale)
    page.goto(f"{live_server.url}/labs/cabo")
    settle(page)
    # The reset option reads as the table's option does, never as its key.
    assert page.locator("label[for='cabo-reset']").inner_text() == (
        "满分重置" if zh else "Reset at the target"
    )
    options = page.locator("#cabo-reset option").all_inner_texts()
    assert options == (
        ["每人一次", "每次", "从不"] if zh else ["Once per player", "Every time", "Never"]
    )
    # Two rows filled of the four shown: a two-player game.
    fill_round(page, ["1, 2, 3, 4", "5 6 7 8"])
    page.click("#cabo-add")
    page.wait_for_selector("tr[data-round='0']")
    assert totals(page, 0) == ["10", "26"]
    assert page.locator("#cabo-players").input_value() == "2"
    assert page.locator("[id^='cabo-row-']").count() == 2
    # A card numbered 20 is refused, in the server's words naming the player ...
    fill_round(page, ["1, 20", "3"])
    page.click("#cabo-add")
    page.wait_for_function("() => document.querySelector('.lab-out .error').textContent !== ''")
    assert "player 1" in page.locator(".lab-out .error").inner_text()
    assert page.locator("tr[data-round='1']").count() == 0
    # ... a word is refused in the reader's language ...
    page.fill("#cabo-row-0", "1, x")
    page.wait_for_function(
        "() => document.querySelector('.lab-out .error').textContent.includes('x')"
    )
    assert ("不是" if zh else "is not a card number") in page.locator(
        ".lab-out .error"
    ).inner_text()
    # ... and the refusal goes once the round is right; the game goes on from round 1.
    page.fill("#cabo-row-0", "1, 9")
    page.wait_for_function("() => document.querySelector('.lab-out .error').textContent === ''")
    page.click("#cabo-add")
    page.wait_for_selector("tr[data-round='1']")
    want, used = [0, 0], [False, False]
    for rows in ([[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 9], [3]]):
        want, used, _ = cabo_scoring.add_round(want, cabo_scoring.round_scores(rows), used)
    assert totals(page, 1) == [str(x) for x in want]


def test_cabo_lab_takes_every_player_count(live_server, page_factory):
    page = page_factory(DESKTOP)
    page.goto(f"{live_server.url}/labs/cabo")
    settle(page)
    for players in (2, 3, 4, 5):
        page.select_option("#cabo-players", str(players))
        rows = [[seat, seat + 1] for seat in range(players)]
        fill_round(page, [", ".join(map(str, row)) for row in rows])
        page.select_option("#cabo-caller", "0")
        page.click("#cabo-add")
        page.wait_for_selector("tr[data-round='0']")
        scores = cabo_scoring.round_scores(rows, 0)
        assert page.locator("tr[data-round='0'] .cabo-score").all_text_contents() == [
            str(s) for s in scores
        ]


def test_gandengyan_lab_takes_cards_as_typed(live_server, page_factory):
    page = page_factory(DESKTOP)
    page.goto(f"{live_server.url}/labs/gandengyan")
    settle(page)
    page.fill("#gdy-cards-0", "10h 7H rj qS")
    shut = gdy_scoring.is_shut_out(False, 0)
    want = gdy_scoring.hand_payment(["Th", "7h", "RJ", "Qs"], 0, shut, gdy_scoring.Scoring())
    page.wait_for_function(
        "w => document.querySelector('.gdy-result').dataset.pays === w", arg=str(want)
    )
    assert page.locator(".lab-out .error").inner_text() == ""
    # Something that is no card is still refused, naming it; a right entry clears it.
    page.fill("#gdy-cards-0", "10h 1x")
    page.wait_for_function(
        "() => document.querySelector('.lab-out .error').textContent.includes('1x')"
    )
    page.fill("#gdy-cards-0", "10h")
    page.wait_for_function("() => document.querySelector('.lab-out .error').textContent === ''")

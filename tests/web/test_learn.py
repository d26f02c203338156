"""Issue 9 in the browser: every tutorial and every live example played to its end on the
page (wrong clicks explained, not played), and the labs' numbers checked against the
engines for many hands. Moves after the first click of each scenario go through the
example's own send() — the path a click takes once the game module has matched it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import games
from cardtable.games import labs
from cardtable.server.learn_content import SCENARIOS

from .conftest import DESKTOP

PAGES = {"tutorial": "learn"}


def settled(page: Any, sel: str) -> None:
    page.wait_for_selector(f"{sel}[data-settled='1']")


def send(page: Any, key: str, action: dict) -> None:
    page.evaluate("([k, a]) => window.cardtable.examples[k].send(a)", [key, action])


def expected(page: Any, key: str) -> Any:
    return page.evaluate("k => window.cardtable.examples[k].msg.expect", key)


@pytest.mark.parametrize("game", list(SCENARIOS))
def test_every_example_and_tutorial_plays_to_its_end(live_server, page_factory, artifacts, game):
    page = page_factory(DESKTOP)
    for sid in SCENARIOS[game]:
        path = "learn" if sid == "tutorial" else "rules"
        page.goto(f"{live_server.url}/{path}/{game}")
        sel = f".example[data-example='{sid}']"
        settled(page, sel)
        key = f"{game}/{sid}"
        # A wrong move is explained and not played.
        before = page.locator(sel).get_attribute("data-step")
        send(page, key, {"type": "nonsense"})
        assert page.locator(f"{sel} .example-wrong").is_visible()
        assert page.locator(sel).get_attribute("data-step") == before
        for _ in range(40):
            if page.locator(sel).get_attribute("data-done") == "1":
                break
            action = expected(page, key)
            assert action, f"{key}: no next move"
            if action == {"type": "draw"} and page.locator(f"{sel} [data-action='draw']").count():
                page.locator(f"{sel} [data-action='draw']").first.click()  # a real click
            else:
                send(page, key, action)
            settled(page, sel)
        assert page.locator(sel).get_attribute("data-done") == "1", key
        assert page.locator(f"{sel} .example-end").is_visible()
        if sid == "tutorial":
            assert page.locator(f"{sel} .next-game").is_visible()
            page.screenshot(path=str(artifacts / f"tutorial-{game}.png"), full_page=True)


def test_cambio_hand_lab_matches_the_engine(live_server, page_factory):
    page = page_factory(DESKTOP)
    page.goto(f"{live_server.url}/labs/cambio")
    page.wait_for_selector(".lab-out[data-settled='1'] tr[data-variant='sum']")
    rng = random.Random(3)
    for _ in range(12):
        page.locator(".lab-clear").first.click()
        hand = rng.sample(list(labs.CAMBIO_CARDS), rng.randint(1, 7))
        for code in hand:
            page.locator(f".lab-picker .card[data-code='{code}']").click()
            page.wait_for_selector(".lab-out[data-settled='1']")
        for row in page.locator("tr[data-variant]").all():
            variant = row.get_attribute("data-variant")
            opts = dict(
                sum={"scoring": "sum"},
                pairs_cancel={"scoring": "pairs_cancel"},
                red_king_10={"red_king": 10},
                joker_minus_2={"joker": -2},
            )[variant]
            want = games.load("cambio", **opts).score(hand)
            assert row.locator(".lab-score").text_content() == str(want), (hand, variant)


def test_gandengyan_calculator_matches_the_engine(live_server, page_factory):
    page = page_factory(DESKTOP)
    page.goto(f"{live_server.url}/labs/gandengyan")
    rng = random.Random(4)
    for _ in range(10):
        cards = rng.sample(list(labs.CAMBIO_CARDS), rng.randint(1, 8))
        bombs = rng.randint(0, 3)
        page.fill("#gdy-bombs", str(bombs))
        page.fill("#gdy-cards", " ".join(cards))
        page.wait_for_selector(".lab-out[data-settled='1']")
        want = labs.gandengyan_payment(cards, bombs, True, labs.GdyScoring())
        page.wait_for_function(
            "w => document.querySelector('.gdy-result').dataset.pays === String(w)", arg=want
        )


def test_cabo_calculator_and_caravan_lab(live_server, page_factory):
    page = page_factory(DESKTOP)
    page.goto(f"{live_server.url}/labs/cabo")
    rng = random.Random(6)
    rows_all = []
    for _ in range(3):
        rows = [[rng.randint(0, 13) for _ in range(4)] for _ in range(4)]
        rows_all.append(rows)
        for i, row in enumerate(rows):
            page.fill(f"#cabo-row-{i}", ", ".join(map(str, row)))
        page.click("#cabo-add")
        page.wait_for_selector(f"tr[data-round='{len(rows_all) - 1}']")
    totals, used = [0] * 4, [False] * 4
    for n, rows in enumerate(rows_all):
        scores = labs.cabo_round_scores(rows, None)
        totals, used, _ = labs.cabo_add_round(totals, scores, used)
        shown = page.locator(f"tr[data-round='{n}'] .cabo-total").all_text_contents()
        assert shown == [str(x) for x in totals]
    page.goto(f"{live_server.url}/labs/caravan")
    page.wait_for_selector(".lab-out[data-settled='1'] [data-fact='value']")
    caravan: list[list[str]] = []
    for code in ["9h", "3d", "7d", "7s", "Qs", "Kc", "As"]:
        page.locator(f".lab-picker .card[data-code='{code}']").click()
        page.wait_for_selector(".lab-out[data-settled='1']")
        if labs.caravan_is_number(code):
            if labs.caravan_refusal(caravan, code) is None:
                caravan.append([code])
        else:
            caravan[-1].append(code)
        want = labs.caravan_summary(caravan)
        assert page.locator("[data-fact='value']").text_content() == str(want["value"])
        assert page.locator("[data-fact='direction']").get_attribute("data-raw") == (
            want["direction"] or ""
        )
        assert page.locator("[data-fact='suit']").get_attribute("data-raw") == (want["suit"] or "")

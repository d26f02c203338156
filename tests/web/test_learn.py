"""Issue 9 in the browser: every tutorial and every live example played to its end by real
clicks on the table, as a person plays (a Cambio swap is two clicks on the cards, Gan Deng
Yan selects cards then presses play, Caravan selects a hand card then clicks where it
goes, Cabo selects slots then confirms); a wrong click is explained and not played; the
labs' numbers are checked against the engines. (That the pages fit a phone, under each
font set-up: test_layout.py.)

The test reads the example's last answer (``msg``: what the script expects next, and
the legal moves) only to know what to click; every move is made by clicking."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import games
from cardtable.games.cabo import scoring as cabo_scoring
from cardtable.games.cambio import labs as cambio_labs
from cardtable.games.caravan import labs as caravan_labs
from cardtable.games.caravan import rules as caravan_rules
from cardtable.games.gandengyan import scoring as gdy_scoring
from cardtable.server.learn import scenarios

from .conftest import DESKTOP, PHONE
from .layout import assert_fits

# Every game's scenarios, from its package
SCENARIOS = {game: scenarios(game) for game in games.names()}


def settled(page: Any, sel: str) -> None:
    page.wait_for_selector(f"{sel}[data-settled='1']")


def answer(page: Any, key: str) -> Any:
    """The example's last answer from the server (read, never changed)."""
    return page.evaluate("k => window.cardtable.examples[k].msg", key)


def click_card(el: Any) -> None:
    """A card is clicked near its top-left corner, the index a person reads (never
    covered where cards overlap)."""
    el.click(position={"x": 8, "y": 8})


def button(box: Any, action: str) -> Any:
    return box.locator(f".actions [data-action='{action}']")


def hand_card(box: Any, code: str) -> Any:
    return box.locator(f".board .my-hand [data-k='c:{code}:1']")


def slot(box: Any, seat: int, index: int) -> Any:
    return box.locator(f".board [data-k='h:{seat}:{index}']")


def signature(cards: list[str]) -> str:
    """The client's grouping of Gan Deng Yan plays: ranks, jokers alike."""
    return ",".join(sorted("X" if c in ("RJ", "BJ") else c[0] for c in cards))


def make_move(game: str, box: Any, action: dict[str, Any], msg: dict[str, Any]) -> None:
    """Makes ``action`` by the clicks a person makes at the table."""
    kind = action["type"]
    if game == "cambio":
        if kind == "replace":
            click_card(slot(box, msg["seat"], action["slot"]))
        elif kind in ("peek", "swap", "snap"):
            mode = {"peek": "mode-peek", "swap": "mode-swap", "snap": "snap"}[kind]
            if (
                button(box, mode).count()
                and button(box, mode).get_attribute("aria-pressed") != "true"
            ):
                button(box, mode).click()
            if kind == "swap":
                click_card(slot(box, *action["a"]))
                click_card(slot(box, *action["b"]))
            else:
                click_card(slot(box, action["seat"], action["slot"]))
        elif kind == "give":
            click_card(slot(box, msg["seat"], action["slot"]))
        else:  # draw, discard, call, skip
            button(box, kind).click()
    elif game == "cabo":
        if kind == "replace":
            for i in action["slots"]:
                click_card(slot(box, msg["seat"], i))
            button(box, "replace").click()
        elif kind == "peek":
            click_card(slot(box, action["seat"], action["slot"]))
        elif kind == "swap":
            click_card(slot(box, *action["a"]))
            click_card(slot(box, *action["b"]))
        else:  # draw, take_discard, discard, call, skip
            button(box, kind).click()
    elif game == "gandengyan":
        if kind == "play":
            for code in action["cards"]:
                click_card(hand_card(box, code))
            # One play button per reading of the selected cards, in the order of `legal`.
            sig = signature(action["cards"])
            found = [
                a for a in msg["legal"] if a["type"] == "play" and signature(a["cards"]) == sig
            ]
            k = found.index(action)
            box.locator(f".actions [data-fk='play-{k}']").click()
        else:
            button(box, kind).click()
    elif game == "caravan":
        if kind == "play":
            click_card(hand_card(box, action["card"]))
            if "seat" in action:
                target = f"cv:{action['seat']}:{action['caravan']}:{action['index']}"
                click_card(box.locator(f".board .target[data-k='{target}']"))
            else:
                box.locator(f".board .cv-drop[data-k='drop:0:{action['caravan']}']").click()
        elif kind == "discard":
            click_card(hand_card(box, action["card"]))
            button(box, "discard").click()
        else:
            button(box, kind).click()
    else:
        raise AssertionError(game)


BUTTONS = ("draw", "call", "discard", "skip", "take_discard")


def wrong_move(game: str, box: Any, expect: dict[str, Any], msg: dict[str, Any]) -> bool:
    """Makes, by clicks, a legal move that is not the script's next one; False when the
    table offers none (a Cabo exchange's second slot, a Cambio swap…)."""
    kind = expect["type"]
    if game in ("cambio", "cabo"):
        for other in BUTTONS:
            if other != kind and button(box, other).count():
                button(box, other).click()
                return True
        if kind in ("replace", "peek") and game == "cambio":  # another highlighted slot
            want = f"h:{expect.get('seat', msg['seat'])}:{expect['slot']}"
            other_slot = box.locator(f".board .target[data-k^='h:']:not([data-k='{want}'])")
            if other_slot.count():
                click_card(other_slot.first)
                return True
        return False
    if game == "gandengyan":
        if button(box, "pass").count():
            button(box, "pass").click()
        else:  # leading: any single card may be led
            code = next(c for c in msg["view"]["hand"] if [c] != expect["cards"])
            click_card(hand_card(box, code))
            box.locator(".actions [data-fk='play-0']").click()
        return True
    if game == "caravan":
        click_card(hand_card(box, expect["card"]))
        if button(box, "discard").count():
            button(box, "discard").click()
            return True
        drop = f"drop:0:{expect['caravan']}"  # the opening: the card on another caravan
        others = box.locator(f".board .cv-drop:not([data-k='{drop}'])")
        if others.count():
            others.first.click()
            return True
        box.locator(".actions [data-fk='cancel']").click()
        return False
    raise AssertionError(game)


def check_wrong(page: Any, game: str, box: Any, key: str, msg: dict[str, Any]) -> bool:
    """A wrong click is explained in the script's words for this step, and not played."""
    before = box.get_attribute("data-step")
    sent = page.evaluate("k => window.cardtable.examples[k].actions.length", key)
    if not wrong_move(game, box, msg["expect"], msg):
        return False
    settled(page, f".example[data-example='{msg['id']}']")
    assert box.locator(".example-wrong").is_visible(), (key, msg["step"])
    lang = "zh" if page.evaluate("document.documentElement.lang").startswith("zh") else "en"
    assert msg["wrong"][lang] in box.locator(".example-wrong").text_content(), (key, msg["step"])
    assert box.get_attribute("data-step") == before, key
    assert page.evaluate("k => window.cardtable.examples[k].actions.length", key) == sent
    return True


def play_through(page: Any, game: str, sid: str, screenshots: Any = None) -> int:
    """Plays scenario ``sid`` (already on the page) to its end by clicks, trying a wrong
    click before each of the reader's moves where the table offers one; returns how many
    wrong clicks were explained."""
    sel = f".example[data-example='{sid}']"
    key = f"{game}/{sid}"
    box = page.locator(sel)
    settled(page, sel)
    wrongs = 0
    for n in range(40):
        if box.get_attribute("data-done") == "1":
            break
        msg = answer(page, key)
        assert msg["expect"], f"{key}: no next move"
        tried = check_wrong(page, game, box, key, msg)
        assert tried or n > 0, f"{key}: no wrong click offered at the first step"
        wrongs += tried
        make_move(game, box, msg["expect"], msg)
        settled(page, sel)
        assert not box.locator(".example-wrong").count(), (key, msg["expect"])
        assert not box.locator(".example-error").count(), (key, msg["expect"])
        assert (
            int(box.get_attribute("data-step")) > msg["step"]
            or box.get_attribute("data-done") == "1"
        ), (key, msg["expect"])
    assert box.get_attribute("data-done") == "1", key
    assert box.locator(".example-end").is_visible()
    if sid == "tutorial":
        assert box.locator(".next-game").is_visible()  # what to try next: a real game
        if screenshots is not None:
            page.screenshot(path=str(screenshots / f"tutorial-{game}.png"), full_page=True)
    return wrongs


@pytest.mark.parametrize("game", list(SCENARIOS))
def test_every_example_and_tutorial_plays_to_its_end_by_clicks(
    live_server, page_factory, artifacts, game
):
    page = page_factory(DESKTOP)
    page.goto(f"{live_server.url}/rules/{game}")
    examples = [sid for sid in SCENARIOS[game] if sid != "tutorial"]
    for sid in examples:  # all on the rules page, side by side
        play_through(page, game, sid)
    page.goto(f"{live_server.url}/learn/{game}")
    wrongs = play_through(page, game, "tutorial", artifacts)
    reader_steps = sum(st.seat == 0 for st in SCENARIOS[game]["tutorial"].steps)
    assert wrongs >= reader_steps // 2, (wrongs, reader_steps)  # most steps tried wrong first
    # The end offers a real game: the link goes home, where the new-game form is.
    page.locator(".next-game").click()
    page.wait_for_selector(f".game-tile[data-game='{game}']")


def test_caravan_tutorial_in_chinese_on_a_phone(live_server, page_factory, artifacts):
    page = page_factory(PHONE, locale="zh-CN")
    page.goto(f"{live_server.url}/learn/caravan")
    play_through(page, "caravan", "tutorial")
    assert "下一步" in page.locator(".example-end").text_content()
    assert_fits(page, "/learn/caravan in Chinese", artifacts)
    page.screenshot(path=str(artifacts / "tutorial-caravan-phone-zh.png"), full_page=True)


def test_cambio_hand_lab_matches_the_engine(live_server, page_factory):
    page = page_factory(DESKTOP)
    page.goto(f"{live_server.url}/labs/cambio")
    page.wait_for_selector(".lab-out[data-settled='1'] tr[data-variant='sum']")
    rng = random.Random(3)
    for n in range(12):
        page.locator(".lab-clear").first.click()
        hand = rng.sample(list(cambio_labs.CARDS), rng.randint(1, 7))
        if n % 3 == 0:  # make sure red kings and jokers are there
            hand = [*hand[:4], "Kh", "RJ"]
        red_king, joker = rng.randint(-10, 10), rng.randint(-10, 10)
        page.fill("#cambio-red-king", str(red_king))
        page.fill("#cambio-joker", str(joker))
        for code in hand:
            page.locator(f".lab-picker .card[data-code='{code}']").click()
            page.wait_for_selector(".lab-out[data-settled='1']")
        rows = page.locator("tr[data-variant]")
        assert rows.count() == 6  # four fixed variants, the reader's values under both schemes
        for row in rows.all():
            variant = row.get_attribute("data-variant")
            opts = dict(
                sum={"scoring": "sum"},
                pairs_cancel={"scoring": "pairs_cancel"},
                red_king_10={"red_king": 10},
                joker_minus_2={"joker": -2},
                own_sum={"scoring": "sum", "red_king": red_king, "joker": joker},
                own_pairs_cancel={
                    "scoring": "pairs_cancel",
                    "red_king": red_king,
                    "joker": joker,
                },
            )[variant]
            want = games.load("cambio", **opts).score(hand)
            assert row.locator(".lab-score").text_content() == str(want), (hand, variant)
        own = page.locator("tr[data-variant='own_sum']").text_content()
        assert f"= {red_king}" in own and f"= {joker}" in own
    # A value out of the options' range is refused in the server's words.
    page.fill("#cambio-red-king", "11")
    page.wait_for_function(
        "() => document.querySelector('.lab-out .error').textContent.includes('red_king')"
    )
    assert "-10 to 10" in page.locator(".lab-out .error").text_content()
    assert page.locator("tr[data-variant]").count() == 0


def test_gandengyan_calculator_matches_the_engine(live_server, page_factory):
    page = page_factory(DESKTOP)
    page.goto(f"{live_server.url}/labs/gandengyan")
    page.wait_for_selector(".lab-out[data-settled='1']")
    rng = random.Random(4)
    for _ in range(3):
        page.click("#gdy-add-loser")  # up to four losers at once
    assert page.locator(".gdy-loser").count() == 4
    scoring = gdy_scoring.Scoring()
    for _ in range(6):
        bombs = rng.randint(0, 3)
        page.fill("#gdy-bombs", str(bombs))
        want = []
        deck = list(cambio_labs.CARDS)
        rng.shuffle(deck)
        for i in range(4):
            cards, deck = deck[: rng.randint(1, 6)], deck[6:]
            dealer, plays = rng.random() < 0.25, rng.choice([0, 0, 1, 3])
            page.locator(f"#gdy-dealer-{i}").set_checked(dealer)
            page.fill(f"#gdy-plays-{i}", str(plays))
            page.fill(f"#gdy-cards-{i}", " ".join(cards))
            shut = gdy_scoring.is_shut_out(dealer, plays)
            want.append(gdy_scoring.hand_payment(cards, bombs, shut, scoring))
        page.wait_for_function(
            "w => [...document.querySelectorAll('.gdy-result')].map(e => e.dataset.pays).join()"
            " === w",
            arg=",".join(map(str, want)),
        )
        assert page.locator(".gdy-total").get_attribute("data-total") == str(sum(want))
    page.locator(".gdy-loser[data-loser='1'] .gdy-remove").click()
    assert page.locator(".gdy-loser").count() == 3


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
        scores = cabo_scoring.round_scores(rows, None)
        totals, used, _ = cabo_scoring.add_round(totals, scores, used)
        shown = page.locator(f"tr[data-round='{n}'] .cabo-total").all_text_contents()
        assert shown == [str(x) for x in totals]
    page.goto(f"{live_server.url}/labs/caravan")
    page.wait_for_selector(".lab-out[data-settled='1'] [data-fact='value']")
    caravan: list[list[str]] = []
    for code in ["9h", "3d", "7d", "7s", "Qs", "Kc", "As"]:
        page.locator(f".lab-picker .card[data-code='{code}']").click()
        page.wait_for_selector(".lab-out[data-settled='1']")
        if caravan_rules.is_number(code):
            if caravan_rules.number_refusal(caravan, code) is None:
                caravan.append([code])
        else:
            caravan[-1].append(code)
        want = caravan_labs.summary(caravan)
        assert page.locator("[data-fact='value']").text_content() == str(want["value"])
        assert page.locator("[data-fact='direction']").get_attribute("data-raw") == (
            want["direction"] or ""
        )
        assert page.locator("[data-fact='suit']").get_attribute("data-raw") == (want["suit"] or "")

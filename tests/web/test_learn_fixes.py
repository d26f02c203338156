"""Issue 19, "Broken" 9 and 10 in the browser: the example and tutorial logs show whole
numbers past 9 (they were clipped: "15." read "l5."), a 6 and a 9 are marked as printed
cards mark them, and once an example says "Done!" its table plays nothing off-script."""

from __future__ import annotations

import pytest

from .conftest import DESKTOP, PHONE
from .test_learn import play_through

WAIT = 30_000

# Each log number's box against the list's visible box: a number the list clips (its
# scroll box) is not inside it.
NUMBERS_JS = """(sel) => {
  const list = document.querySelector(sel + ' .example-log');
  const box = list.getBoundingClientRect();
  const inner = box.left + list.clientLeft;
  return [...list.querySelectorAll(':scope > li > .log-n')].map((n) => {
    const r = n.getBoundingClientRect();
    return {text: n.textContent, left: r.left, right: r.right, inner, clipped: n.scrollWidth > n.clientWidth + 1};
  });
}"""


@pytest.mark.parametrize(
    ("viewport", "locale"), [(DESKTOP, "en-US"), (PHONE, "zh-CN")], ids=["en", "zh-390"]
)
def test_tutorial_log_numbers_past_nine_are_whole(live_server, page_factory, viewport, locale):
    page = page_factory(viewport, locale=locale)
    page.goto(f"{live_server.url}/learn/gandengyan")
    play_through(page, "gandengyan", "tutorial")
    numbers = page.evaluate(NUMBERS_JS, ".example[data-example='tutorial']")
    assert len(numbers) >= 10, numbers  # two-digit numbers are shown
    for i, n in enumerate(numbers, start=1):
        assert n["text"] == f"{i}.", n
        assert n["left"] >= n["inner"] - 0.5 and not n["clipped"], n


@pytest.mark.parametrize(
    ("game", "sid", "viewport", "locale"),
    [("cabo", "exchange", DESKTOP, "en-US"), ("caravan", "direction", PHONE, "zh-CN")],
    ids=["cabo-en", "caravan-zh-390"],
)
def test_after_done_an_example_plays_nothing_off_script(
    live_server, page_factory, game, sid, viewport, locale
):
    page = page_factory(viewport, locale=locale)
    page.goto(f"{live_server.url}/rules/{game}")
    play_through(page, game, sid)
    sel = f".example[data-example='{sid}']"
    box = page.locator(sel)
    step = box.get_attribute("data-step")
    sent = page.evaluate("k => window.cardtable.examples[k].actions.length", f"{game}/{sid}")
    # Nothing of the game is offered any more: no action buttons, no card to pick.
    assert box.locator(".example-side > .actions button").count() == 0
    assert box.locator(".board .target").count() == 0
    assert box.locator(".board button:not([disabled])").count() == 0
    # A click on the table's cards plays nothing.
    cards = box.locator(".board .card")
    for i in range(min(cards.count(), 4)):
        cards.nth(i).click(position={"x": 8, "y": 8}, force=True)
    page.wait_for_selector(f"{sel}[data-settled='1']")
    assert box.get_attribute("data-step") == step and box.get_attribute("data-done") == "1"
    after = page.evaluate("k => window.cardtable.examples[k].actions.length", f"{game}/{sid}")
    assert after == sent
    # What is left: start again, which offers the moves again.
    box.locator("button.again").click()
    page.wait_for_selector(f"{sel}[data-done='0'][data-step='0']", timeout=WAIT)
    assert box.locator(".board .target, .example-side > .actions button").count() > 0


CARDS_JS = """async (codes) => {
  const cards = await import('/static/js/cards.js');
  cards.ensureSprite();
  const out = {};
  for (const [code, compact] of codes) {
    const el = cards.cardEl(code, {compact});
    document.body.append(el);
    const marked = [...el.querySelectorAll('text.turn-mark')];
    out[code + (compact ? '/compact' : '')] = {
      marked: marked.length,
      underlined: marked.every((t) => getComputedStyle(t).textDecorationLine.includes('underline')),
    };
    el.remove();
  }
  return out;
}"""


def test_six_and_nine_are_underlined_on_every_card_face(live_server, page_factory):
    page = page_factory(PHONE)
    page.goto(f"{live_server.url}/")
    page.wait_for_selector(".game-tile")
    codes = [
        ["6", False],  # Cabo
        ["9", False],
        ["8", False],
        ["13", False],
        ["6h", False],  # a standard deck, full and compact faces
        ["9s", False],
        ["6d", True],
        ["9c", True],
        ["Th", False],
    ]
    faces = page.evaluate(CARDS_JS, codes)
    for key in ("6", "9", "6h", "9s"):
        assert faces[key]["marked"] >= 2 and faces[key]["underlined"], (key, faces[key])
    for key in ("6d/compact", "9c/compact"):
        assert faces[key]["marked"] >= 1 and faces[key]["underlined"], (key, faces[key])
    for key in ("8", "13", "Th"):
        assert faces[key]["marked"] == 0, (key, faces[key])

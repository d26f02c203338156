"""A person at the browser table: opens the home page, fills the new-game form, and plays
by clicking what the table offers (highlighted cards, the action buttons), never by
sending actions itself."""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any


def get_json(server: Any, path: str) -> Any:
    """``GET`` a JSON answer of ``server``'s API (what a test checks behind the page)."""
    with urllib.request.urlopen(f"{server.url}{path}") as answer:
        return json.load(answer)


def post(server: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """``POST`` JSON to ``server``'s API as a script would (no cookie, no CSRF header)."""
    request = urllib.request.Request(
        f"{server.url}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as answer:
        result: dict[str, Any] = json.load(answer)
        return result


SETTLED_JS = """() => {
  const t = document.querySelector('.table-page');
  if (!t || t.dataset.settled !== '1') return false;
  const r = document.querySelector('.results');
  return t.classList.contains('my-turn') || (r && !r.hidden);
}"""


def open_home(page: Any, url: str) -> None:
    page.goto(url + "/")
    page.wait_for_selector(".game-tile .new-game summary")
    # The home page may draw itself again once its requests settle (language, games).
    page.wait_for_load_state("networkidle")


def open_details(details: Any) -> None:
    """Opens a <details> by clicking its summary, as a person would, unless it is open."""
    for _ in range(3):
        if details.evaluate("d => d.open"):
            return
        details.locator(":scope > summary").click()
        details.page.wait_for_timeout(150)
    assert details.evaluate("d => d.open"), "the form did not open"


def start_game(
    page: Any,
    game: str,
    players: int | None = None,
    levels: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> str:
    """Opens the game's form, sets it as a person would, starts; returns the table URL."""
    tile = page.locator(f".game-tile[data-game='{game}']")
    open_details(tile.locator(".new-game"))
    if players is not None and tile.locator("select[name='players']").count():
        tile.locator("select[name='players']").select_option(str(players))
    for i, level in enumerate(levels or [], start=1):
        tile.locator(f"select[name='seat{i}']").select_option(level)
    if options:
        open_details(tile.locator("details.variants"))
        for name, value in options.items():
            control = tile.locator(f"#ng-{game}-{name}")
            kind = control.evaluate("e => e.tagName + ':' + (e.type || '')")
            if kind == "INPUT:checkbox":
                control.set_checked(bool(value))
            elif kind.startswith("SELECT"):
                control.select_option(label=str(value))
            else:
                control.fill(str(value))
                control.dispatch_event("change")
    tile.locator("button.start").click()
    page.wait_for_url("**/table/**")
    page.wait_for_selector(".table-page[data-version]")
    return str(page.url)


def wait_settled(page: Any, timeout: float = 30_000) -> str:
    """Waits until it is my move or the game is over: "mine" or "over"."""
    page.wait_for_function(SETTLED_JS, timeout=timeout)
    return "over" if page.locator(".results").is_visible() else "mine"


OFFERED_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.board .target')) {
    out.push(['card:' + (el.dataset.k || el.dataset.fk || ''), '.board [data-fk="' + el.dataset.fk + '"]']);
  }
  for (const el of document.querySelectorAll('.actions button[data-action]')) {
    out.push(['action:' + el.dataset.action, '.actions [data-fk="' + el.dataset.fk + '"]']);
  }
  return out;
}"""


def offered(page: Any) -> list[tuple[str, Any]]:
    """What a person can click now: (kind, locator) for every highlighted card and every
    action button, as the table shows them. Each locator finds its element by its stable
    key, so a redraw in between (a peeked card turning face down again) does no harm."""
    return [(kind, page.locator(selector)) for kind, selector in page.evaluate(OFFERED_JS)]


def click(kind: str, el: Any) -> None:
    """Clicks a card near its top-left corner (the index a person reads, never covered
    where cards overlap); a button in its middle."""
    if kind.startswith("card:"):
        el.click(position={"x": 8, "y": 8})
    else:
        el.click()
    # A call of the end of the round asks first (issue 19): the person says yes.
    yes = el.page.locator(".endgame-confirm:not([hidden]) .btn.danger")
    if kind == "action:call" and yes.count():
        yes.click()


Chooser = Callable[[list[tuple[str, Any]], int, random.Random], tuple[str, Any]]


def play(
    page: Any,
    choose: Chooser,
    seed: int = 1,
    max_clicks: int = 1500,
    shots: Path | None = None,
    shot_every: int = 0,
) -> int:
    """Plays to the end by clicks alone; returns the number of clicks."""
    rng = random.Random(seed)
    clicks = 0
    while clicks < max_clicks:
        if wait_settled(page) == "over":
            return clicks
        options = offered(page)
        assert options, "my turn, but the table offers nothing to click"
        kind, el = choose(options, clicks, rng)
        # A click that sends a move marks the table unsettled at once (the next
        # wait_settled waits for the answer); one that only selects redraws at once.
        click(kind, el)
        clicks += 1
        if shots is not None and shot_every and clicks % shot_every == 0:
            page.screenshot(path=str(shots / f"move-{clicks:04d}.png"))
    raise AssertionError(f"no end after {max_clicks} clicks")


def prefer(*order: str, avoid: tuple[str, ...] = ()) -> Chooser:
    """A chooser that picks at random among the offered clicks, trying the kinds in
    ``order`` (prefixes like "action:call") first with probability 1/2 each, and never the
    ``avoid`` ones while anything else is offered."""

    def choose(options, clicks, rng):
        allowed = [o for o in options if not o[0].startswith(avoid)] or options
        for prefix in order:
            hits = [o for o in allowed if o[0].startswith(prefix)]
            if hits and rng.random() < 0.5:
                return rng.choice(hits)
        return rng.choice(allowed)

    return choose

"""Issue 19, names and ratings, in real browsers against a real server: two accounts play
a rated Caravan table to its end; before it each sees both ratings beside the names
("1500?": provisional), after it the results show each player's change (+N / −N, before →
after) and a link to the replay, in English on a desktop and in Chinese at 390 px; the
winner's profile lists the opponent, linked to their profile, with the change. A guest's
name is in the page's language."""

from __future__ import annotations

import random
import re

from .conftest import DESKTOP, PHONE
from .driver import get_json
from .layout import assert_fits
from .test_online_match import register
from .test_online_names import WAIT, one_move, resign, take_seat, whose_turn

CREATE_RATED_JS = """async () => {
  const home = await import('/static/js/home.js');
  const answer = await home.startTable(
    window.cardtable.app, 'caravan', {}, ['human', 'human'], { rated: true, public: true });
  return answer.id;
}"""

MINUS = "\u2212"


def test_rated_results_show_changes_and_replay_and_the_profile_the_opponent(
    live_server, page_factory, artifacts
):
    url = live_server.url
    tag = random.randrange(10**6)
    alice = page_factory(DESKTOP, locale="en-US")
    bob = page_factory(PHONE, locale="en-US")
    a_me = register(alice, url, f"ra_{tag}")
    b_me = register(bob, url, f"rb_{tag}")
    bob.evaluate("import('/static/js/i18n.js').then((m) => m.setLang('zh-CN'))")

    table_id = str(alice.evaluate(CREATE_RATED_JS))
    alice.wait_for_function("() => window.cardtable.table?.msg?.seat === 0", timeout=WAIT)
    # The lobby shows the table's player with her rating.
    bob.goto(f"{url}/lobby")
    entry = bob.locator(f".lobby-list li[data-table='{table_id}']")
    entry.filter(has_text=f"{a_me['name']} (1500?)").wait_for(timeout=WAIT)
    take_seat(bob, url, table_id, 1)

    # Both seats' ratings beside their names, before anyone moved.
    for page in (alice, bob):
        for seat in (0, 1):
            rating = page.locator(f".clock-seat[data-seat='{seat}'] .seat-rating")
            rating.filter(has_text="1500?").wait_for(timeout=WAIT)

    pages = [alice, bob]
    first = whose_turn(pages)
    rng = random.Random(11)
    one_move(pages[first], rng)
    one_move(pages[1 - first], rng)  # everyone moved: the game is rated, not aborted
    resign(pages[first])
    winner = 1 - first  # as a seat: Alice holds 0, Bob 1

    changes = []
    for _ in range(WAIT // 100):
        changes = get_json(live_server, f"/api/tables/{table_id}").get("rating_changes") or []
        if changes:
            break
        alice.wait_for_timeout(100)
    assert [c["seat"] for c in changes] == [0, 1], changes
    up, down = changes[winner]["change"], changes[first]["change"]
    assert up > 0 > down

    names = {alice: (a_me["name"], b_me["name"]), bob: (b_me["name"], a_me["name"])}
    for page, you, title, replay in (
        (alice, "You", "Rating changes", "Watch the replay"),
        (bob, "你", "等级分变化", "观看回放"),
    ):
        part = page.locator(".results:not([hidden]) .rating-results[data-rated='yes']")
        part.wait_for(timeout=WAIT)
        assert part.locator("h3").inner_text() == title
        rows = {
            int(li.get_attribute("data-seat")): li.inner_text()
            for li in part.locator(".rating-changes li").all()
        }
        me = 0 if page is alice else 1
        assert rows[me].startswith(you), rows
        assert rows[1 - me].startswith(names[page][1]), rows
        assert f"+{up}" in rows[winner] and f"{MINUS}{-down}" in rows[first], rows
        for seat, c in enumerate(changes):
            assert f"1500? → {c['after']}?" in rows[seat], rows
        link = part.locator("a.replay-link")
        assert link.inner_text() == replay
        assert link.get_attribute("href") == f"/replay/{table_id}?seat={me}"
    assert_fits(bob, "rated results", artifacts)
    bob.screenshot(path=str(artifacts / "rating-results-zh-390.png"))

    # The replay link opens the replay from the player's seat.
    bob.locator(".results a.replay-link").click()
    bob.wait_for_url(f"**/replay/{table_id}?seat=1**", timeout=WAIT)
    bob.locator(".replay-page").wait_for(timeout=WAIT)

    # Alice's profile: the game, Bob by name linking to his profile, her change.
    alice.goto(f"{url}/players/{a_me['id']}")
    game = alice.locator(f".recent-games li[data-table='{table_id}']")
    game.wait_for(timeout=WAIT)
    opponent = game.locator(f"a.opponent[data-player='{b_me['id']}']")
    assert opponent.inner_text() == b_me["name"]
    mine = changes[0]["change"]
    sign = f"+{mine}" if mine > 0 else f"{MINUS}{-mine}"
    assert sign in game.locator(".game-change").inner_text()
    rating = alice.locator(".rating-row[data-game='caravan'] .rating-value").inner_text()
    assert rating == f"{changes[0]['after']}?"
    opponent.click()
    alice.wait_for_url(f"**/players/{b_me['id']}", timeout=WAIT)
    alice.locator(f".recent-games li[data-table='{table_id}'] a.opponent").filter(
        has_text=a_me["name"]
    ).wait_for(timeout=WAIT)


def test_a_guest_name_is_in_the_page_language(live_server, page_factory):
    for locale, word in (("zh-CN", "访客"), ("en-US", "Guest")):
        page = page_factory(PHONE, locale=locale)
        page.goto(f"{live_server.url}/")
        name = page.locator(".identity .me-name")
        name.wait_for(timeout=WAIT)
        assert re.fullmatch(rf"{word} \d{{4}}", name.inner_text().strip()), name.inner_text()

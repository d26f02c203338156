"""Issue 19, item 5, in two real browsers against a real server: a table begins when every
seat is taken. The creator sees "Waiting for players" and is offered no move; once the
second person sits down, the game begins and the first-move clock shows its whole minute
(it starts then, not when the table was made)."""

from __future__ import annotations

import re
from typing import Any

from .conftest import DESKTOP, PHONE
from .test_online_names import WAIT, guest_name, take_seat

CREATE_JS = """async () => {
  const home = await import('/static/js/home.js');
  const clock = {kind: 'timed', bank: 300, increment: 5};
  const answer = await home.startTable(
    window.cardtable.app, 'cambio', {}, ['human', 'human'], {clock});
  return answer.id;
}"""


def seconds(text: str) -> int:
    found = re.search(r"(\d+):(\d\d)", text)
    assert found, text
    return int(found[1]) * 60 + int(found[2])


def test_creator_waits_for_players_and_the_first_move_clock_starts_with_the_game(
    live_server: Any, page_factory: Any
) -> None:
    alice, bob = page_factory(DESKTOP, locale="en-US"), page_factory(PHONE, locale="zh-CN")
    guest_name(alice, live_server.url)
    guest_name(bob, live_server.url)
    table_id = str(alice.evaluate(CREATE_JS))
    alice.wait_for_function("() => window.cardtable.table?.msg?.seat === 0", timeout=WAIT)
    alice.locator("#prompt").filter(has_text="Waiting for players").wait_for(timeout=WAIT)
    assert "Waiting for players" in alice.locator(".turn-badge").inner_text()
    assert alice.locator(".table-page.my-turn").count() == 0
    assert alice.locator(".table-page .board .target").count() == 0  # no card to choose
    assert alice.evaluate("() => window.cardtable.table.msg.version") == 0

    # The second person sits down: the game begins, with the clocks.
    take_seat(bob, live_server.url, table_id, 1)
    alice.wait_for_function(
        "() => !document.querySelector('#prompt').textContent.includes('Waiting for players')",
        timeout=WAIT,
    )
    alice.locator(".table-page.my-turn").wait_for(timeout=WAIT)
    extra = alice.locator(".clock-seat[data-seat='0'] .clock-extra")
    extra.filter(has_text="first move").wait_for(timeout=WAIT)
    # A full minute less what the busy machine took since the second seat was taken.
    assert 30 <= seconds(extra.inner_text()) <= 60
    assert "等待玩家入座" not in bob.locator("#prompt").inner_text()

"""Issue 19, turn-based tables: "a browser notification (Notification API, when allowed)
says when it is your turn". Two people at a Cambio table in real browsers. Alice ticks
"Notify me when it is my turn" in the settings menu (the browser grants the permission) and
looks away from the tab; when Bob's move hands her the turn, her page makes a notification
in her language. Bob, who never ticked the switch, gets none.

Headless Chromium shows no notifications and keeps every tab "visible", so the page is told
it is hidden (``document.visibilityState``) and the real ``Notification`` constructor is
wrapped to record what the page asked it to show."""

from __future__ import annotations

from typing import Any

from .conftest import DESKTOP, PHONE
from .driver import get_json
from .test_online_names import WAIT, guest_name, take_seat
from .test_turn_based import move

CREATE_JS = """async () => {
  const home = await import('/static/js/home.js');
  const answer = await home.startTable(window.cardtable.app, 'cambio', {}, ['human', 'human']);
  return answer.id;
}"""

# Runs before the page's own scripts: a switchable "hidden" and a record of notifications.
RECORD_JS = """(() => {
  window.__hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => (window.__hidden ? 'hidden' : 'visible'),
  });
  window.__notes = [];
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options = {}) {
      super(title, options);
      window.__notes.push({ title, body: options.body, tag: options.tag });
    }
  };
})()"""


def recording(page: Any) -> Any:
    page.context.grant_permissions(["notifications"])
    page.add_init_script(RECORD_JS)
    return page


def notes(page: Any) -> list[dict[str, str]]:
    return list(page.evaluate("window.__notes"))


def play_while_to_act(page: Any, server: Any, table_id: str, seat: int, seed: int) -> None:
    """Moves for ``seat`` until the table waits on the other seat."""
    for step in range(12):
        if get_json(server, f"/api/tables/{table_id}")["to_act"] != [seat]:
            return
        move(page, seed + step)
    raise AssertionError("twelve moves and still the same seat's turn")


def test_a_notification_says_it_is_your_turn_when_you_look_away(
    live_server: Any, page_factory: Any
) -> None:
    alice = recording(page_factory(DESKTOP, locale="en-US"))
    bob = recording(page_factory(PHONE, locale="zh-CN"))
    guest_name(alice, live_server.url)
    guest_name(bob, live_server.url)

    # Ticking the switch is what asks for the permission (here granted already).
    alice.locator("details.settings > summary").click()
    alice.get_by_label("Notify me when it is my turn").check()
    alice.keyboard.press("Escape")
    assert alice.evaluate("Notification.permission") == "granted"

    table_id = str(alice.evaluate(CREATE_JS))
    take_seat(bob, live_server.url, table_id, 1)
    alice.wait_for_selector(".table-page.my-turn[data-settled='1']", timeout=WAIT)
    assert get_json(live_server, f"/api/tables/{table_id}")["to_act"] == [0]
    # Her turn came while she was looking: nothing to notify.
    assert notes(alice) == []

    play_while_to_act(alice, live_server, table_id, 0, seed=1)
    alice.evaluate("window.__hidden = true")
    play_while_to_act(bob, live_server, table_id, 1, seed=100)

    alice.wait_for_function("() => window.__notes.length > 0", timeout=WAIT)
    (note,) = notes(alice)
    assert note["title"] == "Your turn"
    assert note["body"] == "Cambio: your move."
    assert note["tag"] == f"turn-{table_id}"
    assert alice.title().startswith("(Your turn)")
    # Bob never asked for notifications: his turn came and went without one.
    assert notes(bob) == []

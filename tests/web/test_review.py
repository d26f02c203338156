"""Issue 22 in a real browser: a finished game's review (the results' Review button, its
progress, the marks in the replay's move list, the value chart, a blunder stepped to and
its best move drawn on the table) and the puzzle the review made (a wrong answer refused
with an explanation, the right one, played on the table, accepted), in English and
Chinese, on a 390 px phone too.

The game is a known blunder (tests/review/test_marks.py): in a Caravan dealt by seed 2,
after 36 moves seat 0 resigns a game that 8♠ on its third caravan wins at once. The server
cannot deal a chosen seed, so the finished game is written to the server's database as the
server writes one (the table, then its log, the last action with the outcome); everything
after that is the real server: its review job on the bot workers, the replay, the puzzle
it stores, the answer it checks."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from cardtable import games
from cardtable.server.tokens import hash_token
from cardtable.store import open_store
from cardtable.store.records import BOT, HUMAN, Append, SeatRecord, TableRecord

from ..review.support import finish
from ..review.test_marks import CV_AT, CV_SEED, WIN
from .conftest import DESKTOP, PHONE
from .driver import get_json
from .layout import assert_fits

BLUNDER = CV_AT + 1  # the resignation: action number 37


def blunder_table(server: Any) -> tuple[str, str]:
    """A finished Caravan whose seat 0 (a person: the token returned) resigned a won game."""
    record = finish("caravan", {}, CV_SEED, prefix=CV_AT, ours=[{"type": "resign"}])
    game = games.load("caravan", **record.options)
    state = game.new_state(seed=record.seed)
    for seat, wire in record.actions:
        state.apply(seat, game.action_from_json(wire))
    outcome = state.outcome().to_json()
    table_id, token = f"rv{secrets.token_hex(5)}", secrets.token_urlsafe(16)
    seats = [SeatRecord(0, HUMAN, token_hash=hash_token(token)), SeatRecord(1, BOT, "medium")]
    store = open_store(f"sqlite:///{server.folder / 'cardtable.db'}")
    try:
        store.create(TableRecord(table_id, "caravan", dict(record.options), record.seed, seats))
        last = len(record.actions)
        store.append_many(
            [
                Append(table_id, n, seat, wire, outcome if n == last else None)
                for n, (seat, wire) in enumerate(record.actions, start=1)
            ]
        )
    finally:
        store.close()
    return table_id, token


def hold_seat(page: Any, table_id: str, token: str) -> None:
    """This browser holds seat 0, as if it had created the table."""
    record = {"seat": 0, "token": token, "game": "caravan", "created": 1}
    tables = json.dumps(json.dumps({table_id: record}))
    page.context.add_init_script(f"localStorage.setItem('cardtable.tables', {tables});")


def wait_review(page: Any) -> Any:
    page.locator(".review[data-ready='1']").wait_for(timeout=120_000)
    return page.locator(".review")


def test_review_from_the_results_marks_the_blunder_and_draws_the_best_move(
    live_server: Any, page_factory: Any, artifacts: Path
) -> None:
    table_id, token = blunder_table(live_server)
    page = page_factory(DESKTOP)
    hold_seat(page, table_id, token)
    page.goto(f"{live_server.url}/table/{table_id}")
    results = page.locator(".results:not([hidden])")
    results.wait_for()
    results.get_by_role("link", name="Review").click()
    page.wait_for_url(f"**/replay/{table_id}?*review=1*")

    # Progress first (the job has only been queued), then the review.
    page.locator(".rv-progress progress").wait_for()
    assert "decisions" in page.locator(".rv-progress").inner_text() or "Waiting" in (
        page.locator(".rv-progress").inner_text()
    )
    review = wait_review(page)
    stored = get_json(live_server, f"/api/tables/{table_id}/reviews/0")["review"]
    decisions = stored["decisions"]
    rows = review.locator(".rv-moves li")
    assert rows.count() == len(decisions) > 5
    blunder = review.locator(f".rv-moves li[data-step='{BLUNDER}']")
    assert blunder.get_attribute("data-mark") == "blunder"
    assert blunder.locator(".rv-mark").inner_text().startswith("??")
    assert "Blunder" in blunder.locator(".rv-mark").get_attribute("title")
    assert "Resign" in blunder.inner_text()
    assert "Best: Play 8 of spades on your caravan 3" in blunder.inner_text()
    # Every mark the server gave is in the list, by symbol.
    for i, d in enumerate(decisions):
        assert rows.nth(i).get_attribute("data-mark") == (d["mark"] or "none")
    assert review.locator(".rv-accuracy").inner_text().startswith("Accuracy ")
    # A change of language redraws the review in the other language, served again (stored).
    for switch_to, accuracy in (("zh", "准确度"), ("en", "Accuracy ")):
        page.locator("#lang-switch").click()
        page.wait_for_function(
            "w => document.querySelector('.review[data-ready=\"1\"] .rv-accuracy')"
            "?.textContent.includes(w)",
            arg=accuracy,
        )
        assert rows.count() == len(decisions), switch_to

    # The chart: one point per decision, the blunder's symbol beside its point.
    chart = review.locator("svg.rv-chart-svg")
    assert chart.locator("circle").count() == len(decisions)
    assert "??" in chart.locator("text.rv-sym").all_text_contents()
    assert "Blunder" in (chart.get_attribute("aria-label") or "")

    # Step to the blunder: the table before it; then its best move on the table.
    blunder.locator("button").click()
    replay = page.locator(f".replay-page[data-step='{BLUNDER - 1}']")
    replay.wait_for()
    assert blunder.locator("button").get_attribute("aria-current") == "step"
    detail = review.locator(".rv-detail")
    assert "Blunder" in detail.inner_text() and "Played: Resign" in detail.inner_text()
    assert page.locator(".best-move").count() == 0
    detail.get_by_role("button", name="Show the best move").click()
    assert stored["decisions"][-1]["best"]["action"] == WIN  # the engine's best: 8♠ wins
    note = page.locator(".board .best-move-note")
    assert note.inner_text().endswith("Best move: Play 8 of spades on your caravan 3")
    marked = page.locator(".board .best-move")
    keys = {marked.nth(i).get_attribute("data-k") for i in range(marked.count())}
    assert keys == {"c:8s:1", "col:0:2"}, keys
    assert "8" in page.locator(".board .best-move[data-k='c:8s:1']").get_attribute("aria-label")
    page.screenshot(path=str(artifacts / "review-best-move.png"), full_page=True)
    # Stepping on hides it; the arrow keys move through the replay as before.
    page.keyboard.press("ArrowRight")
    page.locator(f".replay-page[data-step='{BLUNDER}']").wait_for()
    assert page.locator(".best-move").count() == 0

    # A puzzle came of the blunder (a public table): open it and solve it.
    puzzles = get_json(live_server, "/api/puzzles/caravan")["puzzles"]
    mine = next(p for p in puzzles if p["table"] == table_id)
    review.get_by_role("link", name="Puzzles from this game").click()
    page.wait_for_url("**/puzzles/caravan")
    page.goto(f"{live_server.url}/puzzles/caravan/{mine['id']}")
    puzzle = page.locator(f".puzzle-page[data-puzzle='{mine['id']}'][data-state='open']")
    puzzle.wait_for()
    assert "Find the best move" in puzzle.inner_text()
    # Wrong: throwing the winning card away. Refused, with the values that say why.
    puzzle.locator(".pz-moves").get_by_role("button", name="Discard 8 of spades").click()
    page.locator(".puzzle-page[data-state='wrong']").wait_for()
    answer = page.locator(".puzzle-page .pz-answer")
    assert "Not the best move: Discard 8 of spades." in answer.inner_text()
    assert "the best move is worth" in answer.inner_text() and "Try again" in answer.inner_text()
    # Right: 8♠ on the third caravan, played on the table as in a game.
    page.locator(".board [data-k='c:8s:1']").click()
    page.locator(".board [data-k='drop:0:2']").click()
    page.locator(".puzzle-page[data-state='solved']").wait_for()
    text = answer.inner_text()
    assert "Right: Play 8 of spades on your caravan 3 is the best move." in text
    assert "ahead of every other move by at least" in text
    assert "In the game, the player chose: Resign." in text
    assert page.locator(".board .best-move").count() >= 1
    page.screenshot(path=str(artifacts / "puzzle-solved.png"), full_page=True)


def test_review_and_puzzle_in_chinese_on_a_phone(
    live_server: Any, page_factory: Any, artifacts: Path
) -> None:
    table_id, _ = blunder_table(live_server)
    page = page_factory(PHONE, locale="zh-CN")
    # Not this seat's browser: the table is public, so anyone may ask for its review.
    page.goto(f"{live_server.url}/replay/{table_id}?seat=0")
    review = page.locator(".review")
    review.get_by_role("button", name="复盘这局").click()
    review = wait_review(page)
    assert "准确度" in review.locator(".rv-accuracy").inner_text()
    blunder = review.locator(f".rv-moves li[data-step='{BLUNDER}']")
    assert "大错" in blunder.locator(".rv-mark").get_attribute("title")
    assert (
        "认输" in blunder.inner_text() and "最佳：把 黑桃8 放到你的路线 3" in blunder.inner_text()
    )
    blunder.locator("button").click()
    review.get_by_role("button", name="显示最佳着法").click()
    assert "最佳着法：把 黑桃8 放到你的路线 3" in page.locator(".best-move-note").inner_text()
    for width in (390, 320):
        page.set_viewport_size({"width": width, "height": PHONE["height"]})
        assert_fits(page, f"review zh {width}", artifacts)
    page.screenshot(path=str(artifacts / "review-zh-320.png"), full_page=True)

    puzzle_id = next(
        p["id"]
        for p in get_json(live_server, "/api/puzzles/caravan")["puzzles"]
        if p["table"] == table_id
    )
    page.set_viewport_size(PHONE)
    # The game's tile on the home page leads to its puzzles.
    page.goto(f"{live_server.url}/")
    tile = page.locator(".game-tile[data-game='caravan']")
    tile.get_by_role("link", name="残局题").click()
    page.wait_for_url("**/puzzles/caravan")
    page.locator(".puzzle-page").wait_for()
    page.goto(f"{live_server.url}/puzzles/caravan/{puzzle_id}")
    puzzle = page.locator(".puzzle-page[data-state='open']")
    puzzle.wait_for()
    assert "找出最佳着法" in puzzle.inner_text()
    puzzle.locator(".pz-moves").get_by_role("button", name="弃掉 黑桃8").click()
    page.locator(".puzzle-page[data-state='wrong']").wait_for()
    answer = page.locator(".puzzle-page .pz-answer")
    assert "不是最佳着法：弃掉 黑桃8。" in answer.inner_text()
    answer.get_by_role("button", name="显示答案").click()
    page.locator(".puzzle-page[data-state='revealed']").wait_for()
    assert "答案：把 黑桃8 放到你的路线 3。" in answer.inner_text()
    assert page.locator(".board .best-move").count() >= 1
    for width in (390, 320):
        page.set_viewport_size({"width": width, "height": PHONE["height"]})
        assert_fits(page, f"puzzle zh {width}", artifacts)


# Each game's showMove hook: the keys of what a move uses on its table, and its words.
SHOWN = [
    ("cambio", {"hand": []}, {"type": "replace", "slot": 2}, ["drawn", "h:0:2"], "slot 3"),
    ("cambio", {}, {"type": "swap", "a": [0, 1], "b": [1, 3]}, ["h:0:1", "h:1:3"], "P1"),
    ("cabo", {}, {"type": "replace", "slots": [0, 3]}, ["drawn", "h:0:0", "h:0:3"], "card 4"),
    ("cabo", {}, {"type": "take_discard"}, ["discard"], "Take the discard"),
    ("gandengyan", {"hand": ["3s", "3h", "3s"]}, {"type": "play", "cards": ["3s", "3s"]},
     ["c:3s:1", "c:3s:2"], "Play 3♠ 3♠"),
    ("gandengyan", {"hand": ["3s"]}, {"type": "pass"}, [], "Pass"),
    ("caravan", {"hand": ["Jd", "8s"], "caravans": [[{"cards": []}] * 3, [
        {"cards": [{"card": "7h", "attached": []}]}, {"cards": []}, {"cards": []}]]},
     {"type": "play", "card": "Jd", "caravan": 0, "seat": 1, "index": 0},
     ["c:Jd:1", "cv:1:0:0"], "Put jack of diamonds on 7 of hearts"),
]  # fmt: skip


def test_each_game_names_and_places_its_moves(live_server: Any, page_factory: Any) -> None:
    page = page_factory(DESKTOP)
    page.goto(live_server.url + "/")
    page.locator(".game-tile").first.wait_for()
    for game, view, action, keys, words in SHOWN:
        shown = page.evaluate(
            """async ([game, view, action]) => {
                const mod = await import(`/games/${game}/render.js`);
                const ctx = { seat: 0, view, name: (s) => `P${s}` };
                return mod.default.showMove(action, ctx);
            }""",
            [game, view, action],
        )
        assert shown["keys"] == keys, (game, action, shown)
        assert words in shown["text"], (game, action, shown)

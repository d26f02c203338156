"""Issue 22: reviews over HTTP on a real server. A finished table's review runs as a job on
the bot workers, reports its progress, is stored with the table and served again without
recomputing; unfinished tables, missing seats, budgets over the cap and strangers at a
private table are refused with codes that name the problem. Puzzles list, show only the
view and check answers."""

from __future__ import annotations

import itertools
import random
from typing import Any

import httpx

from cardtable.review.review import Review
from cardtable.store import open_store
from tests.review.support import finish
from tests.review.test_marks import CV_AT, CV_SEED, WIN

from .support import TIMEOUT, Server, open_table, poll, run
from .test_online_identity import browser


def finished_table(server: Server, game: str = "cambio", **options: Any) -> str:
    table_id: str = server.create(game, ["bot:medium", "bot:medium"], players=2, **options)["id"]
    poll(lambda: server.get(f"/api/tables/{table_id}").json()["status"] != "playing", "game over")
    return table_id


def review_path(table_id: str, seat: int) -> str:
    return f"/api/tables/{table_id}/reviews/{seat}"


def wait_review(client: Any, path: str) -> dict[str, Any]:
    answers: list[dict[str, Any]] = []

    def done() -> bool:
        answer = client.get(path)
        assert answer.status_code == 200, answer.text
        answers.append(answer.json())
        return answer.json()["status"] in ("done", "failed")

    poll(done, "the review's job ends")
    assert answers[-1]["status"] == "done", answers[-1]
    for earlier, later in itertools.pairwise(answers):  # progress only grows
        assert earlier["done"] <= later["done"] <= later["total"]
    return answers[-1]


def test_a_review_runs_as_a_job_is_stored_and_served_again(server: Server) -> None:
    table_id = finished_table(server)
    path = review_path(table_id, 0)
    assert server.get(path).json()["code"] == "no_review"
    started = server.post(path, {"budget": 24, "seed": 5})
    assert started.status_code == 202, started.text
    assert started.json()["status"] in ("queued", "running") and started.json()["total"] > 0
    done = wait_review(server, path)
    review = done["review"]
    assert review["seat"] == 0 and review["seed"] == 5 and review["game"] == "cambio"
    assert review["budget"]["per_decision"] == 24
    assert len(review["decisions"]) == done["total"]
    assert all(d["cost"] <= 24 for d in review["decisions"])
    assert {d["mark"] for d in review["decisions"]} <= {
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    }
    # Asked again, with another budget and seed: the stored review, not a new one.
    again = server.post(path, {"budget": 300, "seed": 6})
    assert again.status_code == 200 and again.json()["review"] == review
    assert server.get(path).json()["review"] == review


def test_refusals_name_the_problem(server: Server) -> None:
    table_id = finished_table(server)
    cases = [
        (review_path("no-such-table", 0), None, 404, "unknown_table"),
        (review_path(table_id, 5), None, 404, "unknown_seat"),
        (review_path(table_id, 0), {"budget": 100_000}, 422, "review_budget"),
        (review_path(table_id, 0), {"budget": "many"}, 422, "bad_request"),
    ]
    for path, body, status, code in cases:
        answer = server.post(path, body)
        assert answer.status_code == status and answer.json()["code"] == code, answer.text
    waiting = server.create("cambio", ["human", "bot:random"], players=2)  # not over
    answer = server.post(review_path(waiting["id"], 0), {"budget": 10})
    assert answer.status_code == 409 and answer.json()["code"] == "not_over", answer.text
    assert "finished" in answer.json()["detail"]


def test_a_private_game_is_reviewed_by_its_seats_player_only(server: Server) -> None:
    client, _ = browser(server)
    body = {"game": "cambio", "options": {"players": 2}, "seats": ["human", "bot:random"]}
    ticket = client.post("/api/tables", json=body | {"public": False}).json()
    table_id, token = ticket["id"], ticket["token"]

    async def play() -> None:
        async with open_table(server, table_id, token) as table:
            await table.play_randomly(random.Random(3))

    run(play())
    poll(lambda: client.get(f"/api/tables/{table_id}").json()["status"] != "playing", "game over")
    path = review_path(table_id, 0)
    stranger = server.post(path, {"budget": 10})
    assert stranger.status_code == 403 and stranger.json()["code"] == "not_your_seat"
    assert server.get(path).status_code == 403
    # The seat's token proves it; so does the session of the person who held it.
    bearer = {"Authorization": f"Bearer {token}"}
    wrong = httpx.post(
        f"{server.http}{path}", json={"budget": 10}, headers={"Authorization": "Bearer x"}
    )
    assert wrong.status_code == 403
    mine = httpx.post(f"{server.http}{path}", json={"budget": 10}, headers=bearer, timeout=TIMEOUT)
    assert mine.status_code == 202, mine.text
    wait_review(client, path)  # the creator's session reads it


def test_puzzles_show_the_view_and_check_answers(server: Server) -> None:
    """A puzzle the review engine made from a known blunder (conceding a won Caravan, see
    tests/review/test_marks.py), stored as a review stores it; the API serves it."""
    table_id = finished_table(server, "caravan")
    record = finish("caravan", {}, CV_SEED, prefix=CV_AT, ours=[{"type": "resign"}])
    review = Review(record, 0, seed=0, hindsight=False)
    index = next(d.index for d in review.found if d.step == CV_AT + 1)
    entry = review.judge_one(index, 400)
    puzzle, _ = review.puzzle(index, entry, 10_000)
    assert puzzle is not None
    store = open_store(server.db)
    row = {"id": "p" + table_id, "game": "caravan", "step": CV_AT + 1, "body": puzzle}
    assert store.save_review(table_id, 1, {"stub": True}, [row])
    store.close()

    listing = server.get("/api/puzzles/caravan").json()["puzzles"]
    assert any(p["id"] == row["id"] for p in listing)
    shown = server.get(f"/api/puzzles/caravan/{row['id']}").json()
    assert shown["view"] == puzzle["view"] and "answer" not in shown
    assert WIN in [entry["action"] for entry in shown["legal"]]
    answer = server.post(f"/api/puzzles/caravan/{row['id']}/answer", {"action": WIN}).json()
    assert answer["correct"] and answer["best"]["action"] == WIN and answer["explanation"]
    other = next(e["action"] for e in shown["legal"] if e["action"] != WIN)
    wrong = server.post(f"/api/puzzles/caravan/{row['id']}/answer", {"action": other}).json()
    assert not wrong["correct"] and wrong["best"]["action"] == WIN
    bad = server.post(f"/api/puzzles/caravan/{row['id']}/answer", {"action": {"type": "fly"}})
    assert bad.status_code == 422 and bad.json()["code"] == "bad_answer"
    assert server.get("/api/puzzles/nogame").json()["code"] == "unknown_game"
    missing = server.get("/api/puzzles/caravan/nope")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown_puzzle"

"""A review's decisions are jobs on the bot farm (#20, docs/scaling.md "The bot farm"): with
--redis, the serving process thinks none of them; `cardtable bots` workers do, and a
worker killed holding one is taken over. Real server, real worker processes, real Redis
and PostgreSQL."""

from __future__ import annotations

import json
import signal
from typing import Any

from .support import poll
from .test_farm import Farm, farm  # noqa: F401 (a fixture)
from .test_reviews import review_path, wait_review
from .test_scale import REDIS_URL, schema_url  # noqa: F401 (a fixture)

GAME = "cambio"


def review_jobs(house: Farm) -> list[dict[str, Any]]:
    """The review jobs on the stream now (read or not)."""
    import redis

    with redis.Redis.from_url(REDIS_URL or "") as client:
        entries: Any = client.xrange(f"{house.namespace}:bots", "-", "+")
    found = [json.loads(fields[b"job"]) for _, fields in entries]
    return [job for job in found if job.get("kind") == "review"]


def test_a_review_is_thought_on_the_farm_and_survives_a_killed_worker(
    farm: Farm,  # noqa: F811
) -> None:
    """A bots game finished through one worker; that worker goes. The review asked then is
    taken by a worker that hangs: the server (no workers of its own) makes no progress, the
    job on the stream is a judge call on the finished game's record for that seat. Killed,
    its job is taken over by another worker, and the review is done and stored."""
    server = farm.server
    first = farm.start_worker("first")
    table = server.create(GAME, ["bot:medium", "bot:medium"], players=2)["id"]
    over = lambda: server.get(f"/api/tables/{table}").json()["status"] == "finished"  # noqa: E731
    poll(over, "the bots finished the game through the farm")
    first.send_signal(signal.SIGKILL)
    first.wait(10)

    doomed = farm.start_worker("doomed", CARDTABLE_TEST_BOT_STALL="600")
    path = review_path(table, 1)
    started = server.post(path, {"budget": 24, "seed": 3})
    assert started.status_code == 202, started.text
    total = started.json()["total"]
    held: list[dict[str, Any]] = []
    poll(lambda: held.extend(farm.pending()) or held, "the doomed worker took a review job")
    jobs = review_jobs(farm)
    assert [job["id"] for job in jobs] == [held[0]["id"]]
    job = jobs[0]
    assert job["call"] == "judge" and job["table"] == f"review:{table}:1"
    record, seat, seed, hindsight, index, allowed = job["args"]
    assert (seat, seed, hindsight, index) == (1, 3, True, 0) and 0 < allowed <= 24
    assert record["game"] == GAME and record["actions"]
    assert server.get(path).json()["done"] == 0  # the server thinks nothing itself
    doomed.send_signal(signal.SIGKILL)
    doomed.wait(10)

    farm.start_worker("heir")
    done = wait_review(server, path)
    review = done["review"]
    assert review["seat"] == 1 and review["seed"] == 3
    assert len(review["decisions"]) == total
    assert all(d["mark"] is None or d["cost"] <= 24 for d in review["decisions"])
    assert f"took over job {held[0]['id']}" in farm.log("heir")
    assert review_jobs(farm) == [] and farm.pending() == []
    assert server.post(path, {"budget": 24, "seed": 3}).json()["review"] == review  # stored

"""Review jobs' limits and progress across the processes of one house (#20, docs/
scaling.md "Shared across processes"): four reviews at once in the whole house, one per
asker whichever process is asked, progress read from either process, and the places of a
process that died freed. Two real server processes, real `cardtable bots` workers, real
Redis and PostgreSQL."""

from __future__ import annotations

import secrets
import signal
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .support import TIMEOUT, Server, poll
from .test_farm import Farm
from .test_reviews import review_path, wait_review
from .test_scale import schema_url  # noqa: F401 (a fixture)
from .test_shared import start_pair

GAME = "cambio"
ASK = {"budget": 4, "seed": 1}


class House:
    def __init__(self, a: Server, b: Server, farm: Farm) -> None:
        self.a, self.b, self.farm = a, b, farm
        self.people: list[httpx.Client] = []

    def person(self) -> httpx.Client:
        """A guest with a session (the asker), asking either process by full URL."""
        client = httpx.Client(base_url=self.a.http, timeout=TIMEOUT)
        client.headers["X-CSRF-Token"] = client.get("/api/me").json()["csrf"]
        self.people.append(client)
        return client

    def finished_games(self, count: int) -> list[str]:
        """``count`` bots games played to the end by a farm worker, which then goes (so
        that no review job is thought until the test starts one)."""
        worker = self.farm.start_worker("games")
        tables = [self.a.create(GAME, ["bot:random", "bot:random"])["id"] for _ in range(count)]

        def over() -> bool:
            statuses = [self.a.get(f"/api/tables/{t}").json()["status"] for t in tables]
            return all(s == "finished" for s in statuses)

        poll(over, "the bots finished their games through the farm")
        worker.send_signal(signal.SIGKILL)
        worker.wait(10)
        return tables


@pytest.fixture
def house(schema_url: str, tmp_path: Path) -> Iterator[House]:  # noqa: F811
    # No process thinks review pieces itself; the address may ask for reviews freely (the
    # limits under test are the house's and the asker's, not the address's rate).
    namespace = f"t{secrets.token_hex(4)}"  # the last --redis-namespace given counts
    extra = ["--redis-namespace", namespace, "--farm-workers", "0", "--rate", "review=100:1"]
    servers = start_pair(schema_url, tmp_path, extra)
    a, b = servers
    made = House(a, b, Farm(a, namespace, tmp_path))
    try:
        yield made
    finally:
        for client in made.people:
            client.close()
        for worker in made.farm.workers:
            if worker.poll() is None:
                worker.kill()
                worker.wait(10)
        for server in servers:
            server.stop()


def ask(person: httpx.Client, server: Server, table: str, seat: int) -> httpx.Response:
    return person.post(f"{server.http}{review_path(table, seat)}", json=ASK)


def refused(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code, response.text


def test_four_reviews_in_the_house_one_per_asker_progress_on_either(house: House) -> None:
    """Four askers start four reviews, two through each process: a fifth asker is refused
    by both (503 review_busy, Retry-After), an asker with a review running on A is refused
    on B (429 review_running). Each job's progress reads the same on both; a worker then
    computes them, watched from the process that did not start them; once they are done
    the fifth asker is let in."""
    a, b = house.a, house.b
    t0, t1, t2 = house.finished_games(3)
    people = [house.person() for _ in range(5)]
    started = [(a, t0, 0), (b, t0, 1), (a, t1, 0), (b, t1, 1)]
    for person, (server, table, seat) in zip(people, started, strict=False):
        answer = ask(person, server, table, seat)
        assert answer.status_code == 202, answer.text
        assert answer.json()["status"] == "queued" and answer.json()["total"] > 0

    refused(ask(people[0], b, t2, 0), 429, "review_running")  # its review runs on A
    refused(ask(people[1], a, t2, 0), 429, "review_running")  # its review runs on B
    for server in (a, b):
        busy = ask(people[4], server, t2, 0)
        refused(busy, 503, "review_busy")
        assert int(busy.headers["Retry-After"]) >= 1
    # A seat whose review is under way answers its progress, not a refusal.
    again = ask(people[4], b, t0, 0)
    assert again.status_code == 202 and again.json()["status"] in ("queued", "running")
    assert again.json()["done"] == 0, again.text
    for _, table, seat in started:
        path = review_path(table, seat)
        assert a.get(path).json() == b.get(path).json()
        assert b.get(path).json()["done"] == 0  # nobody thinks them yet

    house.farm.start_worker("reviewer")
    for server, table, seat in started:
        other = b if server is a else a
        done = wait_review(other, review_path(table, seat))
        assert done["review"]["seat"] == seat

    answer = ask(people[4], b, t2, 0)
    assert answer.status_code == 202, answer.text


def test_a_dead_process_s_reviews_are_taken_over_and_finish(house: House) -> None:
    """Four reviews started on A fill the house. A is killed (SIGKILL) before any is
    thought: B, asked about them once A's liveness key is gone, takes each over (one
    process only) and runs it from the start; they keep their places (a fifth asker is
    still refused), a worker thinks them, and each finishes, read on B, with nobody
    asking again. Then the fifth asker is let in."""
    a, b = house.a, house.b
    t0, t1, t2 = house.finished_games(3)
    people = [house.person() for _ in range(5)]
    started = [(t0, 0), (t0, 1), (t1, 0), (t1, 1)]
    for person, (table, seat) in zip(people, started, strict=False):
        assert ask(person, a, table, seat).status_code == 202
    a.kill()
    refused(ask(people[4], b, t2, 0), 503, "review_busy")

    house.farm.start_worker("reviewer")
    for table, seat in started:
        done = wait_review(b, review_path(table, seat))
        assert done["review"]["seat"] == seat
    assert "taken over" in b.log()
    assert ask(people[4], b, t2, 0).status_code == 202


def test_a_dead_process_s_reviews_free_their_places(house: House) -> None:
    """Four reviews started on A fill the house; B refuses a fifth. A is killed (SIGKILL):
    once its liveness key is gone its places are free, and when new reviews take all four
    before anyone asks about A's, A's jobs cannot be taken over: B reports them failed,
    saying why (their askers ask again)."""
    a, b = house.a, house.b
    t0, t1, t2, t3 = house.finished_games(4)
    people = [house.person() for _ in range(5)]
    started = [(t0, 0), (t0, 1), (t1, 0), (t1, 1)]
    for person, (table, seat) in zip(people, started, strict=False):
        assert ask(person, a, table, seat).status_code == 202
    refused(ask(people[4], b, t2, 0), 503, "review_busy")

    a.kill()

    def let_in() -> bool:
        return ask(people[4], b, t2, 0).status_code == 202

    poll(let_in, "B frees the dead process's places")
    for person, (table, seat) in zip(people, [(t2, 1), (t3, 0), (t3, 1)], strict=False):
        assert ask(person, b, table, seat).status_code == 202  # its review on A is gone
    said = b.get(review_path(t0, 0)).json()
    assert said["status"] == "failed" and "stopped" in said["error"] and said["done"] == 0
    assert b.get(review_path(t2, 1)).json()["status"] in ("queued", "running")

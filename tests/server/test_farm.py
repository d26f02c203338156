"""The bot farm (docs/scaling.md, "The bot farm"): with --redis, bot moves are jobs on a
Redis stream thought by `cardtable bots` workers. Real server, real worker processes, real
Redis and PostgreSQL."""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .support import ROOT, Server, die_with_parent, poll
from .test_scale import REDIS_URL, schema_url  # noqa: F401 (a fixture)

GAME = "cambio"


class Farm:
    """A house of one server process that thinks no bot move itself, and its namespace."""

    def __init__(self, server: Server, namespace: str, logs: Path) -> None:
        self.server = server
        self.namespace = namespace
        self.logs = logs
        self.workers: list[subprocess.Popen[bytes]] = []

    def start_worker(self, name: str, **env: str) -> subprocess.Popen[bytes]:
        assert REDIS_URL is not None
        command = [sys.executable, "-m", "cardtable", "bots", "--redis", REDIS_URL]
        command += ["--redis-namespace", self.namespace, "--claim-after", "1"]
        with open(self.logs / f"{name}.log", "ab") as log:
            worker = subprocess.Popen(
                command,
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, **env},
                preexec_fn=die_with_parent,
            )
        self.workers.append(worker)
        return worker

    def log(self, name: str) -> str:
        return (self.logs / f"{name}.log").read_text(errors="replace")

    def pending(self) -> list[dict[str, Any]]:
        """The jobs read by a worker and not answered yet: id, consumer."""
        import redis

        client = redis.Redis.from_url(REDIS_URL or "")
        stream, group = f"{self.namespace}:bots", f"{self.namespace}:botworkers"
        try:
            found: Any = client.xpending_range(stream, group, min="-", max="+", count=10)
        except redis.ResponseError:  # no worker has made the group yet
            return []
        jobs = []
        for entry in found:
            entries: Any = client.xrange(stream, entry["message_id"], entry["message_id"])
            job = json.loads(entries[0][1][b"job"]) if entries else {}
            jobs.append({"id": job.get("id"), "consumer": entry["consumer"].decode()})
        client.close()
        return jobs


@pytest.fixture
def farm(schema_url: str, tmp_path: Path) -> Iterator[Farm]:  # noqa: F811
    pytest.importorskip("redis", reason="the 'redis' extra is not installed")
    if not REDIS_URL:
        pytest.skip("set CARDTABLE_TEST_REDIS_URL=redis://… (scripts/test-redis.sh)")
    namespace = f"t{secrets.token_hex(4)}"
    options = ["--redis", REDIS_URL, "--redis-namespace", namespace, "--farm-workers", "0"]
    server = Server(schema_url, tmp_path / "server.log", options=options)
    made = Farm(server, namespace, tmp_path)
    try:
        server.start()
        yield made
    finally:
        for worker in made.workers:
            if worker.poll() is None:
                worker.kill()
                worker.wait(10)
        server.stop()


def test_a_worker_killed_holding_a_job_another_makes_the_move_once(farm: Farm) -> None:
    """A worker that takes the first bot move of a table and hangs is killed with SIGKILL
    while it holds the job: another worker takes the job over and answers it, and the bots
    play the game to its end through the farm, none of them at random."""
    server = farm.server
    doomed = farm.start_worker("doomed", CARDTABLE_TEST_BOT_STALL="600")
    table = server.create(GAME, ["bot:random", "bot:random"])["id"]
    held: list[dict[str, Any]] = []
    poll(lambda: held.extend(farm.pending()) or held, "the doomed worker took a job")
    assert len(held) == 1 and "took job" in farm.log("doomed")
    assert server.get(f"/api/tables/{table}").json()["version"] == 0  # not answered
    doomed.send_signal(signal.SIGKILL)
    doomed.wait(10)

    farm.start_worker("heir")
    finished = lambda: server.get(f"/api/tables/{table}").json()["status"] == "finished"  # noqa: E731
    poll(finished, "the game was played to its end through the farm")
    assert f"took over job {held[0]['id']} (table {table})" in farm.log("heir")
    assert f"answered job {held[0]['id']}" in farm.log("heir")
    assert "playing at random" not in server.log()
    assert farm.pending() == []


def test_bots_refuses_a_bad_redis_url_saying_why() -> None:
    """Not a redis:// URL, and a Redis nobody answers at: refused at once, naming it."""
    for url, said in [
        ("http://127.0.0.1:6379", "--redis must be a redis:// URL"),
        ("redis://127.0.0.1:1/0", "cannot reach Redis at redis://127.0.0.1:1/0"),
    ]:
        done = subprocess.run(
            [sys.executable, "-m", "cardtable", "bots", "--redis", url],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "COLUMNS": "200"},
        )
        assert done.returncode == 2, done.stdout + done.stderr
        assert said in done.stdout + done.stderr

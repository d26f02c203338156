"""The bot farm (#20): with ``--redis``, bot moves are jobs on a Redis stream, computed by
workers on any machine (``cardtable bots --redis URL``) and by the server processes' own
workers (``serve --farm-workers N``). docs/scaling.md, "The bot farm".

- A table's owner adds a job to ``{namespace}:bots``: the game and its options, the bot's
  name (held to ``botpool.CAPS`` by every worker), the seat's view and legal actions in
  wire form (what a bot gets in one process, nothing more), a seed, the table, its version,
  a job id, the owner's node and a deadline. It waits for the answer on its node channel.
- Workers read jobs in the consumer group ``{namespace}:botworkers`` (``XREADGROUP``),
  think, publish ``{"reply": job, "ok": choice}`` to the owner's channel, then ``XACK``
  and delete the job. A job pending on a worker for ``claim_after`` seconds (the worker
  died or hangs) is taken over by another (``XAUTOCLAIM``) and computed again.
- The owner applies an answer once: the first one settles the job's future and a later
  one finds none; the move is submitted at the version it was thought for, which the
  writer refuses once the table moved on. An answer that does not come before the
  deadline makes the bot play at random (``BotSeats``), as a failing bot does.

A review's pieces (``review.jobs``: each decision judged, a blunder's puzzle checked, the
review assembled) are jobs on the same stream (``"kind": "review"``): see ``review``.

The worker loop is synchronous and runs in a process of its own: a search holds the GIL."""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import secrets
import time
from collections.abc import Sequence
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any

import redis as sync_redis

from cardtable.bots import Bot
from cardtable.core import Game
from cardtable.server import botpool
from cardtable.server.autoplay import BotWorkers, QueueReport
from cardtable.server.errors import SERVER_ERROR

if TYPE_CHECKING:
    from cardtable.server.cluster import Cluster

log = logging.getLogger("cardtable.bots")

# Seconds an owner waits for a job's answer before its bot plays at random: several take-
# overs' worth (a move is capped at botpool.CAPS.seconds).
JOB_TIMEOUT = 30.0
# Seconds an owner waits for a piece of a review (a decision takes seconds of CPU; several
# take-overs' worth).
REVIEW_TIMEOUT = 300.0
# The pieces of a review a job may ask for (``cardtable.review.jobs``).
REVIEW_CALLS = ("judge", "puzzle", "assemble")
# Seconds a job may stay with one worker before another takes it over.
CLAIM_AFTER = 10.0
# The stream is trimmed to about this many jobs (answered ones are deleted anyway).
MAX_JOBS = 10_000
# Tests only: seconds a worker holds each job before thinking (a worker that hangs).
STALL_ENV = "CARDTABLE_TEST_BOT_STALL"


def stream_key(namespace: str) -> str:
    return f"{namespace}:bots"


def group_name(namespace: str) -> str:
    return f"{namespace}:botworkers"


def node_channel(node: str) -> str:
    # As cluster.node_channel (not imported: a worker process needs no web stack).
    return f"ct:node:{node}"


# -- the owner's side ------------------------------------------------------------------
class FarmWorkers(BotWorkers):
    """``BotWorkers`` whose moves are thought on the farm instead of a local pool."""

    def __init__(
        self, cluster: Cluster, delay: float, namespace: str, timeout: float = JOB_TIMEOUT
    ) -> None:
        super().__init__(delay, threads=1, processes=0)
        self.cluster = cluster
        self.stream = stream_key(namespace)
        self.timeout = timeout
        self._out: dict[str, float] = {}  # job id -> when it was added

    async def think(
        self,
        game: Game[Any],
        name: str,
        bot: Bot,
        view: dict[str, Any],
        legal: Sequence[Any],
        rng: Any,
        table: str = "",
    ) -> Any:
        job_id = secrets.token_hex(8)
        job = {
            "id": job_id,
            "node": self.cluster.node,
            "table": table,
            "game": game.name,
            "options": sorted(game.options.items()),
            "bot": name,
            "view": view,
            "legal": [game.action_to_json(a) for a in legal],
            "seed": rng.getrandbits(64),
            "deadline": time.time() + self.timeout,
        }
        choice = await self._submit(job, self.timeout)
        return None if choice is None else game.action_from_json(choice)

    async def review(self, key: str, call: str, args: list[Any]) -> Any:
        """One piece of a review on the farm: ``review.jobs.<call>(*args)``, its arguments
        as the serving process would pass them (the finished game's record, the seat, the
        seed, numbers; docs/scaling.md says why the record and not a view)."""
        assert call in REVIEW_CALLS, call
        job_id = secrets.token_hex(8)
        job = {
            "id": job_id,
            "node": self.cluster.node,
            "kind": "review",
            "table": key,
            "call": call,
            "args": args,
            "deadline": time.time() + REVIEW_TIMEOUT,
        }
        return await self._submit(job, REVIEW_TIMEOUT)

    async def _submit(self, job: dict[str, Any], timeout: float) -> Any:
        """Adds ``job`` to the stream; its first answer (a refusal raises)."""
        job_id = job["id"]
        answer = self.cluster.expect(job_id)
        self._out[job_id] = self._clock()
        try:
            await self.cluster.redis.xadd(
                self.stream, {"job": json.dumps(job)}, maxlen=MAX_JOBS, approximate=True
            )
            return await asyncio.wait_for(answer, timeout)
        finally:
            self.cluster.forget(job_id)
            self._out.pop(job_id, None)

    def report(self) -> QueueReport:
        oldest = self._clock() - min(self._out.values()) if self._out else 0.0
        return QueueReport(len(self._out), oldest, 0)


class LocalFarm:
    """A server process's own farm workers: processes running ``work`` (they leave when
    the server is gone, as the local pool's workers do)."""

    def __init__(self, url: str, namespace: str, node: str, count: int, claim_after: float):
        context = multiprocessing.get_context("spawn")
        self.processes: list[BaseProcess] = [
            context.Process(
                target=farm_process,
                args=(url, namespace, f"{node}-w{n}", claim_after, os.getpid()),
                name=f"bot farm {n}",
                daemon=True,
            )
            for n in range(count)
        ]
        with botpool.group_signals_held():  # born ignoring the group's signals
            for process in self.processes:
                process.start()

    def close(self) -> None:
        # They ignore SIGTERM (botpool.start_worker): SIGKILL; a job they held is claimed.
        for process in self.processes:
            process.kill()
        for process in self.processes:
            process.join(5)


def farm_process(url: str, namespace: str, name: str, claim_after: float, parent: int) -> None:
    botpool.start_worker(parent)
    work(url, namespace, name, claim_after)


# -- the workers' side -----------------------------------------------------------------
def connect(url: str) -> sync_redis.Redis:
    """A client that answered PING; ``ConnectionError``/``ValueError`` otherwise."""
    client = sync_redis.Redis.from_url(url, socket_connect_timeout=5)
    client.ping()
    return client


def ensure_group(client: sync_redis.Redis, namespace: str) -> None:
    try:
        client.xgroup_create(stream_key(namespace), group_name(namespace), id="0", mkstream=True)
    except sync_redis.ResponseError as error:
        if "BUSYGROUP" not in str(error):
            raise


def work(url: str, namespace: str, name: str, claim_after: float = CLAIM_AFTER) -> None:
    """Think jobs for ever as consumer ``name``: first any job another worker held too
    long, else the next new one."""
    client = connect(url)
    ensure_group(client, namespace)
    stall = float(os.environ.get(STALL_ENV, "0") or 0)
    log.info("bot worker %s: reading %s", name, stream_key(namespace))
    while True:
        for entry_id, fields, claimed in next_jobs(client, namespace, name, claim_after):
            handle(client, namespace, name, entry_id, fields, claimed, stall)


def next_jobs(
    client: sync_redis.Redis, namespace: str, name: str, claim_after: float
) -> list[tuple[bytes, dict[bytes, bytes] | None, bool]]:
    stream, group = stream_key(namespace), group_name(namespace)
    idle = max(1, int(claim_after * 1000))
    found: Any = client.xautoclaim(stream, group, name, idle, start_id="0-0", count=1)
    claimed = found[1]
    if claimed:
        return [(entry_id, fields, True) for entry_id, fields in claimed]
    read: Any = client.xreadgroup(group, name, {stream: ">"}, count=1, block=1000)
    return [(entry_id, fields, False) for _, entries in read or [] for entry_id, fields in entries]


def handle(
    client: sync_redis.Redis,
    namespace: str,
    name: str,
    entry_id: bytes,
    fields: dict[bytes, bytes] | None,
    claimed: bool,
    stall: float,
) -> None:
    stream, group = stream_key(namespace), group_name(namespace)
    if fields and b"job" in fields:
        job = json.loads(fields[b"job"])
        if time.time() < job["deadline"]:  # else the owner's bot has played at random
            taken = "took over" if claimed else "took"
            log.info("bot worker %s: %s job %s (table %s)", name, taken, job["id"], job["table"])
            if stall:
                time.sleep(stall)
            client.publish(node_channel(job["node"]), json.dumps(answer(job)))
            log.info("bot worker %s: answered job %s", name, job["id"])
    client.xack(stream, group, entry_id)
    client.xdel(stream, entry_id)


def answer(job: dict[str, Any]) -> dict[str, Any]:
    """The reply the owner's cluster settles the job's future with."""
    if job.get("kind") == "review":
        return review_answer(job)
    try:
        options = tuple((key, value) for key, value in job["options"])
        choice = botpool.think(
            job["game"], options, job["bot"], job["view"], job["legal"], job["seed"]
        )
    except Exception as error:
        log.exception("bot worker: job %s failed", job["id"])
        return {"reply": job["id"], "error": [SERVER_ERROR, f"the bot failed: {error}"]}
    return {"reply": job["id"], "ok": choice}


def review_answer(job: dict[str, Any]) -> dict[str, Any]:
    """A piece of a review, as ``BotWorkers.run`` computes it in one process."""
    from cardtable.review import Budget, jobs  # only a worker that reviews needs it

    try:
        call, args = job["call"], list(job["args"])
        if call not in REVIEW_CALLS:
            raise ValueError(f"no review call {call!r}")
        if call == "assemble":
            args[3] = Budget(*args[3])
        result = getattr(jobs, call)(*args)
    except Exception as error:
        log.exception("bot worker: review job %s failed", job["id"])
        return {"reply": job["id"], "error": [SERVER_ERROR, f"the review failed: {error}"]}
    return {"reply": job["id"], "ok": result}


def run_workers(url: str, namespace: str, count: int, claim_after: float) -> None:
    """``cardtable bots``: ``count`` workers, the first in this process."""
    base = f"bots-{os.uname().nodename}-{os.getpid()}"
    others = [
        multiprocessing.get_context("spawn").Process(
            target=farm_process,
            args=(url, namespace, f"{base}-w{n}", claim_after, os.getpid()),
            daemon=True,
        )
        for n in range(1, count)
    ]
    for process in others:
        process.start()
    try:
        work(url, namespace, f"{base}-w0", claim_after)
    finally:
        for process in others:
            process.kill()

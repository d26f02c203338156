"""Review jobs counted across the processes of one house (``--redis``; docs/scaling.md,
"Shared across processes"): ``MAX_JOBS`` reviews at once in the whole house, one per
asker whichever process they asked, and a job's progress read from any process.

- ``{ns}:rv:active``: a hash of the jobs queued or running, ``"{table}:{seat}"`` ->
  ``"{run} {node} {asker}"``. One Lua script counts it and adds a job (or refuses it):
  two processes asked at once cannot both take the last place. An entry is believed while
  its node's liveness key (``ct:alive:{node}``, renewed with its leases) lives, so the
  places of a process that died are free again within two lease times.
- ``{ns}:rv:job:{table}:{seat}``: the latest run's status, progress and node, written by
  the process running it (only while it is that run's: a later run of the same seat owns
  the key), kept ``KEPT`` seconds after its last change, with what was asked (asker,
  seed, simulations, hindsight).

The work itself runs on the bot farm (``reviews.piece``), as before; the process that
admitted a job drives it (its task) and writes its progress. A job still queued or running
whose node is dead is taken over by the first live process asked about it (``ADOPT``: one
only), which runs it again from the start under a new run name, keeping its place in the
count; when the house has no place left for it (the dead process's places were given to
others meanwhile) it reads as failed and is asked again."""

from __future__ import annotations

import logging
from typing import Any

from redis.asyncio import Redis

from cardtable.server.reviews import (
    MAX_JOBS,
    Job,
    ReviewAsk,
    Reviews,
    busy,
    running_elsewhere,
)
from cardtable.server.sharedlimits import alive_key

log = logging.getLogger("cardtable.server")

KEPT = 86_400  # seconds a job's status outlives its last change
DIED = "The server computing this review stopped before it was done: ask again"

# KEYS: the active hash, the job's hash. ARGV: the job's field, run, node, asker, the cap,
# the liveness prefix, KEPT, then the ask's seed, simulations ("" for the default) and
# hindsight (1/0). Answers "ok", "exists", "running" or "busy".
ADMIT = """
local fields = redis.call('HGETALL', KEYS[1])
local count, mine = 0, false
for i = 1, #fields, 2 do
  local run, node, asker = string.match(fields[i + 1], '^(%S+) (%S+) (.*)$')
  if node and redis.call('EXISTS', ARGV[6] .. node) == 1 then
    if fields[i] == ARGV[1] then return 'exists' end
    count = count + 1
    if asker == ARGV[4] then mine = true end
  else
    redis.call('HDEL', KEYS[1], fields[i])
  end
end
if mine then return 'running' end
if count >= tonumber(ARGV[5]) then return 'busy' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ' ' .. ARGV[3] .. ' ' .. ARGV[4])
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], 'run', ARGV[2], 'node', ARGV[3], 'status', 'queued',
  'done', 0, 'total', 0, 'asker', ARGV[4], 'seed', ARGV[8], 'budget', ARGV[9],
  'hindsight', ARGV[10])
redis.call('EXPIRE', KEYS[2], ARGV[7])
return 'ok'
"""

# KEYS: the active hash, the job's hash. ARGV: the job's field, the liveness prefix, the
# new run, this node, the cap, KEPT. Takes over a queued or running job whose node is dead
# if the house has a place for it (its own, if still held) and its asker has no other job
# running; answers {asker, seed, budget, hindsight}, or nil.
ADOPT = """
local job = redis.call('HMGET', KEYS[2], 'run', 'node', 'status', 'asker')
if not job[1] or not job[4] then return nil end
if job[3] ~= 'queued' and job[3] ~= 'running' then return nil end
if redis.call('EXISTS', ARGV[2] .. job[2]) == 1 then return nil end
local fields = redis.call('HGETALL', KEYS[1])
local count = 0
for i = 1, #fields, 2 do
  local run, node, asker = string.match(fields[i + 1], '^(%S+) (%S+) (.*)$')
  if fields[i] ~= ARGV[1] and node and redis.call('EXISTS', ARGV[2] .. node) == 1 then
    if asker == job[4] then return nil end
    count = count + 1
  end
end
if count >= tonumber(ARGV[5]) then return nil end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3] .. ' ' .. ARGV[4] .. ' ' .. job[4])
redis.call('HSET', KEYS[2], 'run', ARGV[3], 'node', ARGV[4], 'status', 'queued', 'done', 0)
redis.call('EXPIRE', KEYS[2], ARGV[6])
return redis.call('HMGET', KEYS[2], 'asker', 'seed', 'budget', 'hindsight')
"""

# KEYS: the active hash, the job's hash. ARGV: the job's field, run, KEPT, 1 if the job
# ended (or is dropped: 2), then the fields to write. Only the run that owns the key writes.
MOVED = """
if redis.call('HGET', KEYS[2], 'run') ~= ARGV[2] then return 0 end
if ARGV[4] == '2' then
  redis.call('DEL', KEYS[2])
else
  redis.call('HSET', KEYS[2], unpack(ARGV, 5))
  redis.call('EXPIRE', KEYS[2], ARGV[3])
end
if ARGV[4] ~= '0' then
  local held = redis.call('HGET', KEYS[1], ARGV[1])
  if held and string.sub(held, 1, #ARGV[2] + 1) == ARGV[2] .. ' ' then
    redis.call('HDEL', KEYS[1], ARGV[1])
  end
end
return 1
"""


class SharedReviews(Reviews):
    """The house's review jobs, counted in Redis for every process. ``jobs`` holds only
    the jobs this process drives, until they end."""

    def __init__(self, redis: Redis, node: str, namespace: str) -> None:
        super().__init__()
        self.redis = redis
        self.node = node
        self.namespace = namespace
        self._admit = redis.register_script(ADMIT)
        self._moved = redis.register_script(MOVED)
        self._adopt = redis.register_script(ADOPT)

    async def progress(self, table_id: str, seat: int) -> dict[str, Any] | None:
        held = await self.redis.hgetall(self._job_key(table_id, seat))
        if not held:
            return None
        found = {text(k): text(v) for k, v in held.items()}
        out: dict[str, Any] = {
            "status": found["status"],
            "done": int(found["done"]),
            "total": int(found["total"]),
        }
        if "error" in found:
            out["error"] = found["error"]
        if out["status"] in ("queued", "running") and not await self._alive(found["node"]):
            out["status"], out["error"] = "failed", DIED
        return out

    async def admit(self, job: Job) -> dict[str, Any] | None:
        field = self._field(job)
        args: list[str | int] = [field, job.run, self.node, job.asker, MAX_JOBS]
        ask = job.ask or ReviewAsk(budget=None, seed=0, hindsight=True)
        args += [alive_key(""), KEPT, ask.seed, "" if ask.budget is None else ask.budget]
        args += [int(ask.hindsight)]
        keys = [self._active_key(), self._job_key(job.table_id, job.seat)]
        answer = await self._admit(keys=keys, args=args)
        said = text(answer)
        if said == "running":
            raise running_elsewhere()
        if said == "busy":
            raise busy()
        if said == "exists":
            held = await self.progress(job.table_id, job.seat)
            return held or job.to_json()
        self.jobs[(job.table_id, job.seat)] = job
        return None

    async def adopt(self, table_id: str, seat: int) -> Job | None:
        job = Job(table_id, seat, asker="")
        keys = [self._active_key(), self._job_key(table_id, seat)]
        args: list[str | int] = [self._field(job), alive_key(""), job.run, self.node]
        args += [MAX_JOBS, KEPT]
        taken = await self._adopt(keys=keys, args=args)
        if not taken:
            return None
        asker, seed, budget, hindsight = (text(v) for v in taken)
        job.asker = asker
        job.ask = ReviewAsk(
            seed=int(seed), budget=int(budget) if budget else None, hindsight=hindsight == "1"
        )
        self.jobs[(table_id, seat)] = job
        return job

    async def moved(self, job: Job) -> None:
        fields: list[str | int] = ["status", job.status, "done", job.done, "total", job.total]
        if job.error is not None:
            fields += ["error", job.error]
        await self._write(job, "0" if job.active else "1", fields)
        if not job.active:
            await super().drop(job)  # ended: Redis has its status now

    async def drop(self, job: Job) -> None:
        await self._write(job, "2", [])
        await super().drop(job)

    async def _write(self, job: Job, ending: str, fields: list[str | int]) -> None:
        keys = [self._active_key(), self._job_key(job.table_id, job.seat)]
        args = [self._field(job), job.run, KEPT, ending, *fields]
        try:
            await self._moved(keys=keys, args=args)
        except Exception:  # Redis away: the progress shown lags; the work goes on
            log.exception("review of table %s seat %d: Redis refused", job.table_id, job.seat)

    async def _alive(self, node: str) -> bool:
        return bool(await self.redis.exists(alive_key(node)))

    def _field(self, job: Job) -> str:
        return f"{job.table_id}:{job.seat}"

    def _active_key(self) -> str:
        return f"{self.namespace}:rv:active"

    def _job_key(self, table_id: str, seat: int) -> str:
        return f"{self.namespace}:rv:job:{table_id}:{seat}"


def text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)

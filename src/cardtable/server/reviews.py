"""Game reviews over HTTP (issue 22, docs/review.md, "The API").

``POST /api/tables/{id}/reviews/{seat}`` starts a bounded background job (202 and its
status) or answers the stored review (200); ``GET`` the same path answers the job's
progress or the stored review. The work runs on the bot workers, one decision per call in
the same ring as the tables' bot moves (``BotWorkers.run``), never in the event loop; the
finished review is stored with the table (``reviews``), with the puzzles its blunders made
(``puzzles``), and served again without recomputing.

Who may ask: the seat's own player (its token, as ``Authorization: Bearer <token>`` or
``?token=``, or the session of the person who held it), or anyone once the game's replay
is public (a table without an invite key, whose seat replays are open to all after the
end). Bounds: ``MAX_JOBS`` reviews queued or running in the house, one per asker at a
time, ``review`` requests per address (``ratelimit.RATES``), and a budget of simulations
per decision and per game capped by ``CAPS``."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from dataclasses import astuple, dataclass, field
from functools import partial
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from cardtable.review import Budget, GameRecord, ReviewError, jobs
from cardtable.server.botfarm import FarmWorkers
from cardtable.server.errors import NO_SUCH_SEAT, NO_SUCH_TABLE, ApiError
from cardtable.server.house import House
from cardtable.server.identity import client_key, session_user
from cardtable.server.replays import BROKEN_TABLE
from cardtable.server.tokens import hash_token
from cardtable.store import BROKEN, PLAYING, TableRecord

log = logging.getLogger("cardtable.server")

# The most a review may cost on this server (simulations: one rollout of one action).
CAPS = Budget(per_decision=400, per_game=20_000)
DEFAULT = Budget(per_decision=200, per_game=12_000)
MAX_JOBS = 4  # reviews queued or running in the house at once
RETRY_AFTER = 30

NOT_YOUR_SEAT = "not_your_seat"  # 403
REVIEW_BUSY = "review_busy"  # 503: the house's review queue is full
REVIEW_RUNNING = "review_running"  # 429: this asker's review is still being computed
REVIEW_BUDGET = "review_budget"  # 422: a budget above the server's caps
NO_REVIEW = "no_review"  # 404: none asked for yet
STOPPED = "The server stopped before the review was done"


class ReviewAsk(BaseModel):
    budget: int | None = Field(
        None, description=f"Simulations per decision (at most {CAPS.per_decision})"
    )
    seed: int = Field(0, ge=0, le=2**32, description="The review's seed (same seed, same marks)")
    hindsight: bool = Field(True, description="Also value the decisions with every card known")


@dataclass
class Job:
    table_id: str
    seat: int
    asker: str
    status: str = "queued"  # queued, running, done, failed
    done: int = 0
    total: int = 0
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)
    # What was asked (seed, simulations, hindsight): a process that takes over the job of
    # one that died runs it again from these (``Reviews.adopt``).
    ask: ReviewAsk | None = None
    # This run's name: a job of the same seat asked again later is another run.
    run: str = field(default_factory=lambda: secrets.token_hex(8))

    @property
    def active(self) -> bool:
        return self.status in ("queued", "running")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status, "done": self.done, "total": self.total}
        if self.error is not None:
            out["error"] = self.error
        return out


def running_elsewhere() -> ApiError:
    return ApiError(429, REVIEW_RUNNING, "Your last review is still being computed")


def busy() -> ApiError:
    return ApiError(503, REVIEW_BUSY, "The house is busy with reviews: ask again soon", RETRY_AFTER)


class Reviews:
    """The house's review jobs, counted in this process (a house of one process). With
    ``--redis`` ``sharedreviews.SharedReviews`` counts them for every process instead,
    through the same awaited interface."""

    def __init__(self) -> None:
        self.jobs: dict[tuple[str, int], Job] = {}

    def active(self) -> list[Job]:
        return [j for j in self.jobs.values() if j.active]

    async def progress(self, table_id: str, seat: int) -> dict[str, Any] | None:
        """The seat's job as a GET reports it (the latest run), or None."""
        job = self.jobs.get((table_id, seat))
        return None if job is None else job.to_json()

    async def admit(self, job: Job) -> dict[str, Any] | None:
        """Count ``job`` in, or refuse it (one per asker, ``MAX_JOBS`` in the house); if
        the seat's review is being computed already, its progress instead. Checked and
        counted with no await in between: two asks at once cannot both take the last
        place."""
        held = self.jobs.get((job.table_id, job.seat))
        if held is not None and held.active:
            return held.to_json()
        active = self.active()
        if any(j.asker == job.asker for j in active):
            raise running_elsewhere()
        if len(active) >= MAX_JOBS:
            raise busy()
        self.jobs[(job.table_id, job.seat)] = job
        return None

    async def moved(self, job: Job) -> None:
        """The job's progress or status changed (in one process the object is the
        record)."""

    async def drop(self, job: Job) -> None:
        """Forget a job admitted but never started (its game could not be counted)."""
        if self.jobs.get((job.table_id, job.seat)) is job:
            del self.jobs[(job.table_id, job.seat)]

    async def adopt(self, table_id: str, seat: int) -> Job | None:
        """Take over the seat's job if the process running it died (a house of several
        processes); the new run, to be started here, or None. In one process a job dies
        only with the house."""
        return None


def reviews_of(request: Request) -> Reviews:
    state = request.app.state
    if not hasattr(state, "reviews"):
        state.reviews = Reviews()
    found: Reviews = state.reviews
    return found


async def start_review(
    request: Request, table_id: str, seat: int, body: ReviewAsk | None = None
) -> JSONResponse:
    """Start the review of a finished table's seat (202 with the job's status), or answer
    the stored one (200)."""
    ask = body or ReviewAsk(budget=None, seed=0, hindsight=True)
    house: House = request.app.state.house
    record = await allowed_record(request, house, table_id, seat)
    stored = await house.store.review(table_id, seat)
    if stored is not None:
        return JSONResponse(done_json(stored))
    reviews = reviews_of(request)
    await adopt_orphan(reviews, house, record, table_id, seat)
    running = await reviews.progress(table_id, seat)
    if running is not None and running["status"] in ("queued", "running"):
        return JSONResponse(running, status_code=202)
    asker = await asker_key(request)
    await request.app.state.limiter.enforce([("review", client_key(request))], "reviews")
    budget = budget_of(ask)
    job = Job(table_id, seat, asker, ask=ask)
    running = await reviews.admit(job)
    if running is not None:  # asked at the same moment by someone else: that one runs
        return JSONResponse(running, status_code=202)
    await launch(house, reviews, job, record, budget)
    return JSONResponse(job.to_json(), status_code=202)


async def launch(
    house: House, reviews: Reviews, job: Job, record: TableRecord, budget: Budget
) -> None:
    """Count the decisions of an admitted job and start its task (dropping the job if
    its game cannot be reviewed)."""
    assert job.ask is not None
    saved = GameRecord.of_table(record).to_json()
    try:
        job.total = await asyncio.to_thread(
            jobs.count, saved, job.seat, job.ask.seed, budget.hindsight
        )
    except ReviewError as error:
        await reviews.drop(job)
        raise ApiError(409, error.code, str(error)) from None
    except BaseException:
        await reviews.drop(job)
        raise
    await reviews.moved(job)
    job.task = asyncio.create_task(run_job(house, reviews, job, saved, job.ask.seed, budget))


async def adopt_orphan(
    reviews: Reviews, house: House, record: TableRecord, table_id: str, seat: int
) -> None:
    """Run here, from the start, the seat's review whose process died (its pieces are
    deterministic for the seed: the marks come out the same)."""
    job = await reviews.adopt(table_id, seat)
    if job is None or job.ask is None:
        return
    log.warning("review of table %s seat %d: its process died; taken over", table_id, seat)
    await launch(house, reviews, job, record, budget_of(job.ask))


async def get_review(request: Request, table_id: str, seat: int) -> JSONResponse:
    """The stored review (status done), or its job's progress."""
    house: House = request.app.state.house
    record = await allowed_record(request, house, table_id, seat)
    stored = await house.store.review(table_id, seat)
    if stored is not None:
        return JSONResponse(done_json(stored))
    reviews = reviews_of(request)
    await adopt_orphan(reviews, house, record, table_id, seat)
    progress = await reviews.progress(table_id, seat)
    if progress is None:
        raise ApiError(404, NO_REVIEW, "No review of this seat yet: POST to the same path")
    return JSONResponse(progress)


def done_json(review: dict[str, Any]) -> dict[str, Any]:
    total = len(review.get("decisions", []))
    return {"status": "done", "done": total, "total": total, "review": review}


def budget_of(ask: ReviewAsk) -> Budget:
    per_decision = DEFAULT.per_decision if ask.budget is None else ask.budget
    if not 1 <= per_decision <= CAPS.per_decision:
        raise ApiError(
            422,
            REVIEW_BUDGET,
            f"budget: simulations per decision run from 1 to {CAPS.per_decision} here",
        )
    return Budget(per_decision, CAPS.per_game, ask.hindsight)


async def run_job(
    house: House,
    reviews: Reviews,
    job: Job,
    saved: dict[str, Any],
    seed: int,
    budget: Budget,
) -> None:
    """The review, one decision per worker call, then stored with its puzzles; ``reviews``
    is told of each step (with ``--redis`` every process reads the progress there)."""
    key = f"review:{job.table_id}:{job.seat}"
    args = (saved, job.seat, seed, budget.hindsight)
    try:
        job.status = "running"
        await reviews.moved(job)
        entries: list[dict[str, Any]] = []
        used = 0
        for index in range(job.total):
            allowed = min(budget.per_decision, (budget.per_game - used) // (job.total - index))
            entry = await piece(house, key, "judge", *args, index, max(allowed, 0))
            used += entry["cost"]
            entries.append(entry)
            job.done = index + 1
            await reviews.moved(job)
        puzzles = []
        for index in [i for i, e in enumerate(entries) if e.get("mark") == "blunder"][:3]:
            left = budget.per_game - used
            puzzle, cost = await piece(house, key, "puzzle", *args, index, entries[index], left)
            used += cost
            if puzzle is not None:
                puzzles.append(puzzle)
        review = await piece(
            house, key, "assemble", saved, job.seat, seed, budget, entries, puzzles, used
        )
        await store_review(house, job, review)
        job.status = "done"
    except asyncio.CancelledError:
        # Not told to ``reviews``: the process is stopping, and with --redis its end
        # (its liveness key gone) is what frees the job's places for every process.
        job.status, job.error = "failed", STOPPED
        raise
    except Exception as error:
        log.exception("review of table %s seat %d failed", job.table_id, job.seat)
        job.status, job.error = "failed", f"The review failed: {type(error).__name__}"
    await reviews.moved(job)


async def piece(house: House, key: str, call: str, *args: Any) -> Any:
    """``review.jobs.<call>(*args)`` on the bot workers: with ``--redis`` a job on the
    farm's stream (any ``cardtable bots`` machine), else the local pool, in its ring."""
    workers = house.workers
    if isinstance(workers, FarmWorkers):
        wire = [astuple(a) if isinstance(a, Budget) else a for a in args]
        answer = await workers.review(key, call, wire)
        return tuple(answer) if call == "puzzle" else answer
    return await workers.run(key, partial(getattr(jobs, call), *args))


async def store_review(house: House, job: Job, review: dict[str, Any]) -> None:
    """Keep the review; its puzzles only from a table whose replay is public (a private
    game's views stay its players')."""
    record = await house.record(job.table_id)
    public = record is not None and record.invite_hash is None
    puzzles = [puzzle_row(job, p) for p in review.get("puzzles", [])] if public else []
    await house.store.save_review(job.table_id, job.seat, review, puzzles)


def puzzle_row(job: Job, puzzle: dict[str, Any]) -> dict[str, Any]:
    name = f"{job.table_id}:{job.seat}:{puzzle['step']}"
    return {
        "id": hashlib.sha256(name.encode()).hexdigest()[:16],
        "game": puzzle["game"],
        "step": puzzle["step"],
        "body": puzzle,
    }


async def allowed_record(request: Request, house: House, table_id: str, seat: int) -> TableRecord:
    """The finished table, if this asker may review ``seat`` of it; else the refusal."""
    record = await house.store.get(table_id, actions=True)
    if record is None:
        raise ApiError(404, NO_SUCH_TABLE, f"There is no table {table_id!r}")
    if not 0 <= seat < len(record.seats):
        last = len(record.seats) - 1
        raise ApiError(404, NO_SUCH_SEAT, f"There is no seat {seat} (seats are 0 to {last})")
    if record.status == BROKEN:
        raise ApiError(409, BROKEN_TABLE, "This table's log no longer replays")
    if record.status == PLAYING:
        raise ApiError(
            409, "not_over", "The game is still being played: only a finished game is reviewed"
        )
    if record.invite_hash is not None and not await holds_seat(request, record, seat):
        raise ApiError(
            403,
            NOT_YOUR_SEAT,
            "Only the seat's own player may review this game (its replay is not public)",
        )
    return record


async def holds_seat(request: Request, record: TableRecord, seat: int) -> bool:
    """Whether the asker is the seat's player: its token, or the session of its person."""
    held = record.seats[seat]
    token = seat_token(request)
    if token and held.token_hash and hmac.compare_digest(held.token_hash, hash_token(token)):
        return True
    user = await session_user(request)
    return user is not None and held.user_id is not None and user.id == held.user_id


def seat_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return request.query_params.get("token") or None


async def asker_key(request: Request) -> str:
    """Who is asking, for "one review at a time": the person, else the token, else the
    address."""
    user = await session_user(request)
    if user is not None:
        return f"user:{user.id}"
    token = seat_token(request)
    if token:
        return f"token:{hash_token(token)}"
    return f"address:{client_key(request)}"

"""``create_app(settings)``: the ASGI app of the web house (HTTP API, table WebSockets,
the browser client). The store is opened and migrated, and unfinished tables are rebuilt,
when the app starts (its lifespan), so nothing has to be prepared beforehand."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

import cardtable
from cardtable import native
from cardtable.server.autoplay import BotWorkers
from cardtable.server.bodylimit import BodyLimit
from cardtable.server.botfarm import FarmWorkers, LocalFarm
from cardtable.server.clocks import ManualClock, RealClock
from cardtable.server.cluster import Cluster, ClusterFanout
from cardtable.server.errors import (
    BAD_BODY,
    BAD_REQUEST,
    HTTP_ERROR,
    METHOD_NOT_ALLOWED,
    NOT_FOUND,
    SERVER_ERROR,
    ApiError,
)
from cardtable.server.fanout import Fanout, InProcessFanout
from cardtable.server.house import House
from cardtable.server.online_routes import ONLINE, TEST_CLOCK
from cardtable.server.owner import Owner
from cardtable.server.passwords import Passwords
from cardtable.server.persist import AsyncStore
from cardtable.server.ratelimit import Limiter, OpenCount
from cardtable.server.replay_cache import ReplayCache
from cardtable.server.routes import API, PAGES, SOCKETS
from cardtable.server.seeks import SEEKS, SeekBook
from cardtable.server.seeks import SOCKETS as SEEK_SOCKETS
from cardtable.server.settings import Settings
from cardtable.server.sharedlimits import RedisLimiter, RedisOpenCount
from cardtable.server.sharedlobby import SharedLobby
from cardtable.server.sharedreviews import SharedReviews
from cardtable.server.sharedseeks import SharedSeekBook
from cardtable.server.sharedturns import SharedTurns
from cardtable.store import open_store

log = logging.getLogger("cardtable.server")


def create_app(settings: Settings | None = None, fanout: Fanout | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        cluster = Cluster(settings.redis, ttl=settings.lease_seconds) if settings.redis else None
        chosen = fanout or (ClusterFanout(cluster) if cluster else InProcessFanout())
        house = open_house(settings, chosen, cluster)
        farm = local_farm(settings, cluster)
        lobby, turns = None, None
        if cluster is not None:  # the lobby and "your turn" list every process's tables
            house.lobby = lobby = SharedLobby(cluster.redis, settings.redis_namespace)
            house.turns = turns = SharedTurns(cluster.redis, settings.redis_namespace)
        if cluster is not None:  # limits and socket caps count across the processes
            space = settings.redis_namespace
            app.state.limiter = RedisLimiter(cluster.redis, settings.rates, space)
            cap = settings.max_sockets_per_address
            app.state.sockets = RedisOpenCount(cluster.redis, cluster.node, cap, space)
            app.state.reviews = SharedReviews(cluster.redis, cluster.node, space)
        native.announce()  # once: whether the engines run compiled or pure Python
        app.state.house = house
        if cluster is not None:  # seeks pair across the processes
            space = settings.redis_namespace
            app.state.seeks = SharedSeekBook(
                house, cluster.redis, space, cluster.node, settings.max_seeks
            )
        else:
            app.state.seeks = SeekBook(house, settings.max_seeks)
        sweeping = None
        try:
            if cluster is not None:
                Owner(house, cluster)
                await cluster.start(house)
                if lobby is not None and turns is not None:
                    lobby.start()
                    turns.start()
                await app.state.seeks.start()
                if settings.recover:
                    cluster.watch_orphans()  # the failover: tables whose owner died
            if settings.recover and cluster is None:
                resumed = await house.recover()
                log.info("resumed %d unfinished table(s)", resumed)
            if settings.idle_unload > 0:
                sweeping = asyncio.create_task(house.sweep_every(settings.idle_unload))
            yield
        finally:
            if sweeping is not None:
                sweeping.cancel()
            app.state.seeks.close()
            if lobby is not None:
                await lobby.close()
            if turns is not None:
                await turns.close()
            await house.close()
            if cluster is not None:
                await cluster.close()
            house.workers.close()
            if farm is not None:
                farm.close()
            app.state.passwords.close()
            house.store.close()

    app = FastAPI(
        title="cardtable",
        version=cardtable.__version__,
        description="The web house of cardtable: tables, seats and live games. "
        "The table protocol (WebSocket /ws/tables/{id}) is described in docs/server.md.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.limiter = Limiter(rates=settings.rates)
    app.state.passwords = Passwords()
    app.state.sockets = OpenCount(settings.max_sockets_per_address)
    app.state.replays = ReplayCache()
    testing = [TEST_CLOCK] if settings.test_clock else []
    for route in [*API, *ONLINE, *SEEKS, *testing, *PAGES]:
        app.add_api_route(route.path, route.endpoint, methods=[route.method], **route.options)
    for path, endpoint in [*SOCKETS, *SEEK_SOCKETS]:
        app.add_api_websocket_route(path, endpoint)
    app.mount("/static", StaticFiles(directory=settings.web_dir, check_dir=False), "static")
    app.add_exception_handler(ApiError, api_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, bad_request)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, http_error)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, server_error)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    return app


def open_house(settings: Settings, fanout: Fanout, cluster: Cluster | None = None) -> House:
    store = open_store(settings.db)
    # SQLite takes one writer at a time: one store thread avoids waiting on its lock.
    workers = 1 if store.url.startswith("sqlite") else 4
    bot_workers: BotWorkers
    if cluster is not None:  # bot moves are jobs on the farm (botfarm.py)
        bot_workers = FarmWorkers(cluster, settings.bot_delay, settings.redis_namespace)
    else:
        bot_workers = BotWorkers(settings.bot_delay, settings.bot_workers, settings.bot_processes)
    clock = ManualClock() if settings.test_clock else RealClock()
    house = House(AsyncStore(store, workers), fanout, bot_workers, clock, cluster)
    house.bot_table_moves = settings.bot_table_moves
    return house


def local_farm(settings: Settings, cluster: Cluster | None) -> LocalFarm | None:
    """This process's own bot farm workers (with ``--redis``)."""
    if cluster is None or settings.redis is None:
        return None
    count = settings.bot_processes if settings.farm_workers is None else settings.farm_workers
    if count <= 0:
        return None
    space, after = settings.redis_namespace, settings.farm_claim_after
    return LocalFarm(settings.redis, space, cluster.node, count, after)


async def api_error(request: Request, error: ApiError) -> JSONResponse:
    headers = {"Retry-After": str(error.retry_after)} if error.retry_after else None
    return JSONResponse(
        {"code": error.code, "detail": error.detail}, status_code=error.status, headers=headers
    )


# The framework's own refusals (an unknown path, a wrong method, a body it cannot parse)
# get a code like every other error, so a client can always switch on ``code``.
FRAMEWORK_CODES = {400: BAD_BODY, 404: NOT_FOUND, 405: METHOD_NOT_ALLOWED}


async def http_error(request: Request, error: HTTPException) -> JSONResponse:
    code = FRAMEWORK_CODES.get(error.status_code, HTTP_ERROR)
    detail = str(error.detail)
    if error.__cause__ is not None and error.status_code == 400:
        # FastAPI's "error parsing the body" hides why: say it (JSON nested too deep...).
        detail = "The body is not JSON the server can read (malformed, or nested too deep)"
    return JSONResponse(
        {"code": code, "detail": detail}, status_code=error.status_code, headers=error.headers
    )


async def server_error(request: Request, error: Exception) -> JSONResponse:
    """A bug: logged with its traceback; the client gets a code, never the trace."""
    log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=error)
    return JSONResponse(
        {"code": SERVER_ERROR, "detail": "The server failed on this request; it is logged"},
        status_code=500,
    )


async def bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
    problems = []
    for item in error.errors():
        where = ".".join(str(part) for part in item.get("loc", ())[1:]) or "body"
        problems.append(f"{where}: {item.get('msg', 'invalid')}")
    return JSONResponse({"code": BAD_REQUEST, "detail": "; ".join(problems)}, status_code=422)

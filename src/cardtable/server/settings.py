"""Everything the server can be told, in one value passed to ``create_app``."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.server.ratelimit import Rate

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


@dataclass(frozen=True)
class Settings:
    # Database URL: a SQLite file by default, or postgresql://… (see cardtable.store).
    db: str | None = None
    # redis://…: share the house with every process pointed at the same database and Redis
    # (docs/scaling.md). None: this process is the whole house.
    redis: str | None = None
    # Seconds a process owns a table without renewing its lease: how long an owner that
    # died keeps its tables from the others (the failover takes about this long).
    lease_seconds: float = 5.0
    # The first part of the names of what the house shares in Redis beyond leases (limits,
    # socket counts, the lobby, seeks, the bot farm's stream): two houses on one Redis (or
    # two tests) keep apart by it; every process of one house and its bot farm use one.
    redis_namespace: str = "ct"
    # Seconds a bot waits before it moves, so people can follow the table.
    bot_delay: float = 0.8
    # Worker processes that run bots (default: one per core); 0 runs them in threads.
    bot_processes: int = field(default_factory=lambda: os.cpu_count() or 1)
    # With redis: bot farm workers this process runs itself (None: bot_processes; 0:
    # none, the farm's machines think every move: ``cardtable bots``).
    farm_workers: int | None = None
    # Seconds a farm job may stay with one worker before another takes it over.
    farm_claim_after: float = 10.0
    # Worker threads that run bots when bot_processes is 0.
    bot_workers: int = 4
    # Largest WebSocket message a client may send (bytes). The protocol layer (uvicorn's
    # ws_max_size, set by `cardtable serve`) drops anything above HARD_MESSAGE_LIMIT.
    max_message_bytes: int = 16 * 1024
    # Messages queued for one slow connection before the server closes it (it reconnects
    # and gets the current state).
    outbox_limit: int = 512
    # WebSocket connections one address may hold open at once; the next one is refused
    # with too_many_connections (close 1013, try again later). People behind one NAT
    # address (a school, an office) hold one or two each: a seat and a watching tab.
    # 0: no cap.
    max_sockets_per_address: int = 64
    # Largest HTTP request body (bytes): the JSON API's bodies are a few hundred bytes; a
    # larger one is answered 413 before it is read whole (bodylimit.py).
    max_body_bytes: int = 64 * 1024
    # Rate limits changed from ratelimit.RATES (None: that kind is not limited).
    rates: dict[str, Rate | None] = field(default_factory=dict)
    # Play now (seeks.py): open seeks at once, in all; the next is refused 503 seeks_full.
    max_seeks: int = 1000
    # Moves after which a table of bots only that has not ended is ended as aborted: no
    # person is there to leave it, and a game's rules may let bots play on for ever (Cabo's
    # deck refilled again and again before its bots learned patience). 0: no cap.
    bot_table_moves: int = 20_000
    # Rebuild unfinished tables from the store on start.
    recover: bool = True
    # Seconds after which an unfinished table that everyone has left, waiting on a person
    # (no clock, no bot to move), leaves memory; opening it again rebuilds it from its log.
    # 0: never.
    idle_unload: float = 600.0
    web_dir: Path = field(default=WEB_DIR)
    # Cookies always get Secure (the server is reached over https whatever the request
    # says). Without it they get Secure when the request came over https, which uvicorn
    # takes from X-Forwarded-Proto only for its trusted proxies (forwarded_allow_ips).
    secure_cookies: bool = False
    # Tests only: time moves when POST /api/test/clock says so (CARDTABLE_TEST_CLOCK=1).
    test_clock: bool = field(default_factory=lambda: os.environ.get("CARDTABLE_TEST_CLOCK") == "1")


# Frames above this are refused by the WebSocket layer itself (close code 1009).
HARD_MESSAGE_LIMIT = 1024 * 1024

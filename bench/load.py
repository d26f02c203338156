"""Load benchmark of the web house: N concurrent tables played through real WebSockets.

Every seat of every table is a person's seat held by a client of this script, which plays
a random legal action when a state message says it may act, after a think time like the
house's bots (``--think``, default 0.8 s, each pause drawn from 0.75-1.25 of it, as the
server's bot delay is); finished tables are replaced, so N tables stay in play.
``--think 0`` acts at once: the server is then saturated, the run measures its greatest
throughput, and the latency it reports is mostly queueing (by Little's law, the number of
waiting acts over the throughput), not the time one act takes. The server is a real
``cardtable serve`` subprocess on loopback with a fresh SQLite file (or ``--url`` of a
running one). Reported: actions the server accepted per second, and the time from
sending an act to receiving the next state message on that connection (p50, p90, p99,
max), the server's CPU per action and the machine's load (on a shared machine the first
figures depend on what else runs), and the server's memory (RSS, now and at its peak).

The server started here is given the limits a load test needs, and the report says which:
every client runs on this one address, so the per-address caps meant for people
(``--max-sockets-per-address``, the table-creation and refused-message rates) are lifted
(``LOAD_FLAGS``); with the default 64-socket cap, 200 tables got 4,822
``too_many_connections`` and the figures meant nothing. The run fails (exit status 1) when
more than 0.1% of the acts sent were answered with an error other than the races a game
with simultaneous turns has (``stale_version``, ``not_your_turn``), or a client failed.

The clients' garbage collector is off for the run (``--client-gc`` keeps it): every seat
lives in this one process, so one of its full collections (measured: up to 310 ms with
1,000 tables) stopped all 2,000 clients at once, and the acts in flight during it counted
that pause as the server's latency (p99 325 ms against 40-53 ms with it off, the server
unchanged). People's browsers do not pause together. The server's own pauses still count.

With ``--server-bots`` the server's own bots play every seat (no bot delay) and the script
only watches, one spectator per table: the bots' path (worker processes, the table queue,
commits, fan-out) without a client in the loop; no latency then.

    .venv/bin/python bench/load.py                       # 200 two-player Cambio tables, 30 s
    .venv/bin/python bench/load.py --think 0             # the same, saturated: throughput
    .venv/bin/python bench/load.py --tables 50 --players 4 --seconds 10 --json
    .venv/bin/python bench/load.py --server-bots
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
# One address holds every client: lift the per-address caps meant for people.
LOAD_FLAGS = [
    "--max-sockets-per-address",
    "0",
    "--rate",
    "create_address=off",
    "--rate",
    "create_person=off",
    "--rate",
    "refused_address=off",
]
# Refusals that are the game's own races (two seats acting on one version), not failures.
RACES = ("stale_version", "not_your_turn")
MAX_ERROR_SHARE = 0.001
# Tables made at once per server, as many as the HTTP client's connections. Past that the
# client's own pool did the queueing: with 5,000 tables waiting on 64 connections it spun
# a core and sent no request in 3 minutes.
HTTP_CONNECTIONS = 64


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    sent: int = 0  # acts sent (the whole run, warm-up included, as errors)
    accepted: int = 0  # versions the server advanced, counted once per table
    stale: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    tables_finished: int = 0
    measuring: bool = False
    seen: dict[str, int] = field(default_factory=dict)  # each table's newest version shown
    playing: int = 0  # tables with their seats connected now

    def error(self, code: str) -> None:
        if code == "stale_version":
            self.stale += 1
        self.errors[code] = self.errors.get(code, 0) + 1


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# -- the server --------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_ready(url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit(f"no server answers at {url}")


def start_server(db: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "cardtable", "serve", "--port", str(port)]
    command += ["--db", db, "--bot-delay", "0", *LOAD_FLAGS]
    with open(log, "ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"server exited:\n{log.read_text()}")
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return process, url
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("server did not start")


# -- the clients -------------------------------------------------------------------------
async def new_table(
    http: httpx.AsyncClient, game: str, players: int, bots: bool = False
) -> list[str]:
    """A table of people (its id and one token per seat), or of the server's bots (its
    id alone)."""
    for attempt in range(3):
        try:
            if bots:
                seats = ["bot:random"] * players
                body = {"game": game, "options": {}, "seats": seats}
                response = await http.post("/api/tables", json=body)
                response.raise_for_status()
                return [response.json()["id"]]
            return await create_and_claim(http, game, players)
        except httpx.TransportError:  # a kept-alive connection the server just closed
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


async def create_and_claim(http: httpx.AsyncClient, game: str, players: int) -> list[str]:
    response = await http.post(
        "/api/tables", json={"game": game, "options": {}, "seats": ["human"] * players}
    )
    response.raise_for_status()
    ticket = response.json()
    tokens = [ticket["token"]]
    for seat in range(1, players):
        claimed = await http.post(f"/api/tables/{ticket['id']}/seats/{seat}")
        claimed.raise_for_status()
        tokens.append(claimed.json()["token"])
    return [ticket["id"], *tokens]


@dataclass
class Seat:
    """What one seat's receiver shares with its actor: the newest state, and the act in
    flight (the version it was made on and when it was sent)."""

    newest: dict[str, Any] | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    acted_on: int = -1
    sent_at: float | None = None


async def seat_client(
    ws: ClientConnection,
    seat: int | None,
    rng: random.Random,
    stats: Stats,
    versions: dict[str, int],
    think: float = 0.0,
) -> None:
    """Play one seat until the game ends. Messages are read as they come (so a latency is
    never a message that waited in the buffer while the client thought); an actor answers
    the newest state."""
    mine = Seat()
    actor = asyncio.create_task(act_loop(ws, mine, rng, stats, think)) if seat is not None else None
    try:
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error":
                stats.error(message["code"])
                mine.sent_at = None
            elif message["type"] == "state":
                receive_state(message, mine, stats, versions)
                if message["over"]:
                    return
    finally:
        if actor is not None:
            actor.cancel()


def receive_state(
    message: dict[str, Any], mine: Seat, stats: Stats, versions: dict[str, int]
) -> None:
    version = message["version"]
    if mine.sent_at is not None and version > mine.acted_on:
        if stats.measuring:
            stats.latencies.append(time.perf_counter() - mine.sent_at)
        mine.sent_at = None
    table = message["table"]
    if version > versions.get(table, 0):
        if stats.measuring:
            stats.accepted += version - versions.get(table, 0)
        versions[table] = version
    mine.newest = message
    mine.changed.set()


async def act_loop(
    ws: ClientConnection, mine: Seat, rng: random.Random, stats: Stats, think: float
) -> None:
    """Act on the newest state that lets this seat act, after a think time; a state that
    arrives while it thinks is thought about afresh, as a person would."""
    while True:
        await mine.changed.wait()
        mine.changed.clear()
        message = mine.newest
        if message is None or not message["legal"] or message["version"] <= mine.acted_on:
            continue
        if think > 0:
            await asyncio.sleep(think * rng.uniform(0.75, 1.25))
            if mine.changed.is_set():
                continue
        mine.acted_on = message["version"]
        mine.sent_at = time.perf_counter()
        action = rng.choice(message["legal"])
        stats.sent += 1  # the whole run, as errors are counted
        await ws.send(json.dumps({"type": "act", "version": mine.acted_on, "action": action}))


async def table_loop(
    base: str,
    http: httpx.AsyncClient,
    gate: asyncio.Semaphore,
    args: argparse.Namespace,
    index: int,
    stats: Stats,
    stop: asyncio.Event,
) -> None:
    """Keep one table in play: when a game ends, start another."""
    rng = random.Random(index)
    versions = stats.seen  # table ids are unique: one map for every loop
    ws_base = base.replace("http", "ws", 1)
    while not stop.is_set():
        async with gate:  # the server's bots play every seat, one spectator watching
            table_id, *tokens = await new_table(http, args.game, args.players, args.server_bots)
        query = [f"?token={token}" for token in tokens] or [""]
        sockets = [
            await connect(f"{ws_base}/ws/tables/{table_id}{q}", max_size=None) for q in query
        ]
        stats.playing += 1
        try:
            players = [
                asyncio.create_task(
                    seat_client(
                        ws,
                        None if args.server_bots else seat,
                        rng,
                        stats,
                        versions,
                        args.think,
                    )
                )
                for seat, ws in enumerate(sockets)
            ]
            stopping = asyncio.create_task(stop.wait())
            # Until every seat has seen the end, or the run stops.
            pending = {*players, stopping}
            while stopping in pending and any(p in pending for p in players):
                _, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            for task in [*players, stopping]:
                task.cancel()
            await asyncio.wait([*players, stopping])
            if not stop.is_set() and stats.measuring:
                stats.tables_finished += 1
        finally:
            stats.playing -= 1
            await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)


def rss_mib(pid: int) -> dict[str, float]:
    """The process's resident memory now and at its peak (Linux), in MiB."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return {
        key: round(int(fields[name].split()[0]) / 1024, 1)
        for key, name in (("now", "VmRSS"), ("peak", "VmHWM"))
    }


def failures(stats: Stats) -> tuple[int, float]:
    """Errors that are not the game's races, and their share of the acts sent."""
    failed = sum(n for code, n in stats.errors.items() if code not in RACES)
    return failed, failed / max(stats.sent, 1)


def cpu_seconds(pid: int | None) -> float:
    """CPU time (user + system) used so far by process ``pid`` (None: this process)."""
    if pid is None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def servers_cpu(pids: list[int]) -> float:
    return sum(cpu_seconds(pid) for pid in pids) if pids else float("nan")


async def drive(
    bases: list[str], args: argparse.Namespace, pids: list[int], stats: Stats
) -> dict[str, Any]:
    """Table ``i`` is made on, and played through, ``bases[i % len(bases)]`` (as a balancer
    routing by table id sends it: no hop between processes)."""
    stop = asyncio.Event()
    if not args.client_gc:
        gc.freeze()  # the clients' pauses are not the server's latency (the docstring)
        gc.disable()
    limits = httpx.Limits(max_connections=HTTP_CONNECTIONS)
    https = [httpx.AsyncClient(base_url=b, limits=limits, timeout=60) for b in bases]
    gates = [asyncio.Semaphore(HTTP_CONNECTIONS) for _ in bases]
    try:
        loops = [
            asyncio.create_task(
                table_loop(
                    bases[i % len(bases)],
                    https[i % len(bases)],
                    gates[i % len(bases)],
                    args,
                    i,
                    stats,
                    stop,
                )
            )
            for i in range(args.tables)
        ]
        await asyncio.sleep(args.warmup)
        in_play = [stats.playing]  # a short warm-up leaves some tables still being made
        stats.measuring = True
        started = time.perf_counter()
        cpu = {"client": cpu_seconds(None), "server": servers_cpu(pids)}
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        in_play.append(stats.playing)
        elapsed = time.perf_counter() - started
        cpu["client"] = cpu_seconds(None) - cpu["client"]
        cpu["server"] = servers_cpu(pids) - cpu["server"]
        load = os.getloadavg()[0]
        memory = rss_mib(pids[0]) if len(pids) == 1 else None
        stop.set()
        for outcome in await asyncio.gather(*loops, return_exceptions=True):
            if isinstance(outcome, Exception):
                stats.error(f"client: {outcome!r}"[:120])
    finally:
        for http in https:
            await http.aclose()
    ms = [x * 1000 for x in stats.latencies]
    failed, share = failures(stats)
    return {
        "tables": args.tables,
        "game": args.game,
        "players": args.players,
        "server_bots": args.server_bots,
        "think_seconds": args.think,
        "seconds": round(elapsed, 2),
        "actions": stats.accepted,
        "actions_per_second": round(stats.accepted / elapsed, 1),
        "games_finished": stats.tables_finished,
        "tables_in_play": in_play,  # when the measuring started and ended
        "latency_ms": {
            "samples": len(ms),
            "p50": round(percentile(ms, 0.50), 2),
            "p90": round(percentile(ms, 0.90), 2),
            "p99": round(percentile(ms, 0.99), 2),
            "max": round(max(ms, default=float("nan")), 2),
        },
        "acts_sent": stats.sent,
        "errors": stats.errors,
        "failed": failed,
        "failed_share": round(share, 6),
        "server_rss_mib": memory,
        # On a shared machine the figures above depend on what else runs: these say how
        # much CPU the server spent per action and how busy the machine was.
        "server_cpu_ms_per_action": round(cpu["server"] * 1000 / max(stats.accepted, 1), 3),
        "server_cpu_share": round(cpu["server"] / elapsed, 2),
        "client_cpu_share": round(cpu["client"] / elapsed, 2),
        "load_average": round(load, 2),
        "client_gc": args.client_gc,
    }


def run_one(args: argparse.Namespace) -> dict[str, Any]:
    process = None
    with tempfile.TemporaryDirectory() as tmp:
        base = args.url
        if base is not None:
            wait_ready(base)
        else:
            db = args.db or f"sqlite:///{Path(tmp) / 'bench.db'}"
            process, base = start_server(db, Path(tmp) / "server.log")
        try:
            pids = [process.pid] if process is not None else []
            report = asyncio.run(drive([base], args, pids, Stats()))
        finally:
            if process is not None:
                process.send_signal(signal.SIGINT)
                process.wait(30)
    report["server"] = "external" if args.url else "subprocess (SQLite)"
    report["server_flags"] = "(the running server's own)" if args.url else " ".join(LOAD_FLAGS)
    return report


def run_house(args: argparse.Namespace) -> dict[str, Any]:
    from bench.cluster import house

    with house(args.processes) as cluster:
        bases = [s.http for s in cluster.servers]
        pids = [s.process.pid for s in cluster.servers if s.process is not None]
        stats = Stats()
        report = asyncio.run(drive(bases, args, pids, stats))
        report.update(audit(cluster, stats.seen))
    report["server"] = f"{args.processes} process(es), --redis, PostgreSQL"
    report["server_flags"] = " ".join(LOAD_FLAGS) + " --farm-workers 0"
    return report


def audit(cluster: Any, seen: dict[str, int]) -> dict[str, int]:
    """Against the action log in PostgreSQL: moves lost (a version some client was shown
    that the log lacks) and tables whose log has a gap or a repeat."""
    log = cluster.log(list(seen))
    lost = sum(max(0, version - len(log[table])) for table, version in seen.items())
    broken = sum(
        [seq for seq, _, _ in entries] != list(range(1, len(entries) + 1))
        for entries in log.values()
    )
    return {"tables_played": len(seen), "lost_moves": lost, "tables_with_gaps": broken}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables")
    parser.add_argument("--game", default="cambio")
    parser.add_argument("--players", type=int, default=2, help="seats per table")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time")
    parser.add_argument(
        "--think",
        type=float,
        default=0.8,
        help="mean seconds a client waits before acting, like the house's bots (0: at once)",
    )
    parser.add_argument("--warmup", type=float, default=5.0, help="unmeasured ramp-up")
    parser.add_argument(
        "--server-bots",
        action="store_true",
        help="the server's bots play every seat (no bot delay), one spectator per table",
    )
    parser.add_argument("--url", help="a running server (default: start one here)")
    parser.add_argument("--db", help="database of the server started here (default: temp)")
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="N: a house of N `serve --redis` processes on PostgreSQL (bench/cluster.py; "
        "needs CARDTABLE_TEST_POSTGRES_URL, CARDTABLE_TEST_REDIS_URL, PYTHONPATH=src:.), "
        "table i on process i mod N (0: one process on SQLite, as before)",
    )
    parser.add_argument(
        "--client-gc",
        action="store_true",
        help="let the clients' garbage collector run: its pauses then count as latency",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    report = run_house(args) if args.processes else run_one(args)
    report["cpus"] = os.cpu_count()
    failed = report["failed_share"] > MAX_ERROR_SHARE or bool(report.get("lost_moves"))
    if args.json:
        print(json.dumps(report))
        sys.exit(1 if failed else 0)
    lat = report["latency_ms"]
    rss = report["server_rss_mib"] or {"now": "?", "peak": "?"}
    print(
        f"{report['tables']} tables of {report['players']} ({report['game']}"
        f"{', server bots' if args.server_bots else ''}), "
        f"{report['seconds']} s measured (in play: {report['tables_in_play'][0]:,} at the "
        f"start, {report['tables_in_play'][1]:,} at the end)\n"
        f"  {report['actions_per_second']:,.0f} actions/s "
        f"({report['actions']:,} actions, {report['games_finished']} games finished)\n"
        f"  act -> next state: p50 {lat['p50']} ms, p90 {lat['p90']} ms, "
        f"p99 {lat['p99']} ms, max {lat['max']} ms ({lat['samples']:,} samples)\n"
        f"  server CPU {report['server_cpu_ms_per_action']} ms per action "
        f"({report['server_cpu_share']:.0%} of a core; client {report['client_cpu_share']:.0%}; "
        f"load average {report['load_average']}; "
        f"client GC {'on' if args.client_gc else 'off'})\n"
        f"  errors: {report['errors'] or 'none'} ({report['failed']} of "
        f"{report['acts_sent']:,} acts sent failed, {report['failed_share']:.3%}; races "
        f"{', '.join(RACES)} are not failures)\n"
        f"  server RSS {rss['now']} MiB at the end, {rss['peak']} MiB at its peak\n"
        + (
            f"  the log: {report['tables_played']:,} tables played, {report['lost_moves']} "
            f"moves lost, {report['tables_with_gaps']} tables with a gap\n"
            if "lost_moves" in report
            else ""
        )
        + f"  server limits: {report['server_flags']}"
    )
    if failed:
        print(
            f"FAILED: more than {MAX_ERROR_SHARE:.1%} of the acts failed, or a move was lost",
            file=sys.stderr,
        )
        sys.exit(1)


if __name__ == "__main__":
    main()

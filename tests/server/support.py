"""Real servers and real clients for the server tests: ``cardtable serve`` in a subprocess on
a free loopback port with a temporary SQLite file, httpx for HTTP, the ``websockets``
library for tables."""

from __future__ import annotations

import asyncio
import concurrent.futures
import ctypes
import ctypes.util
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

from cardtable import games

ROOT = Path(__file__).resolve().parents[2]
PR_SET_PDEATHSIG = 1
TIMEOUT = 60.0
# Starting a server imports the whole web stack: slow on a busy machine.
START_TIMEOUT = 90.0


def playable(name: str) -> str | None:
    """Why a registered game cannot be played yet (None: it can)."""
    try:
        game = games.load(name)
        state = game.new_state(seed=1)
        state.view(0)
        state.legal_actions(state.to_act[0])
    except Exception as error:  # an engine still being written
        return f"{name} is registered but not playable yet: {error!r}"
    return None


def playable_games() -> list[str]:
    return [name for name in games.names() if playable(name) is None]


def require_game(name: str) -> None:
    reason = playable(name)
    if reason:
        pytest.skip(reason)


def any_game() -> str:
    """A playable game for the protocol tests: cambio first (it landed first)."""
    names = playable_games()
    if not names:
        pytest.skip("no registered game is playable yet")
    return "cambio" if "cambio" in names else names[0]


def die_with_parent() -> None:
    """In the server's process, before it starts: if the test process dies (a killed
    pytest worker), the kernel ends the server too (Linux; elsewhere nothing)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``cardtable serve`` in a subprocess."""

    def __init__(
        self,
        db: Path | str,
        log: Path,
        bot_delay: float = 0.0,
        env: dict[str, str] | None = None,
        options: list[str] | None = None,
    ) -> None:
        self.env = env or {}
        self.options = options or []  # more `cardtable serve` options
        self.db = f"sqlite:///{db}" if isinstance(db, Path) else db
        self.log_path = log
        self.bot_delay = bot_delay
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.port = free_port()
        command = [sys.executable, "-m", "cardtable", "serve", "--port", str(self.port)]
        command += ["--db", self.db, "--bot-delay", str(self.bot_delay), *self.options]
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, **self.env},
                preexec_fn=die_with_parent,
            )
        try:
            self.wait_ready()
        except BaseException:
            self.stop()  # a server that did not come up must not outlive the test
            raise
        return self

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError(f"server exited early:\n{self.log()}")
            try:
                if httpx.get(f"{self.http}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise AssertionError(f"server did not start:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, like a crash."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def children(self) -> list[int]:
        """The server's child processes (its bot workers), on Linux."""
        assert self.process is not None
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in path.read_text().split()] if path.exists() else []

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    # -- HTTP ------------------------------------------------------------------------
    def post(self, path: str, body: Any = None) -> httpx.Response:
        return httpx.post(f"{self.http}{path}", json=body, timeout=TIMEOUT)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(f"{self.http}{path}", timeout=TIMEOUT)

    def create(self, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
        response = self.post("/api/tables", {"game": game, "options": options, "seats": seats})
        assert response.status_code == 201, response.text
        ticket: dict[str, Any] = response.json()
        return ticket

    def claim(self, table_id: str, seat: int) -> dict[str, Any]:
        response = self.post(f"/api/tables/{table_id}/seats/{seat}")
        assert response.status_code == 201, response.text
        ticket: dict[str, Any] = response.json()
        return ticket


class Table:
    """One WebSocket connection to a table, remembering the latest state it was sent."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.state: dict[str, Any] | None = None
        self.received: list[dict[str, Any]] = []

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        message: dict[str, Any] = json.loads(raw)
        self.received.append(message)
        if message["type"] == "state":
            assert self.state is None or message["version"] >= self.state["version"]
            self.state = message
        return message

    async def next_state(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        while True:
            message = await self.recv(timeout)
            if message["type"] == "state":
                return message

    async def state_at_least(self, version: int) -> dict[str, Any]:
        while self.state is None or self.state["version"] < version:
            await self.next_state()
        return self.state

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    async def act(self, action: Any, version: int | None = None, **extra: Any) -> None:
        assert self.state is not None
        version = self.state["version"] if version is None else version
        await self.send({"type": "act", "version": version, "action": action, **extra})

    async def error(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next error message (state and event messages before it are taken in)."""
        while True:
            message = await self.recv(timeout)
            if message["type"] == "error":
                return message

    async def quiet_version(self) -> int:
        """The table's version, checked with a ping (everything sent before is in)."""
        await self.send({"type": "ping"})
        while True:
            message = await self.recv()
            if message["type"] == "pong":
                version: int = message["version"]
                return version

    async def play_randomly(self, rng: random.Random, max_acts: int = 20_000) -> dict[str, Any]:
        """Act at random from ``legal`` whenever this seat may act, until the game ends.
        Races lost to other seats (stale versions) are simply retried on the new state."""
        acted_on = -1
        for _ in range(max_acts):
            state = self.state or await self.next_state()
            if state["over"]:
                return state
            if state["legal"] and state["version"] != acted_on:
                acted_on = state["version"]
                await self.act(rng.choice(state["legal"]), state["version"])
            message = await self.recv()
            if message["type"] == "error":
                assert message["code"] in ("stale_version", "not_your_turn"), message
        raise AssertionError("the game did not end")


async def play_until_my_turn(
    server: Server, ticket: dict[str, Any], moves: int, rng: random.Random
) -> dict[str, Any] | None:
    """Play ``moves`` moves at random, then stop on a state where it is this seat's turn
    (so the table waits for us and cannot move on). None if the game ended first."""
    async with open_table(server, ticket["id"], ticket["token"]) as table:
        played = 0
        while True:
            # The ping's answer comes after every message sent before it: table.state is
            # then the table's current state.
            await table.quiet_version()
            state = table.state
            assert state is not None
            if state["over"]:
                return None
            if state["legal"] and played == moves:
                return state
            if state["legal"]:
                await table.act(rng.choice(state["legal"]))
                played += 1
            await table.recv()  # something happened: look again


@asynccontextmanager
async def open_table(
    server: Server, table_id: str, token: str | None = None
) -> AsyncIterator[Table]:
    url = f"{server.ws}/ws/tables/{table_id}" + (f"?token={token}" if token else "")
    async with connect(url, max_size=None, open_timeout=TIMEOUT) as ws:
        yield Table(ws)


# How many times a waiting test asks the server again (every POLL_EVERY seconds) before it
# gives up: a bound on the work of asking, generous for a busy machine, not a timing.
POLLS = 600
POLL_EVERY = 0.1


def poll(done: Callable[[], object], what: str, polls: int = POLLS) -> None:
    """Ask ``done`` until it answers true, at most ``polls`` times; fail naming ``what``."""
    for _ in range(polls):
        if done():
            return
        time.sleep(POLL_EVERY)
    raise AssertionError(f"{what} (asked {polls} times)")


def run(coro: Any) -> Any:
    """Run a test's client coroutine to the end. Playwright's sync API leaves its event loop
    marked as running in the thread that started it, so in a pytest worker that has run a
    browser test, ``asyncio.run`` would refuse: the coroutine then gets a thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


# -- a server whose clock the test moves ---------------------------------------------
@contextmanager
def clocked_server(folder: Path) -> Iterator[Server]:
    """A server of its own on the test clock (``CARDTABLE_TEST_CLOCK``): its time moves
    only by ``advance``, so clock tests count seconds the test chose, not the machine's."""
    env = {"CARDTABLE_TEST_CLOCK": "1"}
    live = Server(folder / "cardtable.db", folder / "server.log", env=env).start()
    yield live
    live.stop()
    assert "Traceback" not in live.log(), live.log()


def advance(server: Server, seconds: float) -> None:
    """Moves a clocked server's time on by ``seconds``."""
    response = server.post("/api/test/clock", {"seconds": seconds})
    assert response.status_code == 200, response.text

"""Issue 20: the browser test of an online game runs once through nginx in front of two
processes. Two ``cardtable serve`` on one PostgreSQL schema and one Redis, our own nginx
(Debian's, started with ``-c`` a config made from ``deploy/nginx.conf`` with this test's
ports) in front of them; Alice and Bob play Caravan by clicks to the end in two browser
contexts while Carol watches, every page and socket through nginx.

nginx sends the page's requests (no table id) to one process, which makes the table and so
owns it, and a table's requests and sockets by the hash of its id: the test makes tables
until one's traffic is routed to the *other* process, so the game is played through the
process that does not own it (requests and changes over Redis), as routing allows."""

from __future__ import annotations

import random
import re
import secrets
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..server.support import ROOT, Server, free_port
from ..server.test_scale import REDIS_URL, schema_url  # noqa: F401 (a fixture)
from .conftest import DESKTOP
from .test_online_match import play_two
from .test_online_names import CREATE_JS, WAIT, guest_name, take_seat

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
LOG_FORMAT = "log_format routed '$request_method $uri $upstream_addr';\n"


def nginx_config(folder: Path, port: int, upstreams: list[int]) -> str:
    """``deploy/nginx.conf`` with this test's ports, inside a main config of its own (pid,
    logs and temporary files in ``folder``), so no system nginx is needed or touched."""
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    servers = "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in upstreams)
    site = re.sub(r"(    server 127\.0\.0\.1:\d+[^\n]*\n)+", servers, site)
    site = site.replace("listen 8080;", f"listen 127.0.0.1:{port};")
    assert servers in site and f"listen 127.0.0.1:{port};" in site, "deploy/nginx.conf changed"
    temp = "".join(
        f"{kind}_temp_path {folder / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} notice;\n"
        "events { worker_connections 256; }\n"
        "http {\n"
        f"{LOG_FORMAT}access_log {folder / 'access.log'} routed;\n{temp}"
        # Responses are kept in memory: the workers' user may not write in the test's folder.
        "proxy_max_temp_file_size 0;\n"
        f"{site}\n}}\n"
    )


class Nginx:
    def __init__(self, folder: Path, upstreams: list[int]) -> None:
        self.folder = folder
        self.port = free_port()
        self.config = folder / "nginx.conf"
        self.config.write_text(nginx_config(folder, self.port, upstreams))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Nginx:
        assert NGINX is not None
        command = [NGINX, "-p", str(self.folder), "-c", str(self.config), "-g", "daemon off;"]
        self.process = subprocess.Popen(command, stderr=subprocess.STDOUT, stdout=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"nginx exited: {self.process.stdout.read()!r}")  # type: ignore[union-attr]
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError("nginx did not answer")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    def upstream_of(self, method: str, uri: str) -> str:
        """The process nginx sent the latest ``method uri`` to (its access log)."""
        lines = (self.folder / "access.log").read_text().splitlines()
        found = [line.split()[2] for line in lines if line.split()[:2] == [method, uri]]
        assert found, f"{method} {uri} not in nginx's log"
        return found[-1]


@pytest.fixture
def cluster(schema_url: str, tmp_path: Path) -> Iterator[tuple[Nginx, list[Server]]]:  # noqa: F811
    pytest.importorskip("redis", reason="the 'redis' extra is not installed")
    if not REDIS_URL:
        pytest.skip("set CARDTABLE_TEST_REDIS_URL=redis://… (scripts/test-redis.sh)")
    if NGINX is None:
        pytest.skip("no nginx (scripts/test-services.sh installs Debian's)")
    options = ["--redis", REDIS_URL, "--redis-namespace", f"t{secrets.token_hex(4)}"]
    options += ["--rate", "register=30:1", "--forwarded-allow-ips", "127.0.0.1"]
    servers = [Server(schema_url, tmp_path / f"{n}.log", options=options) for n in "ab"]
    proxy: Nginx | None = None
    try:
        for server in servers:  # one at a time: each migrates the schema on start
            server.start()
        (tmp_path / "nginx").mkdir()
        proxy = Nginx(tmp_path / "nginx", [s.port for s in servers]).start()
        yield proxy, servers
    finally:
        if proxy is not None:
            proxy.stop()
        for server in servers:
            server.stop()
        for server in servers:
            assert "Traceback" not in server.log(), server.log()


def live_tables(server: Server) -> int:
    return int(server.get("/healthz").json()["live_tables"])


def routed_elsewhere(proxy: Nginx, servers: list[Server], alice: Any) -> tuple[str, Server]:
    """Alice makes tables from her page until nginx routes one's traffic to the process
    that does not own it; answers that table and its owner."""
    for _ in range(12):
        table_id = str(alice.evaluate(CREATE_JS))
        alice.wait_for_function("() => window.cardtable.table?.msg?.seat === 0", timeout=WAIT)
        owners = [s for s in servers if live_tables(s)]
        httpx.get(f"{proxy.url}/api/tables/{table_id}", timeout=10).raise_for_status()
        routed = proxy.upstream_of("GET", f"/api/tables/{table_id}")
        if len(owners) == 1 and routed != f"127.0.0.1:{owners[0].port}":
            return table_id, owners[0]
    raise AssertionError("nginx routed twelve tables to their owners")


def test_an_online_game_through_nginx_in_front_of_two_processes(cluster, page_factory):
    proxy, servers = cluster
    alice, bob, carol = (page_factory(DESKTOP) for _ in range(3))
    guest_name(alice, proxy.url)
    guest_name(bob, proxy.url)
    table_id, owner = routed_elsewhere(proxy, servers, alice)
    other = next(s for s in servers if s is not owner)
    take_seat(bob, proxy.url, table_id, 1)
    carol.goto(f"{proxy.url}/table/{table_id}")
    carol.wait_for_function("() => window.cardtable.table?.msg", timeout=WAIT)

    clicks = play_two([alice, bob], random.Random(20))
    assert clicks > 20
    carol.wait_for_function("() => window.cardtable.table.msg?.over", timeout=WAIT)
    seen = carol.evaluate("() => window.cardtable.table.msg")
    assert seen["seat"] is None and seen["legal"] == [] and "hand" not in seen["view"]
    # Carol's socket (logged once closed) went to the process that does not own the
    # table: it served her through the owner, never holding the table itself.
    carol.goto(f"{proxy.url}/")
    for _ in range(100):
        if f"GET /ws/tables/{table_id} " in (proxy.folder / "access.log").read_text():
            break
        time.sleep(0.1)
    assert proxy.upstream_of("GET", f"/ws/tables/{table_id}") == f"127.0.0.1:{other.port}"
    assert live_tables(other) == 0
    assert owner.get(f"/api/tables/{table_id}").json()["status"] == "finished"

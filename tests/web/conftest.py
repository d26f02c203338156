"""Browser tests: a real ``cardtable serve`` (subprocess, free port, temporary SQLite file,
bots without delay) and Debian's Chromium driven by Playwright. Screenshots go to
``artifacts/web/`` (git-ignored)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "web"
CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.log_path = folder / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        command = [
            sys.executable,
            "-m",
            "cardtable",
            "serve",
            "--port",
            str(self.port),
            "--db",
            f"sqlite:///{self.folder / 'cardtable.db'}",
            "--bot-delay",
            "0",
        ]
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"cardtable serve exited:\n{self.log()}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1):
                    return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"cardtable serve did not start:\n{self.log()}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("web-server")).start()
    yield server
    server.stop()
    assert "Traceback" not in server.log(), server.log()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def new_page(browser, viewport: dict[str, int], locale: str = "en-US", speed: str = "off"):
    """A fresh browser context (own localStorage) with the language and animation speed
    preset; page errors fail the test."""
    context = browser.new_context(viewport=viewport, locale=locale)
    context.add_init_script(
        "try { if (!localStorage.getItem('cardtable.settings')) localStorage.setItem("
        f"'cardtable.settings', JSON.stringify({{speed: '{speed}'}})); }} catch (e) {{}}"
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


@pytest.fixture
def page_factory(browser) -> Iterator[object]:
    pages = []

    def make(viewport: dict[str, int] = DESKTOP, locale: str = "en-US", speed: str = "off"):
        page = new_page(browser, viewport, locale, speed)
        pages.append(page)
        return page

    yield make
    for page in pages:
        errors = page.errors
        page.context.close()
        assert not errors, errors

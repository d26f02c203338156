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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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
            # Every browser here is one address (127.0.0.1) on one server per test worker:
            # the house's 3 sign-ups a minute would refuse the next test's accounts. The
            # limit itself is tested on its own server (tests/server/test_online_accounts.py).
            "--rate",
            "register=30:1",
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
def playwright() -> Iterator[Any]:
    """One Playwright for the session (a second one cannot run beside it)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


# The font set-ups the phone layout is checked under: the layout must not depend on one
# machine's fonts. Each names the font files it needs (under /usr/share/fonts) and the
# Debian package that has them; scripts/test-services.sh installs every one.
FONTS = Path("/usr/share/fonts")
DEJAVU = ("truetype/dejavu/DejaVuSans.ttf", "fonts-dejavu-core")
FONT_SETUPS: dict[str, tuple[tuple[str, str], ...]] = {
    "wqy": (DEJAVU, ("truetype/wqy/wqy-microhei.ttc", "fonts-wqy-microhei")),
    "noto": (
        DEJAVU,
        ("truetype/wqy/wqy-microhei.ttc", "fonts-wqy-microhei"),
        ("opentype/noto/NotoSansCJK-Regular.ttc", "fonts-noto-cjk"),
    ),
}


def fontconfig_file(folder: Path, setup: str) -> Path:
    """A fontconfig file that shows Chromium only the set-up's font folders, with the
    system's usual rules (aliases, hinting) on top; skips when a font is not installed."""
    dirs: list[str] = []
    for file, package in FONT_SETUPS[setup]:
        if not (FONTS / file).exists():
            pytest.skip(f"font set-up {setup!r} needs {package} ({FONTS / file} is missing)")
        dirs.append(f"  <dir>{(FONTS / file).parent}</dir>")
    path = folder / f"fonts-{setup}.conf"
    path.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        + "\n".join(dirs)
        + f"\n  <cachedir>{folder / ('cache-' + setup)}</cachedir>\n"
        '  <include ignore_missing="yes">/etc/fonts/conf.d</include>\n</fontconfig>\n'
    )
    return path


@pytest.fixture(scope="session")
def font_browser(playwright: Any, tmp_path_factory: Any) -> Iterator[Callable[[str], Any]]:
    """``font_browser(setup)``: a Chromium that sees only that font set-up's fonts (one
    per set-up, started when first asked for)."""
    folder = tmp_path_factory.mktemp("fonts")
    browsers: dict[str, Any] = {}

    def get(setup: str) -> Any:
        if setup not in browsers:
            env = {**os.environ, "FONTCONFIG_FILE": str(fontconfig_file(folder, setup))}
            browsers[setup] = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, env=env
            )
        return browsers[setup]

    yield get
    for b in browsers.values():
        b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def new_page(
    browser, viewport: dict[str, int], locale: str = "en-US", speed: str = "off", **options
):
    """A fresh browser context (own localStorage) with the language and animation speed
    preset (``options``: more of the context's, e.g. ``has_touch``); page errors fail the
    test."""
    context = browser.new_context(viewport=viewport, locale=locale, **options)
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

    def make(
        viewport: dict[str, int] = DESKTOP,
        locale: str = "en-US",
        speed: str = "off",
        on: object = None,
        **options,
    ):
        """A page; ``on``: another browser to open it in (e.g. a font set-up's)."""
        page = new_page(on or browser, viewport, locale, speed, **options)
        pages.append(page)
        return page

    yield make
    for page in pages:
        errors = page.errors
        page.context.close()
        assert not errors, errors

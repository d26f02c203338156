from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .support import Server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real server for the tests that do not restart it (bots move without delay)."""
    folder = tmp_path_factory.mktemp("server")
    live = Server(folder / "cardtable.db", folder / "server.log").start()
    yield live
    live.stop()
    # Whatever the tests sent, the server must not have failed on it.
    assert "Traceback" not in live.log(), live.log()


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    """A server of its own (for tests that kill and restart it)."""
    live = Server(tmp_path / "cardtable.db", tmp_path / "server.log")
    yield live
    live.stop()

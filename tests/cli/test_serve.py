"""``cardtable serve`` on a port that is already taken: one clear line, at once, before the
store or anything else starts."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

# A refusal takes well under a second; the margin is for a loaded 2-core CI machine.
TIMEOUT = 60


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", "serve", *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env={**os.environ, "COLUMNS": "80"},
    )


def test_a_taken_port_is_named_with_the_flag_that_picks_another(tmp_path: Path) -> None:
    db = tmp_path / "house.db"
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = serve("--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{db}")
    assert result.returncode == 2
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line == f"Error: port {port} on 127.0.0.1 is already in use; pick another with --port"
    # Refused before start-up work: the store was never opened.
    assert not db.exists()


def test_a_port_out_of_range_is_refused_by_the_option() -> None:
    result = serve("--port", "70000")
    assert result.returncode == 2
    assert "'--port'" in result.stderr and "less than or equal to 65535" in result.stderr


def test_a_cluster_needs_redis_and_postgresql_and_says_so(tmp_path: Path) -> None:
    """Several processes share tables through Redis and read one PostgreSQL store: the
    options that cannot make such a house are refused at once, naming the missing one."""
    db = tmp_path / "house.db"
    cases = {
        ("--workers", "2", "--db", f"sqlite:///{db}"): "--workers above 1 needs --redis",
        ("--redis", "redis://127.0.0.1:6379/0", "--db", f"sqlite:///{db}"): (
            "--redis needs --db postgresql://"
        ),
        ("--redis", "http://example.org", "--db", "postgresql://u@h/d"): (
            "--redis must be a redis:// URL"
        ),
    }
    for args, expected in cases.items():
        result = serve("--port", "0", *args)
        assert result.returncode == 2, args
        assert expected in result.stderr, result.stderr
    assert not db.exists()  # refused before the store was opened

"""Stopping the house while bots think: a Ctrl-C in the terminal or a supervisor's SIGTERM
reaches the whole process group, bot workers included. The server still shuts down in
order: no broken worker pool, no traceback, no worker left behind."""

from __future__ import annotations

import os
import signal

from .support import Server, open_table, run
from .test_recovery import assert_gone


async def watch_until(server: Server, table_id: str, version: int) -> None:
    async with open_table(server, table_id) as table:
        await table.state_at_least(version)


def test_a_signal_to_the_whole_process_group_stops_the_server_cleanly(
    fresh_server: Server,
) -> None:
    server = fresh_server.start()
    tables = [server.create("caravan", ["bot:hard", "bot:hard"]) for _ in range(2)]
    run(watch_until(server, tables[0]["id"], 2))  # the hard bots are thinking by now
    workers = server.children()
    assert workers, "the bots should think in worker processes"
    assert server.process is not None
    for pid in [*workers, server.process.pid]:  # what killpg(SIGTERM) does
        os.kill(pid, signal.SIGTERM)
    # A guard against a hang (before the fix shutdown waited on the searches for good), not
    # a timing: what shows it did not wait is that the workers were killed mid-search.
    server.process.wait(60)  # uvicorn re-raises the signal once shut down: -15
    assert_gone(workers)
    log = server.log()
    assert "Application shutdown complete" in log, log
    assert "Traceback" not in log and "pool broke" not in log, log

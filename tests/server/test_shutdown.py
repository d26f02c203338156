"""Stopping the house while bots think: a Ctrl-C in the terminal or a supervisor's SIGTERM
reaches the whole process group, bot workers included. The server still shuts down in
order: no broken worker pool, no traceback, no worker left behind."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from functools import partial
from pathlib import Path

from cardtable.server.autoplay import BotWorkers

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


def own_children() -> list[int]:
    """This process's child processes, whichever of its threads started them (Linux)."""
    tasks = Path(f"/proc/{os.getpid()}/task")
    return [int(pid) for task in tasks.iterdir() for pid in (task / "children").read_text().split()]


def test_a_worker_process_cannot_die_of_the_group_signal_while_it_starts() -> None:
    """The pool starts a worker as the first move comes; the signal can come before the
    worker has run a line of its own (the CI run where a hard table logged "pool broke").
    The worker is born holding the signals, so the move is still thought."""
    workers = BotWorkers(delay=0, threads=1, processes=1)

    async def main() -> object:
        move = asyncio.ensure_future(workers.run("table", partial(time.sleep, 0.2)))
        await asyncio.sleep(0)  # dispatched: the worker process exists, not yet started up
        started = own_children()
        assert started, "the move should have started a worker process"
        for pid in started:
            os.kill(pid, signal.SIGTERM)
        return await asyncio.wait_for(move, 60)  # a hang guard, not a timing

    try:
        assert asyncio.run(main()) is None  # what time.sleep returns: the move was made
    finally:
        workers.close()

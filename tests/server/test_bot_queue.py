"""The bot workers' queue (``autoplay.BotWorkers``), run in threads with bots the test
holds at a gate: tables are served round-robin with at most one move each in the workers,
so one table's many moves cannot starve another's; /healthz's figures come from it.

The order of moves is asserted, never how long anything took: the gates decide."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cardtable import games
from cardtable.server import autoplay
from cardtable.server.autoplay import BotWorkers

GAME = games.load("caravan")
WAIT = 30.0  # generous: only a broken queue waits this long


class GatedBot:
    """Plays ``legal[0]`` once its gate opens, noting when it starts and ends."""

    name = "gated"

    def __init__(self, label: str, log: list[str], gate: threading.Event | None = None) -> None:
        self.label = label
        self.log = log
        self.gate = gate or threading.Event()

    def act(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        self.log.append(f"start {self.label}")
        assert self.gate.wait(WAIT), f"{self.label} was never let go"
        self.log.append(f"end {self.label}")
        return legal[0]


async def think(workers: BotWorkers, bot: GatedBot, table: str) -> Any:
    return await workers.think(GAME, bot.name, bot, {}, ["move"], random.Random(1), table=table)


async def until(condition: Any) -> None:
    for _ in range(int(WAIT / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the queue never got there")


def test_a_table_with_many_moves_waiting_does_not_go_before_another() -> None:
    """One worker; table A queues three moves, then table B one: B's comes second."""

    async def scenario() -> list[str]:
        workers = BotWorkers(delay=0, threads=1, processes=0)
        log: list[str] = []
        a = [GatedBot(f"A{i}", log) for i in range(3)]
        b = GatedBot("B0", log)
        moves = [asyncio.create_task(think(workers, bot, "A")) for bot in a]
        await until(lambda: log == ["start A0"])
        moves.append(asyncio.create_task(think(workers, b, "B")))
        await until(lambda: workers.report().waiting == 3)
        for bot in [*a, b]:
            bot.gate.set()
        assert await asyncio.gather(*moves) == ["move"] * 4
        workers.close()
        return [line for line in log if line.startswith("start")]

    assert asyncio.run(scenario()) == ["start A0", "start B0", "start A1", "start A2"]


def test_a_table_holds_one_worker_at_most() -> None:
    """Two workers; table A queues two slow moves: the second waits for the first, and
    table B's move takes the other worker at once."""

    async def scenario() -> None:
        workers = BotWorkers(delay=0, threads=2, processes=0)
        log: list[str] = []
        slow = [GatedBot(f"A{i}", log) for i in range(2)]
        quick = GatedBot("B0", log, gate=threading.Event())
        quick.gate.set()
        moves = [asyncio.create_task(think(workers, bot, "A")) for bot in slow]
        await until(lambda: "start A0" in log)
        assert await asyncio.wait_for(think(workers, quick, "B"), WAIT) == "move"
        assert "start A1" not in log and workers.report().running == 1
        for bot in slow:
            bot.gate.set()
        await asyncio.gather(*moves)
        assert log.index("start A1") > log.index("end A0")
        workers.close()

    asyncio.run(scenario())


def test_the_report_gives_the_oldest_wait_and_says_degraded() -> None:
    """/healthz's figures, on a clock the test moves."""
    now = [100.0]

    async def scenario() -> None:
        workers = BotWorkers(delay=0, threads=1, processes=0, clock=lambda: now[0])
        log: list[str] = []
        busy, waiting = GatedBot("A0", log), GatedBot("B0", log)
        moves = [asyncio.create_task(think(workers, busy, "A"))]
        await until(lambda: log == ["start A0"])
        moves.append(asyncio.create_task(think(workers, waiting, "B")))
        await until(lambda: workers.report().waiting == 1)
        now[0] += 2.0
        report = workers.report()
        assert (report.waiting, report.oldest, report.running) == (1, 2.0, 1)
        assert not report.degraded and report.to_json()["degraded"] is False
        now[0] += autoplay.DEGRADED_AFTER
        assert workers.report().degraded
        busy.gate.set()
        waiting.gate.set()
        await asyncio.gather(*moves)
        assert workers.report() == autoplay.QueueReport(0, 0.0, 0)
        workers.close()

    asyncio.run(scenario())


def test_past_the_bound_a_bot_plays_at_random_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The queue is bounded: a move that finds it full is played at random, not queued."""
    monkeypatch.setattr(autoplay, "MAX_WAITING", 1)

    async def scenario() -> None:
        workers = BotWorkers(delay=0, threads=1, processes=0)
        log: list[str] = []
        first, second, third = (GatedBot(f"T{i}", log) for i in range(3))
        moves = [asyncio.create_task(think(workers, first, "A"))]
        await until(lambda: log == ["start T0"])
        moves.append(asyncio.create_task(think(workers, second, "B")))
        await until(lambda: workers.report().waiting == 1)
        assert await asyncio.wait_for(think(workers, third, "C"), WAIT) == "move"
        assert "start T2" not in log
        first.gate.set()
        second.gate.set()
        await asyncio.gather(*moves)
        workers.close()

    asyncio.run(scenario())


def test_a_cancelled_move_leaves_the_queue() -> None:
    """A table that closes takes its waiting moves with it."""

    async def scenario() -> None:
        workers = BotWorkers(delay=0, threads=1, processes=0)
        log: list[str] = []
        busy, gone = GatedBot("A0", log), GatedBot("B0", log)
        running = asyncio.create_task(think(workers, busy, "A"))
        await until(lambda: log == ["start A0"])
        waiting = asyncio.create_task(think(workers, gone, "B"))
        await until(lambda: workers.report().waiting == 1)
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        assert workers.report().waiting == 0
        busy.gate.set()
        await running
        assert "start B0" not in log
        workers.close()

    asyncio.run(scenario())

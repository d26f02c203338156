"""The store's two lanes (``store/lanes.py``): appends ahead of other calls, fairly both
ways, one table's calls in the order they were made, and a failure that costs nobody else.

Each test holds the store's one thread on a gate first, queues its calls behind it, then
opens the gate: the order the thread then runs them in is the lanes' choice alone."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future

import pytest

from cardtable.store.lanes import Lanes

WAIT = 10.0  # seconds a test waits on a thread before it fails (never reached when green)


class Recorder:
    """Lanes on one thread whose work is writing names down, in the order it ran."""

    def __init__(self, burst: int = 3, workers: int = 1) -> None:
        self.ran: list[str] = []
        self.groups: list[list[str]] = []
        self.on_group: Callable[[list[str]], None] = lambda _: None
        self.lanes: Lanes[str] = Lanes(workers, self._write, burst=burst, name="test")

    def _write(self, group: list[str]) -> None:
        self.groups.append(group)
        self.ran.append("+".join(group))
        self.on_group(group)

    def call(self, name: str, table: str | None = None) -> Future[str]:
        def run() -> str:
            self.ran.append(name)
            return name

        return self.lanes.submit(run, table)

    def hold(self) -> threading.Event:
        """Occupy the thread until the returned gate is set."""
        gate, holding = threading.Event(), threading.Event()

        def wait() -> None:
            holding.set()
            assert gate.wait(WAIT)

        self.lanes.submit(wait)
        assert holding.wait(WAIT)
        return gate

    def finish(self) -> None:
        self.lanes.close()


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    made = Recorder()
    yield made
    made.finish()


def test_an_append_queued_behind_many_calls_runs_before_them(recorder: Recorder) -> None:
    gate = recorder.hold()
    for i in range(50):
        recorder.call(f"create{i}")
    recorder.lanes.append("t", "move")
    gate.set()
    recorder.finish()
    assert recorder.ran[0] == "move"
    assert recorder.ran[1:] == [f"create{i}" for i in range(50)]


def test_appends_waiting_together_go_in_one_group(recorder: Recorder) -> None:
    gate = recorder.hold()
    for table in "abc":
        recorder.lanes.append(table, f"move_{table}")
    gate.set()
    recorder.finish()
    assert recorder.groups == [["move_a", "move_b", "move_c"]]


def test_a_stream_of_appends_lets_another_call_through_after_burst_groups(
    recorder: Recorder,
) -> None:
    made, last = 0, threading.Event()

    def keep_moving(_: list[str]) -> None:  # a new move arrives during every group's write
        nonlocal made
        if made < 10:
            made += 1
            recorder.lanes.append(f"t{made}", f"m{made}")
        else:
            last.set()

    recorder.on_group = keep_moving
    gate = recorder.hold()
    recorder.call("create")
    recorder.lanes.append("t0", "m0")
    gate.set()
    assert last.wait(WAIT)
    recorder.finish()
    # burst=3: three groups while the create waits, then the create, then the moves again.
    assert recorder.ran == ["m0", "m1", "m2", "create", *[f"m{i}" for i in range(3, 11)]]


def test_a_tables_create_runs_before_its_append_others_pass_both(recorder: Recorder) -> None:
    gate = recorder.hold()
    recorder.call("read")  # names no table
    recorder.call("create_t", table="t")
    recorder.lanes.append("t", "move_t")  # made before t's create is stored
    recorder.lanes.append("u", "move_u")
    gate.set()
    recorder.finish()
    assert recorder.ran == ["move_u", "read", "create_t", "move_t"]


def test_a_tables_calls_keep_their_order_on_several_threads() -> None:
    made = Recorder(workers=4)
    gates = [made.hold() for _ in range(3)]  # three of the four threads held
    slow = threading.Event()

    def create() -> str:
        assert slow.wait(WAIT)  # the free thread sits in t's create ...
        made.ran.append("create_t")
        return "create_t"

    made.lanes.submit(create, "t")
    made.lanes.append("t", "move_t")
    made.call("claim_t", table="t")
    made.lanes.append("u", "move_u")  # ... while another table's move gets a thread
    done = threading.Event()
    made.on_group = lambda group: done.set() if group == ["move_u"] else None
    for gate in gates:
        gate.set()
    assert done.wait(WAIT)
    slow.set()
    made.finish()
    assert made.ran == ["move_u", "create_t", "move_t", "claim_t"]


def test_a_failing_call_costs_nobody_else(recorder: Recorder) -> None:
    def broken() -> str:
        raise RuntimeError("disk on fire")

    gate = recorder.hold()
    first = recorder.call("first", table="t")
    failed = recorder.lanes.submit(broken, "t")
    after = recorder.call("after", table="t")
    recorder.lanes.append("t", "move_t")
    gate.set()
    with pytest.raises(RuntimeError, match="disk on fire"):
        failed.result(WAIT)
    assert first.result(WAIT) == "first"
    assert after.result(WAIT) == "after"
    recorder.finish()
    assert recorder.ran == ["first", "after", "move_t"]


def test_a_failing_group_write_leaves_the_lanes_working(recorder: Recorder) -> None:
    def explode(group: list[str]) -> None:
        if group == ["bad"]:
            raise RuntimeError("write failed")

    recorder.on_group = explode
    recorder.lanes.append("t", "bad")
    recorder.lanes.append("t", "good")  # the same table: the next group, after the failure
    assert recorder.call("later").result(WAIT) == "later"
    recorder.finish()
    assert recorder.groups == [["bad"], ["good"]]


def test_a_closed_store_refuses_new_work(recorder: Recorder) -> None:
    recorder.finish()
    with pytest.raises(RuntimeError, match="closed"):
        recorder.call("late")
    with pytest.raises(RuntimeError, match="closed"):
        recorder.lanes.append("t", "late")


def test_nonsense_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="burst"):
        Lanes(1, lambda _: None, burst=0)

"""The store on a real database (SQLite always, PostgreSQL when configured): tables, seats,
the action log, the one-writer guard, recovery queries and the migrations."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from datetime import UTC

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from cardtable.store import (
    BROKEN,
    FINISHED,
    PLAYING,
    Append,
    SeatRecord,
    SqlStore,
    TableRecord,
    WriteConflict,
    normalize_url,
    open_store,
)
from cardtable.store.schema import Base


def new_table(table_id: str = "t1", seats: int = 3) -> TableRecord:
    return TableRecord(
        id=table_id,
        game="cambio",
        options={"players": seats, "snap": "anytime"},
        seed=2**62 + 12345,  # seeds use 63 bits
        seats=[
            SeatRecord(0, "human", token_hash="a" * 64),
            SeatRecord(1, "human"),
            *[SeatRecord(i, "bot", bot="easy") for i in range(2, seats)],
        ],
    )


def test_a_table_round_trips(store: SqlStore) -> None:
    store.create(new_table())
    got = store.get("t1")
    assert got is not None
    assert (got.game, got.options, got.seed) == (
        "cambio",
        {"players": 3, "snap": "anytime"},
        2**62 + 12345,
    )
    assert got.status == PLAYING and got.version == 0 and got.outcome is None
    assert [s.kind for s in got.seats] == ["human", "human", "bot"]
    assert got.seats[0].claimed and not got.seats[1].claimed and got.seats[2].bot == "easy"
    assert got.created_at is not None and got.created_at.tzinfo is not None
    assert got.created_at.utcoffset() == UTC.utcoffset(None)
    assert got.actions == []
    assert store.get("nope") is None


def test_the_log_keeps_order_and_the_end_finishes_the_table(store: SqlStore) -> None:
    store.create(new_table())
    actions = [
        {"type": "draw"},
        {"type": "replace", "slot": 2},
        {"type": "snap", "seat": 1, "slot": 0},
    ]
    for seq, action in enumerate(actions, start=1):
        store.append("t1", seq, seq % 3, action)
    store.append("t1", 4, 0, {"type": "call"}, outcome={"scores": [3, 9, 12], "winners": [0]})
    got = store.get("t1", actions=True)
    assert got is not None
    assert [a.action for a in got.actions] == [*actions, {"type": "call"}]
    assert [(a.seq, a.seat) for a in got.actions] == [(1, 1), (2, 2), (3, 0), (4, 0)]
    assert got.version == 4 and got.status == FINISHED
    assert got.outcome == {"scores": [3, 9, 12], "winners": [0]}
    assert store.unfinished() == []


def test_an_append_that_does_not_follow_is_refused(store: SqlStore) -> None:
    store.create(new_table())
    store.append("t1", 1, 0, {"type": "draw"})
    with pytest.raises(WriteConflict):
        store.append("t1", 1, 1, {"type": "draw"})  # a second writer at the same point
    with pytest.raises(WriteConflict):
        store.append("t1", 3, 0, {"type": "draw"})  # a gap
    with pytest.raises(WriteConflict):
        store.append("nope", 1, 0, {"type": "draw"})
    got = store.get("t1", actions=True)
    assert got is not None and got.version == 1 and len(got.actions) == 1


def test_racing_writers_store_each_action_once(store: SqlStore) -> None:
    store.create(new_table())
    wins: list[int] = []

    def write(who: int) -> None:
        try:
            store.append("t1", 1, who, {"type": "draw", "who": who})
            wins.append(who)
        except WriteConflict:
            pass

    threads = [threading.Thread(target=write, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    got = store.get("t1", actions=True)
    assert got is not None
    assert len(wins) == 1 and [a.action["who"] for a in got.actions] == wins


def test_a_free_human_seat_is_claimed_once(store: SqlStore) -> None:
    store.create(new_table())
    assert not store.claim("t1", 0, "b" * 64)  # already held
    assert not store.claim("t1", 2, "b" * 64)  # a bot
    assert not store.claim("t1", 7, "b" * 64)  # no such seat
    assert store.claim("t1", 1, "c" * 64)
    assert not store.claim("t1", 1, "d" * 64)
    got = store.get("t1")
    assert got is not None and got.seats[1].token_hash == "c" * 64
    assert got.seats[1].claimed_at is not None


def test_unfinished_lists_the_tables_to_resume(store: SqlStore) -> None:
    for table_id in ("a", "b", "c"):
        store.create(new_table(table_id))
    store.append("b", 1, 0, {"type": "call"}, outcome={"scores": [], "winners": []})
    store.set_status("c", BROKEN)
    assert store.unfinished() == ["a"]


def test_migrations_are_idempotent_and_match_the_models(store_url: str) -> None:
    store = open_store(store_url)
    store.migrate()  # a second start changes nothing
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    store.close()
    assert differences == []


def test_urls_people_type_are_understood() -> None:
    assert normalize_url(None) == "sqlite:///cardtable.db"
    assert normalize_url("games.db") == "sqlite:///games.db"
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:////tmp/x.db") == "sqlite:////tmp/x.db"


def test_sqlite_runs_in_wal_mode(tmp_path: object) -> None:
    from sqlalchemy import text

    store = open_store(f"sqlite:///{tmp_path}/wal.db")
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    store.close()


def test_a_group_of_appends_commits_together_and_refuses_only_who_does_not_follow(
    store: SqlStore,
) -> None:
    for table_id in ("a", "b", "c"):
        store.create(new_table(table_id))
    draw = {"type": "draw"}
    assert store.append_many([Append("a", 1, 0, draw), Append("b", 1, 0, draw)]) == [None, None]
    results = store.append_many(
        [
            Append("a", 2, 1, draw),
            Append("b", 1, 1, draw),  # already stored: refused
            Append("c", 1, 0, {"type": "call"}, outcome={"scores": [1], "winners": [0]}),
        ]
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], WriteConflict)
    versions = {}
    for table_id in ("a", "b", "c"):
        got = store.get(table_id, actions=True)
        assert got is not None
        versions[table_id] = (got.version, len(got.actions), got.status)
    assert versions == {"a": (2, 2, PLAYING), "b": (1, 1, PLAYING), "c": (1, 1, FINISHED)}


def test_a_long_rating_history_gives_the_latest_changes_oldest_first(store: SqlStore) -> None:
    from cardtable.store.online import RatingChange, UserRecord

    store.create_user(UserRecord("u1", "Ada"))
    for game_number in range(6):
        change = RatingChange("u1", mu=25.0 + game_number, sigma=8.0, rank=1, players=2)
        assert store.save_ratings("caravan", f"table{game_number}", [change])
    chart = store.rating_history("u1", limit=3)
    assert [point.mu for point in chart] == [28.0, 29.0, 30.0]


def test_servers_starting_together_migrate_the_schema_once(store_url: str) -> None:
    # Several `cardtable serve` processes on one database (behind a load balancer, or a
    # supervisor restarting them all) start at once: each brings the schema up to date as
    # it starts, and none may fail on another's migration.
    at = time.time() + 4  # every process imports first, then all migrate at this moment
    script = (
        "import sys, time; from cardtable.store import open_store; "
        "time.sleep(max(0, float(sys.argv[2]) - time.time())); open_store(sys.argv[1]).close()"
    )
    starts = [
        subprocess.Popen(
            [sys.executable, "-c", script, store_url, str(at)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        for _ in range(4)
    ]
    for process in starts:
        output, _ = process.communicate(timeout=120)
        assert process.returncode == 0, output.decode()
    store = open_store(store_url, migrate=False)
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    store.close()

import multiprocessing
import os
import signal
import sqlite3
import time

from grader.store import SCHEMA_VERSION, Store


def test_schema_is_versioned_and_events_round_trip(tmp_path):
    store = Store(tmp_path / "p.sqlite3")
    store.record("start", "softmax")
    store.record("check", "softmax", status="fail", seconds=1.5, failed=["values"], seed=3)
    store.record("hint", "softmax", number=1)
    store.record("check", "softmax", status="pass", seconds=1.0)
    with sqlite3.connect(tmp_path / "p.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    events = store.events("softmax")
    assert [e["kind"] for e in events] == ["start", "check", "hint", "check"]
    assert events[1]["failed"] == ["values"] and events[1]["detail"] == {"seed": 3}
    summary = store.summary()["softmax"]
    assert summary["status"] == "passed" and summary["checks"] == 2 and summary["hints"] == 1
    assert summary["best"] is not None and summary["best"] >= 0
    assert store.last_started() == "softmax"


def test_hints_count_restarts_after_a_reset(tmp_path):
    store = Store(tmp_path / "p.sqlite3")
    store.record("hint", "gqa")
    store.record("hint", "gqa")
    assert store.hints_taken("gqa") == 2
    store.record("reset", "gqa")
    assert store.hints_taken("gqa") == 0


def _write_many(path, n, tag):
    store = Store(path)
    for i in range(n):
        store.record("check", tag, status="pass", seconds=0.1, i=i)


def test_concurrent_writers_lose_nothing(tmp_path):
    path = tmp_path / "p.sqlite3"
    Store(path)
    procs = [multiprocessing.get_context("spawn").Process(target=_write_many, args=(path, 50, f"d{k}"))
             for k in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert all(p.exitcode == 0 for p in procs)
    assert len(Store(path).events()) == 200


def _write_forever(path):
    store = Store(path)
    while True:
        store.record("check", "softmax", status="fail", seconds=0.1, failed=["values"] * 50)


def test_a_kill_in_the_middle_of_writes_leaves_a_consistent_store(tmp_path):
    path = tmp_path / "p.sqlite3"
    Store(path)
    proc = multiprocessing.get_context("spawn").Process(target=_write_forever, args=(path,))
    proc.start()
    time.sleep(2.0)
    os.kill(proc.pid, signal.SIGKILL)
    proc.join()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    store = Store(path)
    n = len(store.events())
    assert n > 0
    store.record("check", "softmax", status="pass", seconds=0.1)
    assert len(store.events()) == n + 1

"""The progress store keeps months of history through every fault: concurrent writers, kills in
the middle of a write, a lock held by another program, a read-only or full disk, corruption, loss,
a newer drill. And a store fault never costs the learner a verdict."""
import hashlib
import json
import multiprocessing
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from grader.runtime import client
from grader.learner.registry import get
from grader.learner.store import BACKUPS_KEPT, MIGRATIONS, SCHEMA_VERSION, Store, StoreError
from tests.test_faults import (CLI, CORRECT, Store as Read, database, drill, drill_env, home, learner,  # noqa: F401
                               wait_for, warm, with_history)


def test_schema_is_versioned_and_events_round_trip(tmp_path):
    store = Store(tmp_path / "p.sqlite3")
    store.record("start", "softmax")
    store.record("check", "softmax", status="fail", seconds=1.5, failed=["values"], seed=3)
    store.record("hint", "softmax", number=1)
    store.record("check", "softmax", status="pass", seconds=1.0)
    with database(tmp_path / "p.sqlite3") as db:
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
    procs = [multiprocessing.get_context("spawn").Process(target=_write_many, args=(path, 50, f"d{k}"))
             for k in range(4)]                          # on a fresh folder: the first opening races too
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert all(p.exitcode == 0 for p in procs)
    assert len(Store(path).events()) == 200 and Store(path).integrity() == "ok"


def _write_forever(path):
    store = Store(path)
    while True:
        store.record("check", "softmax", status="fail", seconds=0.1, failed=["values"] * 50)


def test_a_kill_in_the_middle_of_writes_leaves_a_consistent_store(tmp_path):
    path = tmp_path / "p.sqlite3"
    Store(path)
    proc = multiprocessing.get_context("spawn").Process(target=_write_forever, args=(path,))
    proc.start()
    wait_for(lambda: len(Store(path).events()) >= 20 or proc.exitcode is not None, what="twenty writes")
    assert proc.exitcode is None, "the writer stopped by itself"
    os.kill(proc.pid, signal.SIGKILL)
    proc.join()
    with database(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    store = Store(path)
    n = len(store.events())
    assert n >= 20
    store.record("check", "softmax", status="pass", seconds=0.1)
    assert len(store.events()) == n + 1


# ---- backups, corruption, loss ---------------------------------------------------------------------

def stored(path: Path) -> list[tuple]:
    with database(path) as db:
        return db.execute("SELECT id, drill, kind FROM events ORDER BY id").fetchall()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_backup_is_taken_each_day_and_old_ones_rotate(tmp_path):
    path = tmp_path / "progress.sqlite3"
    Store(path).record("start", "softmax")
    backups = tmp_path / "backups"
    backups.mkdir()
    for days in range(1, 21):                      # twenty earlier days of backups
        old = backups / time.strftime("progress-%Y-%m-%d.sqlite3", time.localtime(time.time() - days * 86400))
        shutil.copyfile(path, old)
        os.utime(old, (time.time() - days * 86400,) * 2)
    keep = backups / "progress-before-v9-20200101-000000-000000.sqlite3"   # taken before a migration
    shutil.copyfile(path, keep)
    os.utime(keep, (0, 0))
    store = Store(path)
    today = backups / time.strftime("progress-%Y-%m-%d.sqlite3")
    assert stored(today) == stored(path)
    daily = [p for p in store.backup_files() if "before" not in p.name]
    assert len(daily) == BACKUPS_KEPT and today in daily
    assert keep.exists()                           # backups taken before a migration are not rotated away


def test_a_schema_change_is_backed_up_first(tmp_path):
    path = tmp_path / "progress.sqlite3"
    with database(path) as db:              # a store written by an older drill (schema 3)
        for v in range(1, 4):
            db.executescript(MIGRATIONS[v])
        db.execute("INSERT INTO events (ts, drill, kind) VALUES (1.0, 'softmax', 'start')")
        db.execute("PRAGMA user_version = 3")
    before = stored(path)
    Store(path)
    with database(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    kept = list((tmp_path / "backups").glob(f"progress-before-v{SCHEMA_VERSION}-*.sqlite3"))
    assert len(kept) == 1 and stored(kept[0]) == before == stored(path)
    with database(kept[0]) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 3


def damaged(path: Path):
    path.write_bytes(b"this is not a database " * 200)


def truncated(path: Path):
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\0" * (len(data) - 100))


def emptied(path: Path):
    path.write_bytes(b"")


def deleted(path: Path):
    path.unlink()


@pytest.mark.parametrize("fault", [damaged, truncated, emptied, deleted])
def test_a_damaged_or_lost_store_is_kept_aside_and_the_latest_backup_restored(tmp_path, fault):
    home = tmp_path / "home"
    home.mkdir()
    backed_up = with_history(home)
    path = home / "progress.sqlite3"
    Store(path).record("check", "softmax", status="pass", seconds=1.0)   # after the backup: lost with the store
    fault(path)
    left = path.read_bytes() if path.exists() else None
    store = Store(path)
    assert store.integrity() == "ok" and stored(path) == [e[:3] for e in backed_up]
    note = " ".join(store.notes)
    assert "restored" in note and time.strftime("%Y-%m-%d") in note
    aside = [p for p in home.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    if left is None:
        assert "missing" in note and not aside
    else:
        assert len(aside) == 1 and aside[0].read_bytes() == left and str(aside[0]) in note   # never deleted
    store.record("check", "softmax", status="pass", seconds=1.0)
    assert len(Store(path).events()) == len(backed_up) + 1


def test_a_store_from_a_newer_drill_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "progress.sqlite3"
    Store(path).record("start", "softmax")
    with database(path) as db:
        db.execute("PRAGMA journal_mode=DELETE")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before, files = digest(path), sorted(os.listdir(tmp_path))
    with pytest.raises(StoreError, match="newer version of drill"):
        Store(path)
    assert digest(path) == before and sorted(os.listdir(tmp_path)) == files


def test_a_lock_held_by_another_program_delays_a_write_a_bounded_time(tmp_path):
    path = tmp_path / "progress.sqlite3"
    Store(path).record("start", "softmax")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        store = Store(path)                                      # opening and reading need no write lock
        assert [e["kind"] for e in store.events()] == ["start"]
        with pytest.raises(StoreError, match="busy"):
            store.record("check", "softmax", status="pass", seconds=1.0)
    finally:
        other.execute("ROLLBACK")
        other.close()
    store.record("check", "softmax", status="pass", seconds=1.0)
    assert [e["kind"] for e in store.events()] == ["start", "check"] and store.integrity() == "ok"


def test_restoring_a_backup_keeps_the_store_it_replaces(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    backed_up = with_history(home)
    path = home / "progress.sqlite3"
    store = Store(path)
    store.record("check", "softmax", status="pass", seconds=1.0)
    current = stored(path)
    broken = store.backups / "progress-2000-01-01.sqlite3"
    damaged(broken)
    with pytest.raises(StoreError, match="cannot be restored"):
        store.restore(broken)                                  # a damaged backup is not put in its place
    assert stored(path) == current
    broken.unlink()
    aside = store.restore(store.latest_backup())
    assert stored(path) == [e[:3] for e in backed_up] and stored(aside) == current
    assert Store(path).integrity() == "ok"


# ---- the CLI: a store fault never costs the verdict ------------------------------------------------

def locked(home: Path):
    other = sqlite3.connect(home / "progress.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")       # (nothing in this process may open the file now: POSIX drops the lock)
    return {}, other.close


def read_only_home(home: Path):
    return {"read_only": home}, None


def read_only_store(home: Path):
    return {"read_only": home / "progress.sqlite3"}, None


def newer_store(home: Path):
    with database(home / "progress.sqlite3") as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    return {}, None


def full_disk(home: Path):
    return {"fsize": 1024}, None


@pytest.mark.parametrize("fault, why", [(locked, "busy"), (read_only_home, "read-only"),
                                        (read_only_store, "read-only"), (newer_store, "newer version"),
                                        (full_disk, "disk")])
def test_a_store_fault_still_prints_the_verdict_then_says_it_was_not_recorded(home, fault, why):
    before = with_history(home)
    learner(home, CORRECT)
    if fault is newer_store:
        newer_store(home)
    unchanged = digest(home / "progress.sqlite3")
    options, release = fault(home) if fault is not newer_store else ({}, None)
    try:
        result = drill(home, "check", "softmax", "--no-speed", "--json", **options)
    finally:
        if release:
            release()
    assert result.returncode == 0, result.stdout + result.stderr          # the verdict's exit code
    verdict = json.loads(result.stdout)                                  # stdout is the verdict alone
    assert verdict["passed"] is True
    assert "this check was not recorded" in result.stderr and why in result.stderr, result.stderr
    if fault is newer_store:
        assert digest(home / "progress.sqlite3") == unchanged
        with database(home / "progress.sqlite3") as db:           # only to read it as it is
            db.execute("PRAGMA user_version = %d" % SCHEMA_VERSION)
    assert Read(home).integrity() == "ok" and Read(home).events() == before
    again = drill(home, "check", "softmax", "--no-speed")                 # the fault gone: recorded once
    assert again.returncode == 0, again.stdout + again.stderr
    assert Read(home).events()[:len(before)] == before and len(Read(home).events()) == len(before) + 1


def test_commands_that_only_read_work_on_a_read_only_home_and_the_others_say_so(home, tmp_path):
    before = with_history(home)
    listed = drill(home, "list", read_only=home)
    assert listed.returncode == 0 and "attempted" in listed.stdout, listed.stdout + listed.stderr
    page = tmp_path / "report.html"
    assert drill(home, "report", "--html", page, read_only=home).returncode == 0 and page.exists()
    for where in (home, home / "progress.sqlite3"):                # the whole home, or the store alone
        progress = drill(home, "progress", "--json", read_only=where)
        assert progress.returncode == 0 and json.loads(progress.stdout)["started"] == 2, progress.stderr
    for command in (["start", "softmax"], ["reset", "softmax"], ["mock"]):          # they must write: exit 2
        result = drill(home, *command, read_only=home)
        assert result.returncode == 2, (command, result.stdout + result.stderr)
        assert "read-only" in (result.stdout + result.stderr).lower() and "Traceback" not in result.stderr
    for command in (["hint", "softmax"], ["solution", "softmax"]):                 # shown, said not recorded
        result = drill(home, *command, read_only=home)
        assert result.returncode == 0 and "not recorded" in result.stderr, (command, result.stdout + result.stderr)
        assert "read-only" in result.stderr
    assert Read(home).integrity() == "ok" and Read(home).events() == before


def test_a_read_only_home_shows_what_a_writer_has_not_merged_yet_and_a_missing_store_s_backup(home):
    before = with_history(home)
    writer = sqlite3.connect(home / "progress.sqlite3", isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    writer.execute("INSERT INTO events (ts, drill, kind) VALUES (?, 'rope', 'start')", (time.time(),))
    try:
        assert (home / "progress.sqlite3-wal").stat().st_size > 0
        progress = drill(home, "progress", "--json", read_only=home)
        assert progress.returncode == 0, progress.stdout + progress.stderr
        assert json.loads(progress.stdout)["started"] == 3                # rope, still in the log
    finally:
        writer.close()
    (home / "progress.sqlite3").unlink()
    progress = drill(home, "progress", "--json", read_only=home)
    assert progress.returncode == 0 and json.loads(progress.stdout)["started"] == 2
    told = " ".join(progress.stderr.split())      # a long temporary path may wrap the sentence
    assert "missing" in told and "nothing was restored" in told
    assert not (home / "progress.sqlite3").exists()
    assert len(before) == 4


def test_a_newer_drills_store_is_refused_by_every_command_with_exit_2(home):
    with_history(home)
    newer_store(home)
    unchanged = digest(home / "progress.sqlite3")
    for command in (["progress"], ["list"], ["start", "softmax"], ["doctor"]):
        result = drill(home, *command)
        assert result.returncode == 2, (command, result.stdout + result.stderr)
        assert "newer version of drill" in (result.stdout + result.stderr).replace("\n", "")
        assert "Traceback" not in result.stderr
    assert digest(home / "progress.sqlite3") == unchanged


def test_a_damaged_store_is_repaired_on_first_use_and_the_learner_told(home):
    before = with_history(home)
    damaged(home / "progress.sqlite3")
    progress = drill(home, "progress", "--json")
    assert progress.returncode == 0 and json.loads(progress.stdout)["started"] == 2
    told = progress.stderr.replace("\n", " ")
    assert "damaged" in told and "kept as" in told and "was restored" in told and time.strftime("%Y-%m-%d") in told
    learner(home, CORRECT)
    assert drill(home, "check", "softmax", "--no-speed").returncode == 0
    assert Read(home).integrity() == "ok" and Read(home).events()[:len(before)] == before
    assert len(Read(home).events()) == len(before) + 1


def test_doctor_checks_the_store_lists_backups_and_restores_one(home):
    before = with_history(home)
    learner(home, CORRECT)
    assert drill(home, "check", "softmax", "--no-speed").returncode == 0
    report = drill(home, "doctor")
    assert report.returncode == 0 and "ok" in report.stdout, report.stdout + report.stderr
    for found in ("✓ Python 3.", "✓ torch 2.", "the grader starts and passes the softmax reference",
                  f"✓ DRILL_HOME {home}"):
        assert found in report.stdout, report.stdout
    assert "CUDA" in report.stdout                                        # present, or said to be absent
    name = time.strftime("progress-%Y-%m-%d.sqlite3")
    assert name in report.stdout and str(home / "backups") in report.stdout.replace("\n", "")
    restored = drill(home, "doctor", "--restore", name)
    assert restored.returncode == 0 and "kept as" in restored.stdout, restored.stdout + restored.stderr
    assert Read(home).integrity() == "ok" and Read(home).events() == before
    aside = next(home.glob("progress.sqlite3.replaced-*"))
    assert len(stored(aside)) == len(before) + 1                          # what it replaced is kept
    assert drill(home, "doctor", "--restore", "no-such-backup").returncode == 2


def test_doctor_says_what_is_wrong_with_the_setup_and_how_to_fix_it(home, tmp_path):
    broken = tmp_path / "broken"                                          # a torch that does not import
    (broken / "torch").mkdir(parents=True)
    (broken / "torch" / "__init__.py").write_text("raise ImportError('libtorch_cpu.so: cannot open shared object')")
    report = drill(home, "doctor", env={"PYTHONPATH": str(broken)})
    assert report.returncode == 1, report.stdout + report.stderr
    said = report.stdout.replace("\n", " ")
    assert "✗ torch does not import (ImportError: libtorch_cpu.so" in said
    assert "fix: pip install" in said and "torch>=2.3,<3" in said
    assert "✓ Python" in said and "progress store" in said and "Traceback" not in report.stderr


def test_start_writes_the_stub_whole_or_not_at_all(home):
    path = home / "workspace" / "softmax.py"
    full = drill(home, "start", "softmax", fsize=100)                     # a disk that fills up
    assert full.returncode == 2 and "Cannot write" in full.stdout + full.stderr, full.stdout + full.stderr
    assert not path.exists() and not list(path.parent.glob(".*tmp"))
    path.write_bytes(b"")                                                 # a 0-byte file from an older drill
    assert drill(home, "start", "softmax").returncode == 0
    assert path.read_text() == get("softmax").stub.read_text()


# ---- first use: many commands at once on a fresh DRILL_HOME ---------------------------------------

def at_once(home: Path, commands: list[list[str]]) -> list[subprocess.CompletedProcess]:
    def run(args):
        return subprocess.run([sys.executable, CLI, *args], env=drill_env(home), capture_output=True, text=True,
                              timeout=300)
    with ThreadPoolExecutor(len(commands)) as pool:
        return list(pool.map(run, commands))


def test_ten_progress_commands_at_once_on_a_fresh_home_all_succeed(tmp_path):
    home = tmp_path / "fresh"
    results = at_once(home, [["progress", "--json"]] * 10)
    assert [r.returncode for r in results] == [0] * 10, [r.stderr for r in results]
    assert Read(home).integrity() == "ok"
    with database(home / "progress.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_ten_checks_at_once_on_a_fresh_home_all_succeed_and_are_all_recorded(tmp_path):
    home = tmp_path / "fresh"
    ref = get("softmax").reference
    try:
        results = at_once(home, [["check", "softmax", "--file", ref, "--record", "--no-speed", "--json",
                                  "--seed", str(seed)] for seed in range(10)])
    finally:
        client.stop(home)
    assert [r.returncode for r in results] == [0] * 10, [r.stdout[-300:] + r.stderr for r in results]
    assert all(json.loads(r.stdout)["passed"] for r in results)
    assert "not recorded" not in "".join(r.stderr for r in results)
    assert Read(home).integrity() == "ok" and len(Read(home).checks()) == 10
    servers = subprocess.run(["pgrep", "-f", f"grader.runtime.server .* {home}$"], capture_output=True, text=True)
    assert servers.stdout.split() == []                                   # one grader started, and it is gone

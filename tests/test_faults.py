"""Faults around a grading, injected the way they happen: the CLI killed, the grading process or the
warm grader killed by the user, watch mode losing its worker, the learner's code deleting the
progress store. Each test asserts the verdict and the store afterwards (its integrity, its history,
how many records are new); what the learner started is gone."""
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest

from grader.runtime import client
from grader.learner.registry import ROOT, get
from tests.procs import running, wait_for

CLI = str(ROOT / "cli.py")
CORRECT = get("softmax").reference.read_text()


def drill(home: Path, *args, read_only: Path | None = None, fsize: int | None = None, timeout: float = 180,
          env: dict | None = None) -> subprocess.CompletedProcess:
    """`drill ARGS` in a process of its own with DRILL_HOME=home; read_only: a folder or file made
    read-only for it; fsize: the largest file it may write (a full disk)."""
    command = [sys.executable, CLI, *map(str, args)]
    if read_only is not None:
        command = read_only_command(read_only, command)

    def limit():
        if fsize is not None:
            import resource
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
    return subprocess.run(command, env=drill_env(home, env), capture_output=True, text=True, timeout=timeout,
                          preexec_fn=limit)


def drill_env(home: Path, extra: dict | None = None) -> dict:
    return dict(os.environ, DRILL_HOME=str(home), COLUMNS="200", **(extra or {}))


def read_only_command(path: Path, command: list[str]) -> list[str]:
    """The command with `path` read-only for it and it alone: a read-only bind mount in a mount
    namespace of its own when run as root (root writes through file modes); file modes otherwise."""
    if os.geteuid() != 0:
        return [sys.executable, "-c", "import os, subprocess, sys\n"
                "path = sys.argv[1]\n"
                "modes = {p: os.stat(p).st_mode for p in [path] + [os.path.join(d, f) for d, ds, fs in "
                "os.walk(path) for f in ds + fs]} if os.path.isdir(path) else {path: os.stat(path).st_mode}\n"
                "for p, m in modes.items(): os.chmod(p, m & ~0o222)\n"
                "try:\n    code = subprocess.call(sys.argv[2:])\n"
                "finally:\n    [os.chmod(p, m) for p, m in modes.items()]\n"
                "sys.exit(code)\n", str(path), *command]
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-m", "true"]).returncode != 0:
        pytest.skip("needs unshare -m to make a folder read-only for root")
    script = 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0" && exec "$@"'
    return ["unshare", "-m", "sh", "-c", script, str(path), *command]


def pids_in(path: Path) -> list[int]:
    try:
        return [int(p) for p in path.read_text().split()]
    except (OSError, ValueError):
        return []


def hanging(pids: Path, daemon: bool = True) -> str:
    """A learner's file that writes the grading process's pid (and, with daemon, starts a detached
    process that blocks every signal and writes its own), then hangs where no alarm reaches it."""
    return f"""
import os, signal, time
def softmax(x, dim=-1):
    signal.pthread_sigmask(signal.SIG_BLOCK, {{signal.SIGALRM}})
    if {daemon!r} and os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
            with open({str(pids)!r}, "a") as f:
                f.write(f"{{os.getpid()}}\\n")
            while True:
                time.sleep(1)
        os._exit(0)
    while {daemon!r} and not os.path.exists({str(pids)!r}):
        time.sleep(0.01)
    with open({str(pids)!r}, "a") as f:
        f.write(f"{{os.getpid()}}\\n")
    while True:
        time.sleep(0.05)
"""


def database(path: Path):
    """A connection that is closed after use (an open one would keep SQLite's log of a store
    that a test then deletes), in autocommit mode."""
    return closing(sqlite3.connect(path, isolation_level=None))


class Store:
    """What the tests read of a progress store, with sqlite3 alone."""

    def __init__(self, home: Path):
        self.path = home / "progress.sqlite3"

    def integrity(self) -> str:
        with database(self.path) as db:
            return db.execute("PRAGMA integrity_check").fetchone()[0]

    def events(self) -> list[tuple]:
        with database(self.path) as db:
            return db.execute("SELECT id, drill, kind, status FROM events ORDER BY id").fetchall()

    def checks(self) -> list[tuple]:
        return [e for e in self.events() if e[2] == "check"]


def with_history(home: Path) -> list[tuple]:
    """A DRILL_HOME with months of history in short: a start, checks, a hint, and a backup."""
    from grader.learner.store import Store as RealStore
    store = RealStore(home / "progress.sqlite3")
    store.record("start", "softmax")
    store.record("check", "softmax", status="fail", seconds=1.0, failed=["values"])
    store.record("hint", "softmax", number=1)
    store.record("start", "gqa")
    RealStore(home / "progress.sqlite3")              # the next opening takes the day's backup
    return Store(home).events()


@pytest.fixture(scope="module")
def warm(tmp_path_factory):
    """A DRILL_HOME whose warm grader is shared by the module; each test gets an empty store in it."""
    home = tmp_path_factory.mktemp("faults") / "home"
    home.mkdir()
    client.ensure(home)
    yield home
    client.stop(home)


@pytest.fixture
def home(warm, monkeypatch):
    for path in list(warm.iterdir()):
        if path.name.startswith("progress") or path.name in ("backups", "workspace"):
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    monkeypatch.setenv("DRILL_HOME", str(warm))
    (warm / "workspace").mkdir()
    return warm


def learner(home: Path, source: str) -> Path:
    path = home / "workspace" / "softmax.py"
    path.write_text(source)
    return path


# ---- killed from outside --------------------------------------------------------------------------

def test_killing_the_cli_ends_its_grading_and_everything_the_learner_started(home, tmp_path):
    before = with_history(home)
    pids = tmp_path / "pids"
    learner(home, hanging(pids))
    cli = subprocess.Popen([sys.executable, CLI, "check", "softmax", "--no-speed"], env=drill_env(home),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        started = wait_for(lambda: len(pids_in(pids)) == 2 and pids_in(pids), what="the learner's processes")
        cli.kill()
        cli.wait()
        wait_for(lambda: not [p for p in started if running(p)], 30, "the learner's processes to end")
    finally:
        cli.kill()
    assert Store(home).integrity() == "ok" and Store(home).events() == before


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_a_grading_killed_from_outside_is_the_graders_error_and_is_not_recorded(home, sig, tmp_path):
    before = with_history(home)
    pids = tmp_path / "pids"
    learner(home, hanging(pids, daemon=False))
    cli = subprocess.Popen([sys.executable, CLI, "check", "softmax", "--no-speed"], env=drill_env(home),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        grading = wait_for(lambda: pids_in(pids), what="the grading process")[0]
        os.kill(grading, sig)
        out, errors = cli.communicate(timeout=120)
    finally:
        cli.kill()
    assert cli.returncode == 3, out + errors
    assert f"killed from outside ({sig.name})" in out and "out of memory" not in out
    assert "Nothing was recorded" in errors
    assert Store(home).integrity() == "ok" and Store(home).events() == before


def test_a_warm_grader_killed_mid_grade_gives_an_error_and_the_next_check_a_new_grader(home, tmp_path):
    before = with_history(home)
    pids = tmp_path / "pids"
    learner(home, hanging(pids))
    cli = subprocess.Popen([sys.executable, CLI, "check", "softmax", "--no-speed"], env=drill_env(home),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        started = wait_for(lambda: len(pids_in(pids)) == 2 and pids_in(pids), what="the learner's processes")
        server = client.ping(home)["pid"]
        os.kill(server, signal.SIGKILL)
        out, errors = cli.communicate(timeout=120)
    finally:
        cli.kill()
    assert cli.returncode == 3 and "stopped answering" in out, out + errors
    assert "Nothing was recorded" in errors
    wait_for(lambda: not running(started[-1]), 30, "the grading process to end with the grader")
    assert Store(home).events() == before
    learner(home, CORRECT)
    result = drill(home, "check", "softmax", "--no-speed")
    assert result.returncode == 0, result.stdout + result.stderr
    assert Store(home).integrity() == "ok" and Store(home).events()[:len(before)] == before
    assert len(Store(home).events()) == len(before) + 1
    for pid in started:                    # the daemon, orphaned when its grader died, is not left running
        if running(pid):
            os.kill(pid, signal.SIGKILL)
            pytest.fail("a learner's daemon outlived the grader that started it")


def test_watch_reports_a_worker_killed_mid_grade_and_does_not_record_it(home, tmp_path):
    before = with_history(home)
    pids = tmp_path / "pids"
    learner(home, hanging(pids, daemon=False))
    watch = subprocess.Popen([sys.executable, CLI, "watch", "softmax", "--interval", "0.1"], env=drill_env(home),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    screen = []
    reader = threading.Thread(target=lambda: screen.extend(iter(watch.stdout.readline, "")), daemon=True)
    reader.start()
    try:
        grading = wait_for(lambda: pids_in(pids), what="the grading process")[0]
        os.kill(grading, signal.SIGKILL)
        wait_for(lambda: "Nothing was recorded" in "".join(screen), what="the killed worker's verdict")
        assert "killed from outside (SIGKILL)" in "".join(screen)
        assert Store(home).events() == before
        time.sleep(0.05)                   # a save with another modification time than the one graded
        learner(home, CORRECT)
        wait_for(lambda: "Passed" in "".join(screen), what="the next save's verdict")
        wait_for(lambda: len(Store(home).events()) == len(before) + 1, 30, "the pass to be recorded")
    finally:
        watch.send_signal(signal.SIGINT)
        try:
            watch.wait(30)
        except subprocess.TimeoutExpired:
            watch.kill()
    assert Store(home).integrity() == "ok" and Store(home).events()[:len(before)] == before
    assert Store(home).checks()[-1][3] == "pass"


# ---- the learner's code against the store ---------------------------------------------------------

DAMAGE = {
    "deletes": "os.remove({store!r})",
    "overwrites": "open({store!r}, 'wb').write(b'not a database at all' * 100)",
    "truncates": "open({store!r}, 'wb').close()",
}


@pytest.mark.parametrize("how", DAMAGE)
def test_learner_code_that_damages_the_store_costs_no_history(home, how):
    before = with_history(home)
    damage = DAMAGE[how].format(store=str(home / "progress.sqlite3"))
    learner(home, f"import os\n{damage}\n{CORRECT}")
    result = drill(home, "check", "softmax", "--no-speed", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "put back as it was before this check" in json.loads(result.stdout)["notes"][0]
    store = Store(home)
    assert store.integrity() == "ok"
    assert store.events()[:len(before)] == before and len(store.events()) == len(before) + 1
    assert store.checks()[-1][3] == "pass"


def test_learner_code_that_deletes_drill_home_costs_no_history(tmp_path):
    home = tmp_path / "home"
    (home / "workspace").mkdir(parents=True)
    before = with_history(home)
    learner(home, f"import shutil\nshutil.rmtree({str(home)!r}, ignore_errors=True)\n{CORRECT}")
    try:
        result = drill(home, "check", "softmax", "--no-speed")
    finally:
        client.stop(home)
    assert result.returncode == 0, result.stdout + result.stderr
    store = Store(home)
    assert store.integrity() == "ok"
    assert store.events()[:len(before)] == before and len(store.events()) == len(before) + 1

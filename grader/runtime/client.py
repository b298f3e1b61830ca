"""Talking to the warm grader (grader/runtime/server.py): find it or start it, send a check, stream the
verdict back. Imports no torch: the CLI stays quick."""
from __future__ import annotations

import hashlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

from grader import words
from grader.engine.result import ERROR, FAIL, Check, Verdict
from grader.runtime.sandbox import ROOT, Limits, alive

START_SECONDS = 120.0        # starting the grader (importing torch) on a slow, loaded machine


def stamp() -> str:
    """What the grader was started from: this install, its files and the Python that runs it. A
    grader with another stamp is stale and is replaced."""
    h = hashlib.sha1(f"{ROOT}|{sys.executable}".encode())
    for folder in ("grader", "grader/specs", "reference", "drills"):
        try:
            entries = sorted(os.scandir(ROOT / folder), key=lambda e: e.name)
        except FileNotFoundError:
            continue
        for e in entries:
            if e.name.endswith(".py"):
                st = e.stat()
                h.update(f"{folder}/{e.name}:{st.st_mtime_ns}:{st.st_size}".encode())
    return h.hexdigest()[:16]


def socket_path(home: Path) -> str:
    """A short path (Unix sockets allow about 100 bytes) private to this user and DRILL_HOME."""
    key = hashlib.sha1(str(home.resolve()).encode()).hexdigest()[:12]
    for base in (os.environ.get("XDG_RUNTIME_DIR"), tempfile.gettempdir(), "/tmp"):
        if not base:
            continue
        folder = Path(base) / f"drill-{os.getuid()}"
        try:
            folder.mkdir(mode=0o700, exist_ok=True)
        except OSError:
            continue                  # a runtime folder that is gone or not ours: the next one
        if len(str(folder)) < 80:
            return str(folder / f"{key}.sock")
    raise RuntimeError(words.say("runtime.client.no_socket_folder"))


def _ask(path: str, request: dict, timeout: float = 2.0) -> dict | None:
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(timeout)
            s.connect(path)
            s.sendall((json.dumps(request) + "\n").encode())
            data = b""
            while not data.endswith(b"\n"):
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        return json.loads(data) if data else {}
    except (OSError, ValueError):
        return None


def _claim(lock: Path) -> bool:
    """Take the right to start the grader (an atomic create); a lock left by a starter that died,
    or older than START_SECONDS, is taken over."""
    for _ in range(2):
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            try:
                owner = int(lock.read_text() or 0)
                age = time.time() - lock.stat().st_mtime
            except (OSError, ValueError):
                owner, age = 0, 0.0
            if age > START_SECONDS or (owner and not alive(owner)):
                lock.unlink(missing_ok=True)
                continue
            return False
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        return True
    return False


def log_path(home: Path, path: str) -> Path:
    """The grader's log: in DRILL_HOME, or beside its socket when DRILL_HOME is read-only."""
    return home / "grader.log" if os.access(home, os.W_OK) else Path(path + ".log")


_started: dict[str, subprocess.Popen] = {}     # graders this process started, by socket path


def _start(home: Path, path: str, lock: Path, mine: str) -> None:
    with open(log_path(home, path), "ab") as log:
        env = dict(os.environ, DRILL_STAMP=mine, PYTHONPATH=os.pathsep.join(
            filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
            OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", PYTHONUNBUFFERED="1",
            PYTORCH_NVML_BASED_CUDA_CHECK="1",     # asking whether CUDA exists must not start it in the grader: its
                                                   # forked gradings could then not start it themselves
            MALLOC_MMAP_THRESHOLD_="1000000000", MALLOC_TRIM_THRESHOLD_="10000000000")
        proc = subprocess.Popen([sys.executable, "-m", "grader.runtime.server", path, str(home)], cwd=ROOT, env=env,
                                stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
    _started[path] = proc
    lock.write_text(str(proc.pid))                 # the starter is now the grader: waiters watch it


def ensure(home: Path, wait: bool = True) -> str:
    """The socket of a grader for `home` built from this install, started if there is none."""
    path, mine = socket_path(home), stamp()
    answer = _ask(path, {"ping": True})
    if answer and answer.get("stamp") == mine:
        return path
    if answer is not None:
        _ask(path, {"quit": True})                   # stale: another install or older files
    lock = Path(path + ".starting")
    if _claim(lock):                                 # nobody else is starting one right now
        try:
            _start(home, path, lock, mine)
        except OSError:
            lock.unlink(missing_ok=True)
            raise
    if not wait:
        return path
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        answer = _ask(path, {"ping": True})
        if answer and answer.get("stamp") == mine:
            lock.unlink(missing_ok=True)
            return path
        proc = _started.get(path)
        if proc is not None and proc.poll() is not None:
            _started.pop(path, None)
            lock.unlink(missing_ok=True)
            raise RuntimeError(words.say("runtime.client.exited_starting", code=proc.returncode,
                                         last=_last_line(log_path(home, path))))
        if proc is None and _claim(lock):          # the one starting it is done, gave up or died
            answer = _ask(path, {"ping": True})
            if answer and answer.get("stamp") == mine:
                lock.unlink(missing_ok=True)
                return path
            _start(home, path, lock, mine)
        time.sleep(0.05)
    lock.unlink(missing_ok=True)
    raise RuntimeError(words.say("runtime.client.did_not_start", seconds=f"{START_SECONDS:g}", log=log_path(home, path)))


def _last_line(log: Path) -> str:
    try:
        lines = [line for line in log.read_text(errors="replace").splitlines() if line.strip()]
    except OSError:
        return words.say("runtime.client.see", log=log)
    return words.say("runtime.client.last_line", line=lines[-1].strip(), log=log) if lines else \
        words.say("runtime.client.see", log=log)


def ping(home: Path) -> dict:
    """What the grader for `home` says of itself ({} when none answers): its stamp and pid, whether it
    is warm (warmed up, with a spare grading process ready), that spare's pid, its devices."""
    return _ask(socket_path(home), {"ping": True}) or {}


def devices(home: Path) -> list[str]:
    """The accelerators the grader sees (it has torch loaded; this process does not)."""
    ensure(home)
    return ping(home).get("devices", [])


def stop(home: Path, wait: float = 10.0) -> None:
    """Ask the grader for `home` to end (it finishes what it is grading first), and wait a little
    for it to go."""
    path = socket_path(home)
    pid = ping(home).get("pid")
    _ask(path, {"quit": True})
    proc = _started.pop(path, None)
    end = time.monotonic() + wait
    while pid and alive(pid) and time.monotonic() < end:
        if proc is not None and proc.poll() is not None:
            break
        time.sleep(0.02)


def grade(drill: str, file: str | Path, *, home: Path, seed: int | None = None, device: str = "auto",
          speed: bool = True, max_examples: int | None = None, limits: Limits | None = None,
          replay: bool = True, on_check=None) -> Verdict:
    """Grade `file` as `drill` in the warm grader; on_check(Check) is called as each check finishes.
    Without a seed the grader chooses one, and the verdict says which.
    A verdict always comes back: when the grader fails or stops answering, it says so as an error
    (which is not recorded against the learner). The progress store in `home` is put back if the
    learner's code deleted or damaged it."""
    from grader.learner.store import Keeper
    started = time.monotonic()
    verdict = Verdict(drill=drill, file=str(Path(file).absolute()), seed=seed)   # a link is not its target
    limits = limits or Limits()
    request = {"drill": drill, "file": verdict.file, "seed": seed, "device": device, "speed": speed,
               "max_examples": max_examples, "limits": asdict(limits), "replay": replay, "lang": words.current()}

    def add(check: Check) -> None:
        verdict.checks.append(check)
        if on_check:
            on_check(check)

    keeper = Keeper(Path(home) / "progress.sqlite3")
    try:
        done = _stream(home, request, limits, verdict, add)
    finally:
        note = keeper.check()
        if note:
            verdict.notes.append(note)
    if not done:
        add(Check("grading", ERROR, words.say("runtime.client.stopped_answering")))
    verdict.seconds = time.monotonic() - started
    return verdict


def _connect(home: Path) -> socket.socket:
    """A connection to the grader, which is started (again) if it went away in between."""
    for attempt in range(3):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.connect(ensure(home))
            return s
        except OSError:
            s.close()
            if attempt == 2:
                raise
            time.sleep(0.1)
    raise AssertionError("unreachable")


def _stream(home: Path, request: dict, limits: Limits, verdict: Verdict, add) -> bool:
    """Send the request and turn the grader's answer into the verdict; True when it was complete."""
    try:
        s = _connect(home)
    except (OSError, RuntimeError) as e:
        add(Check("grading", ERROR, words.say("runtime.client.unreachable", error=e)))
        return True
    # the grader itself stops a grading that says nothing this long, or takes this long (the wall-clock
    # backstops of its CPU-time limits)
    quiet = limits.wall_factor * limits.stall_seconds + 30
    deadline = time.monotonic() + limits.wall_factor * limits.total_seconds + 60
    with s:
        try:
            s.sendall((json.dumps(request) + "\n").encode())
            buffer = b""
            while True:
                s.settimeout(max(0.1, min(quiet, deadline - time.monotonic())))
                chunk = s.recv(65536)
                if not chunk:
                    return False
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    event = json.loads(line)
                    if "check" in event:
                        add(Check(**event["check"]))
                    elif "seed" in event:          # the seed the grader chose, when none was asked for
                        verdict.seed = event["seed"]
                    elif "output" in event:
                        verdict.output, verdict.output_bytes = event["output"], event["output_bytes"]
                    elif "done" in event:
                        return True
                    elif "stopped" in event:
                        add(Check(event.get("step", "grading"), ERROR if event.get("grader") else FAIL,
                                  event["stopped"]))
                        return True
        except socket.timeout:
            add(Check("grading", ERROR, words.say("runtime.client.silent", seconds=f"{quiet:g}")))
            return True
        except (OSError, ValueError, TypeError) as e:
            add(Check("grading", ERROR, words.say("runtime.client.broke", kind=type(e).__name__, error=e)))
            return True


def start_early() -> None:
    """Start the warm grader of DRILL_HOME without waiting for it, so that importing torch there
    overlaps with what comes before the first check (a command that will grade, the notebook)."""
    from grader.learner import home
    try:
        if home.writable():
            ensure(home.home(), wait=False)
    except Exception:
        pass                 # the check itself says what is wrong

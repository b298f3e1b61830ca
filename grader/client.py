"""Talking to the warm grader (grader/server.py): find it or start it, send a check, stream the
verdict back. Imports no torch: the CLI stays quick."""
from __future__ import annotations

import hashlib
import json
import os
import random
import socket
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path

from grader.result import ERROR, FAIL, Check, Verdict
from grader.sandbox import ROOT, Limits

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
    folder = Path(os.environ.get("XDG_RUNTIME_DIR") or "/tmp") / f"drill-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    key = hashlib.sha1(str(home.resolve()).encode()).hexdigest()[:12]
    return str(folder / f"{key}.sock")


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


def ensure(home: Path, wait: bool = True) -> str:
    """The socket of a grader for `home` built from this install, started if there is none."""
    path, mine = socket_path(home), stamp()
    answer = _ask(path, {"ping": True})
    if answer and answer.get("stamp") == mine:
        return path
    if answer is not None:
        _ask(path, {"quit": True})                   # stale: another install or older files
        time.sleep(0.05)
    lock = Path(path + ".starting")
    try:
        fresh = time.time() - lock.stat().st_mtime < START_SECONDS
    except FileNotFoundError:
        fresh = False
    if not fresh:                                    # nobody else is starting one right now
        lock.touch()
        log = open(home / "grader.log", "ab")
        env = dict(os.environ, DRILL_STAMP=mine, PYTHONPATH=os.pathsep.join(
            filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
            OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", PYTHONUNBUFFERED="1",
            MALLOC_MMAP_THRESHOLD_="1000000000", MALLOC_TRIM_THRESHOLD_="10000000000")
        subprocess.Popen([sys.executable, "-m", "grader.server", path, str(home)], cwd=ROOT, env=env,
                         stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        log.close()
    if not wait:
        return path
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        answer = _ask(path, {"ping": True})
        if answer and answer.get("stamp") == mine:
            lock.unlink(missing_ok=True)
            return path
        time.sleep(0.05)
    lock.unlink(missing_ok=True)
    raise RuntimeError(f"the grader did not start within {START_SECONDS:g} s (see {home / 'grader.log'})")


def devices(home: Path) -> list[str]:
    """The accelerators the grader sees (it has torch loaded; this process does not)."""
    answer = _ask(ensure(home), {"ping": True}) or {}
    return answer.get("devices", [])


def stop(home: Path) -> None:
    _ask(socket_path(home), {"quit": True})


def grade(drill: str, file: str | Path, *, home: Path, seed: int | None = None, device: str = "auto",
          speed: bool = True, max_examples: int | None = None, limits: Limits | None = None,
          replay: bool = True, on_check=None) -> Verdict:
    """Grade `file` as `drill` in the warm grader; on_check(Check) is called as each check finishes."""
    started = time.monotonic()
    seed = random.randrange(2**31) if seed is None else seed
    verdict = Verdict(drill=drill, file=str(Path(file).resolve()), seed=seed)
    limits = limits or Limits()
    request = {"drill": drill, "file": verdict.file, "seed": seed, "device": device, "speed": speed,
               "max_examples": max_examples, "limits": asdict(limits), "replay": replay}
    path = ensure(home)
    done = False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(path)
        s.sendall((json.dumps(request) + "\n").encode())
        buffer = b""
        for chunk in iter(lambda: s.recv(65536), b""):
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                event = json.loads(line)
                if "check" in event:
                    check = Check(**event["check"])
                    verdict.checks.append(check)
                    if on_check:
                        on_check(check)
                elif "output" in event:
                    verdict.output, verdict.output_bytes = event["output"], event["output_bytes"]
                elif "done" in event:
                    done = True
                elif "stopped" in event:
                    check = Check(event.get("step", "grading"), ERROR if event.get("grader") else FAIL,
                                  event["stopped"])
                    verdict.checks.append(check)
                    if on_check:
                        on_check(check)
                    done = True
    if not done:
        check = Check("grading", ERROR, "the grader stopped answering before the verdict was complete")
        verdict.checks.append(check)
        if on_check:
            on_check(check)
    verdict.seconds = time.monotonic() - started
    return verdict

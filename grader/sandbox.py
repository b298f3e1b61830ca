"""Runs the grader in a child process with limits, and always comes back with a Verdict.

A hang, a crash of the interpreter, an exit from the learner's code, or too much printing ends
the child; what was graded until then is kept and the check that was running says what happened.
"""
from __future__ import annotations

import json
import os
import random
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from grader.guards import OUTPUT_LIMIT
from grader.result import ERROR, Check, Verdict

ROOT = Path(__file__).resolve().parent.parent
OUTPUT_SHOWN = 4000                # of which the verdict keeps the start


@dataclass
class Limits:
    call_seconds: float = 5.0      # one call of the learner's code (enforced inside the child)
    stall_seconds: float = 60.0    # no word from the child for this long: it is stopped
    total_seconds: float = 300.0
    memory_mb: int = 3072


def child_env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.update(OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", PYTHONUNBUFFERED="1",
               PYTHONDONTWRITEBYTECODE="1",
               MALLOC_MMAP_THRESHOLD_="1000000000", MALLOC_TRIM_THRESHOLD_="10000000000")
    return env


def _limit_child() -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_LIMIT, OUTPUT_LIMIT))


def grade(drill: str, file: str | Path, *, seed: int | None = None, device: str = "auto",
          speed: bool = True, max_examples: int | None = None, limits: Limits = Limits(),
          on_check=None) -> Verdict:
    """Grade `file` as `drill` in a child process; on_check(Check) is called as each one finishes."""
    seed = random.randrange(2**31) if seed is None else seed
    verdict = Verdict(drill=drill, file=str(Path(file).resolve()), seed=seed)
    request = {"drill_id": drill, "path": verdict.file, "seed": seed, "device": device,
               "speed_check": speed, "call_limit": limits.call_seconds,
               "max_examples": max_examples, "memory_mb": limits.memory_mb}
    started = time.monotonic()
    with tempfile.TemporaryFile() as output:
        proc = subprocess.Popen([sys.executable, "-m", "grader.child"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=output, env=child_env(), cwd=ROOT,
                                start_new_session=True, preexec_fn=_limit_child)
        proc.stdin.write((json.dumps(request) + "\n").encode())
        proc.stdin.close()
        current, done, stopped = "start", False, ""
        for event in _events(proc, limits):
            if "stopped" in event:
                stopped = event["stopped"]
            elif "begin" in event:
                current = event["begin"]
            elif "check" in event:
                check = Check(**event["check"])
                verdict.checks.append(check)
                if on_check:
                    on_check(check)
            elif event.get("done"):
                done = True
        code = _finish(proc)
        output.seek(0)
        text = output.read(OUTPUT_SHOWN + 1).decode(errors="replace")
        verdict.output_bytes = output.seek(0, 2)
        verdict.output = text
    if not done:
        check = Check(current, ERROR, _why_stopped(stopped, code, limits, verdict.output_bytes))
        verdict.checks.append(check)
        if on_check:
            on_check(check)
    verdict.seconds = time.monotonic() - started
    return verdict


def _events(proc, limits: Limits):
    """JSON events from the child until it ends or goes quiet for too long."""
    selector = selectors.DefaultSelector()
    selector.register(proc.stdout, selectors.EVENT_READ)
    buffer = b""
    start = last = time.monotonic()
    while True:
        now = time.monotonic()
        wait = min(limits.stall_seconds - (now - last), limits.total_seconds - (now - start))
        if wait <= 0:
            quiet = now - last >= limits.stall_seconds
            yield {"stopped": f"stall:{limits.stall_seconds:g}" if quiet else f"total:{limits.total_seconds:g}"}
            return
        if not selector.select(timeout=wait):
            continue
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            return
        last = time.monotonic()
        buffer += chunk
        *lines, buffer = buffer.split(b"\n")
        for line in lines:
            try:
                yield json.loads(line)
            except ValueError:
                continue


def _finish(proc) -> int:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    return proc.wait()


def _why_stopped(stopped: str, code: int, limits: Limits, printed: int) -> str:
    if stopped:
        kind, seconds = stopped.split(":")
        return (f"your code did not finish within {seconds} s and was stopped: an infinite loop, "
                f"or a single operation far too large?")
    if code < 0:
        sig = signal.Signals(-code)
        if sig == signal.SIGXFSZ or printed >= OUTPUT_LIMIT:
            return f"your code printed more than {OUTPUT_LIMIT // 2**20} MB and was stopped"
        if sig == signal.SIGKILL:
            return f"the process was killed (out of memory? the limit is {limits.memory_mb} MB)"
        return f"the Python interpreter crashed ({sig.name}) while running your code"
    return f"the process exited with code {code} in the middle of grading: does your code call os._exit()?"

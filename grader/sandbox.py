"""Runs the grader in a child process with limits, and always comes back with a Verdict.

A hang, a crash of the interpreter, an exit from the learner's code, or too much printing ends
the child; what was graded until then is kept and the check that was running says what happened.
A Worker can be kept warm (torch already imported) across checks, as watch mode does; a child
that died or was stopped is replaced at the next check.
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
OUTPUT_SHOWN = 4000                # bytes of the learner's printing the verdict keeps


@dataclass
class Limits:
    call_seconds: float = 5.0      # one call of the learner's code (enforced inside the child)
    stall_seconds: float = 60.0    # no word from the child for this long: it is stopped
    total_seconds: float = 300.0
    memory_mb: int = 3072
    start_seconds: float = 120.0   # starting the child (importing torch)


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


class Worker:
    """One grading child process, started on demand and kept until it dies or is closed."""

    def __init__(self, limits: Limits = Limits()):
        self.limits = limits
        self.proc = None
        self.output = None
        self.buffer = b""

    def start(self) -> None:
        self.close()
        self.output = tempfile.TemporaryFile(mode="a+b")   # append: truncating between checks is safe
        self.proc = subprocess.Popen([sys.executable, "-m", "grader.child"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.output, env=child_env(),
                                     cwd=ROOT, start_new_session=True, preexec_fn=_limit_child)
        self.buffer = b""
        for event in self._events(self.limits.start_seconds, self.limits.start_seconds):
            if event.get("ready"):
                return
        self.output.seek(0)
        detail = self.output.read(2000).decode(errors="replace")
        self.close()
        raise RuntimeError(f"the grader process did not start: {detail}")

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def grade(self, drill: str, file: str | Path, *, seed: int | None = None, device: str = "auto",
              speed: bool = True, max_examples: int | None = None, on_check=None) -> Verdict:
        """Grade `file` as `drill`; on_check(Check) is called as each check finishes."""
        started = time.monotonic()
        if not self.alive:
            self.start()
        seed = random.randrange(2**31) if seed is None else seed
        verdict = Verdict(drill=drill, file=str(Path(file).resolve()), seed=seed)
        request = {"drill_id": drill, "path": verdict.file, "seed": seed, "device": device,
                   "speed_check": speed, "call_limit": self.limits.call_seconds,
                   "max_examples": max_examples, "memory_mb": self.limits.memory_mb}
        self.output.truncate(0)
        self.proc.stdin.write((json.dumps(request) + "\n").encode())
        self.proc.stdin.flush()
        current, done, stopped = "start", False, ""
        for event in self._events(self.limits.stall_seconds, self.limits.total_seconds):
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
                break
        code = None if done else self._stop()
        self.output.seek(0)
        verdict.output = self.output.read(OUTPUT_SHOWN + 1).decode(errors="replace")
        verdict.output_bytes = self.output.seek(0, 2)
        if not done:
            check = Check(current, ERROR, _why_stopped(stopped, code, self.limits, verdict.output_bytes))
            verdict.checks.append(check)
            if on_check:
                on_check(check)
        verdict.seconds = time.monotonic() - started
        return verdict

    def _events(self, stall: float, total: float):
        """JSON events from the child until it ends or goes quiet for too long."""
        selector = selectors.DefaultSelector()
        selector.register(self.proc.stdout, selectors.EVENT_READ)
        start = last = time.monotonic()
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                try:
                    yield json.loads(line)
                except ValueError:
                    continue
            now = time.monotonic()
            wait = min(stall - (now - last), total - (now - start))
            if wait <= 0:
                yield {"stopped": f"{stall if now - last >= stall else total:g}"}
                return
            if not selector.select(timeout=wait):
                continue
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                return
            last = time.monotonic()
            self.buffer += chunk

    def _stop(self) -> int:
        code = self.proc.poll()
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait()
        code = self.proc.returncode if code is None else code
        self.proc = None
        return code if code is not None else -signal.SIGKILL

    def close(self) -> None:
        if self.proc is not None:
            self._stop()
        if self.output is not None:
            self.output.close()
            self.output = None


def grade(drill: str, file: str | Path, *, limits: Limits = Limits(), **kwargs) -> Verdict:
    """Grade once in a fresh child process."""
    worker = Worker(limits)
    try:
        return worker.grade(drill, file, **kwargs)
    finally:
        worker.close()


def _why_stopped(stopped: str, code: int, limits: Limits, printed: int) -> str:
    if stopped:
        return (f"your code did not finish within {stopped} s and was stopped: an infinite loop, "
                f"or a single operation far too large?")
    if code < 0:
        sig = signal.Signals(-code)
        if sig == signal.SIGXFSZ or printed >= OUTPUT_LIMIT:
            return f"your code printed more than {OUTPUT_LIMIT // 2**20} MB and was stopped"
        if sig == signal.SIGKILL:
            return f"the process was killed (out of memory? the limit is {limits.memory_mb} MB)"
        return f"the Python interpreter crashed ({sig.name}) while running your code"
    return f"the process exited with code {code} in the middle of grading: does your code call os._exit()?"

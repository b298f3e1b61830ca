"""Seeing processes from a test, independently of the sandbox's own bookkeeping, and loading a CPU on
purpose."""
import contextlib
import os
import subprocess
import sys
import time


def running(pid: int) -> bool:
    """Alive and not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except OSError:
        return False


def wait_for(predicate, seconds: float = 120, what: str = "condition", detail=lambda: ""):
    """predicate()'s first true value; an AssertionError (with detail(), what else there is to say)
    when none comes within `seconds`: a bound for a hang, never a judgement of speed."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out after {seconds:g} s waiting for {what}{detail()}")


@contextlib.contextmanager
def crowded(busy: int = 3):
    """A loaded machine made on purpose: this process (and what it starts meanwhile) shares one CPU
    with `busy` processes that spin, so each gets about 1/(busy + 1) of it. Yields that CPU."""
    before = os.sched_getaffinity(0)
    cpu = min(before)
    os.sched_setaffinity(0, {cpu})
    spinners = []
    try:
        spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(busy)]
        wait_for(lambda: all(cpu_seconds(p.pid) > 0.05 for p in spinners), 60, "the busy processes to spin")
        yield cpu
    finally:
        os.sched_setaffinity(0, before)
        for p in spinners:
            p.kill()
            p.wait()


def cpu_seconds(pid: int) -> float:
    """The CPU time a process used so far (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def burn(seconds: float) -> None:
    """Use `seconds` of this process's CPU time, however long that takes."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass

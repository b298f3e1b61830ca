"""Seeing processes from a test, independently of the sandbox's own bookkeeping."""
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

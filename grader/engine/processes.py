"""The processes a grading is made of: the process tree under a pid, killing it whole, its CPU time,
reaping, and what the learner's process flushes before it ends. Used by the engine's learner
process and rank processes, and by the runtime's sandbox and warm grader."""
from __future__ import annotations

import ctypes
import os
import signal
import sys
import time

PR_SET_PDEATHSIG, PR_SET_CHILD_SUBREAPER = 1, 36


def prctl(option: int, value: int) -> bool:
    """Linux's prctl; False where there is none (the tree is then cleaned by process group)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        return ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


# ---- the process tree ----------------------------------------------------------------------------

def children_of() -> dict[int, list[int]]:
    """{parent pid: [child pids]} for every process (Linux /proc)."""
    tree: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat.rsplit(b")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def descendants(pid: int) -> list[int]:
    if not os.path.isdir("/proc"):
        return []
    tree, found, todo = children_of(), [], [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def tree_cpu(pid: int, cgroup: "Cgroup | None" = None) -> float | None:
    """CPU seconds used so far by pid and every process under it: the cgroup's own count where it has
    one (cgroup v2's cpu.stat: processes that ended count too), else the sum over the tree of each
    process's time and that of the children it reaped (/proc/<pid>/stat; orphans come back to a
    subreaper, which reaps them). None without /proc."""
    used = cgroup.cpu() if cgroup is not None else None
    if used is not None:
        return used
    if not os.path.isdir("/proc"):
        return None
    ticks = 0
    for p in [pid] + descendants(pid):
        try:
            with open(f"/proc/{p}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            ticks += sum(int(x) for x in fields[11:15])        # utime, stime, cutime, cstime
        except (OSError, ValueError, IndexError):
            pass
    return ticks / os.sysconf("SC_CLK_TCK")


def state(pid: int) -> str:
    """The one-letter state of a process (R, S, T, Z, ...), '' when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0].decode()
    except (OSError, IndexError):
        return ""


def alive(pid: int) -> bool:
    """Running or stopped: not gone, not a zombie waiting to be reaped."""
    if os.path.isdir("/proc"):
        return state(pid) not in ("", "Z", "X")
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


REAPED: dict[int, int] = {}     # exit statuses collected by reap(), for whoever waits for them


def reap() -> None:
    """Collect the exit status of any child that ended (orphans handed to this subreaper too), and
    keep it in REAPED: the warm grader learns there how a grading process it waits for ended."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        REAPED[pid] = status


def signal_all(pids, sig) -> None:
    for p in pids:
        try:
            os.kill(p, sig)
        except (ProcessLookupError, PermissionError):
            pass


def kill_tree(pid: int, include_self: bool = False, group: int | None = None, cgroup: "Cgroup | None" = None) -> None:
    """SIGKILL every descendant of pid (stopped first, so none can fork while the tree is read),
    every member of its process group and of its cgroup, until none is left."""
    for _ in range(100):
        if group is not None:
            try:
                os.killpg(group, signal.SIGKILL)     # one shot at the whole group, fork-proof
            except (ProcessLookupError, PermissionError):
                pass
        found = descendants(pid) + (cgroup.members() if cgroup else [])
        found = [p for p in found if p != os.getpid() and (include_self or p != pid)]
        if not [p for p in found if alive(p)]:
            break
        signal_all(found, signal.SIGSTOP)
        signal_all(found, signal.SIGKILL)
        reap()
        time.sleep(0.005)
    if include_self:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


STREAMS: list = []      # the grading process's stdout and stderr, flushed before it ends


def flush_output() -> None:
    """What the learner's code printed and Python still holds: into the output file."""
    for stream in {id(x): x for x in STREAMS + [sys.stdout, sys.stderr]}.values():
        try:
            stream.flush()
        except Exception:
            pass


SIGNAL_NOTE: list = []   # [on_signal] of isolate(): told of a signal the learner's code sends to its own process

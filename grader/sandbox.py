"""The sandbox a grading runs in, and the process tree it leaves behind.

A grading process is forked from the warm grader (grader/server.py) for one check. Before the
learner's file is loaded it isolates itself: its own process group; a subreaper, so that processes
the learner's code starts and orphans stay its descendants; killed when the grader dies; limits on
memory, output and core files; a scratch working directory; a minimal environment (no DRILL_HOME,
no path to the progress store); and the project's `reference` package out of reach (an import of it,
or a read of its files, is recorded and reported). Whatever the learner's code started is killed
when the grading ends, however it detached itself."""
from __future__ import annotations

import ctypes
import importlib.abc
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PR_SET_PDEATHSIG, PR_SET_CHILD_SUBREAPER = 1, 36


@dataclass
class Limits:
    call_seconds: float = 5.0      # one call of the learner's code (enforced inside the grading process)
    check_seconds: float = 30.0    # the learner's time in one check, all calls together
    stall_seconds: float = 60.0    # no word from the grading process for this long: it is stopped
    total_seconds: float = 300.0   # the whole grading
    memory_mb: int = 3072          # address space the learner's code may add
    processes: int = 64            # processes the learner's code may start (where the limit applies)


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


def kill_tree(pid: int, include_self: bool = False, group: int | None = None) -> None:
    """SIGKILL every descendant of pid (stopped first, so none can fork while the tree is read),
    until none is left; its process group too."""
    for _ in range(50):
        found = descendants(pid)
        if not found:
            break
        for p in found:
            try:
                os.kill(p, signal.SIGSTOP)
            except ProcessLookupError:
                pass
        for p in found:
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass
        reap()
        time.sleep(0.01)
    if group is not None:
        try:
            os.killpg(group, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    if include_self:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def reap() -> None:
    """Collect the exit status of any child that ended (orphans handed to this subreaper too)."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


# ---- isolating the grading process ---------------------------------------------------------------

class ReferenceBlocked(importlib.abc.MetaPathFinder):
    """`import reference...` from the learner's file fails, and is recorded."""

    def __init__(self, record):
        self.record = record

    def find_spec(self, name, path=None, target=None):
        if name == "reference" or name.startswith("reference."):
            self.record(f"import {name}")
            raise ImportError(f"the reference solution is not available to your code (import {name})")
        return None


def isolate(scratch: Path, output: Path, limits: Limits, learner_file: str = "") -> None:
    """Everything the grading process does to itself before it loads the learner's file."""
    from grader import guards
    os.setpgid(0, 0)
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)          # the grader dies: this process dies
    prctl(PR_SET_CHILD_SUBREAPER, 1)                 # orphans of the learner's processes come back here
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE):
        signal.signal(sig, signal.SIG_DFL)
    import resource
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (guards.OUTPUT_LIMIT, guards.OUTPUT_LIMIT))
    try:
        with open("/proc/self/statm") as f:
            mapped = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        cap = mapped + limits.memory_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (OSError, ValueError):
        pass
    try:
        running = len(os.listdir("/proc")) if os.path.isdir("/proc") else 0
        resource.setrlimit(resource.RLIMIT_NPROC, (running + limits.processes,) * 2)
    except (OSError, ValueError):
        pass
    fd = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdout = open(1, "w", buffering=1, closefd=False, errors="replace")
    sys.stderr = open(2, "w", buffering=1, closefd=False, errors="replace")
    os.chdir(scratch)
    keep = {k: os.environ[k] for k in ("PATH", "LANG", "LC_ALL", "TZ") if k in os.environ}
    os.environ.clear()
    os.environ.update(keep, HOME=str(scratch), TMPDIR=str(scratch), OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
                      PYTHONDONTWRITEBYTECODE="1")
    # the reference solution: gone from the modules the grader loaded, unimportable, unreadable
    reference_dir = str(ROOT / "reference") + os.sep

    def record(what: str) -> None:
        if what not in guards.REFERENCE_USE:
            guards.REFERENCE_USE.append(what)
    sys.meta_path.insert(0, ReferenceBlocked(record))

    own = Path(learner_file).stem if learner_file else None     # grading a file kept there is fine

    def audit(event, args):
        if event == "open" and guards.RUNNING and args and isinstance(args[0], (str, bytes, os.PathLike)):
            path = os.path.abspath(os.fsdecode(args[0]))
            if path.startswith(reference_dir) and not (own and Path(path).name.split(".")[0] == own):
                record(f"open {Path(path).relative_to(ROOT)}")
    sys.addaudithook(audit)


def lighten_torch() -> None:
    """torch's meta kernels import torch._dynamo (a second) just to mark themselves as never to be
    traced. Nothing here traces, so a torch._dynamo whose disable() is the identity is exact; and
    torch.compile, an optimisation, compiles nothing in the grader: the learner's function runs as
    written. Call before anything imports torch._dynamo."""
    import types

    import torch

    class Dynamo(types.ModuleType):
        @staticmethod
        def disable(fn=None, recursive=True, wrapping=True, reason=None):
            return fn if fn is not None else (lambda f: f)

        def __getattr__(self, name):
            raise AttributeError(f"torch._dynamo.{name} is not available while grading")

    if "torch._dynamo" in sys.modules:
        return
    stub = Dynamo("torch._dynamo")
    sys.modules["torch._dynamo"] = stub
    torch._dynamo = stub

    def compile(model=None, **options):
        return model if model is not None else (lambda f: f)
    torch.compile = compile


def hide_reference() -> None:
    """Drop the reference modules from sys.modules, after the grader has taken what it needs (the
    pipeline keeps its own handles), so the learner's import cannot find them there."""
    for name in [n for n in sys.modules if n == "reference" or n.startswith("reference.")]:
        del sys.modules[name]

"""The sandbox a grading runs in, and the process tree it leaves behind.

A grading process is forked from the warm grader (grader/runtime/server.py) for one check. Before the
learner's file is loaded it isolates itself: its own process group; a subreaper, so that processes
the learner's code starts and orphans stay its descendants; a pids cgroup where one can be made
(root, or a delegated cgroup) and RLIMIT_NPROC where it applies (not to root), so that a fork bomb
stays small; killed when the grader dies; limits on memory, output and core files; a scratch
working directory; a minimal environment (no DRILL_HOME, no path to the progress store, not even in
sys.argv); and the project's `reference` package out of reach (an import of it, a read of its files,
or a program started on them is recorded and reported). Whatever the learner's code started is
killed before the verdict is sent, however it detached itself."""
from __future__ import annotations

import importlib.abc
import mmap
import os
import signal
import struct
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from grader import words
from grader.engine.processes import (PR_SET_CHILD_SUBREAPER, PR_SET_PDEATHSIG, SIGNAL_NOTE, STREAMS, alive, descendants,
                                     prctl, signal_all)

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = "OUTSIDE"         # what sends a signal: nobody the grader knows of


@dataclass
class Limits:
    """The seconds are CPU time, which a busy machine does not inflate (a grading's verdict is the same
    on an idle machine and a loaded one); each has a backstop in wall time wall_factor times larger,
    for code that sleeps or waits and so uses no CPU."""
    call_seconds: float = 5.0      # one call of the learner's code (enforced inside the grading process)
    check_seconds: float = 30.0    # the learner's calls in one check, all together
    stall_seconds: float = 60.0    # the grading's processes used this much without a word: it is stopped
    total_seconds: float = 300.0   # the whole grading, its processes together
    memory_mb: int = 3072          # address space the learner's code may add
    processes: int = 64            # processes the learner's code may start
    wall_factor: float = 4.0       # the wall-clock backstop of each time limit above, as a multiple of it


class Cgroup:
    """A pids cgroup for one grading, where this process may make one (root with a pids hierarchy,
    or a delegated one): it caps how many processes the learner's code can have at once, and lists
    every one of them. Where none can be made, every method does nothing."""

    PREFIX = "drill-grading-"

    def __init__(self, limit: int):
        self.path: Path | None = None
        parent = pids_parent()
        if parent is None:
            return
        path = parent / f"{self.PREFIX}{os.getpid()}-{time.monotonic_ns()}"
        try:
            path.mkdir()
            (path / "pids.max").write_text(str(limit))
            self.path = path
        except OSError:
            try:
                path.rmdir()
            except OSError:
                pass

    def join(self, pid: int) -> None:
        """Move a process into it; the children it makes follow."""
        if self.path is not None:
            try:
                (self.path / "cgroup.procs").write_text(str(pid))
            except OSError:
                pass

    def members(self) -> list[int]:
        if self.path is None:
            return []
        try:
            return [int(p) for p in (self.path / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return []

    def cpu(self) -> float | None:
        """CPU seconds its members used, ended ones included (cgroup v2's cpu.stat); None elsewhere."""
        if self.path is None:
            return None
        try:
            for line in (self.path / "cpu.stat").read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "usage_usec":
                    return int(value) / 1e6
        except (OSError, ValueError):
            pass
        return None

    def remove(self) -> None:
        if self.path is not None:
            try:
                self.path.rmdir()
            except OSError:
                pass

    @classmethod
    def sweep(cls) -> None:
        """The cgroups of a grader that died (killed with SIGKILL, say): what the learner's code
        started there and detached, which outlived its grading process, is killed, and they go."""
        parent = pids_parent()
        if parent is None:
            return
        for path in parent.glob(f"{cls.PREFIX}*"):
            owner = path.name[len(cls.PREFIX):].split("-")[0]
            if owner.isdigit() and not alive(int(owner)):
                left = object.__new__(cls)
                left.path = path
                for _ in range(100):
                    members = left.members()
                    if not members:
                        break
                    signal_all(members, signal.SIGSTOP)
                    signal_all(members, signal.SIGKILL)
                    time.sleep(0.005)
                left.remove()


def pids_parent() -> Path | None:
    """The folder of this process's pids cgroup, where this process may add one; None elsewhere."""
    try:
        with open("/proc/self/cgroup") as f:
            lines = [line.rstrip("\n").split(":", 2) for line in f]
        with open("/proc/self/mountinfo") as f:
            mounts = [line.split() for line in f]
    except OSError:
        return None
    for fields in mounts:
        dash = fields.index("-")
        fstype, options, point = fields[dash + 1], fields[dash + 3].split(","), Path(fields[4])
        if fstype == "cgroup" and "pids" in options:
            rel = next((p for _, c, p in lines if "pids" in c.split(",")), None)
        elif fstype == "cgroup2":
            rel = next((p for h, c, p in lines if h == "0" and c == ""), None)
            try:
                control = (point / (rel or "").lstrip("/") / "cgroup.subtree_control").read_text().split()
            except OSError:
                continue
            if rel is None or "pids" not in control:
                continue
        else:
            continue
        if rel is None:
            continue
        folder = point / rel.lstrip("/")
        if os.access(folder, os.W_OK) and (folder / "cgroup.procs").exists():
            return folder
    return None


# ---- isolating the grading process ---------------------------------------------------------------

class ReferenceBlocked(importlib.abc.MetaPathFinder):
    """`import reference...` from the learner's file fails, and is recorded."""

    def __init__(self, record):
        self.record = record

    def find_spec(self, name, path=None, target=None):
        if name == "reference" or name.startswith("reference."):
            self.record(f"import {name}")
            raise ImportError(words.say("runtime.sandbox.reference_import", name=name))
        return None


class SharedCount:
    """A counter shared by a process and every process forked from it (a fork bomb counts once in all)."""

    def __init__(self):
        self.memory = mmap.mmap(-1, 8, flags=mmap.MAP_SHARED | getattr(mmap, "MAP_ANONYMOUS", 0x20))

    def add(self) -> int:
        n = struct.unpack("q", self.memory[:8])[0] + 1
        self.memory[:8] = struct.pack("q", n)
        return n


STARTS = {"os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.system", "subprocess.Popen"}
SIGNALS = {"os.kill", "os.killpg", "signal.pthread_kill"}


def tasks_of_this_user() -> int:
    """The processes and threads this user has now: what RLIMIT_NPROC counts on Linux."""
    uid, n = os.getuid(), 0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    with open(f"/proc/{entry.name}/stat", "rb") as f:
                        n += int(f.read().rsplit(b")", 1)[1].split()[17])
            except (OSError, ValueError, IndexError):
                pass
    return n




def isolate(scratch: Path, output: Path, limits: Limits, learner_file: str = "", on_signal=None) -> None:
    """Everything the grading process does to itself before it loads the learner's file.
    on_signal(sig), when given, is told (before it happens) of a signal the learner's code sends to
    the grading process or its group, so that the verdict can say who ended it."""
    from grader.engine import apart, guards
    os.setpgid(0, 0)
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)          # the grader dies: this process dies
    prctl(PR_SET_CHILD_SUBREAPER, 1)                 # orphans of the learner's processes come back here
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)    # a closed pipe is an error to report, not a silent death
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
    if os.getuid() != 0 and os.path.isdir("/proc"):  # root is exempt from RLIMIT_NPROC: the cgroup bounds it
        try:
            cap = tasks_of_this_user() + limits.processes
            resource.setrlimit(resource.RLIMIT_NPROC, (cap, cap))
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
    STREAMS[:] = [sys.stdout, sys.stderr]
    os.chdir(scratch)
    keep = {k: os.environ[k] for k in ("PATH", "LANG", "LC_ALL", "TZ") if k in os.environ}
    os.environ.clear()
    os.environ.update(keep, HOME=str(scratch), TMPDIR=str(scratch), OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
                      PYTHONDONTWRITEBYTECODE="1")
    sys.argv[:] = ["drill-grading"]                # the server's argv names DRILL_HOME
    import tempfile
    tempfile.tempdir = None                        # tempfile's cached folder: found again under TMPDIR
    # the reference solution: gone from the modules the grader loaded, unimportable, unreadable
    reference_dir = str(ROOT / "reference") + os.sep
    # grading a file kept in reference/ is fine (the reference itself is graded so); a file elsewhere
    # that is a link to one is the reference solution
    own = os.path.realpath(learner_file) if learner_file else ""
    kept_there = bool(learner_file) and os.path.realpath(os.path.dirname(os.path.abspath(learner_file))) + os.sep \
        == reference_dir
    own_cached = Path(own).stem + "."

    def record(what: str) -> None:
        if what not in guards.REFERENCE_USE:
            guards.REFERENCE_USE.append(what)
    sys.meta_path.insert(0, ReferenceBlocked(record))

    def reference_file(path: str) -> bool:
        path = os.path.realpath(os.path.abspath(path))
        if not (path + os.sep).startswith(reference_dir) or path + os.sep == reference_dir:
            return False
        if kept_there and (path == own or (Path(path).parent.name == "__pycache__"
                                           and Path(path).name.startswith(own_cached))):
            return False
        return True

    started = SharedCount()
    grader = os.getppid()                          # the warm grader: never the learner's to signal
    SIGNAL_NOTE[:] = [on_signal] if on_signal is not None else []
    try:
        grader_group = os.getpgid(grader)
    except OSError:
        grader_group = grader

    def audit(event, args):
        if event == "open" and guards.RUNNING and args and isinstance(args[0], (str, bytes, os.PathLike)):
            path = os.fsdecode(args[0])
            if reference_file(path):
                record(f"open {os.path.relpath(os.path.realpath(os.path.abspath(path)), ROOT)}")
        elif event in STARTS:
            if started.add() > limits.processes:
                raise RuntimeError(words.say("runtime.sandbox.too_many_processes", most=limits.processes))
            if event in ("subprocess.Popen", "os.posix_spawn", "os.system"):
                named = [os.fsdecode(a) for a in _flat(args) if isinstance(a, (str, bytes, os.PathLike))]
                if any(str(ROOT / "reference") in w for w in named):
                    record(words.say("runtime.sandbox.reference_started", event=event))
        elif event in SIGNALS and len(args) == 2 and args[1]:
            target, sig = args
            me = os.getpid()
            judge = apart.CHILD[0] if apart.CHILD else None        # in the learner's process: the grading's judge
            if event != "signal.pthread_kill" and (target in (-1, grader, -grader, -grader_group)
                                                     or event == "os.killpg" and target in (grader, grader_group)
                                                     or judge is not None and target == judge
                                                     and event != "os.killpg"):
                raise PermissionError(words.say("runtime.sandbox.no_signals", call=f"{event}({target}, {sig})"))
            group = (me, judge) if judge is not None else (me,)          # the learner's process is in the judge's group
            if SIGNAL_NOTE and (event == "signal.pthread_kill" or target in (0, me, -me) or -target in group
                                or (event == "os.killpg" and target in group)):
                SIGNAL_NOTE[0](int(sig))
    sys.addaudithook(audit)


def _flat(args):
    for a in args:
        if isinstance(a, (list, tuple)):
            yield from _flat(a)
        else:
            yield a


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

        # what torch's own code asks of dynamo when nothing traces (torch.optim's step among them)
        graph_break = staticmethod(lambda *args, **kwargs: None)
        is_compiling = staticmethod(lambda: False)
        allow_in_graph = staticmethod(lambda fn: fn)
        mark_dynamic = mark_static = staticmethod(lambda *args, **kwargs: None)

        def __getattr__(self, name):
            raise AttributeError(words.say("runtime.sandbox.no_dynamo", name=name))

    if "torch._dynamo" in sys.modules:
        return
    stub = Dynamo("torch._dynamo")
    stub.__path__ = [str(Path(torch.__file__).parent / "_dynamo")]   # its submodules still import (inductor's config)
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

"""`drill doctor`: what a learner's setup needs, checked one thing at a time, each finding with
how to fix what is wrong: Python, torch and its version, the accelerators torch sees, the warm
grader starting and grading a reference, DRILL_HOME, the progress store and its backups."""
from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from grader.learner import home, registry
from grader.learner.store import Store

OK, NOTE, WRONG = "ok", "note", "wrong"
TORCH_RANGE = ((2, 3), (3, 0))        # pyproject.toml's torch>=2.3,<3


@dataclass
class Finding:
    status: str        # ok, note (works, worth knowing) or wrong (something to fix)
    what: str          # what was checked, and what was found
    fix: str = ""      # how to fix it, when it is wrong


def python() -> Finding:
    version = ".".join(map(str, sys.version_info[:3]))
    if sys.version_info < (3, 10):
        return Finding(WRONG, f"Python {version}", "drill needs Python 3.10 or newer: install one and reinstall drill")
    return Finding(OK, f"Python {version} ({sys.executable})")


def torch_install() -> tuple[Finding, object]:
    """Whether torch imports here, and its version (in this process: doctor is the one command that
    imports torch outside the grader)."""
    try:
        import torch
    except Exception as e:                    # an ImportError, or a broken install's own error
        return Finding(WRONG, f"torch does not import ({type(e).__name__}: {e})",
                       'pip install "torch>=2.3,<3" (on a machine with a local CPU wheel: pip install '
                       'torch==2.13.0)'), None
    version = torch.__version__.split("+")[0]
    numbers = tuple(int(x) for x in version.split(".")[:2] if x.isdigit())
    if not TORCH_RANGE[0] <= numbers < TORCH_RANGE[1]:
        return Finding(WRONG, f"torch {torch.__version__} (drill is made for torch >=2.3,<3)",
                       'pip install "torch>=2.3,<3"'), torch
    return Finding(OK, f"torch {torch.__version__}"), torch


def accelerators(torch) -> Finding:
    found = []
    if torch.cuda.is_available():
        found.append(f"CUDA ({torch.cuda.get_device_name(0)})")
    mps = getattr(torch.backends, "mps", None)
    if mps is not None and mps.is_available():
        found.append("MPS")
    if not found:
        return Finding(NOTE, "no CUDA or MPS device: checks run on the CPU, and the device check emulates "
                             "one (drill check --device cuda needs a real one)")
    return Finding(OK, "accelerators: " + ", ".join(found) + " (drill check --device all grades on each)")


def grader(graders: Path, drill_id: str = "softmax") -> Finding:
    """Start the warm grader (or find it running) and grade a copy of a reference with it."""
    from grader.runtime import client
    try:
        client.ensure(graders)
    except (OSError, RuntimeError) as e:
        return Finding(WRONG, f"the grader does not start: {e}",
                       f"read the grader's log in {graders}, and check that torch imports (above)")
    with tempfile.TemporaryDirectory(dir=graders) as folder:
        path = Path(folder) / f"{drill_id}.py"
        path.write_text(registry.get(drill_id).reference.read_text(encoding="utf-8"), encoding="utf-8")
        verdict = client.grade(drill_id, path, home=graders, speed=False)
    if verdict.status != "pass":
        failed = "; ".join(f"{c.name}: {c.message}" for c in verdict.checks if c.status in ("fail", "error"))
        return Finding(WRONG, f"the grader runs, but failed the {drill_id} reference ({failed})",
                       f"read the grader's log in {graders}; reinstall drill (pip install -e .)")
    return Finding(OK, f"the grader starts and passes the {drill_id} reference ({verdict.seconds:.1f} s)")


def drill_home() -> Finding:
    try:
        path = home.home()
    except home.HomeError as e:
        return Finding(WRONG, str(e), "set DRILL_HOME to a folder you can write")
    if not home.writable():
        return Finding(WRONG, f"DRILL_HOME ({path}) is read-only: checks are graded but not recorded",
                       "set DRILL_HOME to a folder you can write")
    return Finding(OK, f"DRILL_HOME {path}")


def store(s: Store) -> list[Finding]:
    status = s.integrity() if s.path.exists() else "no store yet"
    out = []
    if status in ("ok", "no store yet"):
        out.append(Finding(OK, f"progress store {s.path}: {status}" + (" (read-only)" if s.read_only else "")))
    else:
        out.append(Finding(WRONG, f"progress store {s.path}: {status}",
                           "drill doctor --restore FILE puts back one of the backups listed below"))
    if not s.backup_files():
        out.append(Finding(NOTE, f"no backups yet in {s.backups} (one is taken each day you practise)"))
    return out

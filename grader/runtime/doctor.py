"""`drill doctor`: what a learner's setup needs, checked one thing at a time, each finding with
how to fix what is wrong: Python, torch and its version, the accelerators torch sees, the warm
grader starting and grading a reference, DRILL_HOME, the progress store and its backups."""
from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from grader import words
from grader.learner import home, registry
from grader.words import say
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
        return Finding(WRONG, f"Python {version}", say("views.doctor.python_fix"))
    return Finding(OK, f"Python {version} ({sys.executable})")


def torch_install() -> tuple[Finding, object]:
    """Whether torch imports here, and its version (in this process: doctor is the one command that
    imports torch outside the grader)."""
    try:
        import torch
    except Exception as e:                    # an ImportError, or a broken install's own error
        return Finding(WRONG, say("views.doctor.no_torch", why=f"{type(e).__name__}: {e}"),
                       say("views.doctor.no_torch_fix")), None
    version = torch.__version__.split("+")[0]
    numbers = tuple(int(x) for x in version.split(".")[:2] if x.isdigit())
    if not TORCH_RANGE[0] <= numbers < TORCH_RANGE[1]:
        return Finding(WRONG, say("views.doctor.torch_version", version=torch.__version__),
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
        return Finding(NOTE, say("views.doctor.no_accelerator"))
    return Finding(OK, say("views.doctor.accelerators", found=", ".join(found)))


def grader(graders: Path, drill_id: str = "softmax") -> Finding:
    """Start the warm grader (or find it running) and grade a copy of a reference with it."""
    from grader.runtime import client
    try:
        client.ensure(graders)
    except (OSError, RuntimeError) as e:
        return Finding(WRONG, say("views.doctor.grader_not_started", why=e), say("views.doctor.grader_log", path=graders))
    with tempfile.TemporaryDirectory(dir=graders) as folder:
        path = Path(folder) / f"{drill_id}.py"
        path.write_text(registry.get(drill_id).reference.read_text(encoding="utf-8"), encoding="utf-8")
        verdict = client.grade(drill_id, path, home=graders, speed=False)
    if verdict.status != "pass":
        failed = "; ".join(f"{words.check_name(drill_id, c.name)}: {c.message}" for c in verdict.checks
                           if c.status in ("fail", "error"))
        return Finding(WRONG, say("views.doctor.reference_failed", drill=drill_id, failed=failed),
                       say("views.doctor.reinstall", path=graders))
    return Finding(OK, say("views.doctor.grader_ok", drill=drill_id, seconds=f"{verdict.seconds:.1f}"))


def drill_home() -> Finding:
    try:
        path = home.home()
    except home.HomeError as e:
        return Finding(WRONG, str(e), say("views.doctor.home_fix"))
    if not home.writable():
        return Finding(WRONG, say("views.doctor.home_read_only", path=path), say("views.doctor.home_fix"))
    return Finding(OK, f"DRILL_HOME {path}")


def store(s: Store) -> list[Finding]:
    status = s.integrity() if s.path.exists() else None
    out = []
    if status in ("ok", None):
        said = say("views.doctor.store_ok" if status else "views.doctor.no_store_yet")
        out.append(Finding(OK, say("views.doctor.store", path=s.path, status=said)
                           + (say("views.doctor.read_only") if s.read_only else "")))
    else:
        out.append(Finding(WRONG, say("views.doctor.store", path=s.path, status=status), say("views.doctor.restore_fix")))
    if not s.backup_files():
        out.append(Finding(NOTE, say("views.doctor.no_backups", path=s.backups)))
    return out

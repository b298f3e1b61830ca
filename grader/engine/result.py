"""The plain result of a check: what the child process sends, the CLI renders and the store keeps."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

PASS, FAIL, ERROR, TODO, SKIPPED = "pass", "fail", "error", "todo", "skipped"


@dataclass
class Check:
    name: str
    status: str
    message: str = ""
    call: str = ""           # the call that failed, with shapes and dtypes
    mistake: str = ""        # the classic mistake the failure matches
    hint: str = ""           # the hint written for that mistake
    repro: str = ""          # a line of Python that repeats the failing call, where its inputs are small


@dataclass
class Verdict:
    drill: str
    file: str
    seed: int | None          # None only when the grader could not be reached
    checks: list[Check] = field(default_factory=list)
    seconds: float = 0.0
    output: str = ""          # what the learner's code printed (the start of it)
    output_bytes: int = 0
    notes: list[str] = field(default_factory=list)   # what happened around the grading (a store put back)

    @property
    def status(self) -> str:
        """error: the grader itself failed (not the learner's code); fail: a check failed; todo: an
        entry is not started yet; pass: every check passed."""
        statuses = {c.status for c in self.checks}
        if ERROR in statuses:
            return ERROR
        if FAIL in statuses:
            return FAIL
        if TODO in statuses:
            return TODO
        return PASS if PASS in statuses else ERROR

    @property
    def passed(self) -> bool:
        return self.status == PASS

    def to_json(self) -> dict:
        return {"drill": self.drill, "passed": self.passed, "status": self.status,
                "seconds": round(self.seconds, 3), "seed": self.seed, "file": self.file,
                "checks": [asdict(c) for c in self.checks],
                "output": self.output, "output_bytes": self.output_bytes, "notes": self.notes}

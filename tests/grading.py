"""Grading in the test process (fast: no child start). The sandbox has tests of its own."""
from pathlib import Path

from grader.pipeline import grade
from grader.result import FAIL, Check, Verdict

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "tests" / "solutions"


def grade_here(drill_id: str, path, seed: int = 1234, speed: bool = True, until_fails: str = "",
               max_examples: int | None = None) -> Verdict:
    """Grade `path` as `drill_id`; with until_fails, stop as soon as that check has failed."""
    verdict = Verdict(drill=drill_id, file=str(path), seed=seed)
    for event in grade(drill_id, str(path), seed=seed, speed_check=speed, max_examples=max_examples):
        if isinstance(event, Check):
            verdict.checks.append(event)
            if event.name == until_fails and event.status == FAIL:
                break
    return verdict


def solutions(prefix: str) -> list[Path]:
    return sorted(SOLUTIONS.glob(f"*/{prefix}_*.py"))


def expectation(path: Path) -> dict:
    """A wrong solution says which check must fail and which mistake it must be named as:
    EXPECT = {"check": "values", "mistake": "subtracting the max"}."""
    namespace: dict = {}
    source = path.read_text()
    start = source.index("EXPECT = ")
    exec(source[start:source.index("\n", start)], namespace)
    return namespace["EXPECT"]


def show(verdict: Verdict) -> str:
    return "\n".join(f"  {c.name}: {c.status} {c.message} {c.call} {c.mistake}" for c in verdict.checks)

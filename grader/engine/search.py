"""Hypothesis, driven from a seed: explicit examples first, then drawn cases, shrunk on failure.

Shrinking has a small time budget, so a failing verdict is not slower than a passing one. With a
database (in DRILL_HOME), the last failing input of a check is replayed first on the next check,
so the failure a learner is fixing stays the same from save to save; a failure found that way says
so, since the seed alone does not repeat it."""
from __future__ import annotations

import time
import types

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Flaky
from hypothesis.internal.conjecture import engine, providers
from hypothesis.reporting import with_reporter

from grader import words

SHRINK_SECONDS = 0.5    # for a learner: a failing verdict is not slower than a passing one, in CPU time


class GradingClock(types.ModuleType):
    """`time` for Hypothesis' engine, whose clocks bound shrinking: CPU time of the grading (the
    judge and the learner's process), so a busy machine shrinks a failure exactly as far as an idle
    one."""

    def __getattr__(self, name):
        return getattr(time, name)

    @staticmethod
    def perf_counter() -> float:
        from grader.engine import apart
        return apart.cpu_seconds()

    monotonic = perf_counter


engine.time = GradingClock("time")


def no_local_constants() -> None:
    """Hypothesis (6.131 on) draws about one value in twenty from the constants written in the modules
    this process imported from outside site-packages: drill's own files in an editable install, a
    reference or a declaration an earlier grading loaded. The inputs drawn for a seed would depend on
    how drill was installed and on what ran before in the process; they depend on the seed alone."""
    if hasattr(providers, "_get_local_constants"):
        none = providers.Constants()
        providers._get_local_constants = lambda *args: none
        cache = getattr(providers, "CONSTANTS_CACHE", None)
        if cache is not None and hasattr(cache, "cache"):
            cache.cache.clear()                 # values permitted per kind of draw, local ones among them


no_local_constants()


def nondeterministic() -> str:
    return words.say("engine.search.nondeterministic")


class Mismatch(Exception):
    """A failing case: kind names the check (runs, shape, dtype, values or a check's own name)."""

    def __init__(self, kind: str, message: str, case=None, got=None, error=None, dtype=None, mistake=""):
        super().__init__(message)
        self.kind, self.message, self.case, self.got, self.error = kind, message, case, got, error
        self.mistake = mistake   # named by the check itself
        self.dtype = dtype       # the dtype the learner's code ran in, when not the case's own
        self.replayed = False    # found by replaying an input that failed in an earlier check


class Settled(BaseException):
    """A failure found that is not shrunk (Hypothesis lets a BaseException through at once)."""

    def __init__(self, mismatch: "Mismatch"):
        super().__init__(str(mismatch))
        self.mismatch = mismatch


def hung(m: "Mismatch") -> bool:
    """The learner's code hung (distributed ranks that all wait): every smaller case tried would wait
    for the hang's deadline again, so the first hanging case is the one reported."""
    error = getattr(m.error, "exc", m.error)
    return type(error).__name__ == "Hang"


def search(prop, inputs, examples, *, seed: int, max_examples: int, database=None,
           key: str = "", shrink_seconds: float | None = SHRINK_SECONDS) -> Mismatch | None:
    """Run prop on each explicit example, then on up to max_examples drawn cases.

    Returns the first explicit example's Mismatch, or the Mismatch of the minimal drawn case.
    shrink_seconds bounds shrinking by time; None bounds it by Hypothesis' count of shrinks only,
    so the same seed always ends at the same case, whatever the machine's load (tests)."""
    for case in examples:
        try:
            prop(case)
        except Mismatch as m:
            return m
    if max_examples <= 0:
        return None
    failures: list[Mismatch] = []
    saved = len(list(database.fetch(key.encode()))) if database is not None else 0
    calls = [0]

    def property_holds(case):
        calls[0] += 1
        try:
            prop(case)
        except Mismatch as m:
            m.replayed = calls[0] <= saved         # Hypothesis replays the saved inputs first
            failures.append(m)
            if hung(m):
                raise Settled(m) from None         # each try of a hang waits out its deadline: not shrunk
            raise

    # The seed is set the way @seed does, but without turning the database off.
    property_holds._hypothesis_internal_use_seed = seed
    test = settings(max_examples=max_examples, deadline=None, database=database, print_blob=False,
                    report_multiple_bugs=False, suppress_health_check=list(HealthCheck),
                    phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink))(
        given(st.composite(lambda draw: inputs(draw))())(property_holds))
    if database is not None:
        test._hypothesis_internal_database_key = key.encode()
    engine.MAX_SHRINKING_SECONDS = 3600 if shrink_seconds is None else shrink_seconds
    with with_reporter(lambda *_: None):
        try:
            test()
        except Settled as settled:
            return settled.mismatch
        except Mismatch:
            found = failures[-1]  # the last failure is Hypothesis' replay of the minimal case
            found.replayed = failures[0].replayed
            return found
        except Flaky:
            last = failures[-1] if failures else None
            return Mismatch(last.kind if last else "values", nondeterministic(), last.case if last else None)
    return None

"""Hypothesis, driven from a seed: explicit examples first, then drawn cases, shrunk on failure."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.reporting import with_reporter


class Mismatch(Exception):
    """A failing case: kind names the check (runs, shape, dtype, values or a check's own name)."""

    def __init__(self, kind: str, message: str, case=None, got=None, error=None, dtype=None, mistake=""):
        super().__init__(message)
        self.kind, self.message, self.case, self.got, self.error = kind, message, case, got, error
        self.mistake = mistake   # named by the check itself
        self.dtype = dtype   # the dtype the learner's code ran in, when not the case's own


def search(prop, inputs, examples, *, seed: int, max_examples: int) -> Mismatch | None:
    """Run prop on each explicit example, then on up to max_examples drawn cases.

    Returns the first explicit example's Mismatch, or the Mismatch of the minimal drawn case."""
    for case in examples:
        try:
            prop(case)
        except Mismatch as m:
            return m
    if max_examples <= 0:
        return None
    failures: list[Mismatch] = []

    @settings(max_examples=max_examples, deadline=None, database=None, print_blob=False,
              report_multiple_bugs=False, suppress_health_check=list(HealthCheck))
    @hypothesis_seed(seed)
    @given(st.data())
    def property_holds(data):
        case = inputs(data.draw)
        try:
            prop(case)
        except Mismatch as m:
            failures.append(m)
            raise

    with with_reporter(lambda *_: None):
        try:
            property_holds()
        except Mismatch:
            return failures[-1]   # the last failure is Hypothesis' replay of the minimal case
    return None

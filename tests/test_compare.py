"""Comparing outputs: what is close enough, and what a non-finite value or a masked element counts for."""
import math

import pytest
import torch

from grader.engine.compare import first_difference

INF, NAN = math.inf, math.nan


def t(*values, dtype=torch.float32):
    return torch.tensor(values, dtype=dtype)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16, torch.bfloat16])
def test_within_tolerance_passes_and_past_it_fails(dtype):
    rtol = {torch.float32: 1e-4, torch.float64: 1e-7, torch.float16: 1e-2, torch.bfloat16: 4e-2}[dtype]
    base = torch.linspace(-3, 3, 50, dtype=torch.float64)
    expected = base.to(dtype)
    assert first_difference(expected, expected.clone()) is None
    off = expected.clone()
    off[17] = (base[17] * (1 + 10 * rtol) + 1).to(dtype)
    kind, message = first_difference(expected, off)
    assert kind == "values" and "at [17]" in message and "1 of 50 elements off" in message


def test_tolerance_scales_with_the_case():
    expected = t(0.1, -0.2)
    got = expected + 0.005
    assert first_difference(expected, got, scale=1.0) is not None
    assert first_difference(expected, got, scale=1000.0) is None


@pytest.mark.parametrize("expected, got, ok", [
    ((INF, 1.0), (INF, 1.0), True),          # the same infinity
    ((-INF, 1.0), (-INF, 1.0), True),
    ((INF, 1.0), (-INF, 1.0), False),        # the other infinity
    ((INF, 1.0), (1e30, 1.0), False),        # a huge finite value is not infinite
    ((1.0, 2.0), (1.0, INF), False),         # an infinity where a number was expected
    ((1.0, 2.0), (1.0, NAN), False),         # a NaN where a number was expected
    ((NAN, 2.0), (1.0, 2.0), False),         # a number where NaN was expected
])
def test_non_finite_values(expected, got, ok):
    assert (first_difference(t(*expected), t(*got)) is None) is ok


def test_nan_named_where_it_appears():
    kind, message = first_difference(t(1.0, 2.0, 3.0), t(1.0, NAN, 3.0))
    assert kind == "values" and message.startswith("output: NaN at [1]")


def test_nan_matches_nan_only_when_asked():
    assert first_difference(t(NAN, 1.0), t(NAN, 1.0)) is not None
    assert first_difference(t(NAN, 1.0), t(NAN, 1.0), equal_nan=True) is None
    assert first_difference(t(NAN, 1.0), t(NAN, 2.0), equal_nan=True) is not None


def test_only_graded_elements_count():
    expected, got = t(1.0, 2.0, 3.0), t(1.0, 99.0, NAN)
    assert first_difference(expected, got, graded=torch.tensor([True, False, False])) is None
    kind, message = first_difference(expected, got, graded=torch.tensor([True, True, False]))
    assert "at [1]" in message


def test_exact_dtypes_are_compared_exactly():
    assert first_difference(torch.tensor([1, 2, 3]), torch.tensor([1, 2, 3])) is None
    kind, message = first_difference(torch.tensor([1, 2, 3]), torch.tensor([1, 5, 3]))
    assert kind == "values" and "first at [1]" in message
    assert first_difference(torch.tensor([True]), torch.tensor([1.0]))[0] == "dtype"


def test_structure_before_values():
    assert first_difference(t(1.0, 2.0), t(1.0, 2.0, 3.0))[0] == "shape"
    assert first_difference(t(1.0, 2.0), t(1.0, 2.0, dtype=torch.float64))[0] == "dtype"
    assert first_difference((t(1.0), t(2.0)), (t(1.0),))[0] == "shape"
    assert first_difference({"a": t(1.0)}, {"a": t(1.5)})[0] == "values"


def test_a_reproduction_writes_small_inputs_out_exactly_and_repeats_the_failure(tmp_path, monkeypatch):
    import math
    import sys

    import torch

    from grader.engine.compare import literal
    from tests.grading import grade_here
    for x in (torch.randn(4, 3), torch.randn(5, dtype=torch.float64), torch.randn(3).half(),
              torch.tensor([1.0, float("nan"), -float("inf")]), torch.tensor([[True, False]]), torch.arange(6)):
        back = eval(literal(x), {"torch": torch, "float": float})
        assert back.dtype == x.dtype and torch.equal(back.nan_to_num(7.0), x.nan_to_num(7.0)), literal(x)
    assert literal(torch.randn(100)) is None                      # too large to write out
    learner = tmp_path / "softmax.py"
    learner.write_text("import torch\n\ndef softmax(x, dim=-1):\n    e = x.exp()\n    return e / e.sum(dim, keepdim=True)\n")
    verdict = grade_here("softmax", learner)
    values = next(c for c in verdict.checks if c.name == "values")
    assert values.status == "fail" and values.repro.startswith("import torch; from softmax import softmax; "), values
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("softmax", None)
    *setup, call = values.repro.split("; ")
    scope: dict = {}
    exec("; ".join(setup), scope)
    got = eval(call, scope)
    assert any(math.isnan(v) for v in got.flatten().tolist())     # the failure, repeated from the line alone


def test_a_long_text_is_described_by_its_start_and_length():
    from grader.engine.compare import describe_value
    assert describe_value("short text") == "'short text'"
    assert describe_value("a" * 100) == "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...' (100 characters)"

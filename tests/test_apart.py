"""The learner's code runs in a process of its own, and its outputs travel to the judge as data: a file
that patches the grader's modules, torch's functions or torch's global state gets the verdict its
outputs deserve, and leaves nothing behind for the next grading."""
import textwrap

import numpy as np
import pytest
import torch

from grader.engine import apart
from grader.engine.result import FAIL, PASS
from grader.engine.spec import Case, Trace
from tests.grading import grade_here, show

UNNORMALISED = """
def softmax(x, dim=-1):
    return torch.exp(x - x.amax(dim, keepdim=True))
"""
CORRECT = """
def softmax(x, dim=-1):
    e = torch.exp(x - x.amax(dim, keepdim=True))
    return e / e.sum(dim, keepdim=True)
"""

PATCHES = {
    "the grader's comparison, found through sys.modules": """
        import sys
        for name, module in list(sys.modules.items()):
            if name.startswith("grader") and hasattr(module, "first_difference"):
                module.first_difference = lambda *a, **k: None
        """,
    "the grader's invariants and mistakes": """
        import sys
        for name, module in list(sys.modules.items()):
            if name.startswith("grader"):
                for attr in ("search", "name_mistake", "rows_sum_to_one"):
                    if hasattr(module, attr):
                        setattr(module, attr, lambda *a, **k: None)
        """,
    "torch's functions the comparison uses": """
        torch.Tensor.abs = lambda self: self * 0
        torch.isfinite = lambda t: torch.ones(t.shape, dtype=torch.bool)
        torch.allclose = lambda *a, **k: True
        torch.equal = lambda *a, **k: True
        """,
    "torch's global state": """
        torch.set_grad_enabled(False)
        torch.set_default_dtype(torch.float64)
        torch.use_deterministic_algorithms(True)
        torch.set_printoptions(precision=1)
        """,
}


def write(tmp_path, *parts) -> str:
    path = tmp_path / "softmax.py"
    path.write_text("import torch\n" + "".join(textwrap.dedent(p) for p in parts))
    return path


@pytest.mark.parametrize("route", PATCHES)
def test_a_file_that_patches_the_grader_gets_the_verdict_its_outputs_deserve(route, tmp_path):
    wrong = grade_here("softmax", write(tmp_path, PATCHES[route], UNNORMALISED), max_examples=5)
    assert wrong.status == FAIL, show(wrong)
    values = next(c for c in wrong.checks if c.name == "values")
    assert values.status == FAIL and "max |diff|" in values.message, show(wrong)
    right = grade_here("softmax", write(tmp_path, PATCHES[route], CORRECT), max_examples=5)
    assert right.status == PASS, show(right)


def test_what_a_file_changed_stays_in_its_own_process(tmp_path):
    """A grading that broke torch in its learner's process leaves this process, and the next
    grading, as they were."""
    broken = grade_here("softmax", write(tmp_path, PATCHES["torch's functions the comparison uses"],
                                         "torch.set_grad_enabled(False)\n", UNNORMALISED), max_examples=3)
    assert broken.status == FAIL
    assert torch.is_grad_enabled() and torch.isfinite(torch.tensor([float("inf")])).tolist() == [False]
    assert torch.Tensor.abs(torch.tensor([-2.0])).tolist() == [2.0]
    again = grade_here("softmax", write(tmp_path, CORRECT), max_examples=3)
    assert again.status == PASS, show(again)


def test_outputs_travel_as_data_and_come_back_equal():
    x = torch.randn(3, 4, dtype=torch.float64)
    g = torch.Generator().manual_seed(5)
    value = {"t": x.t(), "half": torch.ones(2, dtype=torch.bfloat16), "empty": torch.empty(0, 3),
             "view": x[1:, ::2], "expanded": torch.tensor(2.0).expand(1), "ints": [1, 2.5, None, "s", True], "tuple": (torch.Size([2, 3]), torch.float16),
             "array": np.arange(6.0).reshape(2, 3), "scalar": np.float32(1.5), "bool": torch.tensor([True, False]),
             "grad": torch.ones(2, requires_grad=True), "gen": g,
             "trace": Trace([("step 1", torch.zeros(1))]), "case": Case(args=(torch.ones(1),), label="l", seed=3)}
    back = apart.decode(apart.encode(value, True), True)
    assert torch.equal(back["t"], x.t()) and back["t"].stride() == x.t().stride()
    assert torch.equal(back["view"], x[1:, ::2]) and back["half"].dtype == torch.bfloat16
    assert back["expanded"].tolist() == [2.0] and back["empty"].shape == (0, 3) and back["ints"] == [1, 2.5, None, "s", True]
    assert back["tuple"] == (torch.Size([2, 3]), torch.float16) and np.array_equal(back["array"], value["array"])
    assert back["scalar"] == np.float32(1.5) and type(back["scalar"]) is np.float32
    assert back["bool"].tolist() == [True, False] and back["grad"].requires_grad
    assert torch.equal(back["gen"].get_state(), g.get_state())
    assert isinstance(back["trace"], Trace) and back["trace"][0][0] == "step 1"
    assert back["case"].label == "l" and back["case"].seed == 3


def test_what_is_not_data_comes_back_as_its_name_only():
    class Sneaky:
        def __reduce__(self):
            return (print, ("this must never run in the judge",))

    back = apart.decode(apart.encode([Sneaky()], False), False)
    assert isinstance(back[0], apart.Opaque) and type(back[0]).__name__ == "Sneaky"
    with pytest.raises(ValueError):
        apart.decode((apart.MARK + "pickle", b"anything"), False)     # the learner's side never sends pickles

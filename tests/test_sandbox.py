"""Learner code is hostile by accident: every kind of fault ends in a clear verdict."""
import textwrap

import pytest

from grader.result import ERROR, FAIL, PASS
from grader.sandbox import Limits, grade

FAULTS = {
    "infinite_loop": ("def softmax(x, dim=-1):\n    while True:\n        pass\n", "did not return within"),
    "alarm_ignored": ("import signal\ndef softmax(x, dim=-1):\n    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
                      "    while True:\n        pass\n", "did not finish within"),
    "segfault": ("import ctypes\ndef softmax(x, dim=-1):\n    ctypes.string_at(0)\n", "crashed (SIGSEGV)"),
    "sys_exit": ("import sys\ndef softmax(x, dim=-1):\n    sys.exit(0)\n", "sys.exit(0)"),
    "os_exit": ("import os\ndef softmax(x, dim=-1):\n    os._exit(7)\n", "exited with code 7"),
    "exit_on_import": ("import sys\nsys.exit('bye')\n", "sys.exit('bye')"),
    "megabytes_of_printing": ("def softmax(x, dim=-1):\n    while True:\n        print('x' * 100000)\n",
                              "printed more than 16 MB"),
    "memory": ("import torch\ndef softmax(x, dim=-1):\n    return torch.empty(2**40, dtype=torch.uint8) + x.sum()\n",
               "can't allocate memory"),
}


@pytest.mark.parametrize("name", FAULTS)
def test_a_fault_in_learner_code_ends_in_a_verdict(name, tmp_path):
    source, expected = FAULTS[name]
    path = tmp_path / "softmax.py"
    path.write_text(source)
    verdict = grade("softmax", path, seed=1, speed=False,
                    limits=Limits(call_seconds=2, stall_seconds=8, total_seconds=60, memory_mb=1024))
    assert not verdict.passed
    messages = " | ".join(f"{c.name}: {c.message}" for c in verdict.checks)
    assert expected in messages, messages
    assert any(c.status in (ERROR, FAIL) for c in verdict.checks)


def test_syntax_and_import_errors_are_reported_with_their_line(tmp_path):
    path = tmp_path / "softmax.py"
    path.write_text("def softmax(x, dim=-1)\n    return x\n")
    verdict = grade("softmax", path, seed=1, speed=False)
    assert verdict.checks[0].name == "load" and verdict.checks[0].status == FAIL
    assert "syntax error on line 1" in verdict.checks[0].message
    path.write_text("import no_such_module\n")
    verdict = grade("softmax", path, seed=1, speed=False)
    assert "ModuleNotFoundError" in verdict.checks[0].message


def test_what_the_learner_prints_is_kept_apart_from_the_verdict(tmp_path):
    path = tmp_path / "softmax.py"
    path.write_text(textwrap.dedent("""
        import torch
        def softmax(x, dim=-1):
            print("debugging", x.shape)
            e = (x - x.amax(dim, keepdim=True)).exp()
            return e / e.sum(dim, keepdim=True)
    """))
    verdict = grade("softmax", path, seed=1)
    assert verdict.passed, verdict.checks
    assert verdict.output.startswith("debugging torch.Size") and verdict.output_bytes > 0


def test_a_missing_entry_point_is_a_signature_failure(tmp_path):
    path = tmp_path / "softmax.py"
    path.write_text("def soft_max(x, dim=-1):\n    return x\n")
    verdict = grade("softmax", path, seed=1)
    sig = next(c for c in verdict.checks if c.name == "signature")
    assert sig.status == FAIL and "`softmax` is missing" in sig.message
    path.write_text("def softmax(x, axis=-1):\n    return x\n")
    sig = next(c for c in grade("softmax", path, seed=1).checks if c.name == "signature")
    assert "(x, axis=-1)" in sig.message and "(x, dim=-1)" in sig.message


def test_the_reference_passes_through_the_sandbox(tmp_path):
    from grader.registry import get
    verdict = grade("softmax", get("softmax").reference, seed=5)
    assert verdict.passed and all(c.status in (PASS, "skipped") for c in verdict.checks)

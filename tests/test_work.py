"""The work check counts what the learner's code does (elements made, multiply-adds) at two sizes:
the verdict follows from the code alone, the same at any seed, on any machine; and the speed
check's limits say how slow, never guess why."""
import dataclasses

import torch

from grader.engine import loader
from grader.engine.counting import count_work
from grader.engine.pipeline import Grading, work_growth
from grader.engine.result import FAIL, PASS
from grader.engine.spec import Speed
from tests.grading import ROOT, SEEDS, grade_here

SOLUTIONS = ROOT / "tests" / "solutions" / "linear_attention"
QUADRATIC = SOLUTIONS / "wrong_recurrent_reads_prefix.py"
LINEAR = SOLUTIONS / "right_cumsum_preallocated.py"
CHECK = "linear_attention_recurrent: work"


def test_elements_and_multiply_adds_are_counted_exactly():
    a, b = torch.randn(3, 4), torch.randn(4, 5)
    assert count_work(lambda: a @ b) == (15, 60)                    # 3·5 made, each summing 4 products
    assert count_work(lambda: (a.t(), a.view(12), a[1:])) == (0, 0)   # views make nothing
    c = torch.zeros(3, 5)
    assert count_work(lambda: torch.addmm(c, a, b)) == (15, 60)
    assert count_work(lambda: torch.zeros(3, 5)) == (15, 0)           # every tensor made counts
    assert count_work(lambda: torch.einsum("ij,jk->ik", a, b))[1] == 60


def test_growth_past_the_allowed_power_fails_and_says_the_complexity():
    message, ok = work_growth([(1000, 100), (16000, 1600)], (64, 256), "T", 1)
    assert not ok
    assert message.startswith("the work grows 16× when T grows 4×")
    assert message.endswith(": O(T²); the prompt asks for O(T)")
    assert "elements made 1,000 → 16,000, multiply-adds 100 → 1,600" in message
    assert "loop" not in message


def test_linear_and_n_log_n_growth_pass_as_linear():
    assert work_growth([(1000, 0), (4000, 0)], (64, 256), "T", 1)[1]
    n_log_n = 256 * 8 / (64 * 6)                                    # 5.3x when n grows 4x
    assert work_growth([(1000, 0), (int(1000 * n_log_n), 0)], (64, 256), "T", 1)[1]
    assert work_growth([(1000, 0), (16000, 0)], (64, 256), "T", 2)[1]


def work_check(path, seed):
    verdict = grade_here("linear_attention", path, seed=seed, max_examples=3)
    return next(c for c in verdict.checks if c.name == CHECK)


def test_an_o_s_squared_file_fails_with_the_same_verdict_at_every_seed():
    checks = [work_check(QUADRATIC, seed) for seed in SEEDS]
    assert all(c.status == FAIL for c in checks)
    assert len({c.message for c in checks}) == 1, [c.message for c in checks]
    assert ": O(S²); the prompt asks for O(S)" in checks[0].message
    assert checks[0].mistake.startswith("each step reads the whole prefix again")


def test_an_o_s_file_passes_with_the_same_counts_at_every_seed():
    checks = [work_check(LINEAR, seed) for seed in SEEDS[:2]]
    assert all(c.status == PASS for c in checks)
    assert checks[0].message == checks[1].message
    assert ": O(S), within O(S)" in checks[0].message


def speed_with_limit(limit):
    g = Grading("softmax", loader.declaration("softmax"), str(ROOT / "reference" / "softmax.py"), None, 0, 60.0, 0,
                None, 600.0)
    g.module = loader.load_file(ROOT / "reference" / "softmax.py", "learner_softmax")   # graded here, in-process
    list(g.signature())
    eg = g.entries[0]
    eg.values_ok = True
    eg.entry = dataclasses.replace(eg.entry, speed=Speed(eg.entry.speed.case, limit))
    return list(eg.speed())[0]


def test_the_speed_message_says_the_cpu_time_ratio_and_guesses_no_cause():
    # limits no timing can miss either way: what is said, not whether it is slow, is tested
    slow, fast = speed_with_limit(1e-9), speed_with_limit(1e9)
    assert slow.status == FAIL and fast.status == PASS
    assert "the reference's CPU time" in slow.message and "loop" not in slow.message

"""Speed as a ratio to the reference, measured in one process (see shared/SPEED.md).

Single thread (set by the child process), warm-up, then reference and learner calls interleaved;
the ratio of the two minimum times. Stops early once the ratio is far past the limit or enough
time was spent. The child is started with glibc's allocator told to keep its large blocks, so a
hand-written solution is not charged for page faults."""
from __future__ import annotations

import gc
import time

import torch

from grader.guards import CallTimeout, learner_code
from grader.result import FAIL, PASS, Check

MAX_PAIRS, MIN_PAIRS, BUDGET_S = 15, 3, 0.6


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def measure(reference, learner, limit: float, call_limit: float) -> tuple[float, float, float, int]:
    """(ratio, best reference seconds, best learner seconds, pairs) for two zero-argument calls."""
    best_r = best_l = float("inf")
    spent, pairs = 0.0, 0
    gc.collect()
    gc.disable()
    try:
        reference()
        with learner_code(call_limit):
            learner()
        while pairs < MAX_PAIRS:
            r = timed(reference)
            with learner_code(call_limit):
                l = timed(learner)
            best_r, best_l = min(best_r, r), min(best_l, l)
            spent += r + l
            pairs += 1
            if pairs >= MIN_PAIRS and (best_l / best_r > 3 * limit or spent > BUDGET_S):
                break
    finally:
        gc.enable()
    return best_l / best_r, best_r, best_l, pairs


def check(g) -> Check:
    drill, runner = g.drill, g.runner
    case = drill.speed()
    reference = runner.build(runner.ref_mod, case)
    with learner_code(g.call_limit):
        learner = runner.build(runner.mod, case)

    def call(impl):
        def run():
            with torch.no_grad():
                drill.run(impl, case)
        return run
    try:
        ratio, ref_s, lrn_s, pairs = measure(call(reference), call(learner), drill.speed_limit, g.call_limit)
    except CallTimeout:
        return Check("speed", FAIL, f"one call took more than {g.call_limit:g} s where the reference takes "
                     f"milliseconds: is there a Python loop over the batch, heads or rows?",
                     call=runner.describe(case))
    detail = (f"{ratio:.1f}× the reference's time (limit {drill.speed_limit:g}×; reference "
              f"{ref_s * 1e3:.2f} ms, yours {lrn_s * 1e3:.2f} ms, best of {pairs})")
    if ratio > drill.speed_limit:
        return Check("speed", FAIL, detail + ": is there a Python loop over the batch, heads or rows? "
                     "Use batched tensor operations", call=runner.describe(case))
    return Check("speed", PASS, detail)

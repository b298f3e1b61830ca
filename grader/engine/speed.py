"""Speed as a ratio to the reference, measured in one process (see shared/SPEED.md).

Single thread (set by the child process), warm-up, then reference and learner calls interleaved;
the ratio of the two minimum CPU times (time.thread_time: it grows with the work, not with the
machine's load). Every timed call gets inputs of its own, made before the timer
starts, so remembering an earlier answer gains nothing; each timed output is compared with the
reference's, so a fast path that answers wrongly gains nothing either; a random output (a sampled
entry) only by its shape and dtype, since its draws need not be the reference's (the frequencies
check judges its distribution). Stops early once the ratio
is far past the limit, clearly within it, or enough time was spent. The child is started with
glibc's allocator told to keep its large blocks, so a hand-written solution is not charged for
page faults. A limit lets every correct approach a prompt allows pass, so a failure says how slow,
never why: the checks that count (no loop, work) say why. Tests never judge timings; bench/ prints
these."""
from __future__ import annotations

import gc
import time

import torch

from grader import words
from grader.engine.compare import first_difference
from grader.engine.guards import CallTimeout, learner_code
from grader.engine.result import FAIL, PASS
from grader.engine.runner import copy_case

MAX_PAIRS, MIN_PAIRS, BUDGET_S = 12, 3, 0.4
INPUTS = 4         # distinct inputs, used in turn
LOOSER = 100       # benchmark-sized outputs sum over far more terms than the graded examples: their
                   # rounding is larger, while a fast path that answers wrongly misses by far more


def agreed(eg, outputs: list) -> str:
    """'' when the learner's timed outputs (input index, output) match the reference's, made here."""
    entry, runner = eg.entry, eg.runner
    for i, got in outputs:
        case = entry.speed.case(i)
        want = runner.reference(case)
        diff = first_difference(want, got, scale=LOOSER * case.scale, overrides=eg.tolerances(),
                                graded=eg.graded(case, want), values=entry.sampled is None)
        if diff:
            return words.say("engine.speed.other_values", difference=diff[1])
    return ""


def timed(eg):
    """(the speed check, [(input index, the learner's output)] once for each input timed), where the
    learner's code runs; the verdict is made where it is not, once agreed() compared those outputs
    with the reference's again."""
    entry, runner = eg.entry, eg.runner
    outputs = []
    cases = [entry.speed.case(seed) for seed in range(INPUTS)]
    limit = entry.speed.limit
    reference = runner.build(runner.ref_ns, cases[0])
    try:
        with learner_code(eg.g.call_limit):
            learner = runner.build(runner.ns, cases[0])
    except CallTimeout:
        return eg.check("speed", FAIL, words.say("engine.speed.build_too_long"), call=runner.describe(cases[0])), []

    best_r = best_l = float("inf")
    spent, pairs = 0.0, 0
    gc.collect()
    gc.disable()
    try:
        with torch.no_grad():
            for i in range(MAX_PAIRS + 1):
                case = cases[i % INPUTS]
                args_r, args_l = copy_case(case), copy_case(case)      # made before the timer starts
                start = time.thread_time()
                want = runner.run(runner.ref_ns, reference, args_r)
                r = time.thread_time() - start
                with learner_code(eg.g.call_limit):
                    start = time.thread_time()
                    got = runner.run(runner.ns, learner, args_l)
                    lt = time.thread_time() - start
                diff = first_difference(want, got, scale=LOOSER * case.scale, overrides=eg.tolerances(),
                                        graded=eg.graded(case, want), values=entry.sampled is None)
                if diff:
                    return eg.check("speed", FAIL, words.say("engine.speed.other_values", difference=diff[1]),
                                    call=runner.describe(case)), []
                if i < INPUTS:
                    outputs.append((i, got))
                if i == 0:
                    continue                                        # the warm-up pair
                best_r, best_l = min(best_r, r), min(best_l, lt)
                spent += r + lt
                pairs += 1
                ratio = best_l / best_r
                if pairs >= MIN_PAIRS and (ratio > 3 * limit or ratio < limit / 3 or spent > BUDGET_S):
                    break
    except CallTimeout as e:
        return eg.check("speed", FAIL, words.say("engine.speed.one_call", what=e) if e.wall else
                        words.say("engine.speed.cpu_over_reference", limit=eg.g.call_limit, reference=best_r * 1e3)
                        if best_r < float("inf") else words.say("engine.speed.cpu_over", limit=eg.g.call_limit),
                        call=runner.describe(cases[0])), []
    except Exception as e:
        return eg.check("speed", FAIL, words.say("engine.speed.raised", kind=type(e).__name__, error=e),
                        call=runner.describe(cases[0])), []
    finally:
        gc.enable()
    ratio = best_l / best_r
    detail = words.say("engine.speed.ratio", ratio=ratio, limit=limit, reference=best_r * 1e3, yours=best_l * 1e3,
                       pairs=pairs)
    if ratio > limit:
        return eg.check("speed", FAIL, words.say("engine.speed.too_slow", measured=detail),
                        call=runner.describe(cases[0])), outputs
    return eg.check("speed", PASS, detail), outputs

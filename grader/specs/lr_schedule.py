"""lr_schedule: one function of Python numbers, a closed form. Particular to it: every phase (warmup,
cosine decay, after total_steps) and its edges (step 0, step == warmup_steps, step == total_steps,
warmup_steps = 0, one decay step, min_lr == max_lr, min_lr = 0), schedules of 600,000 steps, a float
compared to 1e-9 absolute (rates are ~1e-4), the same lines run whatever the step (no loop over the
steps), and the mistakes of the schedule: off by one, the wrong span, no clamp, no floor, progress
with //, and a division by warmup_steps = 0."""
import math

from hypothesis import strategies as st

from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake

META = dict(title="Warmup + cosine schedule", zh="余弦退火", topic="training", difficulty="easy", minutes=10,
            oracle="torch.optim.lr_scheduler (warmup + cosine)")
HINTS = [
    "Three pieces, tested in order: step < warmup_steps (warmup), step > total_steps (hold min_lr), "
    "and the cosine decay in between.",
    "Warmup is max_lr * step / warmup_steps: 0 at step 0, max_lr exactly at step == warmup_steps, where "
    "the cosine takes over.",
    "The cosine runs over the steps left after warmup: progress = (step - warmup_steps) / (total_steps - "
    "warmup_steps), then min_lr + 0.5 * (max_lr - min_lr) * (1 + math.cos(math.pi * progress)).",
]

LRS = [1.0, 0.1, 6e-4, 3e-4]


def schedule(warmup="step", over="decay", clamp=True, floor=True, floor_division=False):
    """lr_at as a learner would write it; each flag makes one classic mistake."""
    def lr_at(step, max_lr, min_lr, warmup_steps, total_steps):
        if step < warmup_steps:
            num, den = {"step": (step, warmup_steps), "step+1": (step + 1, warmup_steps),
                        "(step+1)/(warmup+1)": (step + 1, warmup_steps + 1)}[warmup]
            return max_lr * num / den
        if clamp and step > total_steps:
            return min_lr
        span, done = {"decay": (total_steps - warmup_steps, step - warmup_steps),
                      "total": (total_steps, step), "total after warmup": (total_steps, step - warmup_steps)}[over]
        progress = done // span if floor_division else done / span
        low = min_lr if floor else 0.0
        return low + 0.5 * (max_lr - low) * (1 + math.cos(math.pi * progress))
    return lr_at


def make(step, max_lr, min_lr, warmup_steps, total_steps, label="") -> Case:
    return Case(args=(step, max_lr, min_lr, warmup_steps, total_steps), label=label)


def inputs(draw) -> Case:
    total = draw(st.integers(1, 120))
    warmup = draw(st.one_of(st.just(0), st.integers(0, total - 1)))
    max_lr = draw(st.sampled_from(LRS))
    min_lr = max_lr * draw(st.sampled_from([0.0, 0.1, 0.5, 1.0]))
    step = draw(st.one_of(st.sampled_from([0, warmup, total, total + 1]), st.integers(0, total + 10)))
    return make(step, max_lr, min_lr, warmup, total)


def curve(call, case, steps):
    _, max_lr, min_lr, warmup, total = case.args
    return [float(call(make(s, max_lr, min_lr, warmup, total))) for s in steps]


def warmup_is_linear(call, case):
    _, max_lr, _, warmup, _ = case.args
    got = curve(call, case, range(warmup + 1))
    for s, lr in enumerate(got):
        if not math.isclose(lr, max_lr * s / max(warmup, 1) if s < warmup else max_lr, rel_tol=1e-6, abs_tol=1e-12):
            raise Fail(f"with warmup_steps={warmup}, max_lr={max_lr:g}: the warmup should go 0, max_lr/"
                       f"{warmup}, ..., reaching max_lr at step {warmup}; got {[f'{v:.4g}' for v in got[:6]]}"
                       f"{'...' if len(got) > 6 else ''} (step {s} is off)")


def decay_falls_to_min_lr(call, case):
    _, max_lr, min_lr, warmup, total = case.args
    got = curve(call, case, range(warmup, total + 4))
    rises = [warmup + i + 1 for i, (a, b) in enumerate(zip(got, got[1:])) if b > a * (1 + 1e-9) + 1e-15]
    if rises:
        raise Fail(f"after warmup the rate must never rise, but it goes up at step {rises[0]} "
                   f"({got[rises[0] - warmup - 1]:.4g} -> {got[rises[0] - warmup]:.4g}); total_steps={total}")
    tail = got[total - warmup:]
    if not all(math.isclose(v, min_lr, rel_tol=1e-6, abs_tol=1e-12) for v in tail):
        raise Fail(f"at step total_steps={total} and after, the rate should be min_lr={min_lr:g}; got "
                   f"{[f'{v:.4g}' for v in tail]}")


DRILL = Drill(entries=[Entry(
    "lr_at",
    inputs=inputs,
    examples=[
        make(3, 1.0, 0.1, 2, 6, "the prompt's example"),
        make(0, 1.0, 0.1, 2, 6, "step 0: warmup starts from 0"),
        make(1, 1.0, 0.1, 4, 10, "inside the warmup"),
        make(4, 1.0, 0.1, 4, 10, "step == warmup_steps: the peak"),
        make(7, 1.0, 0.1, 4, 10, "mid-decay"),
        make(10, 1.0, 0.1, 4, 10, "step == total_steps"),
        make(13, 1.0, 0.1, 4, 10, "after total_steps"),
        make(0, 1.0, 0.0, 0, 5, "no warmup: step 0 is max_lr"),
        make(2, 1.0, 0.0, 0, 5, "no warmup"),
        make(5, 3e-4, 3e-5, 0, 5, "no warmup, step == total_steps"),
        make(9, 6e-4, 6e-5, 9, 10, "one decay step"),
        make(19, 6e-4, 6e-5, 20, 100, "the last warmup step"),
        make(6, 0.1, 0.1, 3, 12, "min_lr == max_lr: flat after warmup"),
    ],
    extreme=[
        make(1_999, 6e-4, 6e-5, 2_000, 600_000, "long warmup"),
        make(300_000, 6e-4, 6e-5, 2_000, 600_000, "long schedule"),
        make(599_999, 6e-4, 6e-5, 2_000, 600_000, "one step before the end of a long schedule"),
        make(10**9, 6e-4, 6e-5, 2_000, 600_000, "long after the end"),
    ],
    invariants=[
        Invariant("warmup rises linearly from 0 to max_lr", warmup_is_linear),
        Invariant("cosine falls to min_lr and stays there", decay_falls_to_min_lr),
    ],
    mistakes=[
        Mistake("warmup off by one: (step + 1) / warmup_steps (step 0 must give 0)", like=schedule(warmup="step+1")),
        Mistake("warmup off by one: (step + 1) / (warmup_steps + 1) (step 0 must give 0)",
                like=schedule(warmup="(step+1)/(warmup+1)")),
        Mistake("cosine over total_steps instead of total_steps - warmup_steps (progress = step / total_steps)",
                like=schedule(over="total")),
        Mistake("cosine over total_steps instead of total_steps - warmup_steps "
                "(progress = (step - warmup_steps) / total_steps)", like=schedule(over="total after warmup")),
        Mistake("not clamped after total_steps (the cosine comes back up)", like=schedule(clamp=False)),
        Mistake("cosine decays to 0 instead of min_lr", like=schedule(floor=False)),
        Mistake("progress computed with // (integer division): it stays 0 until total_steps; use /",
                like=schedule(floor_division=True)),
        Mistake("divides by warmup_steps when it is 0 (no warmup): compute the warmup rate only when "
                "step < warmup_steps", error=r"^ZeroDivisionError"),
    ],
    tol={"float32": (1e-6, 1e-9)},      # learning rates are ~1e-4: the default atol 1e-5 would hide mistakes
    grad=False,
    loops=Loops(small=make(50, 6e-4, 6e-5, 10, 2_000), large=make(1_500, 6e-4, 6e-5, 10, 2_000),
                over="the steps (a closed form does the same work at every step)"),
    device=False,                        # Python floats in, a Python float out
)])

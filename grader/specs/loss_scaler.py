"""loss_scaler: dynamic loss scaling as torch.amp.GradScaler does it, three methods graded over
whole training runs (scale, step, update at every step), each run compared step by step: the scaled
losses, whether each step ran and the parameters and unscaled grads after it, and the scale and
growth tracker after each update. Particular to it: gradients overflowing with inf, -inf or NaN at
chosen steps (the first, several in a row, right before a growth), growth intervals from 1, factors
that are not powers of two, a reference-free check that no overflowed step moves a parameter, and
the classic mistakes of stepping on overflow and a growth counter that is not reset."""
from hypothesis import strategies as st

import torch
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Trace

META = dict(title="Dynamic loss scaling", zh="动态损失缩放", topic="efficiency", difficulty="easy", minutes=15,
            oracle="torch.amp.GradScaler (scale, growth tracker and parameters after every step)")
HINTS = [
    "Keep self.loss_scale, self.growth_tracker = init_scale, 0, and a flag self.found_inf that step() sets "
    "and update() reads.",
    "step(): found_inf = any(not torch.isfinite(g).all() for g in grads); divide each grad in place "
    "(g.div_(self.loss_scale)); call optimizer_step() only when nothing overflowed, and return whether you did.",
    "update(): on overflow, loss_scale *= backoff_factor and growth_tracker = 0. Otherwise growth_tracker += 1, "
    "and when it equals growth_interval, loss_scale *= growth_factor and growth_tracker = 0 — both resets matter.",
]

LR = 0.1


# ---- a training run ----------------------------------------------------------------------------

def training(init, losses, grads_per_step, params, label=""):
    """A run: init = LossScaler's arguments, one loss and one list of (scaled) grads per step."""
    bad = [i + 1 for i, gs in enumerate(grads_per_step) if any(not torch.isfinite(g).all() for g in gs)]
    what = f"{len(losses)} steps" + (f", grads overflow at step{'s' * (len(bad) > 1)} "
                                     f"{', '.join(map(str, bad))}" if bad else ", no overflow")
    # scale 1: the params and unscaled grads are O(1); the scaled losses are checked relatively
    return Case(kwargs={"losses": losses, "grads_per_step": grads_per_step, "params": params}, init=tuple(init),
                label=f"{label}; {what}" if label else what)


def train(case: Case, ns, record: str):
    """Run the file's LossScaler through case's steps, recording what `record` (an entry) owns."""
    scaler = ns.LossScaler(*case.init)
    params = [p.detach().clone() for p in case.kwargs["params"]]
    steps = case.kwargs["grads_per_step"]
    trace = Trace()
    for i, (loss, given) in enumerate(zip(case.kwargs["losses"], steps), 1):
        grads = [g.detach().clone() for g in given]

        def sgd_step(grads=grads):
            with torch.no_grad():
                for p, g in zip(params, grads):
                    p.sub_(LR * g)
        scaled = scaler.scale(loss)
        stepped = scaler.step(sgd_step, grads)
        scaler.update()
        overflow = any(not torch.isfinite(g).all() for g in given)
        call = f"step {i} of {len(steps)} (grads overflow)" if overflow else f"step {i} of {len(steps)}"
        if record == "scale":
            trace.step(f"{call}: scale(loss)", scaled)
        elif record == "step":
            out = {"returned": stepped, "params": [p.clone() for p in params]}
            if not overflow:
                out["grads"] = [g.detach().clone() for g in grads]
            trace.step(f"{call}: step(optimizer_step, grads)", out)
        else:
            trace.step(f"{call}, after update()", {"loss_scale": _number(scaler.loss_scale, float),
                                                   "growth_tracker": _number(scaler.growth_tracker, int)})
    return trace


def _number(value, kind):
    """A Python number read from the learner's attribute: an int counts as a float, but a tensor stays
    one (the prompt asks for Python numbers)."""
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def recorder(what):
    def run(impl, case, ns):
        return train(case, ns, what)
    return run


# ---- inputs ------------------------------------------------------------------------------------

def overflowed(g: torch.Tensor, gen: torch.Generator, kind: str) -> torch.Tensor:
    g = g.clone()
    g.view(-1)[int(torch.randint(g.numel(), (1,), generator=gen))] = {"inf": float("inf"), "-inf": float("-inf"),
                                                                       "nan": float("nan")}[kind]
    return g


def run_of(shapes, pattern, seed=0, grad_scale=1.0, init=(), label=""):
    """A run whose step i overflows with pattern[i] ('' none, 'inf', '-inf', 'nan')."""
    gen = torch.Generator().manual_seed(seed)
    params = [torch.randn(s, generator=gen) for s in shapes]
    losses = [torch.rand((), generator=gen) + 0.5 for _ in pattern]
    steps = []
    for kind in pattern:
        grads = [torch.randn(s, generator=gen) * grad_scale for s in shapes]
        if kind:
            j = int(torch.randint(len(grads), (1,), generator=gen))
            grads[j] = overflowed(grads[j], gen, kind)
        steps.append(grads)
    return training(init, losses, steps, params, label)


def inputs(draw) -> Case:
    init = (draw(st.sampled_from([1.0, 8.0, 1000.0, 65536.0])), draw(st.sampled_from([2.0, 1.5, 4.0])),
            draw(st.sampled_from([0.5, 0.25])), draw(st.integers(1, 4)))
    shapes = [tuple(draw(st.integers(1, 3)) for _ in range(draw(st.integers(0, 2))))
              for _ in range(draw(st.integers(1, 3)))]
    pattern = draw(st.lists(st.sampled_from(["", "", "", "inf", "-inf", "nan"]), min_size=1, max_size=12))
    return run_of(shapes, pattern, seed=draw(st.integers(0, 2**16)), grad_scale=init[0], init=init)


EXAMPLE = training((8.0, 2.0, 0.5, 2), [torch.tensor(0.5), torch.tensor(0.25), torch.tensor(1.0)],
                   [[torch.tensor([8.0, -16.0])], [torch.tensor([8.0, 8.0])], [torch.tensor([float("inf"), 1.0])]],
                   [torch.tensor([1.0, 1.0])], "the prompt's example")

EXAMPLES = [
    EXAMPLE,
    run_of([(3, 4), (4,)], ["", "", "", "inf", "", "", "", "", "nan", "", ""], seed=1, grad_scale=65536.0,
           init=(65536.0, 2.0, 0.5, 3), label="two growths, overflows in between"),
    run_of([(5,)], ["inf", "nan", "", "", "-inf", ""], seed=2, grad_scale=8.0, init=(8.0, 2.0, 0.5, 2),
           label="overflow at the first step, and twice in a row"),
    run_of([(2, 2)], ["", "", "", "", "inf", "", "", "", ""], seed=3, init=(1.0, 2.0, 0.5, 1),
           label="growth_interval 1: every good step grows"),
    run_of([(3,), ()], ["", "", "", "nan", "", "", "", "", ""], seed=4, grad_scale=1000.0,
           init=(1000.0, 3.0, 0.25, 4), label="factors 3 and 0.25 from 1000, overflow right before a growth"),
    run_of([(4,)], ["", "", "", "", "", ""], seed=5, grad_scale=65536.0, init=(65536.0, 2.0, 0.5, 2),
           label="three growths in a row"),
    run_of([(2, 3)], ["", "inf", "", "inf", "", "inf", "", ""], seed=6, init=(), label="default settings"),
]
EXTREME = [
    run_of([(8, 8), (8,)], ["inf" if i % 7 == 6 else "" for i in range(60)], seed=7, grad_scale=65536.0,
           init=(65536.0, 2.0, 0.5, 5), label="60 steps"),
    run_of([(4,)], ["nan"] * 20 + [""] * 4, seed=8, init=(65536.0, 2.0, 0.5, 2),
           label="20 overflows in a row: the scale falls below 1"),
]


# ---- invariants (no reference needed) ----------------------------------------------------------

STEPS_ON_OVERFLOW = ("stepping on overflow: when any grad holds an inf or a NaN, skip optimizer_step() "
                     "(and return False)")
NAN_MISSED = "NaN not detected (torch.isinf misses NaN): skip the step when any grad is not finite (torch.isfinite)"


def no_step_on_overflow(call, case):
    """A step whose grads overflowed leaves every parameter as it was. Named: stepping on overflow
    when a step with an inf moved them, NaN missed when only steps with NaN alone did."""
    trace = call(case)
    before = [p.clone() for p in case.kwargs["params"]]
    moved = []                                   # (label, param, its values, the grads had an inf)
    for (label, out), grads in zip(trace, case.kwargs["grads_per_step"]):
        after = out["params"]
        if any(not torch.isfinite(g).all() for g in grads):
            changed = [i for i, (a, b) in enumerate(zip(before, after)) if not torch.equal(a, b)]
            if changed:
                moved.append((label.split(":")[0], changed[0], after[changed[0]], any(g.isinf().any() for g in grads)))
        before = after
    if moved:
        label, i, values, _ = moved[0]
        mistake = STEPS_ON_OVERFLOW if any(inf for *_, inf in moved) else NAN_MISSED
        raise Fail(f"{label}: the grads hold an inf or a NaN, yet param {i} changed (it is now "
                   f"{values.flatten()[:3].tolist()}): skip the optimizer step on overflow", mistake=mistake)


# ---- classic mistakes, written as a learner would ----------------------------------------------

def scaler(steps_on_overflow=False, reset_after_growth=True, reset_on_overflow=True, grow_when=">=0",
           detect="isfinite", unscale="in place", back_off=True):
    """LossScaler, or one of its classic mistakes."""
    class LossScaler:
        def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
            self.loss_scale, self.growth_tracker = init_scale, 0
            self.growth_factor, self.backoff_factor, self.growth_interval = growth_factor, backoff_factor, growth_interval
            self.found_inf = False

        def scale(self, loss):
            return loss * self.loss_scale

        def step(self, optimizer_step, grads):
            check = torch.isinf if detect == "isinf" else (lambda g: ~torch.isfinite(g))
            self.found_inf = any(bool(check(g).any()) for g in grads)
            with torch.no_grad():
                if unscale == "in place":
                    for g in grads:
                        g.div_(self.loss_scale)
                elif unscale == "multiplied":
                    for g in grads:
                        g.mul_(self.loss_scale)
            if self.found_inf and not steps_on_overflow:
                return False
            optimizer_step()
            return not self.found_inf

        def update(self):
            if self.found_inf:
                if back_off:
                    self.loss_scale *= self.backoff_factor
                if reset_on_overflow:
                    self.growth_tracker = 0
                return
            self.growth_tracker += 1
            grow = {">=0": self.growth_tracker == self.growth_interval,
                    ">=": self.growth_tracker >= self.growth_interval,
                    ">": self.growth_tracker > self.growth_interval,
                    "%": self.growth_tracker % self.growth_interval == 0}[grow_when]
            if grow:
                self.loss_scale *= self.growth_factor
                if reset_after_growth:
                    self.growth_tracker = 0
    return LossScaler


NOT_RESET = ("growth counter not reset: after a growth AND after an overflow, growth_tracker goes back to 0, so "
             "the scale grows only after growth_interval good steps in a row")
MISTAKES = [
    Mistake(STEPS_ON_OVERFLOW, like=scaler(steps_on_overflow=True),
            hint="An overflowed step has garbage gradients: return False before calling optimizer_step()."),
    Mistake(NOT_RESET, like=scaler(reset_after_growth=False),
            hint="growth_tracker counts good steps since the scale last changed: set it to 0 when the scale "
                 "grows and when it backs off."),
    Mistake(NOT_RESET, like=scaler(reset_after_growth=False, grow_when=">=")),
    Mistake(NOT_RESET, like=scaler(reset_after_growth=False, grow_when="%")),
    Mistake(NOT_RESET, like=scaler(reset_on_overflow=False)),
    Mistake("grows one step late: grow when growth_tracker reaches growth_interval (==), then reset it",
            like=scaler(grow_when=">")),
    Mistake(NAN_MISSED, like=scaler(detect="isinf")),
    Mistake("grads not unscaled in place: divide each grad by loss_scale in place (g.div_), the optimizer step "
            "reads those tensors", like=scaler(unscale="none")),
    Mistake("grads multiplied by the scale when unscaling: divide them", like=scaler(unscale="multiplied")),
    Mistake("no backoff on overflow: loss_scale *= backoff_factor", like=scaler(back_off=False)),
]


def entry(name, record, **kwargs):
    return Entry(f"LossScaler.{name}", inputs=inputs, run=recorder(record), examples=EXAMPLES, extreme=EXTREME,
                 mistakes=MISTAKES, **kwargs)


def loops_case(rows, seed):
    return run_of([(rows, 8), (rows,)], ["", "inf", ""], seed=seed, init=(8.0, 2.0, 0.5, 2))


DRILL = Drill(
    entries=[
        entry("scale", "scale"),             # gradients: the scaled loss stays in the graph
        entry("step", "step", invariants=[Invariant("no step on overflow", no_step_on_overflow)], grad=False,
              loops=Loops(small=loops_case(3, 1), large=loops_case(11, 1), over="the rows of a grad")),
        entry("update", "update", grad=False),
    ],
    banned=["torch.amp.GradScaler", "torch.cuda.amp.GradScaler", "torch.cpu.amp.GradScaler",
            "torch._amp_foreach_non_finite_check_and_unscale_", "torch._amp_update_scale_"],
)

"""amp_step: one mixed-precision training step, graded over whole runs of steps on the grader's
model (float32 master weights) with the kit's SGD (torch.optim's step needs the compiler the
grading leaves out), each step compared on the returned loss and flag, the params, the grads
the step left (on steps that ran) and the scale state. Particular to it: float16 runs whose large
initial scales overflow half precision for real until the scale backs off, bfloat16 runs that
never overflow by scaling, batches poisoned with inf or NaN at chosen steps, growth intervals
from 1, max_norm on both sides of the gradient norm, torch.amp.GradScaler banned, a live invariant
that no overflowed step moves a weight, and the classic mistakes of clipping scaled gradients,
stepping on overflow and unscaling twice. The device check does not run: autocast on the CPU is
what the grader can run everywhere."""
import math

from hypothesis import strategies as st

import torch
from torch import nn

from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Mistake, Trace

META = dict(title="Mixed-precision training step", zh="混合精度训练步", topic="training", difficulty="medium",
            minutes=25, oracle="torch.autocast with torch.amp.GradScaler and clip_grad_norm_ on the CPU "
                               "(float16 and bfloat16)")
HINTS = [
    "First call: state['scale'] = init_scale and state['growth_tracker'] = 0. Then optimizer.zero_grad() and "
    "`with torch.autocast(device_type=x.device.type, dtype=dtype): loss = loss_fn(model(x), y)`.",
    "(loss * scale).backward() outside autocast; then, under torch.no_grad(), p.grad.div_(scale) for every param, "
    "once. Only then look at the grads: found_inf = any(not torch.isfinite(g).all() ...).",
    "Unless found_inf: total = the norm of all grads together, factor = min(1, max_norm / (total + 1e-6)), g.mul_(factor) "
    "for each, optimizer.step(). Clipping comes AFTER unscaling: max_norm is about the true gradients.",
    "Update: on overflow scale *= 0.5 and the tracker goes to 0; else tracker += 1 and at growth_interval "
    "scale *= 2.0 and tracker = 0. Return (loss.item(), not found_inf) — the loss before scaling.",
]

D_IN, HIDDEN, D_OUT = 4, 8, 2


# ---- what the grader brings ------------------------------------------------------------------------

def model_for(seed: int) -> nn.Module:
    g = torch.Generator().manual_seed(seed)
    model = nn.Sequential(nn.Linear(D_IN, HIDDEN), nn.Tanh(), nn.Linear(HIDDEN, D_OUT))
    with torch.no_grad():
        for p in model.parameters():
            p.copy_(torch.randn(p.shape, generator=g) * 0.5)
    return model


def mse(out, y):
    """The loss in float32 whatever autocast computed the output in."""
    return nn.functional.mse_loss(out.float(), y)


def poisoned(batch) -> bool:
    return not all(bool(torch.isfinite(t).all()) for t in batch)


SETTINGS = ("max_norm", "dtype", "init_scale", "growth_interval")


def run(impl, case: Case, ns) -> Trace:
    """Every batch of the case, one step each, on one model, optimiser and state."""
    model = model_for(case.seed)
    optimizer = kit.SGD(model.parameters(), lr=case.kwargs.get("lr", 0.1))
    settings = {k: v for k, v in case.kwargs.items() if k in SETTINGS}
    state, trace, batches = {}, Trace(), case.kwargs["batches"]
    for i, (x, y) in enumerate(batches, 1):
        # float32 data for float32 master weights (the float64 check changes nothing here): autocast picks dtype
        with torch.enable_grad():
            out = impl(model, mse, x.float(), y.float(), optimizer, state, **settings)
        stepped = isinstance(out, tuple) and len(out) == 2 and out[1] is True
        step = {"returned": shown(out),
                # the grads a step left (compared before the params they moved); after a skipped step they are
                # garbage, not graded
                "grads": [None if p.grad is None else p.grad.clone() for p in model.parameters()] if stepped else None,
                "params": [p.detach().clone() for p in model.parameters()],
                "scale": state.get("scale"), "growth_tracker": state.get("growth_tracker")}
        trace.step(f"call {i} of {len(batches)} (a batch with inf or NaN)" if poisoned((x, y)) else
                   f"call {i} of {len(batches)}", step)
    return trace


def shown(out):
    """(loss, stepped) as returned; a loss that is NaN or infinite is shown as such, so that it compares equal."""
    if isinstance(out, tuple) and len(out) == 2 and isinstance(out[0], float) and not math.isfinite(out[0]):
        return ("not finite", out[1])
    return out


# ---- inputs ------------------------------------------------------------------------------------

def run_case(pattern, seed, label="", x_scale=1.0, **kwargs) -> Case:
    """A run whose step i gets a batch poisoned as pattern[i] says ('' clean, 'inf', 'nan')."""
    g = torch.Generator().manual_seed(seed)
    batches = []
    for kind in pattern:
        n = int(torch.randint(1, 6, (), generator=g))
        x, y = torch.randn(n, D_IN, generator=g) * x_scale, torch.randn(n, D_OUT, generator=g)
        if kind:
            x.view(-1)[int(torch.randint(x.numel(), (), generator=g))] = float(kind)
        batches.append((x, y))
    bad = [i + 1 for i, kind in enumerate(pattern) if kind]
    what = f"{len(pattern)} steps" + (f", batch{'es' * (len(bad) > 1)} {', '.join(map(str, bad))} with inf or NaN"
                                      if bad else "")
    return Case(kwargs={"batches": batches, **kwargs}, seed=seed, label=f"{label}; {what}" if label else what)


def inputs(draw) -> Case:
    pattern = draw(st.lists(st.sampled_from(["", "", "", "inf", "nan"]), min_size=1, max_size=8))
    kwargs = {"dtype": draw(st.sampled_from([torch.float16, torch.bfloat16])),
              "init_scale": draw(st.sampled_from([1.0, 2.0 ** 8, 2.0 ** 16, 2.0 ** 24])),
              "growth_interval": draw(st.integers(1, 4)),
              "max_norm": draw(st.sampled_from([0.1, 1.0, 100.0])),
              "lr": draw(st.sampled_from([0.01, 0.1]))}
    return run_case(pattern, draw(st.integers(0, 2**16)), x_scale=draw(st.sampled_from([0.1, 1.0, 30.0])), **kwargs)


# ---- the invariant -----------------------------------------------------------------------------

STEPS_ON_OVERFLOW = ("stepping on overflow: when any unscaled grad holds an inf or a NaN, skip optimizer.step() (and "
                     "return False)")


def no_step_on_overflow(call, case):
    """A step that finds an inf or NaN leaves every weight as it was."""
    trace = call(case)
    before = [p.detach().clone() for p in model_for(case.seed).parameters()]
    for label, out in trace:
        after, returned = out["params"], out["returned"]
        stepped = isinstance(returned, tuple) and len(returned) == 2 and returned[1]
        if not all(torch.equal(a, b) for a, b in zip(before, after)) and not all(
                bool(torch.isfinite(p).all()) for p in after):
            raise Fail(f"{label}: the weights changed to values that are not all finite: a step ran on gradients "
                       f"holding inf or NaN", mistake=STEPS_ON_OVERFLOW)
        if stepped is False and not all(torch.equal(a, b) for a, b in zip(before, after)):
            raise Fail(f"{label}: amp_step returned stepped=False, yet the weights changed", mistake=STEPS_ON_OVERFLOW)
        before = after


# ---- the classic mistakes ----------------------------------------------------------------------

def amp_like(*, clip="after unscale", on_overflow="skip", unscale="once", loss="unscaled", backoff=True,
             autocast=True):
    def amp_step(model, loss_fn, x, y, optimizer, state, max_norm=1.0, dtype=torch.float16, init_scale=65536.0,
                 growth_interval=2000):
        if not state:
            state.update(scale=init_scale, growth_tracker=0)
        scale = state["scale"]
        optimizer.zero_grad()
        with torch.autocast(device_type=x.device.type, dtype=dtype, enabled=autocast):
            out = loss_fn(model(x), y)
        scaled = out * scale
        scaled.backward()
        params = list(model.parameters())
        with torch.no_grad():
            if clip == "before unscale":
                torch.nn.utils.clip_grad_norm_(params, max_norm)
            if unscale != "never":
                for p in params:
                    p.grad.div_(scale)
            finite = all(bool(torch.isfinite(p.grad).all()) for p in params)
            if clip == "after unscale":
                torch.nn.utils.clip_grad_norm_(params, max_norm)
            if unscale == "twice":
                for p in params:
                    p.grad.div_(scale)
            if finite or on_overflow == "step":
                optimizer.step()
        if finite:
            state["growth_tracker"] += 1
            if state["growth_tracker"] == growth_interval:
                state.update(scale=scale * 2.0, growth_tracker=0)
        else:
            state.update(scale=scale * 0.5 if backoff else scale, growth_tracker=0)
        return (scaled if loss == "scaled" else out).item(), finite
    return amp_step


MISTAKES = [
    Mistake("clipping scaled gradients: unscale first, then clip (max_norm is about the true gradients)",
            like=amp_like(clip="before unscale")),
    Mistake(STEPS_ON_OVERFLOW, like=amp_like(on_overflow="step")),
    Mistake("unscaling twice: the grads are divided by the scale exactly once, before clipping",
            like=amp_like(unscale="twice")),
    Mistake("gradients never unscaled: divide every .grad by the scale before clipping and stepping",
            like=amp_like(unscale="never")),
    Mistake("the scaled loss returned: return loss.item() from before the multiplication by the scale",
            like=amp_like(loss="scaled")),
    Mistake("no backoff after an overflow: the scale halves, or half precision keeps overflowing",
            like=amp_like(backoff=False)),
    Mistake("the batch modified in place: leave x and y as they are", check="inputs unchanged"),
    Mistake("the forward pass not under autocast on the input's device: torch.autocast(device_type=x.device.type, "
            "dtype=dtype) around the model and the loss", like=amp_like(autocast=False)),
]

DRILL = Drill(
    entries=[Entry(
        "amp_step",
        inputs=inputs,
        run=run,
        examples=[
            run_case([""] * 12, 1, "float16 from 2^24: overflows until the scale backs off, then grows",
                     dtype=torch.float16, init_scale=2.0 ** 24, growth_interval=2),
            run_case(["", "", "inf", "", "", "nan", "", ""], 2, "bfloat16, growth every 2 good steps",
                     dtype=torch.bfloat16, init_scale=2.0 ** 10, growth_interval=2),
            run_case(["", "", "", ""], 3, "max_norm 0.1: every step clipped", max_norm=0.1, init_scale=1024.0),
            run_case(["", "", ""], 4, "max_norm 100: nothing clipped", max_norm=100.0, init_scale=256.0),
            run_case(["nan", "", "", "", ""], 5, "growth_interval 1, a bad first batch", init_scale=8.0,
                     growth_interval=1),
            run_case(["", "", ""], 6, "default settings"),
            run_case(["", "", "", ""], 7, "inputs near 30, float16", x_scale=30.0, init_scale=2.0 ** 16,
                     dtype=torch.float16, growth_interval=3),
        ],
        extreme=[
            run_case(["inf" if i % 9 == 8 else "" for i in range(40)], 8, "40 steps", dtype=torch.float16,
                     init_scale=2.0 ** 20, growth_interval=3, lr=0.01),
            run_case(["nan"] * 30 + ["", ""], 9, "30 bad batches in a row: the scale falls below 1",
                     dtype=torch.bfloat16, init_scale=4.0, growth_interval=2),
        ],
        invariants=[Invariant("no step on overflow", no_step_on_overflow)],
        mistakes=MISTAKES,
        grad=False,
        device=False,
    )],
    banned=["torch.amp.GradScaler", "torch.cuda.amp.GradScaler", "torch.cpu.amp.GradScaler",
            "torch._amp_foreach_non_finite_check_and_unscale_", "torch._amp_update_scale_"],
)

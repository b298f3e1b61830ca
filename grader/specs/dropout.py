import math

from hypothesis import strategies as st

import torch
from grader.spec import Case, Custom, Drill, Fail, Mistake, randn, seeded
from grader.stats import binomial_tail

META = dict(title="Dropout", zh="随机失活", topic="normalisation", difficulty="easy", minutes=6)
HINTS = [
    "Training: keep each element with probability 1 - p (p is the probability of DROPPING it), and "
    "divide the survivors by 1 - p so the expected output is x.",
    "The mask: torch.rand(x.shape, generator=generator, device=x.device) >= p, or "
    "torch.empty_like(x).bernoulli_(1 - p, generator=generator). Pass `generator` to every random call.",
    "Special cases first: `if not training or p == 0: return x`; `if p == 1: return torch.zeros_like(x)` "
    "(the general formula would divide 0 by 0).",
    "return x * mask / (1 - p)   # a new tensor: x itself is left alone",
]

BENCHMARK = "benchmark"   # the speed case: its output is returned as it is


# ---- comparing random outputs with the reference's --------------------------------------------

def with_dropped_filled(x, p, out):
    """The output with every dropped element (an exact 0) replaced by x·r, r the scale the survivors
    got. A correct dropout then gives x / (1-p) everywhere whatever its mask, so it can be compared
    with the reference's; a wrong scale gives x·r everywhere, whatever its mask, so a mistake can be
    named. Survivors are compared as they are, and their gradients too; a dropped element's gradient
    is the learner's (0 when right) plus r."""
    kept = out != 0
    i = (x.detach().abs() * kept).flatten().argmax()[None]            # the survivor with the largest |x|
    r = out.detach().flatten().gather(0, i) / x.detach().flatten().gather(0, i)
    r = torch.where(kept.any(), r, torch.full_like(r, 1 / (1 - p)))  # nothing kept: nothing to compare
    return out + ~kept * x * r


def run(impl, case):
    x, p = case.args
    gen = torch.Generator(device="cpu" if x.device.type == "meta" else x.device).manual_seed(case.seed)
    out = impl(x, p, **case.kwargs, generator=gen)
    same_layout = isinstance(out, torch.Tensor) and out.shape == x.shape and out.dtype == x.dtype
    if case.label == BENCHMARK or p >= 1 or not same_layout:
        return out
    return with_dropped_filled(x, p, out)


# ---- drawn inputs ------------------------------------------------------------------------------

def inputs(draw) -> Case:
    shape = draw(st.lists(st.integers(1, 6), min_size=1, max_size=3))
    p = draw(st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0]))
    training = draw(st.sampled_from([True, True, True, False]))
    scale = draw(st.sampled_from([1.0, 10.0]))
    return Case(args=(randn(draw, *shape, scale=scale), p), kwargs={"training": training}, scale=scale,
                seed=draw(st.integers(0, 2**31 - 1)))


# ---- classic mistakes, written as a learner would ----------------------------------------------

def _mask(x, p, generator):
    return torch.rand(x.shape, generator=generator, device=x.device) >= p


def no_scaling(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    return x * _mask(x, p, generator)


def scales_by_keep(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    return x * _mask(x, p, generator) * (1 - p)


def ignores_training(x, p, training=True, generator=None):
    if p == 1:
        return torch.zeros_like(x)
    return x * _mask(x, p, generator) / (1 - p)


def nan_at_one(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    return x * _mask(x, p, generator) / (1 - p)


# ---- statistical checks ------------------------------------------------------------------------
# Each draws from generators with fixed seeds, so one implementation always gets the same verdict.
# A count c of n Bernoulli(q) events fails when min(P[X <= c], P[X >= c]) < ALPHA / (2m), X ~
# Binomial(n, q) computed exactly, m the number of counts tested in that check; the mean check
# uses Hoeffding's bound at ALPHA. By the union bound a correct dropout fails a check with
# probability at most ALPHA = 1e-6.

ALPHA = 1e-6
ROWS, COLS = 200, 200


def positive(seed):
    """No exact zeros, so a 0 in the output means a dropped element."""
    return seeded(seed, ROWS, COLS).abs() + 0.1


def call(module, x, p, seed, **kwargs):
    out = module.dropout(x, p, generator=torch.Generator().manual_seed(seed), **kwargs)
    if not isinstance(out, torch.Tensor) or out.shape != x.shape or out.dtype != x.dtype:
        got = f"{tuple(out.shape)} {out.dtype}" if isinstance(out, torch.Tensor) else type(out).__name__
        raise Fail(f"dropout(x {tuple(x.shape)} float32, p={p}) should return a {tuple(x.shape)} float32 "
                   f"tensor, got {got}")
    return out.detach()


def survivor_values(module):
    for p in (0.2, 0.7):
        x = positive(20)
        out = call(module, x, p, seed=1)
        want = x / (1 - p)
        bad = (out != 0) & ((out - want).abs() > 1e-5 * want)
        if bad.any():
            idx = tuple(bad.nonzero()[0].tolist())
            ratio = (out[idx] / x[idx]).item()
            cause = {1.0: " — likely cause: survivors are not scaled",
                     round(1 - p, 3): " — likely cause: survivors multiplied by (1 - p) instead of divided"}
            raise Fail(f"dropout(p={p}): output{list(idx)} is {out[idx].item():.6g} for x = {x[idx].item():.6g}; "
                       f"each element must be 0 (dropped) or x / (1 - p) = {want[idx].item():.6g}"
                       + cause.get(round(ratio, 3), ""))


def kept_fraction(module):
    tests = []
    for p in (0.2, 0.7):
        kept = call(module, positive(21), p, seed=2) != 0                  # (ROWS, COLS)
        q = 1 - p
        tests += [(f"dropout(p={p}) kept {{c}} of {{n}} elements", kept, q, p),
                  (f"dropout(p={p}): in {{n}} pairs of rows (2r, 2r + 1), an element and the one below it "
                   f"were both kept {{c}} times", kept[0::2] & kept[1::2], q * q, None),
                  (f"dropout(p={p}): in {{n}} pairs of columns (2c, 2c + 1), an element and its right "
                   f"neighbour were both kept {{c}} times", kept[:, 0::2] & kept[:, 1::2], q * q, None)]
    for what, events, q, flipped in tests:
        c, n = int(events.sum()), events.numel()
        if binomial_tail(c, n, q) < ALPHA / (2 * len(tests)):
            sd = math.sqrt(n * q * (1 - q))
            text = what.format(c=c, n=n) + f", expected {n * q:.0f} ± {sd:.0f}"
            if flipped is not None and binomial_tail(c, n, flipped) >= ALPHA:
                text += (" — likely cause: elements kept with probability p; p is the probability of "
                         "DROPPING one (keep with probability 1 - p)")
            elif flipped is None:
                text += " — elements must be dropped independently (is one mask shared by rows or columns?)"
            raise Fail(text)


def mean_preserved(module):
    p = 0.4
    x = seeded(22, ROWS, COLS) + 1.0
    out = call(module, x, p, seed=3).double()
    # each out_i lies between 0 and x_i / (1 - p): Hoeffding, P(|sum - E sum| >= t) <= 2 exp(-2t² / sum range²)
    ranges = (x.double() / (1 - p)) ** 2
    t = math.sqrt(math.log(2 / ALPHA) * ranges.sum().item() / 2)
    gap = (out.sum() - x.double().sum()).item()
    if abs(gap) > t:
        n = x.numel()
        raise Fail(f"dropout(p={p}) changed the mean of {n} inputs from {x.double().mean().item():.4f} to "
                   f"{out.mean().item():.4f} (allowed ± {t / n:.4f}): inverted dropout keeps E[output] = x")


def uses_generator(module):
    x = positive(23)
    state = torch.get_rng_state()
    try:
        torch.manual_seed(1)
        a = call(module, x, 0.5, seed=7)
        torch.manual_seed(2)
        b = call(module, x, 0.5, seed=7)
        c = call(module, x, 0.5, seed=8)
        out = module.dropout(x, 0.5)
    finally:
        torch.set_rng_state(state)
    if not torch.equal(a, b):
        raise Fail("two calls with generators seeded alike gave different masks: draw all randomness from "
                   "`generator` (torch.rand(..., generator=generator)), not from torch's global RNG")
    if torch.equal(a, c):
        raise Fail("generators seeded differently gave the same mask: the mask does not come from `generator`")
    if not isinstance(out, torch.Tensor) or out.shape != x.shape:
        raise Fail("dropout(x, 0.5) with generator=None should use torch's global RNG and return a tensor "
                   "of x's shape")


DRILL = Drill(
    entry="dropout",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([1.0, 2.0, 3.0, 4.0]), 0.5), label="the prompt's example"),
        Case(args=(seeded(1, 3, 5), 0.5), kwargs={"training": False}, label="training=False is the identity"),
        Case(args=(seeded(2, 4, 4), 0.0), label="p = 0 keeps everything"),
        Case(args=(seeded(3, 2, 6), 1.0), label="p = 1 drops everything"),
        Case(args=(seeded(4, 2, 3, 4), 0.3), seed=4, label="3-d input"),
        Case(args=(torch.tensor([2.5]), 0.9), seed=5, label="one element"),
    ],
    extreme=[
        Case(args=(seeded(5, 1000, 100, scale=1e4), 0.99), scale=1e4, label="p = 0.99, inputs near 1e4"),
        Case(args=(seeded(6, 1000, 100), 1e-3), label="p = 0.001"),
    ],
    custom=[
        Custom("dropout: survivors x / (1-p), dropped 0", survivor_values),
        Custom("dropout: kept fraction 1 - p, independently", kept_fraction),
        Custom("dropout: mean preserved", mean_preserved),
        Custom("dropout: generator", uses_generator),
    ],
    mistakes=[
        Mistake("survivors not scaled (divide them by 1 - p so that the expected output is x)", like=no_scaling),
        Mistake("survivors scaled by (1 - p) instead of 1 / (1 - p)", like=scales_by_keep),
        Mistake("`training` ignored: with training=False dropout is the identity", like=ignores_training),
        Mistake("p = 1 gives NaN (x * 0 / (1 - p) is 0/0): return zeros", like=nan_at_one),
        Mistake("p = 1 divides by zero: return zeros", error="division by zero"),
        Mistake("randomness from torch's global RNG instead of `generator`", check="dropout: generator"),
        Mistake("dropout that edits x in place", check="inputs unchanged"),
    ],
    banned=["torch.nn.functional.dropout", "torch.dropout", "torch.nn.Dropout", "torch.Tensor.dropout",
            "torch.nn.functional.dropout1d", "torch.nn.functional.dropout2d", "torch.nn.functional.dropout3d",
            "torch.nn.functional.alpha_dropout", "torch.nn.functional.feature_alpha_dropout",
            "torch.alpha_dropout", "torch.feature_dropout", "torch.native_dropout"],
    run=run,
    # many short rows: a loop over rows costs 300-500x, correct variants 0.55-1.05x (reference ~1 ms)
    speed=lambda: Case(args=(seeded(7, 4096, 16), 0.3), label=BENCHMARK),
    speed_limit=10.0,
)

"""layernorm: a module graded through its forward, with reference weights loaded, in float32,
float64 and half precision. Particular to it: inputs whose mean is far from 0 (float32 rounding of
x - mean grows with |x| / std, so tolerances follow it), values in the hundreds whose squares
overflow float16, shift invariance, and the classic mistakes of the unbiased variance, eps outside
the root, E[x²] - E[x]², missing keepdim or affine, and statistics kept in half precision."""
from hypothesis import strategies as st

import torch
from torch import nn
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="LayerNorm", zh="层归一化", topic="normalisation", difficulty="easy", minutes=10,
            oracle="nn.LayerNorm")
HINTS = [
    "Reduce over the last dim only, with keepdim=True, so mean and var broadcast back against x.",
    "The variance is biased: ((x - mean) ** 2).mean(-1) — torch.var divides by d - 1 unless told "
    "unbiased=False (correction=0).",
    "h = x.float(); mean = h.mean(-1, keepdim=True); var = (h - mean).pow(2).mean(-1, keepdim=True); "
    "return ((h - mean) * torch.rsqrt(var + self.eps) * self.weight + self.bias).to(x.dtype)",
]


def conditioning(x, eps) -> float:
    """The output is O(1) whatever the input's size, but float32 rounding of x - mean grows with
    |x| / std: a row like [20.001, 20.002] is only known to ~1e-3 of its spread."""
    h = x.double()
    ratio = h.abs().amax(-1) / (h.var(-1, unbiased=False) + eps).sqrt()
    return max(1.0, ratio.max().item() / 5)


def case(x, d, eps=None, label="", seed=0) -> Case:
    init = (d,) if eps is None else (d, eps)
    return Case(args=(x,), init=init, scale=conditioning(x, 1e-5 if eps is None else eps), label=label, seed=seed)


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 4), min_size=0, max_size=3))
    d = draw(st.integers(1, 16))
    spread = draw(st.sampled_from([1e-3, 1.0, 10.0, 100.0]))
    offset = draw(st.sampled_from([0.0, 3.0, -20.0]))
    x = randn(draw, *lead, d, scale=spread) + offset
    return case(x, d, draw(st.sampled_from([None, 1e-5, 1e-3, 0.1])), seed=draw(st.integers(0, 2**16)))


def shift_invariance(call, case):
    """LayerNorm subtracts the mean: adding a constant to every input changes nothing. The shift
    is on the inputs' own scale, so that float32 rounding of the shifted inputs stays small."""
    x = case.args[0]
    c = 3 * x.abs().max().item()
    a, b = call(case), call(Case(args=(x + c,), init=case.init, seed=case.seed))
    if not torch.allclose(a, b, atol=1e-4 * case.scale, rtol=1e-3, equal_nan=True):
        raise Fail(f"adding {c:.3g} to every input changed the output by {(a - b).abs().max().item():.2g}; "
                   f"LayerNorm subtracts the mean, so a constant shift must not matter")


# ---- classic mistakes, written as a learner would ------------------------------------------------

class Written(nn.Module):
    """LayerNorm as a learner writes it, with at most one classic mistake: "unbiased", "eps outside",
    "naive variance", "no keepdim", "no affine", "half statistics"."""

    def __init__(self, d, eps=1e-5, *, mistake=""):
        super().__init__()
        self.eps, self.mistake = eps, mistake
        self.weight = nn.Parameter(torch.ones(d))
        self.bias = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        m = self.mistake
        h = x if m == "half statistics" else x.float()
        keepdim = m != "no keepdim"
        mean = h.mean(-1, keepdim=keepdim)
        if m == "unbiased":
            var = h.var(-1, keepdim=True)
        elif m == "naive variance":
            var = (h * h).mean(-1, keepdim=True) - mean * mean
        else:
            var = (h - mean).pow(2).mean(-1, keepdim=keepdim)
        y = (h - mean) / (var.sqrt() + self.eps) if m == "eps outside" else (h - mean) / torch.sqrt(var + self.eps)
        if m != "no affine":
            y = y * self.weight + self.bias
        return y.to(x.dtype)


def learner_like(mistake):
    class LayerNorm(Written):
        def __init__(self, d, eps=1e-5):
            super().__init__(d, eps, mistake=mistake)
    return LayerNorm


DRILL = Drill(entries=[Entry(
    "LayerNorm",
    inputs=inputs,
    examples=[
        case(torch.tensor([[1.0, 2.0, 3.0, 4.0]]), 4, label="the prompt's example"),
        case(seeded(12, 4, 4) + 1.0, 4, label="a square (4, 4) input: a statistic without keepdim broadcasts "
                                              "along the wrong axis"),
        case(seeded(4, 3, 8, scale=300.0), 8, label="values in the hundreds: x² overflows float16"),
        case(seeded(2, 2, 3, 8), 8, 1e-3, label="3-D input, eps = 1e-3"),
        case(seeded(1, 3, 1), 1, label="d = 1: the variance is 0"),
        case(seeded(3, 4, 16, scale=1e-3), 16, label="tiny inputs: variance near eps"),
        case(torch.full((2, 5), 3.0), 5, label="constant rows"),
        case(seeded(10, 5), 5, 0.1, label="one vector (no leading dim), eps = 0.1"),
    ],
    extreme=[
        case(seeded(5, 4, 64) + 1e3, 64, label="a large common offset: 1000 + N(0, 1)"),
        case(seeded(11, 3, 32) * 5 - 3e3, 32, label="a large negative offset: -3000 + N(0, 25)"),
        case(seeded(6, 2, 4096), 4096, label="long rows"),
    ],
    invariants=[kit.vectors_independent(), Invariant("shift invariance", shift_invariance)],
    mistakes=[
        Mistake("LayerNorm with the unbiased variance (divided by d - 1; torch.var's default)",
                like=learner_like("unbiased"),
                hint="nn.LayerNorm divides by d: ((x - mean) ** 2).mean(-1), or x.var(-1, unbiased=False)."),
        Mistake("statistics computed in float16/bfloat16: compute them in float32 and cast back",
                like=learner_like("half statistics"),
                hint="Squares of values above ~256 overflow float16: h = x.float(), normalise h, then "
                     ".to(x.dtype) at the end."),
        Mistake("eps added to the standard deviation instead of inside the square root",
                like=learner_like("eps outside")),
        Mistake("variance as E[x²] - E[x]², which cancels catastrophically when |mean| >> std",
                like=learner_like("naive variance"),
                hint="Centre first: var = ((x - mean) ** 2).mean(-1, keepdim=True)."),
        Mistake("mean and variance without keepdim=True: they broadcast along the wrong axis",
                like=learner_like("no keepdim")),
        Mistake("weight and bias not applied", like=learner_like("no affine")),
        Mistake("x normalised in place (x -= mean): work on new tensors", check="inputs unchanged"),
    ],
    half=True,
    # a half input is itself rounded: 20 + N(0, 1) in bfloat16 moves by up to 0.06 before any arithmetic,
    # so the half tolerances grow with the conditioning as float32's do, at about twice the defaults
    tol={"float16": (1e-2, 1e-2), "bfloat16": (4e-2, 8e-2)},
    loops=Loops(small=case(seeded(8, 3, 4, 16), 16), large=case(seeded(9, 7, 9, 16), 16), over="the rows"),
    speed=Speed(lambda seed: case(seeded(seed, 1024, 2, 32), 32), limit=30.0),
)], banned=["torch.nn.functional.layer_norm", "torch.layer_norm", "torch.native_layer_norm",
            "torch.nn.LayerNorm", "torch.nn.functional.group_norm", "torch.group_norm",
            "torch.native_group_norm", "torch.nn.GroupNorm"])

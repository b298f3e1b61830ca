"""rmsnorm: a module graded through its forward, with reference weights loaded, in float32,
float64 and half precision. Particular to it: inputs with a non-zero mean (which RMSNorm keeps),
all-zero rows, values in the hundreds whose squares overflow float16, scale invariance, and the
classic mistakes of subtracting the mean, eps outside the root, the sum instead of the mean of
squares, no keepdim, no weight, and the mean of squares kept in half precision. The weight may be
applied in the input's dtype, as LLaMA does."""
from hypothesis import strategies as st

import torch
from torch import nn
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="RMSNorm", zh="均方根归一化", topic="normalisation", difficulty="easy", minutes=8,
            oracle="nn.RMSNorm")
HINTS = [
    "RMSNorm is LayerNorm without the mean: no centring and no bias, only x / rms(x) * weight.",
    "Reduce x² over the last dim with keepdim=True, add eps, then take the root; torch.rsqrt does "
    "both the root and the division.",
    "h = x.float(); y = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps); "
    "return (y * self.weight).to(x.dtype)",
]


def case(x, d, eps=None, label="", seed=0) -> Case:
    return Case(args=(x,), init=(d,) if eps is None else (d, eps), label=label, seed=seed)   # the output is O(1)


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 4), min_size=0, max_size=3))
    d = draw(st.integers(1, 16))
    spread = draw(st.sampled_from([1e-3, 1.0, 10.0, 100.0]))
    offset = draw(st.sampled_from([0.0, 0.0, 3.0, -5.0]))
    x = randn(draw, *lead, d, scale=spread) + offset
    return case(x, d, draw(st.sampled_from([None, 1e-5, 1e-2])), seed=draw(st.integers(0, 2**16)))


def scale_invariance(call, case):
    """Dividing by the root mean square makes RMSNorm(c·x) = RMSNorm(x) where mean(x²) >> eps."""
    x = case.args[0]
    eps = case.init[1] if len(case.init) > 1 else 1e-6
    a, b = call(case), call(Case(args=(x * 8.0,), init=case.init, seed=case.seed))
    big = x.pow(2).mean(-1, keepdim=True) > 1e4 * eps      # rows where eps is negligible
    off = ((a - b).abs() > 1e-5 + 2e-4 * a.abs()) & big
    if off.any():
        diff = (a - b).abs()[off].max().item()
        raise Fail(f"multiplying the input by 8 changed the output by {diff:.2g}; dividing by the "
                   f"root mean square makes RMSNorm(c·x) = RMSNorm(x) when mean(x²) >> eps")


# ---- classic mistakes, written as a learner would ------------------------------------------------

class Written(nn.Module):
    """RMSNorm as a learner writes it, with at most one classic mistake: "centred", "eps outside",
    "sum", "no keepdim", "no weight", "half statistics", "no eps"."""

    def __init__(self, d, eps=1e-6, *, mistake=""):
        super().__init__()
        self.eps, self.mistake = eps, mistake
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        m = self.mistake
        h = x if m == "half statistics" else x.float()
        if m == "centred":
            h = h - h.mean(-1, keepdim=True)
        ms = h.pow(2).sum(-1, keepdim=True) if m == "sum" else h.pow(2).mean(-1, keepdim=m != "no keepdim")
        y = h / (ms.sqrt() + self.eps) if m == "eps outside" else h * torch.rsqrt(ms) if m == "no eps" else \
            h * torch.rsqrt(ms + self.eps)
        if m != "no weight":
            y = y * self.weight
        return y.to(x.dtype)


def learner_like(mistake):
    class RMSNorm(Written):
        def __init__(self, d, eps=1e-6):
            super().__init__(d, eps, mistake=mistake)
    return RMSNorm


DRILL = Drill(entries=[Entry(
    "RMSNorm",
    inputs=inputs,
    examples=[
        case(torch.tensor([[1.0, 2.0, 3.0, 4.0]]), 4, label="the prompt's example"),
        case(seeded(12, 4, 4) + 1.0, 4, label="a square (4, 4) input: a statistic without keepdim broadcasts "
                                              "along the wrong axis"),
        case(seeded(4, 3, 8, scale=300.0), 8, label="values in the hundreds: x² overflows float16"),
        case(seeded(2, 2, 3, 8) + 2.0, 8, 1e-5, label="3-D input with a non-zero mean"),
        case(seeded(1, 3, 1), 1, label="d = 1: x / sqrt(mean(x²) + eps) is just under ±1, exactly ±1 without eps"),
        case(seeded(3, 4, 16, scale=1e-3), 16, label="tiny inputs: mean of squares near eps"),
        case(torch.zeros(2, 5), 5, label="all zeros"),
        case(seeded(10, 6) - 4.0, 6, 1e-2, label="one vector (no leading dim), eps = 1e-2"),
    ],
    extreme=[
        case(seeded(5, 2, 4096), 4096, label="long rows"),
        case(seeded(6, 3, 16, scale=1e4), 16, label="values near ±1e4"),
    ],
    invariants=[kit.vectors_independent(), Invariant("scale invariance", scale_invariance)],
    mistakes=[
        Mistake("mean of squares computed in float16/bfloat16: compute it in float32 and cast back",
                like=learner_like("half statistics"),
                hint="x² overflows float16 above ~256: h = x.float(), normalise h, then .to(x.dtype)."),
        Mistake("the mean subtracted first: that is LayerNorm, RMSNorm does not centre", like=learner_like("centred")),
        Mistake("eps added to the root instead of inside it", like=learner_like("eps outside")),
        Mistake("eps left out: x / sqrt(mean(x²)) is exactly ±1 at d = 1 and 0/0 = NaN on a row of zeros",
                like=learner_like("no eps")),
        Mistake("sum of squares instead of their mean (divide by d)", like=learner_like("sum")),
        Mistake("mean of squares without keepdim=True: it broadcasts along the wrong axis",
                like=learner_like("no keepdim")),
        Mistake("weight not applied", like=learner_like("no weight")),
        Mistake("x normalised in place: work on new tensors", check="inputs unchanged"),
    ],
    half=True,
    loops=Loops(small=case(seeded(8, 3, 4, 16), 16), large=case(seeded(9, 7, 9, 16), 16), over="the rows"),
    speed=Speed(lambda seed: case(seeded(seed, 1024, 2, 32), 32), limit=30.0),
)], banned=["torch.nn.functional.rms_norm", "torch.rms_norm", "torch.nn.RMSNorm"])

from hypothesis import strategies as st

import torch
from grader.spec import Case, Drill, Fail, Invariant, Mistake, randn, seeded
from reference.layernorm import LayerNorm

META = dict(title="LayerNorm", zh="层归一化", topic="normalisation", difficulty="easy", minutes=10)
HINTS = [
    "Reduce over the last dim only, with keepdim=True, so mean and var broadcast back against x.",
    "The variance is biased: ((x - mean) ** 2).mean(-1) — torch.var divides by d - 1 unless told "
    "unbiased=False (correction=0).",
    "h = x.float(); mean = h.mean(-1, keepdim=True); var = (h - mean).pow(2).mean(-1, keepdim=True); "
    "return ((h - mean) * torch.rsqrt(var + self.eps) * self.weight + self.bias).to(x.dtype)",
]


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 4), min_size=0, max_size=3))
    d = draw(st.integers(1, 16))
    eps = draw(st.sampled_from([1e-5, 1e-3, 0.1]))
    spread = draw(st.sampled_from([1.0, 10.0, 100.0]))
    offset = draw(st.sampled_from([0.0, 3.0, -20.0]))
    x = randn(draw, *lead, d, scale=spread) + offset
    return Case(args=(x,), init=(d, eps), scale=conditioning(x, eps), seed=draw(st.integers(0, 2**16)))


def conditioning(x, eps) -> float:
    """The output is O(1) whatever the input's size, but float32 rounding of x - mean grows with
    |x| / std: a row like [20.001, 20.002] is only known to ~1e-3 of its spread."""
    h = x.double()
    ratio = h.abs().amax(-1) / (h.var(-1, unbiased=False) + eps).sqrt()
    return max(1.0, ratio.max().item() / 5)


def batch_independence(call, case):
    x = case.args[0]
    if x.dim() < 2 or x.shape[0] < 2:
        return
    changed = x.clone()
    changed[0] = changed[0] * 3.0 + 1.0
    a, b = call(case), call(Case(args=(changed,), init=case.init, seed=case.seed))
    if not torch.allclose(a[1:], b[1:], atol=1e-5, rtol=1e-4):
        raise Fail(f"changing batch element 0 changed the outputs of other elements by "
                   f"{(a[1:] - b[1:]).abs().max().item():.2g}: each vector is normalised on its own")


def shift_invariance(call, case):
    x = case.args[0]
    c = 3 * x.abs().max().item()     # a shift on the inputs' own scale, so rounding stays small
    a, b = call(case), call(Case(args=(x + c,), init=case.init, seed=case.seed))
    if not torch.allclose(a, b, atol=1e-4, rtol=1e-3):
        raise Fail(f"adding {c:.3g} to every input changed the output by {(a - b).abs().max().item():.2g}; "
                   f"LayerNorm subtracts the mean, so a constant shift must not matter")


class UnbiasedVariance(LayerNorm):
    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        return (x - mean) / torch.sqrt(x.var(-1, keepdim=True) + self.eps) * self.weight + self.bias


class EpsOutsideRoot(LayerNorm):
    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        std = (x - mean).pow(2).mean(-1, keepdim=True).sqrt()
        return (x - mean) / (std + self.eps) * self.weight + self.bias


class NaiveVariance(LayerNorm):
    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        var = x.pow(2).mean(-1, keepdim=True) - mean**2
        return (x - mean) / torch.sqrt(var + self.eps) * self.weight + self.bias


class NoKeepdim(LayerNorm):
    def forward(self, x):
        mean = x.mean(-1)
        var = (x - mean).pow(2).mean(-1)
        return (x - mean) / torch.sqrt(var + self.eps) * self.weight + self.bias


class NoAffine(LayerNorm):
    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        return (x - mean) / torch.sqrt((x - mean).pow(2).mean(-1, keepdim=True) + self.eps)


class NoFloat32(LayerNorm):   # statistics in the input's half dtype: squares overflow float16
    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        var = (x - mean).pow(2).mean(-1, keepdim=True)
        return (x - mean) / torch.sqrt(var + self.eps) * self.weight.to(x.dtype) + self.bias.to(x.dtype)


DRILL = Drill(
    entry="LayerNorm",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([[1.0, 2.0, 3.0, 4.0]]),), init=(4,), label="the prompt's example"),
        Case(args=(seeded(1, 3, 1),), init=(1,), label="d = 1: the variance is 0"),
        Case(args=(seeded(2, 2, 3, 8),), init=(8, 1e-3), label="3-D input, eps = 1e-3"),
        Case(args=(seeded(3, 4, 16, scale=1e-3),), init=(16,), label="tiny inputs: variance near eps"),
        Case(args=(torch.full((2, 5), 3.0),), init=(5,), label="constant rows"),
        Case(args=(seeded(4, 3, 8, scale=300.0),), init=(8,),
             label="values in the hundreds: x² overflows float16"),
    ],
    extreme=[
        Case(args=(seeded(5, 4, 64) + 1e3,), init=(64,), scale=50.0,
             label="a large common offset: 1000 + N(0, 1)"),
        Case(args=(seeded(6, 2, 4096),), init=(4096,), label="long rows"),
    ],
    invariants=[Invariant("batch independence", batch_independence),
                Invariant("shift invariance", shift_invariance)],
    mistakes=[
        Mistake("statistics computed in float16/bfloat16: compute them in float32 and cast back",
                like=NoFloat32),
        Mistake("LayerNorm with the unbiased variance (divided by d - 1; torch.var's default)",
                like=UnbiasedVariance),
        Mistake("eps added to the standard deviation instead of inside the square root", like=EpsOutsideRoot),
        Mistake("variance as E[x²] - E[x]², which cancels catastrophically when |mean| >> std",
                like=NaiveVariance),
        Mistake("mean and variance without keepdim=True: they broadcast along the wrong axis",
                like=NoKeepdim),
        Mistake("weight and bias not applied", like=NoAffine),
        Mistake("x normalised in place (x -= mean): work on new tensors", check="inputs unchanged"),
    ],
    banned=["torch.nn.functional.layer_norm", "torch.layer_norm", "torch.native_layer_norm",
            "torch.nn.LayerNorm", "torch.nn.functional.group_norm", "torch.group_norm",
            "torch.native_group_norm", "torch.nn.GroupNorm"],
    half=True,
    speed=lambda: Case(args=(seeded(7, 1024, 2, 32),), init=(32,)),
    speed_limit=30.0,
)

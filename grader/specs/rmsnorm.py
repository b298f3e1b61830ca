from hypothesis import strategies as st

import torch
from grader.spec import Case, Drill, Fail, Invariant, Mistake, randn, seeded
from reference.rmsnorm import RMSNorm

META = dict(title="RMSNorm", zh="均方根归一化", topic="normalisation", difficulty="easy", minutes=8)
HINTS = [
    "RMSNorm is LayerNorm without the mean: no centring and no bias, only x / rms(x) * weight.",
    "Reduce x² over the last dim with keepdim=True, add eps, then take the root; torch.rsqrt does "
    "both the root and the division.",
    "h = x.float(); y = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps); "
    "return (y * self.weight).to(x.dtype)",
]


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 4), min_size=0, max_size=3))
    d = draw(st.integers(1, 16))
    eps = draw(st.sampled_from([1e-6, 1e-5, 1e-2]))
    spread = draw(st.sampled_from([1.0, 10.0, 100.0]))
    offset = draw(st.sampled_from([0.0, 0.0, 3.0]))
    x = randn(draw, *lead, d, scale=spread) + offset
    return Case(args=(x,), init=(d, eps), seed=draw(st.integers(0, 2**16)))   # the output is O(1)


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


def scale_invariance(call, case):
    x = case.args[0]
    eps = case.init[1] if len(case.init) > 1 else 1e-6
    a, b = call(case), call(Case(args=(x * 8.0,), init=case.init, seed=case.seed))
    big = x.pow(2).mean(-1, keepdim=True) > 1e4 * eps      # rows where eps is negligible
    off = ((a - b).abs() > 1e-5 + 2e-4 * a.abs()) & big
    if off.any():
        diff = (a - b).abs()[off].max().item()
        raise Fail(f"multiplying the input by 8 changed the output by {diff:.2g}; dividing by the "
                   f"root mean square makes RMSNorm(c·x) = RMSNorm(x) when mean(x²) >> eps")


class SubtractsMean(RMSNorm):
    def forward(self, x):
        xc = x - x.mean(-1, keepdim=True)
        return xc * torch.rsqrt(xc.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class EpsOutsideRoot(RMSNorm):
    def forward(self, x):
        return x / (x.pow(2).mean(-1, keepdim=True).sqrt() + self.eps) * self.weight


class SumNotMean(RMSNorm):
    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).sum(-1, keepdim=True) + self.eps) * self.weight


class NoKeepdim(RMSNorm):
    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1) + self.eps) * self.weight


class NoWeight(RMSNorm):
    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class NoFloat32(RMSNorm):     # mean of squares in the input's half dtype: overflows float16
    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight.to(x.dtype)


DRILL = Drill(
    entry="RMSNorm",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([[1.0, 2.0, 3.0, 4.0]]),), init=(4,), label="the prompt's example"),
        Case(args=(seeded(1, 3, 1),), init=(1,), label="d = 1"),
        Case(args=(seeded(2, 2, 3, 8) + 2.0,), init=(8, 1e-5), label="3-D input with a non-zero mean"),
        Case(args=(seeded(3, 4, 16, scale=1e-3),), init=(16,), label="tiny inputs: mean of squares near eps"),
        Case(args=(torch.zeros(2, 5),), init=(5,), label="all zeros"),
        Case(args=(seeded(4, 3, 8, scale=300.0),), init=(8,),
             label="values in the hundreds: x² overflows float16"),
    ],
    extreme=[
        Case(args=(seeded(5, 2, 4096),), init=(4096,), label="long rows"),
    ],
    invariants=[Invariant("batch independence", batch_independence),
                Invariant("scale invariance", scale_invariance)],
    mistakes=[
        Mistake("mean of squares computed in float16/bfloat16: compute it in float32 and cast back",
                like=NoFloat32),
        Mistake("the mean subtracted first: that is LayerNorm, RMSNorm does not centre", like=SubtractsMean),
        Mistake("eps added to the root instead of inside it", like=EpsOutsideRoot),
        Mistake("sum of squares instead of their mean (divide by d)", like=SumNotMean),
        Mistake("mean of squares without keepdim=True: it broadcasts along the wrong axis", like=NoKeepdim),
        Mistake("weight not applied", like=NoWeight),
        Mistake("x normalised in place: work on new tensors", check="inputs unchanged"),
    ],
    banned=["torch.nn.functional.rms_norm", "torch.rms_norm", "torch.nn.RMSNorm"],
    half=True,
    speed=lambda: Case(args=(seeded(7, 1024, 2, 32),), init=(32,)),
    speed_limit=15.0,
)

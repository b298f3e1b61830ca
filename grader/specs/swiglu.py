from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.spec import Case, Drill, Fail, Invariant, Mistake, randn, seeded
from reference.swiglu import SwiGLU

META = dict(title="SwiGLU FFN", zh="SwiGLU前馈网络", topic="positions and blocks", difficulty="easy",
            minutes=8)
HINTS = [
    "Three bias-free nn.Linear layers: two go d_model -> d_ff (gate and up), one comes back d_ff -> d_model.",
    "Only the gate branch goes through the activation; the up branch is multiplied in as it is.",
    "return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))",
]


def inputs(draw) -> Case:
    B, S = draw(st.integers(1, 3)), draw(st.integers(1, 5))
    d_model, d_ff = draw(st.integers(1, 8)), draw(st.integers(1, 12))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0]))
    # the output is a product of two projections of x: it grows like scale²
    return Case(init=(d_model, d_ff), args=(randn(draw, B, S, d_model, scale=scale),), scale=scale ** 2,
                seed=draw(st.integers(0, 2**16)))


def tokens_independent(call, case):
    x = case.args[0]
    if x[..., 0].numel() < 2:
        return
    changed = x.clone()
    changed.view(-1, x.shape[-1])[0] += 1.0   # change the first token only
    a, b = call(case), call(Case(init=case.init, args=(changed,), seed=case.seed))
    diff = (a - b).abs().reshape(-1, a.shape[-1])[1:].max()
    if diff > 1e-6 * case.scale:
        raise Fail(f"changing the first token changed the output of another token by {diff.item():.2g}: "
                   f"the FFN must act on each token on its own")


class SiluOnUp(SwiGLU):
    def forward(self, x):
        return self.down_proj(self.gate_proj(x) * F.silu(self.up_proj(x)))


class SigmoidGate(SwiGLU):
    def forward(self, x):
        return self.down_proj(torch.sigmoid(self.gate_proj(x)) * self.up_proj(x))


class GeluGate(SwiGLU):
    def forward(self, x):
        return self.down_proj(F.gelu(self.gate_proj(x)) * self.up_proj(x))


class SiluAfterProduct(SwiGLU):
    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x) * self.up_proj(x)))


DRILL = Drill(
    entry="SwiGLU",
    inputs=inputs,
    examples=[
        Case(init=(4, 8), args=(seeded(1, 2, 3, 4),), label="a small batch"),
        Case(init=(1, 1), args=(torch.tensor([[[2.0]]]),), label="one feature, one token"),
        Case(init=(6, 1), args=(seeded(2, 1, 1, 6),), label="d_ff = 1"),
        Case(init=(5, 7), args=(seeded(3, 4, 5),), label="(tokens, d_model) input, no batch dim"),
    ],
    extreme=[
        Case(init=(8, 16), args=(seeded(4, 2, 5, 8, scale=100.0),), scale=1e4, label="inputs near ±100"),
        Case(init=(16, 64), args=(seeded(5, 1, 512, 16),), label="long sequence"),
    ],
    invariants=[Invariant("tokens independent", tokens_independent)],
    mistakes=[
        Mistake("activation on the wrong branch (silu on up_proj instead of gate_proj)", like=SiluOnUp),
        Mistake("sigmoid gate instead of silu (that is GLU, not SwiGLU)", like=SigmoidGate),
        Mistake("GELU gate instead of silu (that is GeGLU, not SwiGLU)", like=GeluGate),
        Mistake("silu applied after multiplying gate and up", like=SiluAfterProduct),
    ],
    speed=lambda: Case(init=(16, 32), args=(seeded(6, 512, 4, 16),)),
    speed_limit=15.0,
)

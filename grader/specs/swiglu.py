"""swiglu: a module graded through its forward, with reference weights loaded. Particular to it:
the output is a product of two projections, so tolerances grow with the square of the inputs'
size; the classic mistakes are the gate's activation on the wrong branch (the kit's SwiGLU part),
another gate (sigmoid: GLU, GELU: GeGLU), SiLU after the product, and a SiLU whose gradient is NaN
where exp overflows (inputs near ±100 are graded); each token on its own."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from torch import nn
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(oracle="transformers' LlamaMLP", title="SwiGLU FFN", zh="SwiGLU前馈网络", topic="positions and blocks", difficulty="easy",
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


# ---- classic mistakes, written as a learner would ----------------------------------------------

def learner_like(forward):
    """SwiGLU written as a learner would, with `forward(self, x)` making one mistake."""
    class SwiGLU(nn.Module):
        def __init__(self, d_model, d_ff):
            super().__init__()
            self.gate_proj = nn.Linear(d_model, d_ff, bias=False)
            self.up_proj = nn.Linear(d_model, d_ff, bias=False)
            self.down_proj = nn.Linear(d_ff, d_model, bias=False)

    SwiGLU.forward = forward
    return SwiGLU


def silu_on_up(self, x):
    return kit.swiglu(x, self.gate_proj.weight, self.up_proj.weight, self.down_proj.weight, wrong_branch=True)


def sigmoid_gate(self, x):
    return self.down_proj(torch.sigmoid(self.gate_proj(x)) * self.up_proj(x))


def gelu_gate(self, x):
    return self.down_proj(F.gelu(self.gate_proj(x)) * self.up_proj(x))


def silu_overflows(self, x):
    gate = self.gate_proj(x)
    return self.down_proj(gate / (1 + torch.exp(-gate)) * self.up_proj(x))


def silu_after_product(self, x):
    return self.down_proj(F.silu(self.gate_proj(x) * self.up_proj(x)))


DRILL = Drill(entries=[Entry(
    "SwiGLU",
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
    invariants=[kit.tokens_independent()],
    mistakes=[
        Mistake(kit.SWIGLU_WRONG_BRANCH, like=learner_like(silu_on_up),
                hint="gate_proj(x) goes through SiLU; up_proj(x) is multiplied in as it is: "
                     "down_proj(F.silu(gate_proj(x)) * up_proj(x))."),
        Mistake("sigmoid gate instead of silu (that is GLU, not SwiGLU)", like=learner_like(sigmoid_gate)),
        Mistake("GELU gate instead of silu (that is GeGLU, not SwiGLU)", like=learner_like(gelu_gate)),
        Mistake("silu applied after multiplying gate and up", like=learner_like(silu_after_product)),
        Mistake("silu written as g / (1 + exp(-g)): exp(-g) overflows for g << 0, which makes the gradient NaN "
                "(inf / inf); use F.silu, or g * torch.sigmoid(g)", like=learner_like(silu_overflows)),
    ],
    loops=Loops(small=Case(init=(8, 16), args=(seeded(6, 2, 3, 8),)),
                large=Case(init=(8, 16), args=(seeded(7, 6, 5, 8),)), over="the tokens"),
    speed=Speed(lambda seed: Case(init=(16, 32), args=(seeded(seed, 512, 4, 16),)), limit=30.0),
)])

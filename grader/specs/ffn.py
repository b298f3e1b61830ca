"""ffn: a module graded through its forward, with reference weights loaded, for both activations.
Particular to it: the exact (erf) GELU against its approximations (tanh, x·sigmoid(1.702x)) on hidden
values spread where they differ, an activation in the wrong place (after fc2, or after both layers),
`activation` ignored in either direction, and each token transformed on its own."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from torch import nn
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(title="Feed-forward network", zh="前馈网络", topic="positions and blocks", difficulty="easy",
            minutes=6,
            oracle="F.linear + F.relu/F.gelu; nn.TransformerEncoderLayer")
HINTS = [
    "Two nn.Linear layers with bias: fc1 widens d_model -> d_ff, fc2 comes back d_ff -> d_model.",
    "The activation sits between them, on the d_ff-wide hidden layer; fc2's output goes out as it is.",
    "F.gelu(h) is the exact GELU (erf); approximate='tanh' is another function. Pick the activation from "
    "the string you were given, not always ReLU.",
    "return self.fc2(F.relu(self.fc1(x)) if self.activation == 'relu' else F.gelu(self.fc1(x)))",
]


def inputs(draw) -> Case:
    B, S = draw(st.integers(1, 3)), draw(st.integers(1, 5))
    d_model, d_ff = draw(st.integers(1, 8)), draw(st.integers(1, 12))
    activation = draw(st.sampled_from(["relu", "gelu"]))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0]))
    return Case(init=(d_model, d_ff, activation), args=(randn(draw, B, S, d_model, scale=scale),), scale=scale,
                seed=draw(st.integers(0, 2**16)))


# ---- classic mistakes, written as a learner would ----------------------------------------------

def learner_like(forward):
    """FFN written as a learner would, with `forward(self, x)` making one mistake."""
    class FFN(nn.Module):
        def __init__(self, d_model, d_ff, activation="relu"):
            super().__init__()
            self.fc1 = nn.Linear(d_model, d_ff)
            self.fc2 = nn.Linear(d_ff, d_model)
            self.act = F.relu if activation == "relu" else F.gelu
            self.activation = activation

    FFN.forward = forward
    return FFN


def no_activation(self, x):
    return self.fc2(self.fc1(x))


def activation_after_fc2(self, x):
    return self.act(self.fc2(self.fc1(x)))


def activation_after_both(self, x):
    return self.act(self.fc2(self.act(self.fc1(x))))


def tanh_gelu(self, x):
    h = self.fc1(x)
    return self.fc2(F.relu(h) if self.activation == "relu" else F.gelu(h, approximate="tanh"))


def sigmoid_gelu(self, x):
    h = self.fc1(x)
    return self.fc2(F.relu(h) if self.activation == "relu" else h * torch.sigmoid(1.702 * h))


def always_relu(self, x):
    return self.fc2(F.relu(self.fc1(x)))


def always_gelu(self, x):
    return self.fc2(F.gelu(self.fc1(x)))


def gelu_example() -> Case:
    """Hidden values spread over [-3, 3], where the exact and the tanh GELU differ by up to 5e-4."""
    return Case(init=(4, 16, "gelu"), args=(seeded(3, 2, 8, 4),), seed=3, label="gelu, hidden values over [-3, 3]")


DRILL = Drill(entries=[Entry(
    "FFN",
    inputs=inputs,
    examples=[
        Case(init=(4, 8, "relu"), args=(seeded(1, 2, 3, 4),), seed=1, label="relu, a small batch"),
        Case(init=(4, 8, "gelu"), args=(seeded(2, 2, 3, 4),), seed=2, label="gelu, a small batch"),
        gelu_example(),
        Case(init=(1, 1), args=(torch.tensor([[[2.0]]]),), label="one feature, one token, default activation"),
        Case(init=(6, 1, "gelu"), args=(seeded(4, 1, 1, 6),), seed=4, label="d_ff = 1"),
        Case(init=(5, 7, "relu"), args=(seeded(5, 4, 5),), seed=5, label="(tokens, d_model) input, no batch dim"),
    ],
    extreme=[
        Case(init=(8, 16, "gelu"), args=(seeded(6, 2, 5, 8, scale=100.0),), scale=100.0, label="inputs near ±100"),
        Case(init=(16, 64, "relu"), args=(seeded(7, 1, 512, 16),), label="long sequence"),
    ],
    invariants=[kit.tokens_independent()],
    mistakes=[
        Mistake("activation missing: without it fc2(fc1(x)) is one linear map", like=learner_like(no_activation)),
        Mistake("activation applied after fc2 instead of between fc1 and fc2", like=learner_like(activation_after_fc2)),
        Mistake("activation applied after fc2 as well as between the layers",
                like=learner_like(activation_after_both)),
        Mistake("GELU with the tanh approximation where the exact (erf) GELU is asked", like=learner_like(tanh_gelu),
                hint="F.gelu(h) with no approximate= is the exact GELU, 0.5 · h · (1 + erf(h / sqrt(2)))."),
        Mistake("GELU with the x * sigmoid(1.702 x) approximation where the exact (erf) GELU is asked",
                like=learner_like(sigmoid_gelu)),
        Mistake("`activation` ignored: always ReLU", like=learner_like(always_relu)),
        Mistake("`activation` ignored: always GELU", like=learner_like(always_gelu)),
    ],
    loops=Loops(small=Case(init=(8, 16, "gelu"), args=(seeded(8, 2, 3, 8),)),
                large=Case(init=(8, 16, "gelu"), args=(seeded(9, 6, 5, 8),)), over="the tokens"),
    # many short sequences: a loop over the batch costs 480-615x, correct variants 1.0-1.4x (reference
    # ~1 ms). ReLU, so that a hand-written erf GELU (5 passes over the hidden layer) is not timed.
    speed=Speed(lambda seed: Case(init=(16, 32, "relu"), args=(seeded(seed, 4096, 4, 16),)), limit=30.0),
)])

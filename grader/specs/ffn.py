from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.spec import Case, Drill, Fail, Invariant, Mistake, randn, seeded
from reference.ffn import FFN

META = dict(title="Feed-forward network", zh="前馈网络", topic="positions and blocks", difficulty="easy",
            minutes=6)
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


# ---- classic mistakes, written as a learner would ----------------------------------------------

class NoActivation(FFN):
    def forward(self, x):
        return self.fc2(self.fc1(x))


class ActivationAfterFc2(FFN):
    def forward(self, x):
        act = F.relu if self.activation == "relu" else F.gelu
        return act(self.fc2(self.fc1(x)))


class ActivationAfterBoth(FFN):
    def forward(self, x):
        act = F.relu if self.activation == "relu" else F.gelu
        return act(self.fc2(act(self.fc1(x))))


class TanhGelu(FFN):
    def forward(self, x):
        h = self.fc1(x)
        return self.fc2(F.relu(h) if self.activation == "relu" else F.gelu(h, approximate="tanh"))


class AlwaysRelu(FFN):
    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


class AlwaysGelu(FFN):
    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class SigmoidGelu(FFN):        # the x * sigmoid(1.702 x) approximation
    def forward(self, x):
        h = self.fc1(x)
        return self.fc2(F.relu(h) if self.activation == "relu" else h * torch.sigmoid(1.702 * h))


def gelu_example() -> Case:
    """Hidden values spread over [-3, 3], where the exact and the tanh GELU differ by up to 5e-4."""
    return Case(init=(4, 16, "gelu"), args=(seeded(3, 2, 8, 4),), seed=3, label="gelu")


DRILL = Drill(
    entry="FFN",
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
    invariants=[Invariant("tokens independent", tokens_independent)],
    mistakes=[
        Mistake("activation missing: without it fc2(fc1(x)) is one linear map", like=NoActivation),
        Mistake("activation applied after fc2 instead of between fc1 and fc2", like=ActivationAfterFc2),
        Mistake("activation applied after fc2 as well as between the layers", like=ActivationAfterBoth),
        Mistake("GELU with the tanh approximation where the exact (erf) GELU is asked", like=TanhGelu),
        Mistake("GELU with the x * sigmoid(1.702 x) approximation where the exact (erf) GELU is asked",
                like=SigmoidGelu),
        Mistake("`activation` ignored: always ReLU", like=AlwaysRelu),
        Mistake("`activation` ignored: always GELU", like=AlwaysGelu),
    ],
    # many short sequences: a loop over the batch costs 480-615x, correct variants 1.0-1.4x (reference
    # ~1 ms). ReLU, so that a hand-written erf GELU (5 passes over the hidden layer) is not timed.
    speed=lambda: Case(init=(16, 32, "relu"), args=(seeded(8, 4096, 4, 16),)),
    speed_limit=15.0,
)

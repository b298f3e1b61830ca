"""mlp: a module graded through its forward with the reference's weights loaded, and the gradients of
x and of every parameter. Particular to it: x with any number of leading dims (none included), rows
mapped independently, and the mistakes of where the ReLU goes (or which activation), missing biases
and untransposed weights."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from torch import nn
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="MLP", zh="多层感知机", topic="basics", difficulty="easy", minutes=5,
            oracle="F.linear + activation, autograd")
HINTS = [
    "Two nn.Linear layers named fc1 (d_in -> d_hidden) and fc2 (d_hidden -> d_out): nn.Linear(in, out) "
    "stores its weight as (out, in).",
    "ReLU goes between the layers only; the last layer's output is returned as it is.",
    "return self.fc2(F.relu(self.fc1(x)))",
]


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 5), min_size=0, max_size=2))
    d_in, d_hidden, d_out = draw(st.integers(1, 8)), draw(st.integers(1, 16)), draw(st.integers(1, 6))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0, 1e3]))
    return Case(init=(d_in, d_hidden, d_out), args=(randn(draw, *lead, d_in, scale=scale),), scale=scale,
                seed=draw(st.integers(0, 2**16)))


def rows_independent(call, case):
    x = case.args[0]
    if x[..., 0].numel() < 2:
        return
    changed = x.clone()
    changed.view(-1, x.shape[-1])[0] += 1.0   # change the first row only
    a, b = call(case), call(Case(init=case.init, args=(changed,), seed=case.seed, scale=case.scale))
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor) or a.shape != b.shape or \
            a.shape[:-1] != x.shape[:-1]:
        return                                 # the shape check says what is wrong
    diff = (a - b).detach().abs().reshape(-1, a.shape[-1])[1:].max()
    if diff > 1e-6 * case.scale:
        raise Fail(f"changing the first row of x changed the output of another row by {diff.item():.2g}: "
                   f"the MLP must act on each row on its own")


# ---- classic mistakes, written as a learner would ------------------------------------------------

def mlp_like(forward):
    """MLP with the drill's parameters, whose forward(self, x) makes a classic mistake."""
    class MLP(nn.Module):
        def __init__(self, d_in, d_hidden, d_out):
            super().__init__()
            self.fc1 = nn.Linear(d_in, d_hidden)
            self.fc2 = nn.Linear(d_hidden, d_out)
    MLP.forward = forward
    return MLP


def relu_on_output(self, x):
    return F.relu(self.fc2(F.relu(self.fc1(x))))


def no_activation(self, x):
    return self.fc2(self.fc1(x))


def relu_on_input(self, x):
    return self.fc2(self.fc1(F.relu(x)))


def sigmoid_activation(self, x):
    return self.fc2(torch.sigmoid(self.fc1(x)))


def gelu_activation(self, x):
    return self.fc2(F.gelu(self.fc1(x)))


def no_bias(self, x):
    return F.relu(x @ self.fc1.weight.T) @ self.fc2.weight.T


def not_transposed(self, x):
    h = F.relu(x @ self.fc1.weight + self.fc1.bias)
    return h @ self.fc2.weight + self.fc2.bias


TRANSPOSE = ("weights not transposed: nn.Linear's weight is (out_features, in_features), so a layer "
             "computes x @ W.T + b")

DRILL = Drill(entries=[Entry(
    "MLP",
    inputs=inputs,
    examples=[
        Case(init=(4, 8, 3), args=(seeded(1, 5, 4),), label="a batch of 5"),
        Case(init=(6, 5, 2), args=(seeded(2, 2, 3, 6),), label="(B, S, d_in) tokens"),
        Case(init=(1, 1, 1), args=(torch.tensor([[2.0], [-1.5]]),), label="one feature, one hidden unit"),
        Case(init=(3, 3, 3), args=(seeded(3, 4, 3),), label="square layers"),
        Case(init=(5, 16, 1), args=(seeded(4, 1, 5),), label="one row, one output"),
        Case(init=(4, 6, 2), args=(seeded(5, 4),), label="x with no leading dims"),
    ],
    extreme=[
        Case(init=(8, 16, 4), args=(seeded(6, 3, 8, scale=1e3),), scale=1e3, label="inputs near ±1000"),
        Case(init=(16, 64, 8), args=(seeded(7, 2, 512, 16),), label="many tokens"),
    ],
    invariants=[Invariant("rows independent", rows_independent)],
    mistakes=[
        Mistake("ReLU applied to the output too: the last layer has no activation", like=mlp_like(relu_on_output)),
        Mistake("the ReLU between the layers is missing (two linear layers collapse into one)",
                like=mlp_like(no_activation)),
        Mistake("ReLU applied to the input instead of the hidden layer", like=mlp_like(relu_on_input)),
        Mistake("sigmoid instead of ReLU", like=mlp_like(sigmoid_activation)),
        Mistake("GELU instead of ReLU", like=mlp_like(gelu_activation)),
        Mistake("biases not added", like=mlp_like(no_bias)),
        Mistake(TRANSPOSE, like=mlp_like(not_transposed),
                error=r"mat1 and mat2 shapes cannot be multiplied|size of tensor a .* must match"),
    ],
    loops=Loops(small=Case(init=(8, 8, 8), args=(seeded(8, 3, 8),)),
                large=Case(init=(8, 8, 8), args=(seeded(9, 11, 8),)), over="the rows of x"),
    speed=Speed(lambda seed: Case(init=(16, 32, 8), args=(seeded(seed, 4096, 16),)), limit=40.0),
)])

"""backprop: one function whose outputs are gradients, computed by hand: torch.autograd and
.backward() are banned while it runs. Particular to it: the gradients against central differences
of F.cross_entropy in float64, db summing to 0, one class, C == D where a transposed dW has the
right shape, logits near ±1000, and the classic mistakes of the 1/N, dW transposed and the
unstable or misdirected softmax."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Backprop by hand", zh="手推反向传播", topic="training", difficulty="medium", minutes=15,
            oracle="torch autograd")
HINTS = [
    "Start from d loss / d logits. For one row, d(-log softmax(z)[t]) / dz = softmax(z) - one_hot(t); the "
    "loss is the mean over N rows, so divide by N.",
    "logits = x @ W.T + b, so with g = d loss / d logits (N, C): dW = g.T @ x (C, D), db = g.sum(0) (C,), "
    "dx = g @ W (N, D). Check each shape against the tensor it is the gradient of.",
    "p = (logits - logits.amax(-1, keepdim=True)).exp(); p = p / p.sum(-1, keepdim=True); "
    "g = (p - torch.zeros_like(p).scatter_(-1, target[:, None], 1.0)) / N.",
]

DIMS, SCALES = st.integers(1, 6), st.sampled_from([1.0, 3.0, 30.0])


def labels(draw, n, c) -> torch.Tensor:
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    return torch.randint(0, c, (n,), generator=g)


def make(x, W, b, target, label="") -> Case:
    scale = max(1.0, x.abs().max().item(), W.abs().max().item())
    return Case(args=(x, W, b, target), scale=scale, label=label)


def inputs(draw) -> Case:
    N, D, C = draw(DIMS), draw(DIMS), draw(DIMS)
    x, W = randn(draw, N, D, scale=draw(SCALES)), randn(draw, C, D, scale=draw(SCALES))
    return make(x, W, randn(draw, C), labels(draw, N, C))


def fixed(seed, N, D, C, x_scale=1.0, w_scale=1.0, label="") -> Case:
    target = torch.randint(0, C, (N,), generator=torch.Generator().manual_seed(seed))
    return make(seeded(seed, N, D, scale=x_scale), seeded(seed + 1, C, D, scale=w_scale), seeded(seed + 2, C),
                target, label)


# ---- invariants (no reference needed) -------------------------------------------------------------

def finite_differences(call, case):
    """The directional derivative of F.cross_entropy along a random direction, by central differences
    in float64, against the one the returned gradients give."""
    x, W, b, target = (t.double() if t.is_floating_point() else t for t in case.args)
    dW, db, dx = call(Case(args=(x, W, b, target)))
    gen = torch.Generator().manual_seed(case.seed + 7)
    vW, vb, vx = (torch.randn(t.shape, generator=gen, dtype=torch.float64) for t in (W, b, x))

    def loss(h):
        return F.cross_entropy((x + h * vx) @ (W + h * vW).T + (b + h * vb), target).item()
    h = 1e-6
    numeric = (loss(h) - loss(-h)) / (2 * h)
    analytic = sum((g.double() * v).sum().item() for g, v in ((dW, vW), (db, vb), (dx, vx)))
    if abs(numeric - analytic) > 1e-5 * (1 + abs(numeric)):
        raise Fail(f"along a random direction the loss changes at rate {numeric:.6g} (central differences of "
                   f"F.cross_entropy in float64), but your (dW, db, dx) give {analytic:.6g}")


def db_sums_to_zero(call, case):
    _, db, _ = call(case)
    if abs(db.sum().item()) > 1e-4 * case.scale:
        raise Fail(f"db sums to {db.sum().item():.4g}: each row of softmax - one_hot sums to 0, so db must too "
                   f"(softmax over the wrong dim?)")


# ---- the classic mistakes, written as a learner would ---------------------------------------------

def backward_like(*, mean=True, stable=True, dim=-1, dW_transposed=False):
    def linear_softmax_ce_backward(x, W, b, target):
        logits = x @ W.T + b
        z = logits - logits.amax(dim, keepdim=True) if stable else logits
        p = z.exp() / z.exp().sum(dim, keepdim=True)
        g = (p - torch.zeros_like(p).scatter_(-1, target[:, None], 1.0)) / (x.shape[0] if mean else 1)
        dW = x.T @ g if dW_transposed else g.T @ x
        return dW, g.sum(0), g @ W
    return linear_softmax_ce_backward


DRILL = Drill(entries=[Entry(
    "linear_softmax_ce_backward",
    inputs=inputs,
    examples=[
        make(torch.tensor([[1.0, 2.0]]), torch.eye(2), torch.zeros(2), torch.tensor([0]), "the prompt's example"),
        fixed(1, 5, 3, 4, label="N=5, D=3, C=4"),
        fixed(2, 1, 4, 3, label="one row"),
        fixed(3, 4, 3, 1, label="one class: every gradient is 0"),
        fixed(4, 6, 4, 4, label="C == D (a transposed dW has the right shape)"),
        make(seeded(5, 6, 3), seeded(6, 5, 3), seeded(7, 5), torch.full((6,), 2), "every row the same class"),
    ],
    extreme=[
        fixed(8, 8, 4, 5, x_scale=30.0, w_scale=30.0, label="logits near ±1000"),
        fixed(9, 4096, 8, 3, label="4096 rows"),
        fixed(10, 4, 8, 4096, label="4096 classes"),
    ],
    invariants=[
        Invariant("gradients match finite differences of the loss", finite_differences),
        Invariant("db sums to 0", db_sums_to_zero),
    ],
    mistakes=[
        Mistake("forgot the 1/N of the mean (that is the gradient of the summed loss)", like=backward_like(mean=False)),
        Mistake("dW transposed: dW has W's shape (C, D), it is dlogits.T @ x, not x.T @ dlogits",
                like=backward_like(dW_transposed=True)),
        Mistake("softmax without subtracting the max (exp overflows)", like=backward_like(stable=False)),
        Mistake("softmax over the batch dim (dim=0) instead of the classes", like=backward_like(dim=0)),
    ],
    grad=False,                   # its outputs are gradients already: autograd is what it must not use
    loops=Loops(small=fixed(11, 3, 8, 4), large=fixed(11, 9, 8, 4), over="the rows"),
    speed=Speed(lambda seed: fixed(12 + seed, 1024, 32, 16), limit=30.0),
)], autograd=False)

"""mlp_numpy: two NumPy entries, forward (the logits) and backward (the gradients of the mean
cross-entropy as a dict), each graded on values in float64; importing torch is banned. Particular
to it: dead hidden units, one class, square weights where a transposed gradient has the right
shape, logits near ±1000, backward against central differences of the loss, no Python loop over
the samples (lines counted), and the classic mistakes of the 1/N, the ReLU mask, transposed
weight gradients and the unstable or misdirected softmax."""
import numpy as np
from hypothesis import strategies as st

import torch
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake

META = dict(title="MLP forward and backward in NumPy", zh="手写两层MLP前向与反向传播(NumPy)", topic="basics",
            difficulty="medium", minutes=25,
            oracle="torch autograd on the same weights")
HINTS = [
    "Keep the forward intermediates the backward needs: z = x @ W1.T + b1 (for the ReLU mask), h = relu(z) "
    "(for dW2), and the logits.",
    "Softmax cross-entropy's gradient w.r.t. the logits is (softmax - one_hot(y)) / N: take p = softmax(logits), "
    "then p[np.arange(N), y] -= 1 and divide by N.",
    "Each layer out = inp @ W.T + b gives dW = dout.T @ inp, db = dout.sum(axis=0), dinp = dout @ W. Between "
    "the layers the ReLU lets the gradient through only where z > 0: dz = dh * (z > 0).",
]


# ---- inputs: one network and batch, called as forward(x, W1, b1, W2, b2) or backward(x, y, ...) ----

def array(t: torch.Tensor) -> np.ndarray:
    return t.double().numpy()


def network(x, y, W1, b1, W2, b2, label="", entry="backward") -> Case:
    scale = max(1.0, *(float(np.abs(a).max()) for a in (x, W1, W2)))
    args = (x, y, W1, b1, W2, b2) if entry == "backward" else (x, W1, b1, W2, b2)
    return Case(args=args, scale=scale, label=label)


def fixed(seed, N, D, H, C, w2_scale=1.0, b1_shift=0.0, label="", entry="backward") -> Case:
    y = torch.randint(0, C, (N,), generator=torch.Generator().manual_seed(seed)).numpy()
    return network(array(seeded(seed, N, D)), y, array(seeded(seed + 1, H, D)), array(seeded(seed + 2, H) + b1_shift),
                   array(seeded(seed + 3, C, H, scale=w2_scale)), array(seeded(seed + 4, C)), label, entry)


DIMS, SCALES = st.integers(1, 6), st.sampled_from([0.5, 1.0, 3.0, 30.0])


def inputs_of(entry):
    def inputs(draw) -> Case:
        N, D, H, C = draw(DIMS), draw(DIMS), draw(DIMS), draw(DIMS)
        g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
        y = torch.randint(0, C, (N,), generator=g).numpy()
        x, W1, W2 = (array(randn(draw, *shape, scale=draw(SCALES))) for shape in ((N, D), (H, D), (C, H)))
        return network(x, y, W1, array(randn(draw, H)), W2, array(randn(draw, C)), entry=entry)
    return inputs


def examples_of(entry):
    return [
        network(np.array([[1.0, -1.0]]), np.array([0]), np.eye(2), np.zeros(2), np.array([[1.0, 1.0], [0.0, 0.0]]),
                np.zeros(2), "the prompt's example", entry),
        fixed(1, 5, 3, 4, 2, label="N=5, D=3, H=4, C=2", entry=entry),
        fixed(2, 1, 2, 3, 4, label="one sample", entry=entry),
        fixed(3, 4, 3, 5, 1, label="one class: every gradient is 0", entry=entry),
        fixed(4, 6, 2, 3, 3, b1_shift=-10.0, label="every hidden unit dead: no gradient reaches layer 1", entry=entry),
        fixed(5, 6, 4, 4, 4, label="square weights (a transposed gradient has the right shape)", entry=entry),
    ]


def extreme_of(entry):
    return [fixed(6, 8, 4, 6, 5, w2_scale=300.0, label="logits near ±1000", entry=entry),
            fixed(7, 4096, 8, 16, 4, label="4096 samples", entry=entry),
            fixed(8, 4, 3, 5, 4096, label="4096 classes", entry=entry)]


def loops_of(entry):
    return Loops(small=fixed(20, 64, 3, 4, 3, entry=entry), large=fixed(20, 128, 3, 4, 3, entry=entry),
                 over="the samples")


# ---- backward against central differences of the loss (no reference needed) ----------------------

def mean_ce(x, y, W1, b1, W2, b2) -> float:
    logits = np.maximum(x @ W1.T + b1, 0.0) @ W2.T + b2
    z = logits - logits.max(axis=1, keepdims=True)
    return float(np.mean(np.log(np.exp(z).sum(axis=1)) - z[np.arange(len(y)), y]))


def finite_differences(call, case):
    """Along one random direction, in float64; skipped when a pre-activation is near a ReLU kink."""
    x, y, W1, b1, W2, b2 = case.args
    if np.abs(x @ W1.T + b1).min() < 1e-3:
        return
    grads = call(case)
    if not isinstance(grads, dict) or set(grads) != {"W1", "b1", "W2", "b2"}:
        raise Fail(f"backward should return a dict with keys W1, b1, W2, b2, got {type(grads).__name__}")
    rng = np.random.default_rng(case.seed)
    params = {"W1": W1, "b1": b1, "W2": W2, "b2": b2}
    direction = {k: rng.standard_normal(v.shape) for k, v in params.items()}

    def loss(step):
        moved = {k: v + step * direction[k] for k, v in params.items()}
        return mean_ce(x, y, moved["W1"], moved["b1"], moved["W2"], moved["b2"])
    step = 1e-6
    numeric = (loss(step) - loss(-step)) / (2 * step)
    analytic = sum(float((np.asarray(grads[k]) * direction[k]).sum()) for k in params)
    if abs(numeric - analytic) > 1e-5 * (1 + abs(numeric)):
        raise Fail(f"along a random direction the loss changes at rate {numeric:.6g} (central differences), but "
                   f"your gradients give {analytic:.6g}")


# ---- the classic mistakes, written as a learner would ---------------------------------------------

def forward_like(*, relu=True, softmax=False):
    def forward(x, W1, b1, W2, b2):
        z = x @ W1.T + b1
        logits = (np.maximum(z, 0.0) if relu else z) @ W2.T + b2
        if softmax:
            e = np.exp(logits - logits.max(axis=1, keepdims=True))
            return e / e.sum(axis=1, keepdims=True)
        return logits
    return forward


def backward_like(*, mean=True, mask=True, stable=True, axis=1, transposed=False):
    def backward(x, y, W1, b1, W2, b2):
        N = x.shape[0]
        z = x @ W1.T + b1
        h = np.maximum(z, 0.0)
        logits = h @ W2.T + b2
        e = np.exp(logits - logits.max(axis=axis, keepdims=True) if stable else logits)
        p = e / e.sum(axis=axis, keepdims=True)
        p[np.arange(N), y] -= 1.0
        d2 = p / (N if mean else 1)
        d1 = (d2 @ W2) * ((z > 0) if mask else 1.0)
        if transposed:
            return {"W1": x.T @ d1, "b1": d1.sum(0), "W2": h.T @ d2, "b2": d2.sum(0)}
        return {"W1": d1.T @ x, "b1": d1.sum(0), "W2": d2.T @ h, "b2": d2.sum(0)}
    return backward


FORWARD = Entry(
    "forward",
    inputs=inputs_of("forward"),
    examples=examples_of("forward"),
    extreme=extreme_of("forward"),
    mistakes=[
        Mistake("ReLU left out: the hidden layer is relu(x @ W1.T + b1)", like=forward_like(relu=False)),
        Mistake("forward returns probabilities: it returns the logits, before any softmax",
                like=forward_like(softmax=True)),
    ],
    loops=loops_of("forward"),
)

BACKWARD = Entry(
    "backward",
    inputs=inputs_of("backward"),
    examples=examples_of("backward"),
    extreme=extreme_of("backward"),
    invariants=[Invariant("backward matches finite differences of the loss", finite_differences)],
    mistakes=[
        Mistake("forgot the 1/N of the mean (that is the gradient of the summed loss)", like=backward_like(mean=False)),
        Mistake("ReLU's gradient not masked: it flows only where z > 0 (note relu(z) >= 0 is always true)",
                like=backward_like(mask=False)),
        Mistake("weight gradients transposed: dW has W's shape (out, in), dW = doutᵀ @ inp",
                like=backward_like(transposed=True)),
        Mistake("softmax without subtracting the max (exp overflows)", like=backward_like(stable=False)),
        Mistake("softmax over the batch axis (axis=0) instead of the classes", like=backward_like(axis=0)),
    ],
    loops=loops_of("backward"),
)

DRILL = Drill(entries=[FORWARD, BACKWARD], numpy=True)

import inspect
import sys
from dataclasses import dataclass
from typing import Callable

import numpy as np
from hypothesis import strategies as st

import torch
from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, seeded
from reference.mlp_numpy import forward as ref_forward

META = dict(title="MLP forward and backward in NumPy", zh="手写两层MLP前向与反向传播(NumPy)", topic="basics",
            difficulty="medium", minutes=25)
HINTS = [
    "Keep the forward intermediates the backward needs: z = x @ W1.T + b1 (for the ReLU mask), h = relu(z) "
    "(for dW2), and the logits.",
    "Softmax cross-entropy's gradient w.r.t. the logits is (softmax - one_hot(y)) / N: take p = softmax(logits), "
    "then p[np.arange(N), y] -= 1 and divide by N.",
    "Each layer out = inp @ W.T + b gives dW = dout.T @ inp, db = dout.sum(axis=0), dinp = dout @ W. Between "
    "the layers the ReLU lets the gradient through only where z > 0: dz = dh * (z > 0).",
]
OUTPUTS = "compared: forward(x, W1, b1, W2, b2) as 'logits' and backward(x, y, W1, b1, W2, b2) as 'grads'"


# ---- grading both functions: `impl` is the file's backward, its forward is found beside it -------

@dataclass
class Net:
    """A mistake's pair of functions (the grader passes the entry, `backward`, on its own)."""
    forward: Callable
    backward: Callable

    def __call__(self, *args):
        return self.backward(*args)


def functions(impl):
    if isinstance(impl, Net):
        return impl.forward, impl.backward
    return inspect.getmodule(impl).forward, impl


def run(impl, case):
    forward, backward = functions(impl)
    x, y, W1, b1, W2, b2 = case.args
    return {"logits": forward(x, W1, b1, W2, b2), "grads": backward(x, y, W1, b1, W2, b2)}


# ---- inputs -------------------------------------------------------------------------------------

def array(t: torch.Tensor) -> np.ndarray:
    return t.double().numpy()


def make(x, y, W1, b1, W2, b2, label="") -> Case:
    scale = max(1.0, *(float(np.abs(a).max()) for a in (x, W1, W2)))
    return Case(args=(x, y, W1, b1, W2, b2), scale=scale, label=f"{label}; {OUTPUTS}" if label else OUTPUTS)


DIMS, SCALES = st.integers(1, 6), st.sampled_from([0.5, 1.0, 3.0])


def inputs(draw) -> Case:
    N, D, H, C = draw(DIMS), draw(DIMS), draw(DIMS), draw(DIMS)
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    y = torch.randint(0, C, (N,), generator=g).numpy()
    x, W1, W2 = (array(randn(draw, *shape, scale=draw(SCALES))) for shape in ((N, D), (H, D), (C, H)))
    return make(x, y, W1, array(randn(draw, H)), W2, array(randn(draw, C)))


def fixed(seed, N, D, H, C, w2_scale=1.0, b1_shift=0.0, label="") -> Case:
    y = torch.randint(0, C, (N,), generator=torch.Generator().manual_seed(seed)).numpy()
    return make(array(seeded(seed, N, D)), y, array(seeded(seed + 1, H, D)), array(seeded(seed + 2, H) + b1_shift),
                array(seeded(seed + 3, C, H, scale=w2_scale)), array(seeded(seed + 4, C)), label)


# ---- checks that need no reference ---------------------------------------------------------------

def mean_ce(logits, y) -> float:
    z = logits - logits.max(axis=1, keepdims=True)
    return float(np.mean(np.log(np.exp(z).sum(axis=1)) - z[np.arange(len(y)), y]))


def finite_differences(call, case):
    """Your backward against central differences of the loss of your own forward, in float64,
    along one random direction (skipped when a pre-activation is near a ReLU kink)."""
    x, y, W1, b1, W2, b2 = case.args
    if np.abs(x @ W1.T + b1).min() < 1e-3:
        return
    grads = call(case)["grads"]
    if not isinstance(grads, dict) or set(grads) != {"W1", "b1", "W2", "b2"}:
        raise Fail(f"backward should return a dict with keys W1, b1, W2, b2, got {type(grads).__name__}")
    rng = np.random.default_rng(case.seed)
    params = {"W1": W1, "b1": b1, "W2": W2, "b2": b2}
    direction = {k: rng.standard_normal(v.shape) for k, v in params.items()}

    def loss(step):
        moved = {k: v + step * direction[k] for k, v in params.items()}
        out = call(Case(args=(x, y, moved["W1"], moved["b1"], moved["W2"], moved["b2"])))["logits"]
        return mean_ce(np.asarray(out, dtype=np.float64), y)
    step = 1e-6
    numeric = (loss(step) - loss(-step)) / (2 * step)
    analytic = sum(float((np.asarray(grads[k]) * direction[k]).sum()) for k in params)
    if abs(numeric - analytic) > 1e-5 * (1 + abs(numeric)):
        raise Fail(f"along a random direction the loss of your forward changes at rate {numeric:.6g} (central "
                   f"differences), but your backward's gradients give {analytic:.6g}")


def lines_run(module, N: int) -> int:
    """Lines of the learner's file executed by forward and backward on a batch of N."""
    case = fixed(20, N, 3, 4, 3)
    x, y, W1, b1, W2, b2 = case.args
    filename, count = module.__file__, 0

    def local(frame, event, arg):
        nonlocal count
        count += event == "line"
        return local

    def calls(frame, event, arg):
        return local if frame.f_code.co_filename == filename else None
    old = sys.gettrace()
    sys.settrace(calls)
    try:
        module.forward(x, W1, b1, W2, b2)
        module.backward(x, y, W1, b1, W2, b2)
    finally:
        sys.settrace(old)
    return count


def vectorised(module):
    """Timing NumPy is unreliable here (its BLAS threads are not the grader's to set), but a loop over the
    batch is plain to see: the number of lines run grows with N."""
    small, large = lines_run(module, 64), lines_run(module, 128)
    if large > small + 32:
        raise Fail(f"your forward and backward ran {small} lines of Python for a batch of 64 and {large} for "
                   f"128: a Python loop over the samples. Use whole-batch array operations (x @ W1.T, "
                   f"p[np.arange(N), y], .sum(axis=0))")


# ---- the classic mistakes -----------------------------------------------------------------------

def literal(x, y, W1, b1, W2, b2, *, mean=True, mask=True, stable=True, axis=1, transposed=False):
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


def mistake(**flags) -> Net:
    def backward(*args):
        with np.errstate(all="ignore"):          # the unstable softmax overflows: that is the point
            return literal(*args, **flags)
    return Net(ref_forward, backward)


DRILL = Drill(
    entry="backward",
    inputs=inputs,
    run=run,
    examples=[
        make(np.array([[1.0, -1.0]]), np.array([0]), np.eye(2), np.zeros(2), np.array([[1.0, 1.0], [0.0, 0.0]]),
             np.zeros(2), "the prompt's example"),
        fixed(1, 5, 3, 4, 2, label="N=5, D=3, H=4, C=2"),
        fixed(2, 1, 2, 3, 4, label="one sample"),
        fixed(3, 4, 3, 5, 1, label="one class: every gradient is 0"),
        fixed(4, 6, 2, 3, 3, b1_shift=-10.0, label="every hidden unit dead: no gradient reaches layer 1"),
        fixed(5, 6, 4, 4, 4, label="square weights (a transposed gradient has the right shape)"),
    ],
    extreme=[
        fixed(6, 8, 4, 6, 5, w2_scale=300.0, label="logits near ±1000"),
        fixed(7, 4096, 8, 16, 4, label="4096 samples"),
        fixed(8, 4, 3, 5, 4096, label="4096 classes"),
    ],
    invariants=[Invariant("backward matches finite differences of forward", finite_differences)],
    custom=[Custom("no Python loop over the samples", vectorised)],
    mistakes=[
        Mistake("forgot the 1/N of the mean (that is the gradient of the summed loss)", like=mistake(mean=False)),
        Mistake("ReLU's gradient not masked: it flows only where z > 0 (note relu(z) >= 0 is always true)",
                like=mistake(mask=False)),
        Mistake("weight gradients transposed: dW has W's shape (out, in), dW = doutᵀ @ inp",
                like=mistake(transposed=True)),
        Mistake("softmax without subtracting the max (exp overflows)", like=mistake(stable=False)),
        Mistake("softmax over the batch axis (axis=0) instead of the classes", like=mistake(axis=0)),
    ],
    banned=["import torch"],
    grad=False,                    # NumPy: no autograd to check; backward IS the gradient
    device=False,                  # NumPy arrays live on the CPU
)

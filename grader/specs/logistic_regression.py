"""logistic_regression: two entries whose gradients are computed by hand (torch.autograd and
.backward() are banned while they run): the loss and its gradient at given weights, and full-batch
gradient descent from zeros, compared step for step with the reference's trajectory. Particular to
it: the gradient against central differences of a float64 loss, logits near ±1000 and ±30 where a
log of a sigmoid overflows or rounds to log(0), a bias far from 0 (so penalising it shows), one
sample, one feature, and the classic mistakes of the 1/N, the penalised bias, the unstable
log-sigmoid, and the L2 term or the sign of the gradient."""
from hypothesis import strategies as st

import torch
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Logistic regression by gradient descent", zh="逻辑回归(手推梯度下降)", topic="classic ML",
            difficulty="medium", minutes=20,
            oracle="autograd of F.binary_cross_entropy_with_logits in float64; sklearn LogisticRegression")
HINTS = [
    "With z = X @ w + b and p = sigmoid(z), the mean log-loss has d loss / d z = (p - y) / N: then "
    "dw = X.T @ that + l2 * w and db = its sum (no l2 term for the bias).",
    "-log sigmoid(z) = log(1 + exp(-z)) overflows for z << 0, and log(sigmoid(z)) is log(0) once sigmoid rounds "
    "to 0 or 1. Per sample the loss is log(1 + e^z) - y z = max(z, 0) - y z + log1p(exp(-|z|)): exp never sees "
    "a positive number.",
    "fit: w = X.new_zeros(D), b = X.new_zeros(()); each step compute (dw, db) at the current (w, b), then "
    "w = w - lr * dw; b = b - lr * db.",
]


def make(X, y, w, b, l2=None, label="") -> Case:
    z = X @ w + b
    kwargs = {} if l2 is None else {"l2": l2}
    return Case(args=(X, y, w, b), kwargs=kwargs, scale=max(1.0, z.abs().max().item() if z.numel() else 1.0),
                label=label)


def labels(seed, n, p=0.5) -> torch.Tensor:
    return (torch.rand(n, generator=torch.Generator().manual_seed(seed)) < p).float()


def fixed(seed, N, D, x_scale=1.0, w_scale=1.0, b=0.0, l2=None, label="") -> Case:
    return make(seeded(seed, N, D, scale=x_scale), labels(seed + 1, N), seeded(seed + 2, D, scale=w_scale),
                torch.tensor(b), l2, label)


L2S = st.sampled_from([None, 0.0, 0.01, 0.1, 1.0])


def inputs(draw) -> Case:
    N, D = draw(st.integers(1, 16)), draw(st.integers(1, 5))
    X = randn(draw, N, D, scale=draw(st.sampled_from([0.5, 1.0, 2.0])))
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    y = (torch.rand(N, generator=g) < draw(st.sampled_from([0.1, 0.5, 0.9]))).float()
    w, b = randn(draw, D, scale=draw(st.sampled_from([0.3, 1.0, 2.0]))), randn(draw, scale=2.0)
    return make(X, y, w, b, draw(L2S))


# ---- invariants (no reference needed) -------------------------------------------------------------

def loss64(X, y, w, b, l2) -> float:
    z = X @ w + b
    return (torch.logaddexp(torch.zeros_like(z), z) - y * z).mean().item() + 0.5 * l2 * (w * w).sum().item()


def finite_differences(call, case):
    """The directional derivative of the loss along a random direction, by central differences in
    float64, against the one the returned (dw, db) give."""
    X, y, w, b = (t.double() for t in case.args)
    l2 = case.kwargs.get("l2", 0.0)
    out = call(Case(args=(X, y, w, b), kwargs=case.kwargs))
    if not isinstance(out, (tuple, list)) or len(out) != 3:
        raise Fail(f"expected (loss, dw, db), got {type(out).__name__}")
    _, dw, db = out
    gen = torch.Generator().manual_seed(case.seed + 7)
    vw, vb = torch.randn(w.shape, generator=gen, dtype=torch.float64), torch.randn((), generator=gen,
                                                                                  dtype=torch.float64)
    h = 1e-6
    numeric = (loss64(X, y, w + h * vw, b + h * vb, l2) - loss64(X, y, w - h * vw, b - h * vb, l2)) / (2 * h)
    analytic = (dw.double() * vw).sum().item() + (db.double() * vb).sum().item()
    if abs(numeric - analytic) > 1e-5 * (1 + abs(numeric)):
        raise Fail(f"along a random direction the loss changes at rate {numeric:.6g} (central differences in "
                   f"float64), but your (dw, db) give {analytic:.6g}")


# ---- the classic mistakes, written as a learner would -----------------------------------------------

def loss_like(*, mean_grad=True, bias_l2=False, log="stable", l2_grad=True, sign=1.0, sigmoid="torch"):
    def loss_and_grad(X, y, w, b, l2=0.0):
        N = X.shape[0]
        z = X @ w + b
        if sigmoid == "exp ratio":
            p = torch.exp(z) / (1 + torch.exp(z))
        else:
            p = torch.sigmoid(z)
        if log == "log of sigmoid":
            nll = -(y * torch.log(p) + (1 - y) * torch.log(1 - p))
        elif log == "log1p exp":
            nll = torch.log(1 + torch.exp(z)) - y * z
        else:
            nll = z.clamp(min=0) - y * z + torch.log1p(torch.exp(-z.abs()))
        loss = nll.mean() + 0.5 * l2 * (w @ w)
        if bias_l2:
            loss = loss + 0.5 * l2 * b * b
        err = sign * (p - y)
        if mean_grad:
            err = err / N
        dw = X.T @ err + (l2 * w if l2_grad else 0.0)
        db = err.sum() + (l2 * b if bias_l2 else 0.0)
        return loss, dw, db
    return loss_and_grad


def fit_like(*, mean_grad=True, bias_l2=False, sign=1.0):
    def fit(X, y, l2=0.0, lr=0.1, steps=100):
        N, D = X.shape
        w = torch.zeros(D, dtype=X.dtype, device=X.device)
        b = torch.zeros((), dtype=X.dtype, device=X.device)
        for _ in range(steps):
            err = sign * (torch.sigmoid(X @ w + b) - y)
            if mean_grad:
                err = err / N
            dw = X.T @ err + l2 * w
            db = err.sum() + (l2 * b if bias_l2 else 0.0)
            w = w - lr * dw
            b = b - lr * db
        return w, b
    return fit


NOT_MEAN = "gradient not divided by N: the loss is a mean over the samples, so is its gradient"
BIAS_L2 = "the bias is regularised: the L2 penalty is on w only"
UNSTABLE = ("unstable log-sigmoid: log(sigmoid(z)) or log(1 + exp(z)) gives inf or NaN for large |z|; use "
            "max(z, 0) - y z + log1p(exp(-|z|))")
SIGN = "gradient with the wrong sign: d loss / d z = sigmoid(z) - y"

LOSS = Entry(
    "loss_and_grad",
    inputs=inputs,
    examples=[
        make(torch.tensor([[1.0, 2.0], [-1.0, 0.5], [0.0, -1.0]]), torch.tensor([1.0, 0.0, 1.0]),
             torch.tensor([0.5, -0.25]), torch.tensor(0.1), 0.1, "the prompt's example"),
        fixed(1, 8, 3, label="N=8, D=3, l2 left to its default"),
        fixed(2, 6, 4, b=3.0, l2=0.5, label="bias 3 and l2 = 0.5"),
        fixed(3, 1, 2, b=-1.0, l2=0.1, label="one sample"),
        make(seeded(4, 5, 1), torch.ones(5), seeded(5, 1), torch.tensor(0.5), 0.0, "one feature, every label 1"),
        make(seeded(6, 7, 3), torch.zeros(7), seeded(7, 3), torch.tensor(-0.5), 0.01, "every label 0"),
        make(seeded(8, 9, 3).double(), labels(9, 9).double(), seeded(10, 3).double(), torch.tensor(0.7).double(),
             0.1, "float64"),
    ],
    extreme=[
        fixed(11, 8, 3, x_scale=30.0, w_scale=10.0, l2=0.01, label="logits near ±1000"),
        fixed(12, 8, 3, x_scale=10.0, w_scale=2.0, b=1.0, label="logits near ±30: sigmoid rounds to 0 or 1"),
        fixed(13, 1024, 8, l2=0.1, label="1024 samples"),
    ],
    invariants=[Invariant("gradients match finite differences of the loss", finite_differences)],
    mistakes=[
        Mistake(NOT_MEAN, like=loss_like(mean_grad=False),
                hint="loss = mean(...), so every per-sample gradient is divided by N: err = (p - y) / N."),
        Mistake(BIAS_L2, like=loss_like(bias_l2=True),
                hint="The penalty is (l2 / 2) * ||w||²: db has no l2 term, and the loss no b²."),
        Mistake(UNSTABLE, like=loss_like(log="log of sigmoid"),
                hint="Per sample, log(1 + e^z) - y z = max(z, 0) - y z + log1p(exp(-|z|)): exp of a "
                     "non-positive number only."),
        Mistake(UNSTABLE, like=loss_like(log="log1p exp")),
        Mistake("sigmoid as exp(z) / (1 + exp(z)): inf / inf = NaN for large z; use torch.sigmoid",
                like=loss_like(sigmoid="exp ratio")),
        Mistake("the L2 term is missing from dw: d/dw of (l2 / 2) ||w||² is l2 * w", like=loss_like(l2_grad=False)),
        Mistake(SIGN, like=loss_like(sign=-1.0)),
    ],
    grad=False,                   # its outputs are gradients already: autograd is what it must not use
    loops=Loops(small=fixed(14, 8, 4, l2=0.1), large=fixed(14, 24, 4, l2=0.1), over="the samples"),
    speed=Speed(lambda seed: fixed(20 + seed, 8192, 64, l2=0.1), limit=30.0),
)


def training(seed, N, D, lr=0.1, steps=50, l2=None, shift=0.0, x_scale=1.0, label="") -> Case:
    X = seeded(seed, N, D, scale=x_scale)
    y = ((X @ seeded(seed + 1, D) + shift + 0.5 * seeded(seed + 2, N)) > 0).float()   # learnable, a little noise
    kwargs = {"lr": lr, "steps": steps} | ({} if l2 is None else {"l2": l2})
    return Case(args=(X, y), kwargs=kwargs, label=label)


def fit_inputs(draw) -> Case:
    N, D = draw(st.integers(1, 16)), draw(st.integers(1, 4))
    X = randn(draw, N, D)
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    y = (torch.rand(N, generator=g) < draw(st.sampled_from([0.2, 0.5, 0.8]))).float()
    kwargs = {"lr": draw(st.sampled_from([0.05, 0.1, 0.5])), "steps": draw(st.sampled_from([0, 1, 5, 30]))}
    l2 = draw(L2S)
    return Case(args=(X, y), kwargs=kwargs | ({} if l2 is None else {"l2": l2}))


FIT = Entry(
    "fit",
    inputs=fit_inputs,
    examples=[
        Case(args=(torch.tensor([[1.0, 2.0], [-1.0, 0.5], [0.0, -1.0]]), torch.tensor([1.0, 0.0, 1.0])),
             kwargs={"l2": 0.1, "lr": 0.5, "steps": 100}, label="the prompt's example"),
        training(1, 20, 3, steps=20, l2=0.01, label="N=20, D=3"),
        training(2, 12, 2, lr=0.5, steps=40, l2=0.3, shift=2.0, label="mostly label 1: a large bias"),
        training(3, 10, 3, steps=1, l2=0.1, label="one step"),
        training(4, 6, 2, steps=0, label="no step: zeros"),
        training(5, 1, 3, steps=10, label="one sample"),
        Case(args=(seeded(6, 15, 4).double(), (seeded(7, 15) > 0).double()), kwargs={"lr": 0.2, "steps": 20, "l2": 0.05},
             label="float64"),
        training(8, 16, 2, lr=1.0, steps=100, label="separable data, defaults for l2"),
    ],
    mistakes=[
        Mistake(NOT_MEAN, like=fit_like(mean_grad=False)),
        Mistake(BIAS_L2, like=fit_like(bias_l2=True)),
        Mistake(SIGN, like=fit_like(sign=-1.0)),
    ],
    grad=False,
    loops=Loops(small=training(9, 8, 3, steps=5), large=training(9, 24, 3, steps=5), over="the samples"),
    speed=Speed(lambda seed: training(30 + seed, 4096, 32, steps=50), limit=30.0),
)

DRILL = Drill(
    entries=[LOSS, FIT],
    banned=["torch.nn.functional.binary_cross_entropy_with_logits", "torch.nn.functional.binary_cross_entropy",
            "torch.binary_cross_entropy_with_logits", "torch.nn.functional.logsigmoid", "torch.nn.functional.softplus",
            "torch.nn.BCEWithLogitsLoss", "torch.nn.BCELoss", "torch.nn.LogSigmoid", "torch.nn.Softplus",
            "import sklearn"],
    autograd=False,
)

"""linear_regression: ridge regression two ways, the closed form and gradient descent, for one loss
(the mean squared error with a 1/2, plus (l2/2)·‖w‖², the intercept not penalised). The closed
form is compared with the reference where the normal equations are well conditioned; everywhere
(nearly collinear columns included) the answer must satisfy them to the precision of a backward-
stable solve: there an explicit inverse leaves a residual thousands of times larger, which is how
that mistake is named, and only when the same code is right on a well-conditioned problem. Gradient
descent is compared with the reference's trajectory. Particular to it: more features than samples
with l2 > 0, one feature, features far from zero mean, and the classic mistakes of the penalised
intercept, the missing N in N·l2, the missing intercept, and the gradient's 1/N, ½ and update order."""
from hypothesis import strategies as st

import torch
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Linear regression: closed form and gradient descent", zh="线性回归(正规方程与梯度下降)",
            topic="classic ML", difficulty="medium", minutes=20,
            oracle="torch.linalg.lstsq on the centred data stacked over sqrt(N·l2)·I; sklearn Ridge")
HINTS = [
    "Centre first: with x̄, ȳ the means, Xc = X - x̄ and yc = y - ȳ. The intercept then drops out of the "
    "problem (b = ȳ - x̄ · w), and so does it from the penalty.",
    "Setting the gradient of the loss to 0 gives (Xcᵀ Xc / N + l2 I) w = Xcᵀ yc / N, i.e. "
    "(Xcᵀ Xc + N · l2 · I) w = Xcᵀ yc.",
    "Solve it with torch.linalg.solve(A, rhs) (or cholesky + cholesky_solve, or lstsq on the stacked "
    "[Xc; sqrt(N·l2)·I]), never torch.linalg.inv(A) @ rhs: the inverse is inaccurate when A is ill-conditioned.",
    "Gradient descent: r = X @ w + b - y; dw = X.T @ r / N + l2 * w; db = r.mean(); then w, b = w - lr * dw, "
    "b - lr * db, both from the same r.",
]


# ---- the normal equations of the whole problem (w and b together), in float64 ----------------------

def system(X, y, l2):
    """M θ = r for θ = (w, b): the gradient of the loss (times N) is M θ - r."""
    X, y = X.double(), y.double()
    N, D = X.shape
    Xa = torch.cat([X, torch.ones(N, 1, dtype=torch.float64)], 1)
    M = Xa.T @ Xa
    M[:D, :D] += N * l2 * torch.eye(D, dtype=torch.float64)
    return M, Xa.T @ y


def condition(X, y, l2) -> float:
    """The larger of the condition numbers of the centred system and of the whole one."""
    N, D = X.shape
    Xc = X.double() - X.double().mean(0)
    A = Xc.T @ Xc + N * l2 * torch.eye(D, dtype=torch.float64)
    return max(torch.linalg.cond(A).item(), torch.linalg.cond(system(X, y, l2)[0]).item())


def backward_error(X, y, l2, w, b) -> float:
    """‖M θ - r‖ / (‖M‖ ‖θ‖ + ‖r‖): about the dtype's epsilon for a backward-stable solve, whatever
    the conditioning; about condition · epsilon for an explicit inverse."""
    M, r = system(X, y, l2)
    theta = torch.cat([w.detach().double().reshape(-1).cpu(), b.detach().double().reshape(1).cpu()])
    return ((M @ theta - r).norm() / (torch.linalg.matrix_norm(M, 2) * theta.norm() + r.norm())).item()


STABLE = {torch.float32: 2e-5, torch.float64: 1e-12}     # a stable solve stays ~100x below these
WELL_CONDITIONED = 300.0


def make(X, y, l2=None, label="") -> Case:
    M, r = system(X, y, l2 or 0.0)
    theta = torch.linalg.lstsq(M, r[:, None]).solution            # the solution's size sets the tolerance
    kwargs = {} if l2 is None else {"l2": l2}
    return Case(args=(X, y), kwargs=kwargs, scale=max(1.0, theta.abs().max().item()), label=label)


def data(seed, N, D, scale=1.0, offset=0.0, noise=0.1):
    g = torch.Generator().manual_seed(seed)
    X = torch.randn(N, D, generator=g) * scale + offset
    y = X @ torch.randn(D, generator=g) + torch.randn((), generator=g) * 3 + noise * torch.randn(N, generator=g)
    return X, y


def ill_conditioned(seed, N=30, D=5, condition_of_X=3e3):
    """Columns nearly collinear: X's singular values fall from 10 to 10 / condition_of_X, so XᵀX's
    condition number is about 1e7 (float32 keeps about 7 digits)."""
    g = torch.Generator().manual_seed(seed)
    U, _ = torch.linalg.qr(torch.randn(N, D, generator=g, dtype=torch.float64))
    V, _ = torch.linalg.qr(torch.randn(D, D, generator=g, dtype=torch.float64))
    s = torch.logspace(0, -torch.log10(torch.tensor(condition_of_X)).item(), D, dtype=torch.float64)
    X = U @ torch.diag(s) @ V.T * 10
    y = X @ torch.randn(D, generator=g, dtype=torch.float64) + 0.5 + 0.1 * torch.randn(N, generator=g,
                                                                                      dtype=torch.float64)
    return X.float(), y.float()


def closed_inputs(draw) -> Case:
    D = draw(st.integers(1, 5))
    l2 = draw(st.sampled_from([None, 0.0, 0.01, 0.1, 1.0]))
    N = draw(st.integers(2 * D + 2, 24)) if not l2 else draw(st.integers(1, 24))
    X, y = data(draw(st.integers(0, 2**31 - 1)), N, D, scale=draw(st.sampled_from([0.1, 1.0, 10.0])),
                offset=draw(st.sampled_from([0.0, 0.0, 1.0, -3.0])), noise=draw(st.sampled_from([0.0, 0.1, 1.0])))
    return make(X, y, l2)


def graded_where_well_conditioned(case: Case, expected):
    """w and b are compared only where the normal equations are well conditioned (elsewhere two right
    solves differ in their last digits times the condition number); the invariant judges the rest."""
    X, y = case.args
    if condition(X, y, case.kwargs.get("l2", 0.0)) > WELL_CONDITIONED:
        return tuple(torch.zeros(t.shape, dtype=torch.bool) for t in expected)
    return None


# ---- the invariant that names the explicit inverse -------------------------------------------------

INVERSE = Mistake("normal equations solved through an explicit inverse (inv(XᵀX) @ Xᵀy): inaccurate when XᵀX is "
                  "ill-conditioned; solve the system instead",
                  hint="torch.linalg.solve(A, rhs) (LU), torch.linalg.cholesky + torch.cholesky_solve, or "
                       "torch.linalg.lstsq on the centred data: each is backward stable, inv(A) @ rhs is not.")
WELL = make(*data(40, 12, 3, offset=1.0), 0.1)
WELL_THETA = torch.linalg.solve(*system(*WELL.args, **WELL.kwargs)).float()     # (w, b) in float64, then rounded


def right_when_well_conditioned(call) -> bool:
    try:
        w, b = call(WELL)
    except Exception:
        return False
    want_w, want_b = WELL_THETA[:-1], WELL_THETA[-1]
    return torch.allclose(w.cpu(), want_w, rtol=1e-4, atol=1e-5 * WELL.scale) and \
        torch.allclose(b.cpu(), want_b, rtol=1e-4, atol=1e-5 * WELL.scale)


def normal_equations_hold(call, case):
    X, y = case.args
    l2 = case.kwargs.get("l2", 0.0)
    out = call(case)
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise Fail(f"expected (w, b), got {type(out).__name__}")
    w, b = out
    err = backward_error(X, y, l2, w, b)
    if not err <= STABLE[X.dtype]:
        cond = condition(X, y, l2)
        named = cond > 1e5 and right_when_well_conditioned(call)
        raise Fail(f"at your (w, b) the gradient of the loss is not 0: the normal equations' relative residual is "
                   f"{err:.1e}, a backward-stable solve leaves about {STABLE[X.dtype] / 100:.0e} (their condition "
                   f"number here is {cond:.1e})", mistake=INVERSE.name if named else "")


# ---- the classic mistakes, written as a learner would -----------------------------------------------

def closed_like(*, penalise_intercept=False, scale_l2=True, intercept=True):
    def fit_closed_form(X, y, l2=0.0):
        N, D = X.shape
        lam = N * l2 if scale_l2 else l2
        if penalise_intercept:                         # a column of ones, penalised like the rest
            Xa = torch.cat([X, X.new_ones(N, 1)], 1)
            eye = torch.eye(D + 1, dtype=X.dtype, device=X.device)
            theta = torch.linalg.solve(Xa.T @ Xa + lam * eye, Xa.T @ y)
            return theta[:D], theta[D]
        eye = torch.eye(D, dtype=X.dtype, device=X.device)
        if not intercept:
            return torch.linalg.solve(X.T @ X + lam * eye, X.T @ y), X.new_zeros(())
        xm, ym = X.mean(0), y.mean()
        w = torch.linalg.solve((X - xm).T @ (X - xm) + lam * eye, (X - xm).T @ (y - ym))
        return w, ym - xm @ w
    return fit_closed_form


RIDGE_ON_INTERCEPT = "ridge on the intercept: the penalty is on w only, not on b"
CLOSED = Entry(
    "fit_closed_form",
    inputs=closed_inputs,
    examples=[
        make(torch.tensor([[0.0], [1.0], [2.0], [3.0]]), torch.tensor([1.0, 3.0, 5.0, 7.0]), 0.5,
             "the prompt's example"),
        make(*data(1, 20, 3), label="l2 left to its default (0)"),
        make(*data(2, 15, 4, offset=2.0), 0.1, "features with mean 2, l2 = 0.1"),
        make(*data(3, 3, 6, offset=-1.0), 0.5, "more features than samples (l2 > 0)"),
        make(*data(4, 2, 1), 0.0, "two samples, one feature: an exact fit"),
        make(*data(5, 1, 3), 1.0, "one sample"),
        make(*(t.double() for t in data(6, 10, 2, offset=1.0)), 0.05, "float64"),
        make(*ill_conditioned(1), 0.0, "nearly collinear columns: cond(XᵀX) ~ 1e7"),
        make(*ill_conditioned(6), 0.0, "nearly collinear columns: cond(XᵀX) ~ 1e7"),
        make(*ill_conditioned(14), 0.0, "nearly collinear columns: cond(XᵀX) ~ 1e7"),
        make(*data(7, 25, 3, offset=100.0), 0.0, "features far from 0 (mean 100, spread 1)"),
    ],
    invariants=[Invariant("normal equations hold (a stable solve)", normal_equations_hold)],
    mistakes=[
        INVERSE,
        Mistake(RIDGE_ON_INTERCEPT, like=closed_like(penalise_intercept=True),
                hint="Centre X and y: the intercept leaves the problem (b = ȳ - x̄ · w), and only w meets the "
                     "penalty."),
        Mistake("the ridge term is l2 · I: for the MEAN squared error it is N · l2 · I "
                "((XcᵀXc + N·l2·I) w = Xcᵀyc)", like=closed_like(scale_l2=False)),
        Mistake("no intercept: fit b too (centre X and y, then b = ȳ - x̄ · w)", like=closed_like(intercept=False)),
    ],
    graded=graded_where_well_conditioned,
    grad=False,
    loops=Loops(small=make(*data(8, 8, 3), 0.1), large=make(*data(8, 24, 3), 0.1), over="the samples"),
    # no speed check: a QR or SVD solve (lstsq), in float64 if need be, is as right as LU on the normal
    # equations and takes up to ~50x its time, as much as a loop over the samples; no loop counts that
)


# ---- gradient descent ----------------------------------------------------------------------------------

def descent(X, y, lr=0.1, steps=100, l2=None, label="") -> Case:
    kwargs = {"lr": lr, "steps": steps} | ({} if l2 is None else {"l2": l2})
    return Case(args=(X, y), kwargs=kwargs, scale=max(1.0, y.abs().max().item()), label=label)


def gd_inputs(draw) -> Case:
    N, D = draw(st.integers(1, 16)), draw(st.integers(1, 4))
    X, y = data(draw(st.integers(0, 2**31 - 1)), N, D, offset=draw(st.sampled_from([0.0, 1.0, -1.0])),
                noise=draw(st.sampled_from([0.0, 0.5])))
    return descent(X, y, draw(st.sampled_from([0.01, 0.05, 0.1])), draw(st.sampled_from([0, 1, 10, 50])),
                   draw(st.sampled_from([None, 0.0, 0.01, 0.3])))


def gd_like(*, mean=True, penalise_intercept=False, half=True, sequential=False):
    def fit_gd(X, y, l2=0.0, lr=0.1, steps=100):
        N, D = X.shape
        w = torch.zeros(D, dtype=X.dtype, device=X.device)
        b = torch.zeros((), dtype=X.dtype, device=X.device)
        for _ in range(steps):
            r = X @ w + b - y
            k = (1.0 / N if mean else 1.0) * (1.0 if half else 2.0)
            w_new = w - lr * (k * (X.T @ r) + l2 * w)
            if sequential:
                r = X @ w_new + b - y
            b = b - lr * (k * r.sum() + (l2 * b if penalise_intercept else 0.0))
            w = w_new
        return w, b
    return fit_gd


GD = Entry(
    "fit_gd",
    inputs=gd_inputs,
    examples=[
        descent(torch.tensor([[0.0], [1.0], [2.0], [3.0]]), torch.tensor([1.0, 3.0, 5.0, 7.0]), 0.1, 1,
                label="the prompt's example"),
        descent(*data(1, 12, 3), 0.05, 10, 0.1, "N=12, D=3"),
        descent(*data(2, 10, 2, offset=1.0), 0.1, 15, 0.3, "features with mean 1, l2 = 0.3"),
        descent(*data(3, 6, 3), 0.1, 1, 0.1, "one step"),
        descent(*data(4, 5, 2), 0.1, 0, label="no step: zeros"),
        descent(*data(5, 1, 2), 0.1, 10, label="one sample"),
        descent(*(t.double() for t in data(6, 10, 2)), 0.1, 25, 0.05, "float64"),
        descent(torch.tensor([[0.0], [1.0], [2.0], [3.0]]), torch.tensor([1.0, 3.0, 5.0, 7.0]), 0.1, 200,
                label="the prompt's example, 200 steps"),
    ],
    mistakes=[
        Mistake(RIDGE_ON_INTERCEPT, like=gd_like(penalise_intercept=True)),
        Mistake("gradient not divided by N: the loss is a mean over the samples, so is its gradient",
                like=gd_like(mean=False)),
        Mistake("twice the gradient: the loss has a ½, so d/dw of (1/2N)·Σ r² is Xᵀ r / N", like=gd_like(half=False)),
        Mistake("b updated with the residuals of the new w: compute dw and db from the same point",
                like=gd_like(sequential=True)),
    ],
    grad=False,
    loops=Loops(small=descent(*data(9, 8, 3), 0.1, 5), large=descent(*data(9, 24, 3), 0.1, 5), over="the samples"),
    speed=Speed(lambda seed: descent(*data(30 + seed, 8192, 32), 0.05, 50), limit=30.0),
)

DRILL = Drill(entries=[CLOSED, GD], banned=["import sklearn"], autograd=False)

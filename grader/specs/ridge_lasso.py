"""ridge_lasso: ridge in closed form and lasso by cyclic coordinate descent, on the objectives of
scikit-learn's Ridge (a sum of squares) and Lasso (a mean with ½). Lasso is graded against the
converged solution (the drawn cases: enough samples per feature that the sweeps converge well
within max_iter) and, on explicit examples with one or two sweeps or a large tol, against the
sequence of updates the prompt fixes, which is what grades the start from zero, the cyclic order
with a current residual, and the stopping rule. Particular to it: alpha large enough that every
coefficient is 0, negative coefficients (the soft threshold's sign), a constant column, features
far from zero mean (a penalised intercept shows), fewer samples than features, and the classic
mistakes of the penalised intercept, the objective's scale in n, the soft threshold, the
curvature z_j and simultaneous (Jacobi) updates."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(title="Ridge and lasso regression", zh="岭回归与Lasso(坐标下降)", topic="classic ML",
            difficulty="medium", minutes=25,
            oracle="sklearn Ridge and Lasso (the same objectives), lasso converged in float64")
HINTS = [
    "Centre: Xc = X - X.mean(0), yc = y - y.mean(). The intercept leaves both problems and comes back as "
    "b = y.mean() - X.mean(0) @ w, so it is never penalised.",
    "Ridge's objective is a plain sum of squares: its normal equations are (Xcᵀ Xc + alpha · I) w = Xcᵀ yc, with no n.",
    "Lasso: keep r = yc - Xc @ w current. For each j: rho = Xc[:, j] @ r / n + z[j] * w[j]; "
    "new = sign(rho) * clamp(|rho| - alpha, min=0) / z[j]; r -= Xc[:, j] * (new - w[j]); w[j] = new.",
    "Track the largest |new - w[j]| of the sweep and stop once it is below tol; skip columns with z[j] == 0.",
]

TOL = {"float32": (1e-4, 1e-4), "float64": (1e-4, 1e-4)}


def data(seed, n, d, offset=0.0, scale=2.0, noise=0.3, dtype=torch.float32):
    g = torch.Generator().manual_seed(seed)
    X = torch.randn(n, d, generator=g) * scale + offset
    w = torch.randn(d, generator=g) * 2
    w[::2] = -w[::2].abs()                                  # negative coefficients too
    y = X @ w + 1.5 + noise * torch.randn(n, generator=g)
    return X.to(dtype), y.to(dtype)


def size(X, y, alpha) -> float:
    """The coefficients' size (ridge's in float64) times what the conditioning of ridge's system
    adds to float32 rounding (a backward-stable solve errs by about cond · 6e-8 · size): absolute
    tolerances grow with it."""
    X, y = X.double(), y.double()
    Xc, yc = X - X.mean(0), y - y.mean()
    A = Xc.T @ Xc + alpha * torch.eye(X.shape[1], dtype=torch.float64)
    w = torch.linalg.solve(A, Xc.T @ yc)
    return max(1.0, w.abs().max().item(), (y.mean() - X.mean(0) @ w).abs().item()) * \
        max(1.0, torch.linalg.cond(A).item() / 100)


def tiled(X, y, times=3):
    """The samples repeated: lasso's objective (a mean) and so its every update are unchanged, so a
    right solution runs the same code on both; only a loop over the samples runs more."""
    return X.repeat(times, 1), y.repeat(times)


# ---- ridge -------------------------------------------------------------------------------------------

def ridge_case(X, y, alpha, label="") -> Case:
    return Case(args=(X, y, alpha), scale=size(X, y, alpha), label=label)


def ridge_inputs(draw) -> Case:
    n, d = draw(st.integers(1, 20)), draw(st.integers(1, 5))
    X, y = data(draw(st.integers(0, 2**31 - 1)), n, d, offset=draw(st.sampled_from([0.0, 3.0, -10.0])))
    return ridge_case(X, y, draw(st.sampled_from([0.01, 0.1, 1.0, 10.0])))


def ridge_like(*, penalise_intercept=False, per_sample=False):
    def ridge(X, y, alpha):
        n, d = X.shape
        lam = n * alpha if per_sample else alpha
        if penalise_intercept:                               # a column of ones, penalised like the rest
            Xa = torch.cat([X, X.new_ones(n, 1)], 1)
            theta = torch.linalg.solve(Xa.T @ Xa + lam * torch.eye(d + 1, dtype=X.dtype, device=X.device), Xa.T @ y)
            return theta[:d], theta[d]
        xm, ym = X.mean(0), y.mean()
        w = torch.linalg.solve((X - xm).T @ (X - xm) + lam * torch.eye(d, dtype=X.dtype, device=X.device),
                               (X - xm).T @ (y - ym))
        return w, ym - xm @ w
    return ridge


PENALISED_INTERCEPT = "the intercept is penalised: centre X and y so that only w meets the penalty"
RIDGE_SCALE = ("ridge's objective scaled by n (alpha · n · I): the prompt's ridge is a SUM of squares, so its normal "
               "equations are (Xcᵀ Xc + alpha · I) w = Xcᵀ yc")
EXAMPLE = (torch.tensor([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 3.0]]), torch.tensor([1.0, 2.0, 4.0, 7.0]))
RIDGE = Entry(
    "ridge",
    inputs=ridge_inputs,
    examples=[
        ridge_case(*EXAMPLE, 1.0, "the prompt's example"),
        ridge_case(*data(1, 12, 3, offset=5.0), 0.5, "features with mean 5"),
        ridge_case(*data(2, 3, 6), 0.1, "more features than samples"),
        ridge_case(*data(3, 1, 2), 1.0, "one sample"),
        ridge_case(*data(4, 10, 2, dtype=torch.float64), 2.0, "float64"),
    ],
    mistakes=[
        Mistake(PENALISED_INTERCEPT, like=ridge_like(penalise_intercept=True),
                hint="Xc = X - X.mean(0), yc = y - y.mean(); solve for w on those; b = y.mean() - X.mean(0) @ w."),
        Mistake(RIDGE_SCALE, like=ridge_like(per_sample=True)),
    ],
    grad=False,
    loops=Loops(small=ridge_case(*data(8, 8, 3), 0.5), large=ridge_case(*tiled(*data(8, 8, 3)), 0.5),
                over="the samples"),
    speed=Speed(lambda seed: ridge_case(*data(seed, 4096, 32), 1.0), limit=30.0),
)


# ---- lasso -------------------------------------------------------------------------------------------------

def lasso_case(X, y, alpha, max_iter=None, tol=None, label="") -> Case:
    kwargs = {k: v for k, v in (("max_iter", max_iter), ("tol", tol)) if v is not None}
    return Case(args=(X, y, alpha), kwargs=kwargs, scale=size(X, y, alpha), label=label)


def lasso_inputs(draw) -> Case:
    d = draw(st.integers(1, 4))
    n = draw(st.integers(d + 2, 20))                        # enough samples: the sweeps converge quickly
    X, y = data(draw(st.integers(0, 2**31 - 1)), n, d, offset=draw(st.sampled_from([0.0, 3.0, -10.0])),
                scale=draw(st.sampled_from([1.0, 2.0])))
    return lasso_case(X, y, draw(st.sampled_from([0.01, 0.1, 0.5, 2.0, 50.0])))


def lasso_like(*, threshold="soft", per_sample=True, curvature=True, jacobi=False, penalise_intercept=False):
    """lasso, or one of its classic mistakes, written as a learner would."""
    def shrink(rho, a):
        if threshold == "positive part":
            return torch.clamp(rho - a, min=0)
        if threshold == "no zero":
            return rho - a * torch.sign(rho)
        return torch.sign(rho) * torch.clamp(rho.abs() - a, min=0)

    def lasso(X, y, alpha, max_iter=1000, tol=1e-6):
        n, d = X.shape
        if penalise_intercept:                               # the intercept as one more column, thresholded too
            Xc, yc, means = torch.cat([X, X.new_ones(n, 1)], 1), y, None
        else:
            Xc, yc, means = X - X.mean(0), y - y.mean(), (X.mean(0), y.mean())
        k = 1.0 / n if per_sample else 1.0
        z = (Xc * Xc).sum(0) * k
        w = X.new_zeros(Xc.shape[1])
        for _ in range(max_iter):
            old = w.clone()
            for j in range(Xc.shape[1]):
                if z[j] == 0:
                    continue
                r = yc - Xc @ (old if jacobi else w)
                rho = Xc[:, j] @ r * k + z[j] * (old if jacobi else w)[j]
                w[j] = shrink(rho, alpha) / (z[j] if curvature else 1.0)
            if (w - old).abs().max() < tol:
                break
        if means is None:
            return w[:d], w[d]
        return w, means[1] - means[0] @ w
    return lasso


LASSO = Entry(
    "lasso",
    inputs=lasso_inputs,
    examples=[
        lasso_case(*EXAMPLE, 0.1, label="the prompt's example"),
        lasso_case(*EXAMPLE, 0.1, max_iter=1, label="the prompt's example: one sweep from zero"),
        lasso_case(*EXAMPLE, 2.0, label="the prompt's example: alpha = 2, one coefficient exactly 0"),
        lasso_case(*data(1, 12, 3), 0.1, max_iter=2, label="two sweeps"),
        lasso_case(*data(2, 15, 4), 0.05, max_iter=500, tol=0.5, label="a large tol: it stops early"),
        lasso_case(*data(3, 10, 3, offset=5.0), 0.2, label="features with mean 5"),
        lasso_case(*data(4, 8, 2), 100.0, label="alpha above every |Xcᵀ yc| / n: w = 0, b = mean(y)"),
        lasso_case(torch.cat([data(5, 9, 2)[0], torch.full((9, 1), 3.0)], 1), data(5, 9, 2)[1], 0.1,
                   label="a constant column: its coefficient stays 0"),
        lasso_case(*data(6, 3, 5), 1.0, label="fewer samples than features"),
        lasso_case(*data(7, 10, 3, dtype=torch.float64), 0.3, label="float64"),
    ],
    mistakes=[
        Mistake("soft threshold without the sign: S(ρ, a) = sign(ρ) · max(|ρ| - a, 0); max(ρ - a, 0) loses every "
                "negative coefficient", like=lasso_like(threshold="positive part"),
                hint="torch.sign(rho) * torch.clamp(rho.abs() - alpha, min=0): shrink |ρ| towards 0, keep the sign."),
        Mistake("soft threshold without its dead zone: where |ρ| <= alpha the coefficient is exactly 0, not "
                "ρ - alpha · sign(ρ)", like=lasso_like(threshold="no zero")),
        Mistake("lasso's objective scaled by n differently from the prompt: it is 1/(2n) · ‖r‖² + alpha · ‖w‖₁, so ρ "
                "and z_j both carry 1/n", like=lasso_like(per_sample=False),
                hint="Without the 1/n the threshold acts as alpha / n: rho = Xc[:, j] @ r / n, z[j] = (Xc[:, j] ** 2)"
                     ".sum() / n."),
        Mistake("the soft-thresholded ρ not divided by z_j = ‖Xc[:, j]‖² / n: that is the exact minimiser only for "
                "columns of unit variance", like=lasso_like(curvature=False)),
        Mistake("simultaneous (Jacobi) updates: each coordinate must see the residual of the coordinates updated "
                "before it in the same sweep", like=lasso_like(jacobi=True)),
        Mistake(PENALISED_INTERCEPT, like=lasso_like(penalise_intercept=True)),
    ],
    tol=TOL,
    grad=False,
    loops=Loops(small=lasso_case(*data(9, 8, 3), 0.1, max_iter=3, tol=0.0),       # tol 0: every sweep runs
                large=lasso_case(*tiled(*data(9, 8, 3)), 0.1, max_iter=3, tol=0.0), over="the samples"),
    speed=Speed(lambda seed: lasso_case(*data(seed, 2048, 16), 0.1, max_iter=20), limit=30.0),
)

DRILL = Drill(entries=[RIDGE, LASSO], banned=["import sklearn"])

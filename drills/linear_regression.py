"""Linear regression: closed form and gradient descent  线性回归(正规方程与梯度下降)

Fit y ≈ X @ w + b by minimising the ridge-regularised mean squared error

    loss(w, b) = 1/(2N) · Σ_i (x_i · w + b - y_i)²  +  (l2 / 2) · ‖w‖²

with X (N, D), y (N,), w (D,) and b a 0-d tensor. The intercept b is NOT penalised. Write it two
ways; each returns `(w, b)` in X's dtype, on X's device.

`fit_closed_form(X, y, l2=0.0)`: the exact minimiser, from the normal equations (set the gradient
to 0). Solve them stably: X may have nearly collinear columns (XᵀX with a condition number near
1e7 in float32), where forming an inverse (torch.linalg.inv, or anything @ an inverse) loses the
answer. Graded by how well your (w, b) satisfies the normal equations: about as well as a
backward-stable solve (torch.linalg.solve, a Cholesky solve, torch.linalg.lstsq). When l2 = 0, X
has more samples than features and no exactly collinear columns; with l2 > 0 anything goes (even
N < D).

`fit_gd(X, y, l2=0.0, lr=0.1, steps=100)`: `steps` steps of full-batch gradient descent on the
same loss, from w = 0 and b = 0. Each step computes the gradient (dw, db) at the current (w, b),
by hand, then w -= lr * dw and b -= lr * db (both from the same point). steps = 0 returns the
zeros. Graded against the reference's trajectory, so follow exactly this update.

- Float inputs are float32 (float64 must work too). No Python loop over the samples (a loop over
  the steps is fine); the inputs are not modified.
- Not allowed: torch.autograd.grad, Tensor.backward (or torch.func) — the gradient is by hand —
  and scikit-learn.

Example:
    >>> X = torch.tensor([[0.0], [1.0], [2.0], [3.0]]); y = torch.tensor([1.0, 3.0, 5.0, 7.0])   # y = 2x + 1
    >>> fit_closed_form(X, y)
    (tensor([2.]), tensor(1.))
    >>> fit_closed_form(X, y, l2=0.5)       # w shrinks: 10 / (5 + 4 · 0.5); b = mean(y) - mean(x) · w
    (tensor([1.4286]), tensor(1.8571))
    >>> fit_gd(X, y, lr=0.1, steps=1)       # r = -y at zeros: dw = mean(r · x) = -8.5, db = mean(r) = -4
    (tensor([0.8500]), tensor(0.4000))
    >>> fit_gd(X, y, lr=0.1, steps=200)
    (tensor([2.0001]), tensor(0.9999))
"""
import torch


def fit_closed_form(X: torch.Tensor, y: torch.Tensor, l2: float = 0.0) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: centre X and y, solve (Xcᵀ Xc + N·l2·I) w = Xcᵀ yc stably, recover b (about 6 lines)
    raise NotImplementedError


def fit_gd(X: torch.Tensor, y: torch.Tensor, l2: float = 0.0, lr: float = 0.1,
           steps: int = 100) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: zeros, then `steps` steps: residuals, dw, db, simultaneous update (about 6 lines)
    raise NotImplementedError

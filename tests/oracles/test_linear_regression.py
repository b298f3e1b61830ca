"""The reference against torch.linalg.lstsq (least squares on the centred data stacked over
sqrt(N·l2)·I, in float64), scikit-learn's Ridge (alpha = N·l2: sklearn sums the squared errors) and
LinearRegression, and its gradient descent against the closed form it converges to. On nearly
collinear columns, the float32 answer satisfies the normal equations as a backward-stable solve does."""
import math

import pytest
import torch

from reference.linear_regression import fit_closed_form, fit_gd


def lstsq_ridge(X, y, l2):
    N, D = X.shape
    xm, ym = X.mean(0), y.mean()
    A = torch.cat([X - xm, math.sqrt(N * l2) * torch.eye(D, dtype=X.dtype)])
    t = torch.cat([y - ym, torch.zeros(D, dtype=X.dtype)])
    w = torch.linalg.lstsq(A, t[:, None], driver="gelsd").solution[:, 0]
    return w, ym - xm @ w


def problem(seed, N, D, offset=0.0, dtype=torch.float64):
    g = torch.Generator().manual_seed(seed)
    X = torch.randn(N, D, generator=g, dtype=torch.float64) * 2 + offset
    y = X @ torch.randn(D, generator=g, dtype=torch.float64) + 1.5 + 0.3 * torch.randn(N, generator=g, dtype=torch.float64)
    return X.to(dtype), y.to(dtype)


@pytest.mark.parametrize("N,D", [(2, 1), (10, 3), (50, 8), (4, 10), (200, 2)])
@pytest.mark.parametrize("l2", [0.0, 0.01, 1.0])
@pytest.mark.parametrize("offset", [0.0, 5.0])
def test_closed_form_agrees_with_lstsq(N, D, l2, offset):
    if l2 == 0 and N <= D:
        pytest.skip("no unique least-squares solution")
    X, y = problem(N * 10 + D, N, D, offset)
    for got, want in zip(fit_closed_form(X, y, l2), lstsq_ridge(X, y, l2)):
        torch.testing.assert_close(got, want, rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("l2", [0.0, 0.05, 2.0])
def test_closed_form_agrees_with_sklearn(l2):
    linear_model = pytest.importorskip("sklearn.linear_model")
    X, y = problem(3, 40, 4, offset=2.0)
    model = linear_model.Ridge(alpha=40 * l2) if l2 else linear_model.LinearRegression()
    model.fit(X.numpy(), y.numpy())
    w, b = fit_closed_form(X, y, l2)
    torch.testing.assert_close(w, torch.from_numpy(model.coef_), rtol=1e-9, atol=1e-9)
    assert math.isclose(b.item(), float(model.intercept_), rel_tol=1e-9, abs_tol=1e-9)


def test_float32_close_to_float64():
    X, y = problem(4, 30, 5, offset=1.0, dtype=torch.float32)
    w, b = fit_closed_form(X, y, 0.1)
    w64, b64 = fit_closed_form(X.double(), y.double(), 0.1)
    assert w.dtype == torch.float32 and b.dtype == torch.float32
    torch.testing.assert_close(w.double(), w64, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(b.double(), b64, rtol=1e-5, atol=1e-5)


def backward_error(X, y, w, b):
    X, y = X.double(), y.double()
    Xa = torch.cat([X, torch.ones(len(y), 1, dtype=torch.float64)], 1)
    M, r = Xa.T @ Xa, Xa.T @ y
    theta = torch.cat([w.double(), b.double()[None]])
    return ((M @ theta - r).norm() / (torch.linalg.matrix_norm(M, 2) * theta.norm() + r.norm())).item()


@pytest.mark.parametrize("seed", range(5))
def test_nearly_collinear_columns_solved_stably(seed):
    g = torch.Generator().manual_seed(seed)
    U, _ = torch.linalg.qr(torch.randn(30, 5, generator=g, dtype=torch.float64))
    V, _ = torch.linalg.qr(torch.randn(5, 5, generator=g, dtype=torch.float64))
    X = (U @ torch.diag(torch.logspace(0, -3.5, 5, dtype=torch.float64)) @ V.T * 10).float()
    y = (X.double() @ torch.randn(5, generator=g, dtype=torch.float64) + 0.5).float()
    w, b = fit_closed_form(X, y)
    assert backward_error(X, y, w, b) < 1e-6                        # float32 epsilon is 6e-8
    xm, ym = X.mean(0), y.mean()
    inverse = torch.linalg.inv((X - xm).T @ (X - xm)) @ (X - xm).T @ (y - ym)
    assert backward_error(X, y, inverse, ym - xm @ inverse) > 1e-5  # what the grader names


@pytest.mark.parametrize("l2", [0.0, 0.1])
def test_gradient_descent_converges_to_the_closed_form(l2):
    X, y = problem(5, 30, 3, offset=0.5)
    w, b = fit_gd(X, y, l2, lr=0.1, steps=5000)
    want = fit_closed_form(X, y, l2)
    torch.testing.assert_close(w, want[0], rtol=1e-8, atol=1e-8)
    torch.testing.assert_close(b, want[1], rtol=1e-8, atol=1e-8)


def test_gradient_descent_steps_follow_autograd():
    X, y = problem(6, 12, 2)
    w, b = torch.zeros(2, dtype=torch.float64), torch.zeros((), dtype=torch.float64)
    for _ in range(7):
        w_, b_ = w.clone().requires_grad_(), b.clone().requires_grad_()
        loss = ((X @ w_ + b_ - y) ** 2).mean() / 2 + 0.2 / 2 * (w_ * w_).sum()
        dw, db = torch.autograd.grad(loss, (w_, b_))
        w, b = w - 0.05 * dw, b - 0.05 * db
    got = fit_gd(X, y, 0.2, lr=0.05, steps=7)
    torch.testing.assert_close(got[0], w, rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(got[1], b, rtol=1e-12, atol=1e-12)


def test_prompt_example():
    X = torch.tensor([[0.0], [1.0], [2.0], [3.0]]); y = torch.tensor([1.0, 3.0, 5.0, 7.0])
    w, b = fit_closed_form(X, y)
    torch.testing.assert_close(w, torch.tensor([2.0])); torch.testing.assert_close(b, torch.tensor(1.0))
    w, b = fit_closed_form(X, y, l2=0.5)
    torch.testing.assert_close(w, torch.tensor([10 / 7])); torch.testing.assert_close(b, torch.tensor(4 - 1.5 * 10 / 7))
    w, b = fit_gd(X, y, lr=0.1, steps=1)
    torch.testing.assert_close(w, torch.tensor([0.85])); torch.testing.assert_close(b, torch.tensor(0.4))

"""The reference against scikit-learn's Ridge and Lasso (whose objectives the prompt states: a sum of
squares plus alpha · ‖w‖², and 1/(2n) · ‖r‖² plus alpha · ‖w‖₁), lasso run to convergence in
float64, and against the lasso optimality conditions (subgradient of the objective contains 0)."""
import pytest
import torch

from reference.ridge_lasso import lasso, ridge


def problem(seed, n, d, offset=0.0):
    g = torch.Generator().manual_seed(seed)
    X = torch.randn(n, d, generator=g, dtype=torch.float64) * 2 + offset
    w = torch.randn(d, generator=g, dtype=torch.float64) * 2
    return X, X @ w + 1.5 + 0.3 * torch.randn(n, generator=g, dtype=torch.float64)


@pytest.mark.parametrize("n,d", [(10, 3), (50, 8), (4, 10), (1, 2), (200, 2)])
@pytest.mark.parametrize("alpha", [0.01, 1.0, 30.0])
def test_ridge_agrees_with_sklearn(n, d, alpha):
    linear_model = pytest.importorskip("sklearn.linear_model")
    X, y = problem(n * 10 + d, n, d, offset=3.0)
    model = linear_model.Ridge(alpha=alpha).fit(X.numpy(), y.numpy())
    w, b = ridge(X, y, alpha)
    torch.testing.assert_close(w, torch.from_numpy(model.coef_), rtol=1e-8, atol=1e-8)
    assert b.item() == pytest.approx(float(model.intercept_), rel=1e-8, abs=1e-8)


@pytest.mark.parametrize("n,d", [(10, 3), (50, 8), (30, 1), (100, 5), (6, 12)])
@pytest.mark.parametrize("alpha", [0.01, 0.3, 3.0])
def test_lasso_agrees_with_sklearn(n, d, alpha):
    linear_model = pytest.importorskip("sklearn.linear_model")
    X, y = problem(n * 10 + d, n, d, offset=-2.0)
    model = linear_model.Lasso(alpha=alpha, tol=1e-14, max_iter=200000).fit(X.numpy(), y.numpy())
    w, b = lasso(X, y, alpha, max_iter=200000, tol=1e-13)
    torch.testing.assert_close(w, torch.from_numpy(model.coef_), rtol=1e-6, atol=1e-6)
    assert b.item() == pytest.approx(float(model.intercept_), rel=1e-6, abs=1e-6)


@pytest.mark.parametrize("seed", range(5))
def test_lasso_meets_the_optimality_conditions(seed):
    X, y = problem(seed, 25, 6)
    alpha = 0.5
    w, b = lasso(X, y, alpha, max_iter=100000, tol=1e-13)
    grad = X.T @ (y - X @ w - b) / len(y)               # minus the gradient of the squared-error part
    assert abs((y - X @ w - b).mean().item()) < 1e-10   # the unpenalised intercept is optimal
    nonzero = w != 0
    torch.testing.assert_close(grad[nonzero], alpha * torch.sign(w[nonzero]), rtol=1e-7, atol=1e-7)
    assert (grad[~nonzero].abs() <= alpha + 1e-7).all()
    assert (~nonzero).any() or alpha < grad.abs().max()


def test_lasso_float32_close_to_converged_float64():
    X, y = problem(7, 20, 4, offset=1.0)
    w, b = lasso(X.float(), y.float(), 0.1)
    w64, b64 = lasso(X, y, 0.1, max_iter=100000, tol=1e-13)
    torch.testing.assert_close(w.double(), w64, rtol=1e-4, atol=1e-4)
    assert abs(b.item() - b64.item()) < 1e-4


def test_large_alpha_gives_zero_coefficients():
    X, y = problem(8, 15, 3)
    limit = ((X - X.mean(0)).T @ (y - y.mean())).abs().max().item() / 15
    w, b = lasso(X, y, limit * 1.001)
    assert (w == 0).all() and b.item() == pytest.approx(y.mean().item())


def test_prompt_example():
    X = torch.tensor([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 3.0]]); y = torch.tensor([1.0, 2.0, 4.0, 7.0])
    w, b = ridge(X, y, 1.0)
    torch.testing.assert_close(w, torch.tensor([111 / 89, 64 / 89])); torch.testing.assert_close(b, torch.tensor(65 / 89))
    w, b = lasso(X, y, 0.1)
    torch.testing.assert_close(w, torch.tensor([1.5, 0.6])); torch.testing.assert_close(b, torch.tensor(0.5))
    w, b = lasso(X, y, 2.0)
    torch.testing.assert_close(w, torch.tensor([0.4, 0.0])); torch.testing.assert_close(b, torch.tensor(2.9))

"""The reference against autograd of F.binary_cross_entropy_with_logits (loss and gradient, float64
and float32, logits up to ±1000), and its gradient descent, run to convergence, against scikit-learn's
LogisticRegression with the same penalty (C = 1 / (N · l2), intercept not penalised)."""
import pytest
import torch
import torch.nn.functional as F

from reference.logistic_regression import fit, loss_and_grad


def autograd_loss_and_grad(X, y, w, b, l2):
    w, b = w.clone().requires_grad_(), b.clone().requires_grad_()
    loss = F.binary_cross_entropy_with_logits(X @ w + b, y) + 0.5 * l2 * (w * w).sum()
    dw, db = torch.autograd.grad(loss, (w, b))
    return loss.detach(), dw, db


@pytest.mark.parametrize("N,D", [(1, 1), (5, 3), (16, 8), (256, 4), (3, 20)])
@pytest.mark.parametrize("scale", [0.3, 1.0, 10.0, 100.0])
@pytest.mark.parametrize("l2", [0.0, 0.1, 2.0])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_agrees_with_autograd_of_bce_with_logits(N, D, scale, l2, dtype):
    gen = torch.Generator().manual_seed(N * 31 + D)
    X = (torch.randn(N, D, generator=gen) * scale).to(dtype)
    y = (torch.rand(N, generator=gen) < 0.5).to(dtype)
    w, b = torch.randn(D, generator=gen).to(dtype), (torch.randn((), generator=gen) * 2).to(dtype)
    got, want = loss_and_grad(X, y, w, b, l2), autograd_loss_and_grad(X, y, w, b, l2)
    z = (X @ w + b).abs().max().item()
    tol = dict(rtol=1e-5, atol=1e-6 * max(1.0, z)) if dtype == torch.float32 else dict(rtol=1e-12, atol=1e-13 * max(1.0, z))
    for g, v in zip(got, want):
        assert g.dtype == dtype and g.shape == v.shape
        torch.testing.assert_close(g, v, **tol)


def test_finite_at_huge_logits():
    X = torch.tensor([[1000.0], [-1000.0], [1000.0], [-1000.0]])
    y = torch.tensor([1.0, 0.0, 0.0, 1.0])
    loss, dw, db = loss_and_grad(X, y, torch.ones(1), torch.tensor(0.0))
    torch.testing.assert_close(loss, torch.tensor(500.0))              # two right (0), two wrong (1000 each)
    assert torch.isfinite(dw).all() and torch.isfinite(db)


def test_prompt_example():
    X = torch.tensor([[1.0, 2.0], [-1.0, 0.5], [0.0, -1.0]]); y = torch.tensor([1.0, 0.0, 1.0])
    loss, dw, db = loss_and_grad(X, y, torch.tensor([0.5, -0.25]), torch.tensor(0.1), l2=0.1)
    torch.testing.assert_close(loss, torch.tensor(0.5631), atol=1e-4, rtol=0)
    torch.testing.assert_close(dw, torch.tensor([-0.2322, -0.1419]), atol=1e-4, rtol=0)
    torch.testing.assert_close(db, torch.tensor(-0.1722), atol=1e-4, rtol=0)
    w, b = fit(X, y, l2=0.1, lr=0.5, steps=100)
    torch.testing.assert_close(w, torch.tensor([1.5489, -0.3469]), atol=1e-4, rtol=0)
    torch.testing.assert_close(b, torch.tensor(1.0282), atol=1e-4, rtol=0)


def test_fit_is_gradient_descent_on_autograd_gradients():
    gen = torch.Generator().manual_seed(4)
    X = torch.randn(30, 3, generator=gen, dtype=torch.float64)
    y = (torch.rand(30, generator=gen) < 0.4).double()
    w, b = torch.zeros(3, dtype=torch.float64), torch.zeros((), dtype=torch.float64)
    for _ in range(25):
        _, dw, db = autograd_loss_and_grad(X, y, w, b, 0.05)
        w, b = w - 0.3 * dw, b - 0.3 * db
    got = fit(X, y, l2=0.05, lr=0.3, steps=25)
    torch.testing.assert_close(got[0], w, rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(got[1], b, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("l2", [0.05, 0.5])
def test_fit_converges_to_sklearn_logistic_regression(seed, l2):
    LogisticRegression = pytest.importorskip("sklearn.linear_model").LogisticRegression
    gen = torch.Generator().manual_seed(seed)
    N, D = 80, 3
    X = torch.randn(N, D, generator=gen, dtype=torch.float64)
    y = ((X @ torch.randn(D, generator=gen, dtype=torch.float64) + 0.3 * torch.randn(N, generator=gen,
                                                                                   dtype=torch.float64)) > 0.5).double()
    w, b = fit(X, y, l2=l2, lr=1.0, steps=5000)
    clf = LogisticRegression(C=1.0 / (N * l2), tol=1e-12, max_iter=10000).fit(X.numpy(), y.numpy())
    torch.testing.assert_close(w, torch.from_numpy(clf.coef_[0]), rtol=1e-6, atol=1e-6)
    torch.testing.assert_close(b, torch.tensor(clf.intercept_[0], dtype=torch.float64), rtol=1e-6, atol=1e-6)

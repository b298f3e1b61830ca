"""The reference against the focal loss of Lin et al., "Focal Loss for Dense Object Detection" (2017),
evaluated element by element in float64 Python: FL = -alpha_t (1 - p_t)^gamma log(p_t), where p_t is
sigmoid(x) for a positive and 1 - sigmoid(x) = sigmoid(-x) for a negative, and alpha_t is alpha for a
positive and 1 - alpha for a negative (alpha < 0: no class weighting, alpha_t = 1). Gradients are
checked against the derivative of that formula, worked out by hand:
dFL/dx = alpha_t s (1 - p_t)^gamma (gamma p_t log(p_t) - (1 - p_t)), with s = +1 for a positive and
-1 for a negative."""
import math

import pytest
import torch

from reference.focal_loss import focal_loss


def log_sigmoid(z: float) -> float:
    """log(1 / (1 + e^-z)) without overflow at any |z|."""
    return -(max(-z, 0.0) + math.log1p(math.exp(-abs(z))))


def _terms(x: float, t: float, alpha: float):
    """For one logit and a 0/1 target: the sign s, log(p_t), 1 - p_t and alpha_t."""
    assert t in (0.0, 1.0)
    s = 1.0 if t == 1.0 else -1.0
    log_p_t = log_sigmoid(s * x)                 # p_t = sigmoid(s x)
    one_minus_p_t = math.exp(log_sigmoid(-s * x))  # 1 - sigmoid(s x) = sigmoid(-s x), no cancellation
    alpha_t = 1.0 if alpha < 0 else (alpha if t == 1.0 else 1.0 - alpha)
    return s, log_p_t, one_minus_p_t, alpha_t


def focal_loss_by_the_formula(x, t, alpha=0.25, gamma=2.0, reduction="none") -> torch.Tensor:
    """The paper's focal loss per element in float64, then the reduction."""
    losses = []
    for xi, ti in zip(x.tolist(), t.tolist()):
        _, log_p_t, one_minus_p_t, alpha_t = _terms(xi, ti, alpha)
        losses.append(-alpha_t * one_minus_p_t ** gamma * log_p_t)
    if reduction == "mean":
        return torch.tensor(math.fsum(losses) / len(losses), dtype=torch.float64)
    if reduction == "sum":
        return torch.tensor(math.fsum(losses), dtype=torch.float64)
    return torch.tensor(losses, dtype=torch.float64)


def focal_loss_derivative(x, t, alpha, gamma) -> torch.Tensor:
    """d(focal loss)/dx per element, from the formula's derivative in the module docstring."""
    grads = []
    for xi, ti in zip(x.tolist(), t.tolist()):
        s, log_p_t, one_minus_p_t, alpha_t = _terms(xi, ti, alpha)
        p_t = math.exp(log_p_t)
        grads.append(alpha_t * s * one_minus_p_t ** gamma * (gamma * p_t * log_p_t - one_minus_p_t))
    return torch.tensor(grads, dtype=torch.float64)


@pytest.mark.parametrize("n", [1, 7, 1000])
@pytest.mark.parametrize("scale", [1.0, 10.0, 200.0, 1e4])
@pytest.mark.parametrize("alpha,gamma", [(0.25, 2.0), (0.5, 0.0), (-1.0, 1.0), (0.9, 3.0), (0.0, 1.5)])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_agrees_with_the_paper_formula(n, scale, alpha, gamma, reduction):
    g = torch.Generator().manual_seed(n)
    x = torch.randn(n, generator=g) * scale
    t = (torch.rand(n, generator=g) < 0.4).float()
    got = focal_loss(x, t, alpha=alpha, gamma=gamma, reduction=reduction)
    want = focal_loss_by_the_formula(x, t, alpha=alpha, gamma=gamma, reduction=reduction)
    assert got.dtype == torch.float32 and got.shape == want.shape
    torch.testing.assert_close(got.double(), want, rtol=1e-5, atol=1e-6 * scale)


@pytest.mark.parametrize("alpha,gamma", [(0.25, 2.0), (-1.0, 0.0), (0.75, 3.0)])
def test_gradients_agree_with_the_formula_derivative(alpha, gamma):
    g = torch.Generator().manual_seed(3)
    x = torch.randn(50, generator=g, dtype=torch.float64) * 5
    t = (torch.rand(50, generator=g) < 0.5).double()
    a = x.clone().requires_grad_()
    up = torch.randn(50, generator=g, dtype=torch.float64)
    ga, = torch.autograd.grad(focal_loss(a, t, alpha, gamma, "none"), a, up)
    torch.testing.assert_close(ga, up * focal_loss_derivative(x, t, alpha, gamma), rtol=1e-10, atol=1e-12)


def test_finite_at_large_logits():
    x = torch.tensor([-1e4, 1e4, -200.0, 200.0, 104.0, -104.0], requires_grad=True)
    t = torch.tensor([1.0, 0.0, 1.0, 0.0, 0.0, 1.0])
    loss = focal_loss(x, t, reduction="none")
    loss.sum().backward()
    assert torch.isfinite(loss).all() and torch.isfinite(x.grad).all()
    torch.testing.assert_close(loss.double(), focal_loss_by_the_formula(x.detach(), t), rtol=1e-6, atol=0.0)
    torch.testing.assert_close(x.grad.double(), focal_loss_derivative(x.detach(), t, 0.25, 2.0), rtol=1e-6, atol=0.0)

import pytest
import torch
import torch.nn.functional as F

from reference.focal_loss import focal_loss


def sigmoid_focal_loss(inputs, targets, alpha=0.25, gamma=2.0, reduction="none"):
    """torchvision.ops.sigmoid_focal_loss (torchvision 0.19), copied: torchvision is not installed."""
    p = torch.sigmoid(inputs)
    ce_loss = F.binary_cross_entropy_with_logits(inputs, targets, reduction="none")
    p_t = p * targets + (1 - p) * (1 - targets)
    loss = ce_loss * ((1 - p_t) ** gamma)
    if alpha >= 0:
        alpha_t = alpha * targets + (1 - alpha) * (1 - targets)
        loss = alpha_t * loss
    if reduction == "none":
        pass
    elif reduction == "mean":
        loss = loss.mean()
    elif reduction == "sum":
        loss = loss.sum()
    return loss


@pytest.mark.parametrize("n", [1, 7, 1000])
@pytest.mark.parametrize("scale", [1.0, 10.0, 200.0, 1e4])
@pytest.mark.parametrize("alpha,gamma", [(0.25, 2.0), (0.5, 0.0), (-1.0, 1.0), (0.9, 3.0), (0.0, 1.5)])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_agrees_with_torchvision(n, scale, alpha, gamma, reduction):
    g = torch.Generator().manual_seed(n)
    x = torch.randn(n, generator=g) * scale
    t = (torch.rand(n, generator=g) < 0.4).float()
    got = focal_loss(x, t, alpha=alpha, gamma=gamma, reduction=reduction)
    want = sigmoid_focal_loss(x, t, alpha=alpha, gamma=gamma, reduction=reduction)
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-6 * scale)


@pytest.mark.parametrize("alpha,gamma", [(0.25, 2.0), (-1.0, 0.0), (0.75, 3.0)])
def test_gradients_agree_with_torchvision(alpha, gamma):
    g = torch.Generator().manual_seed(3)
    x = torch.randn(50, generator=g, dtype=torch.float64) * 5
    t = (torch.rand(50, generator=g) < 0.5).double()
    a, b = x.clone().requires_grad_(), x.clone().requires_grad_()
    up = torch.randn(50, generator=g, dtype=torch.float64)
    ga, = torch.autograd.grad(focal_loss(a, t, alpha, gamma, "none"), a, up)
    gb, = torch.autograd.grad(sigmoid_focal_loss(b, t, alpha, gamma, "none"), b, up)
    torch.testing.assert_close(ga, gb, rtol=1e-10, atol=1e-12)


def test_finite_at_large_logits():
    x = torch.tensor([-1e4, 1e4, -200.0, 200.0, 104.0, -104.0], requires_grad=True)
    t = torch.tensor([1.0, 0.0, 1.0, 0.0, 0.0, 1.0])
    loss = focal_loss(x, t, reduction="none")
    loss.sum().backward()
    assert torch.isfinite(loss).all() and torch.isfinite(x.grad).all()
    torch.testing.assert_close(loss, sigmoid_focal_loss(x.detach(), t), rtol=1e-6, atol=0.0)

"""The reference against torch's built-in losses (values and gradients), over every reduction and
the whole range of delta, beta and margin; hinge against F.multi_margin_loss with two classes and
scikit-learn's hinge_loss."""
import pytest
import torch
import torch.nn.functional as F

from reference.regression_losses import huber_loss, hinge_loss, mse_loss, smooth_l1_loss

SHAPES = [(), (1,), (7,), (4, 5), (2, 3, 6), (64, 33)]
REDUCTIONS = ["none", "sum", "mean"]


def pair(shape, scale, seed, dtype):
    gen = torch.Generator().manual_seed(seed)
    return ((torch.randn(shape, generator=gen) * scale).to(dtype),
            (torch.randn(shape, generator=gen) * scale).to(dtype))


def agree(ours, theirs, inputs, dtype):
    """Same values, and the same gradients into every input for a random upstream gradient."""
    leaves_a = [t.clone().requires_grad_() for t in inputs]
    leaves_b = [t.clone().requires_grad_() for t in inputs]
    a, b = ours(*leaves_a), theirs(*leaves_b)
    tol = dict(rtol=1e-5, atol=1e-6) if dtype == torch.float32 else dict(rtol=1e-12, atol=1e-12)
    assert a.dtype == b.dtype == dtype
    torch.testing.assert_close(a, b, **tol)
    up = torch.randn(a.shape, generator=torch.Generator().manual_seed(9), dtype=dtype)
    for g, h in zip(torch.autograd.grad(a, leaves_a, up), torch.autograd.grad(b, leaves_b, up)):
        torch.testing.assert_close(g, h, **tol)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_mse_agrees_with_torch(shape, reduction, dtype):
    inputs = pair(shape, 3.0, len(shape), dtype)
    agree(lambda p, t: mse_loss(p, t, reduction=reduction), lambda p, t: F.mse_loss(p, t, reduction=reduction),
          inputs, dtype)


PARAMETERS = [1e-3, 0.1, 0.5, 1.0, 2.0, 7.5, 1e3]     # from (almost) all linear to all quadratic


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("value", PARAMETERS)
@pytest.mark.parametrize("scale", [0.01, 1.0, 30.0])
def test_huber_and_smooth_l1_agree_with_torch(shape, reduction, value, scale):
    for dtype in (torch.float32, torch.float64):
        inputs = pair(shape, scale, 7 * len(shape) + 1, dtype)
        agree(lambda p, t: huber_loss(p, t, delta=value, reduction=reduction),
              lambda p, t: F.huber_loss(p, t, delta=value, reduction=reduction), inputs, dtype)
        agree(lambda p, t: smooth_l1_loss(p, t, beta=value, reduction=reduction),
              lambda p, t: F.smooth_l1_loss(p, t, beta=value, reduction=reduction), inputs, dtype)


def test_defaults_agree_with_torch():
    p, t = pair((5, 4), 2.0, 3, torch.float32)
    torch.testing.assert_close(mse_loss(p, t), F.mse_loss(p, t))
    torch.testing.assert_close(huber_loss(p, t), F.huber_loss(p, t))
    torch.testing.assert_close(smooth_l1_loss(p, t), F.smooth_l1_loss(p, t))


def binary_multi_margin(scores, target, margin, reduction):
    """max(0, margin - y s) from F.multi_margin_loss: with class scores [0, s] and class (y > 0), the
    loss of a row is max(0, margin - (score of its class) + (the other score)) / 2."""
    rows = torch.stack([torch.zeros_like(scores), scores], dim=-1).reshape(-1, 2)
    per = 2 * F.multi_margin_loss(rows, (target.reshape(-1) > 0).long(), margin=margin, reduction="none")
    per = per.reshape(scores.shape)
    return per if reduction == "none" else per.sum() if reduction == "sum" else per.mean()


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("margin", [0.0, 0.5, 1.0, 2.0, 3.7])
def test_hinge_agrees_with_multi_margin_loss(shape, reduction, margin):
    gen = torch.Generator().manual_seed(len(shape))
    scores = torch.randn(shape, generator=gen, dtype=torch.float64) * 2
    target = torch.randint(0, 2, shape, generator=gen).double() * 2 - 1
    a = scores.clone().requires_grad_()
    b = scores.clone().requires_grad_()
    ours, theirs = hinge_loss(a, target, margin, reduction), binary_multi_margin(b, target, margin, reduction)
    torch.testing.assert_close(ours, theirs, rtol=1e-12, atol=1e-12)
    up = torch.randn(ours.shape, generator=gen, dtype=torch.float64)
    torch.testing.assert_close(torch.autograd.grad(ours, a, up)[0], torch.autograd.grad(theirs, b, up)[0])


def test_hinge_agrees_with_scikit_learn():
    metrics = pytest.importorskip("sklearn.metrics")
    gen = torch.Generator().manual_seed(4)
    scores = torch.randn(200, generator=gen, dtype=torch.float64) * 2
    target = torch.randint(0, 2, (200,), generator=gen).double() * 2 - 1
    want = metrics.hinge_loss(target.numpy(), scores.numpy())
    assert abs(hinge_loss(scores, target).item() - want) < 1e-12


def test_prompt_example():
    pred, target = torch.tensor([0.5, -2.0, 3.0]), torch.tensor([0.0, 0.0, 1.0])
    torch.testing.assert_close(mse_loss(pred, target), torch.tensor(2.75))
    torch.testing.assert_close(huber_loss(pred, target, reduction="none"), torch.tensor([0.125, 1.5, 1.5]))
    torch.testing.assert_close(huber_loss(pred, target, delta=2.0, reduction="none"), torch.tensor([0.125, 2.0, 2.0]))
    torch.testing.assert_close(smooth_l1_loss(pred, target, beta=2.0, reduction="none"), torch.tensor([0.0625, 1.0, 1.0]))
    torch.testing.assert_close(hinge_loss(torch.tensor([0.3, -2.0, 1.5]), torch.tensor([1.0, -1.0, -1.0]),
                                          reduction="sum"), torch.tensor(3.2))

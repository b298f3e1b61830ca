import pytest
import torch
import torch.nn.functional as F

from reference.cross_entropy import cross_entropy


def make(N, C, seed, ignore):
    g = torch.Generator().manual_seed(seed)
    logits = torch.randn(N, C, generator=g) * 3
    target = torch.randint(0, C, (N,), generator=g)
    if ignore == -100:
        target[1::3] = -100
    elif ignore is not None:
        target[0] = (ignore + 1) % C       # at least one row counts
    return logits, target, g


@pytest.mark.parametrize("N,C", [(1, 1), (1, 5), (6, 3), (16, 10)])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("ignore", [None, -100, 1])
@pytest.mark.parametrize("smoothing", [0.0, 0.1, 1.0])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_agrees_with_F_cross_entropy(N, C, weighted, ignore, smoothing, reduction):
    if ignore == 1 and C < 2:
        pytest.skip("ignore_index=1 needs two classes")
    logits, target, g = make(N, C, N * 100 + C, ignore)
    kwargs = {"label_smoothing": smoothing, "reduction": reduction}
    if weighted:
        kwargs["weight"] = torch.rand(C, generator=g) + 0.1
    if ignore is not None:
        kwargs["ignore_index"] = ignore
    torch.testing.assert_close(cross_entropy(logits, target, **kwargs),
                               F.cross_entropy(logits, target, **kwargs), rtol=1e-5, atol=1e-5)


def test_extreme_logits():
    logits = torch.tensor([[1000.0, 0.0, -1000.0]] * 3 + [[1e4, -1e4, 0.0]])
    target = torch.tensor([2, 1, 0, 1])
    for reduction in ["none", "mean"]:
        torch.testing.assert_close(cross_entropy(logits, target, reduction=reduction),
                                   F.cross_entropy(logits, target, reduction=reduction), rtol=1e-6, atol=1e-3)


def test_gradients_agree():
    # F.cross_entropy refuses a weight that requires grad: only d(loss)/d(logits) is compared
    logits, target, g = make(7, 4, 3, -100)
    weight = torch.rand(4, generator=g) + 0.1
    for reduction in ["mean", "sum", "none"]:
        x = logits.clone().requires_grad_()
        kwargs = {"weight": weight, "label_smoothing": 0.2, "reduction": reduction}
        up = torch.randn(7, generator=g) if reduction == "none" else torch.tensor(1.5)
        mine, = torch.autograd.grad(cross_entropy(x, target, **kwargs), x, up)
        theirs, = torch.autograd.grad(F.cross_entropy(x, target, **kwargs), x, up)
        torch.testing.assert_close(mine, theirs, rtol=1e-5, atol=1e-6)

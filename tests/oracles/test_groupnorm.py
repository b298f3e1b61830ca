import pytest
import torch

from reference.groupnorm import GroupNorm


def pair(G, C, eps, seed):
    g = torch.Generator().manual_seed(seed)
    ours, theirs = GroupNorm(G, C, eps), torch.nn.GroupNorm(G, C, eps=eps)
    with torch.no_grad():
        theirs.weight.copy_(1 + torch.randn(C, generator=g))
        theirs.bias.copy_(torch.randn(C, generator=g))
    ours.load_state_dict(theirs.state_dict())
    return ours, theirs, g


@pytest.mark.parametrize("G,C", [(1, 1), (1, 4), (2, 4), (4, 4), (3, 6), (2, 6), (4, 12)])
@pytest.mark.parametrize("spatial", [(), (5,), (1,), (3, 3), (2, 1, 4), (2, 3, 2, 2)])
@pytest.mark.parametrize("eps", [1e-5, 0.1])
def test_agrees_with_nn_groupnorm(G, C, spatial, eps):
    if C // G * torch.Size(spatial).numel() < 2:
        pytest.skip("a group of one value: nn.GroupNorm raises")
    ours, theirs, g = pair(G, C, eps, seed=C * 10 + G)
    for offset, spread in [(0.0, 1.0), (3.0, 10.0), (0.0, 1e-3)]:
        x = torch.randn(3, C, *spatial, generator=g) * spread + offset
        torch.testing.assert_close(ours(x), theirs(x), rtol=1e-4, atol=1e-4)
    # |mean| / std = 2e4: float32 knows x - mean to ~1e-3 only, so compare in float64
    x = torch.randn(3, C, *spatial, generator=g, dtype=torch.float64) * 1e-3 - 20.0
    torch.testing.assert_close(ours.double()(x), theirs.double()(x), rtol=1e-7, atol=1e-7)


def test_float64_and_large_offsets():
    ours, theirs, g = pair(2, 4, 1e-5, seed=1)
    ours, theirs = ours.double(), theirs.double()
    x = torch.randn(2, 4, 8, 8, generator=g, dtype=torch.float64) + 1e3
    out = ours(x)
    assert out.dtype == torch.float64
    torch.testing.assert_close(out, theirs(x), rtol=1e-9, atol=1e-9)


def test_gradients_agree():
    ours, theirs, g = pair(3, 6, 1e-5, seed=2)
    x = torch.randn(2, 6, 4, 3, generator=g)
    a, b = x.clone().requires_grad_(), x.clone().requires_grad_()
    up = torch.randn(x.shape, generator=g)
    ours(a).backward(up)
    theirs(b).backward(up)
    torch.testing.assert_close(a.grad, b.grad, rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(ours.weight.grad, theirs.weight.grad, rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(ours.bias.grad, theirs.bias.grad, rtol=1e-4, atol=1e-5)


def test_parameters_are_per_channel():
    assert {k: tuple(v.shape) for k, v in GroupNorm(2, 6).state_dict().items()} == {"weight": (6,), "bias": (6,)}

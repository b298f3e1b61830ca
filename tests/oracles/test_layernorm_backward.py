"""The reference against autograd through nn.LayerNorm: dx, and the gradients of its weight and
bias, over leading ranks 0 to 3, d from 1, means far from 0, spreads from 1e-3 and eps up to 0.1."""
import pytest
import torch

from reference.layernorm_backward import layernorm_backward


def autograd_grads(dout, x, gamma, eps):
    ln = torch.nn.LayerNorm(x.shape[-1], eps=eps, dtype=x.dtype)
    with torch.no_grad():
        ln.weight.copy_(gamma)
        ln.bias.normal_()                      # beta plays no part in any gradient
    leaf = x.clone().requires_grad_()
    return torch.autograd.grad(ln(leaf), (leaf, ln.weight, ln.bias), dout)


@pytest.mark.parametrize("shape", [(1,), (5,), (3, 1), (4, 6), (2, 3, 8), (2, 2, 3, 5), (64, 128)])
@pytest.mark.parametrize("spread,offset", [(1.0, 0.0), (1e-3, 0.0), (10.0, -20.0), (0.1, 1e3)])
@pytest.mark.parametrize("eps", [1e-5, 1e-3, 0.1])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_agrees_with_autograd_through_nn_layernorm(shape, spread, offset, eps, dtype):
    gen = torch.Generator().manual_seed(len(shape) + int(spread * 10))
    x = (torch.randn(shape, generator=gen, dtype=torch.float64) * spread + offset).to(dtype)
    gamma = (1 + 0.5 * torch.randn(shape[-1], generator=gen, dtype=torch.float64)).to(dtype)
    dout = torch.randn(shape, generator=gen, dtype=torch.float64).to(dtype)
    got = layernorm_backward(dout, x, gamma, eps)
    want = autograd_grads(dout, x, gamma, eps)
    # float32 rounding of x - mean is relative to |x| / std: the tolerance follows the conditioning
    cond = max(1.0, (x.double().abs().amax(-1) / (x.double().var(-1, unbiased=False) + eps).sqrt()).max().item())
    size = max(1.0, max(w.abs().max().item() for w in want))
    tol = dict(rtol=1e-4, atol=1e-5 * cond * size) if dtype == torch.float32 else dict(rtol=1e-9, atol=1e-10 * cond * size)
    for g, w in zip(got, want):
        assert g.dtype == dtype and g.shape == w.shape
        torch.testing.assert_close(g, w, **tol)


def test_prompt_example():
    dx, dgamma, dbeta = layernorm_backward(torch.tensor([1.0, 0.0, 0.0]), torch.tensor([1.0, 2.0, 4.0]), torch.ones(3))
    torch.testing.assert_close(dx, torch.tensor([0.2291, -0.3436, 0.1145]), atol=1e-4, rtol=0)
    torch.testing.assert_close(dgamma, torch.tensor([-1.0690, 0.0, 0.0]), atol=1e-4, rtol=0)
    torch.testing.assert_close(dbeta, torch.tensor([1.0, 0.0, 0.0]))

"""The reference's Function against torch.logsumexp: values, first and second derivatives (through
the reference's own backward), rows up to ±1e4 and rows far apart; and torch.autograd.gradcheck and
gradgradcheck in float64."""
import pytest
import torch

from reference.custom_autograd import logsumexp

SHAPES = [(1,), (5,), (3, 1), (4, 7), (2, 3, 6), (16, 33)]


def rows(shape, scale, offset, seed, dtype):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(shape, generator=gen, dtype=torch.float64) * scale
    return (x + offset * torch.arange(x.reshape(-1, shape[-1]).shape[0]).reshape(*shape[:-1], 1)).to(dtype)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("scale,offset", [(1.0, 0.0), (10.0, 0.0), (1e4, 0.0), (1.0, 300.0), (3.0, -1e3)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_values_and_gradients_agree_with_torch_logsumexp(shape, scale, offset, dtype):
    x = rows(shape, scale, offset, len(shape), dtype)
    a, b = x.clone().requires_grad_(), x.clone().requires_grad_()
    ours, theirs = logsumexp(a), torch.logsumexp(b, dim=-1)
    rtol = 1e-6 if dtype == torch.float32 else 1e-12
    torch.testing.assert_close(ours, theirs, rtol=rtol, atol=rtol * max(1.0, x.abs().max().item()))
    up = torch.randn(ours.shape, generator=torch.Generator().manual_seed(1), dtype=dtype)
    ga, = torch.autograd.grad(ours, a, up, create_graph=True)
    gb, = torch.autograd.grad(theirs, b, up, create_graph=True)
    torch.testing.assert_close(ga, gb, rtol=1e-5 if dtype == torch.float32 else 1e-12, atol=1e-6)
    v = torch.randn(x.shape, generator=torch.Generator().manual_seed(2), dtype=dtype)
    ha, = torch.autograd.grad(ga, a, v)
    hb, = torch.autograd.grad(gb, b, v)
    torch.testing.assert_close(ha, hb, rtol=1e-4 if dtype == torch.float32 else 1e-10, atol=1e-5)


@pytest.mark.parametrize("shape", SHAPES[:5])
@pytest.mark.parametrize("scale", [1.0, 5.0])
def test_gradcheck_and_gradgradcheck(shape, scale):
    x = rows(shape, scale, 0.0, 7, torch.float64).requires_grad_()
    assert torch.autograd.gradcheck(logsumexp, (x,))
    assert torch.autograd.gradgradcheck(logsumexp, (x,))


def test_prompt_example():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    out = logsumexp(x)
    torch.testing.assert_close(out, torch.tensor(3.4076), atol=1e-4, rtol=0)
    assert type(out.grad_fn).__name__ == "LogSumExpBackward"
    out.backward()
    torch.testing.assert_close(x.grad, torch.tensor([0.0900, 0.2447, 0.6652]), atol=1e-4, rtol=0)
    torch.testing.assert_close(logsumexp(torch.tensor([[1000.0, 1000.0], [-1000.0, -1000.0]])),
                               torch.tensor([1000.6932, -999.3068]), atol=1e-3, rtol=0)

import pytest
import torch

from reference.layernorm import LayerNorm


@pytest.mark.parametrize("shape", [(4, 7), (2, 3, 16), (5, 1), (1, 4096), (2, 2, 2, 8)])
@pytest.mark.parametrize("scale,offset", [(1.0, 0.0), (100.0, 5.0), (1e-3, 0.0), (1.0, 1e3)])
@pytest.mark.parametrize("eps", [1e-5, 0.1])
def test_agrees_with_nn_layernorm(shape, scale, offset, eps):
    g = torch.Generator().manual_seed(0)
    x = torch.randn(shape, generator=g) * scale + offset
    ours, theirs = LayerNorm(shape[-1], eps), torch.nn.LayerNorm(shape[-1], eps=eps)
    with torch.no_grad():
        theirs.weight.copy_(1 + torch.randn(shape[-1], generator=g))
        theirs.bias.copy_(torch.randn(shape[-1], generator=g))
    ours.load_state_dict(theirs.state_dict())
    atol = 5e-4 if offset >= 1e3 else 1e-5   # at 1000 + N(0, 1) nn.LayerNorm itself is off by ~3e-4
    torch.testing.assert_close(ours(x), theirs(x), rtol=1e-4, atol=atol)
    exact = LayerNorm(shape[-1], eps).double()
    exact.load_state_dict(theirs.state_dict())
    torch.testing.assert_close(ours(x), exact(x.double()).float(), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_half_agrees_with_nn_layernorm_in_float32(dtype):
    x = (torch.randn(3, 5, 32, generator=torch.Generator().manual_seed(1)) * 100).to(dtype)
    out = LayerNorm(32).to(dtype)(x)
    assert out.dtype == dtype
    expected = torch.nn.LayerNorm(32)(x.float()).to(dtype)
    torch.testing.assert_close(out, expected, rtol=1e-2, atol=1e-2)

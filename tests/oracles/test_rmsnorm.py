import pytest
import torch

from reference.rmsnorm import RMSNorm


@pytest.mark.parametrize("shape", [(4, 7), (2, 3, 16), (5, 1), (1, 4096), (2, 2, 2, 8)])
@pytest.mark.parametrize("scale,offset", [(1.0, 0.0), (100.0, 5.0), (1e-3, 0.0), (1.0, 1e3)])
@pytest.mark.parametrize("eps", [1e-6, 1e-2])
def test_agrees_with_nn_rmsnorm(shape, scale, offset, eps):
    g = torch.Generator().manual_seed(0)
    x = torch.randn(shape, generator=g) * scale + offset
    ours, theirs = RMSNorm(shape[-1], eps), torch.nn.RMSNorm(shape[-1], eps=eps)
    with torch.no_grad():
        theirs.weight.copy_(1 + torch.randn(shape[-1], generator=g))
    ours.load_state_dict(theirs.state_dict())
    torch.testing.assert_close(ours(x), theirs(x), rtol=1e-5, atol=1e-6)


def test_zeros_stay_zero():
    assert RMSNorm(8)(torch.zeros(3, 8)).abs().max() == 0


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_half_agrees_with_nn_rmsnorm_in_float32(dtype):
    x = (torch.randn(3, 5, 32, generator=torch.Generator().manual_seed(1)) * 300).to(dtype)
    out = RMSNorm(32).to(dtype)(x)
    assert out.dtype == dtype and torch.isfinite(out).all()
    expected = torch.nn.RMSNorm(32, eps=1e-6)(x.float()).to(dtype)
    torch.testing.assert_close(out, expected, rtol=1e-2, atol=1e-2)

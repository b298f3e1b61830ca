import pytest
import torch
import torch.nn.functional as F

from reference.linear import linear


@pytest.mark.parametrize("lead", [(), (5,), (2, 3), (2, 1, 3, 4), (0,)])
@pytest.mark.parametrize("d_in,d_out", [(1, 1), (4, 7), (16, 3)])
@pytest.mark.parametrize("with_bias", [True, False])
def test_agrees_with_F_linear(lead, d_in, d_out, with_bias):
    g = torch.Generator().manual_seed(0)
    x = torch.randn(*lead, d_in, generator=g) * 3
    w = torch.randn(d_out, d_in, generator=g)
    b = torch.randn(d_out, generator=g) if with_bias else None
    torch.testing.assert_close(linear(x, w, b), F.linear(x, w, b), rtol=1e-5, atol=1e-5)


def test_gradients_agree_with_F_linear():
    g = torch.Generator().manual_seed(1)
    args = [torch.randn(*s, generator=g).requires_grad_() for s in [(2, 3, 4), (5, 4), (5,)]]
    up = torch.randn(2, 3, 5, generator=g)
    mine = torch.autograd.grad(linear(*args), args, up)
    theirs = torch.autograd.grad(F.linear(*args), args, up)
    for a, b in zip(mine, theirs):
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-5)

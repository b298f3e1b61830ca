import itertools

import pytest
import torch
import torch.nn.functional as F

from reference.conv2d import conv2d

# (H, W, kh, kw, stride, padding): square and not, strides that do not divide, gaps, wide padding
GEOMETRIES = [(5, 5, 3, 3, 1, 0), (5, 7, 3, 2, 1, 1), (6, 7, 3, 3, 2, 0), (7, 8, 2, 2, 3, 1),
              (4, 5, 4, 5, 1, 0), (3, 3, 1, 1, 1, 2), (1, 6, 1, 3, 1, 0), (2, 2, 3, 4, 1, 1),
              (4, 5, 3, 3, 2, 2), (9, 4, 4, 1, 3, 3), (1, 1, 1, 1, 1, 0)]


@pytest.mark.parametrize("H,W,kh,kw,stride,padding", GEOMETRIES)
@pytest.mark.parametrize("N,C,O", [(1, 1, 1), (2, 3, 4), (3, 2, 1)])
@pytest.mark.parametrize("with_bias", [True, False])
def test_agrees_with_F_conv2d(H, W, kh, kw, stride, padding, N, C, O, with_bias):
    g = torch.Generator().manual_seed(H * 100 + W * 10 + kh)
    x = torch.randn(N, C, H, W, generator=g) * 3
    w = torch.randn(O, C, kh, kw, generator=g)
    b = torch.randn(O, generator=g) if with_bias else None
    torch.testing.assert_close(conv2d(x, w, b, stride, padding), F.conv2d(x, w, b, stride, padding),
                               rtol=1e-5, atol=1e-5)


def test_every_small_geometry_agrees():
    g = torch.Generator().manual_seed(1)
    for H, W, kh, kw, stride, padding in itertools.product([1, 2, 5], [1, 4], [1, 2, 3], [1, 3], [1, 2, 3], [0, 1, 2]):
        if H + 2 * padding < kh or W + 2 * padding < kw:
            continue
        x, w, b = torch.randn(2, 2, H, W, generator=g), torch.randn(3, 2, kh, kw, generator=g), torch.randn(3, generator=g)
        torch.testing.assert_close(conv2d(x, w, b, stride, padding), F.conv2d(x, w, b, stride, padding),
                                   rtol=1e-5, atol=1e-5, msg=str((H, W, kh, kw, stride, padding)))


def test_float64_and_large_values():
    g = torch.Generator().manual_seed(2)
    x, w, b = torch.randn(2, 8, 9, 9, generator=g, dtype=torch.float64) * 1e3, \
        torch.randn(5, 8, 3, 3, generator=g, dtype=torch.float64), torch.randn(5, generator=g, dtype=torch.float64)
    out = conv2d(x, w, b, 2, 1)
    assert out.dtype == torch.float64
    torch.testing.assert_close(out, F.conv2d(x, w, b, 2, 1), rtol=1e-10, atol=1e-9)


@pytest.mark.parametrize("stride,padding", [(1, 0), (2, 1), (3, 2)])
def test_gradients_agree_with_F_conv2d(stride, padding):
    g = torch.Generator().manual_seed(3)
    args = [torch.randn(*s, generator=g).requires_grad_() for s in [(2, 3, 7, 6), (4, 3, 3, 2), (4,)]]
    out = conv2d(*args, stride, padding)
    up = torch.randn(out.shape, generator=g)
    mine = torch.autograd.grad(out, args, up)
    theirs = torch.autograd.grad(F.conv2d(*args, stride=stride, padding=padding), args, up)
    for a, b in zip(mine, theirs):
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-5)

import itertools

import pytest
import torch
import torch.nn.functional as F

from reference.maxpool2d import max_pool2d


def test_every_small_geometry_agrees_with_F_max_pool2d():
    g = torch.Generator().manual_seed(0)
    for H, W, k, stride, padding in itertools.product([1, 2, 5, 6], [1, 3, 7], [1, 2, 3, 4], [None, 1, 2, 3, 5],
                                                      [0, 1, 2]):
        if padding > k // 2 or H + 2 * padding < k or W + 2 * padding < k:
            continue
        x = torch.randn(2, 3, H, W, generator=g) * 4 - 3          # border windows of negative values
        torch.testing.assert_close(max_pool2d(x, k, stride, padding), F.max_pool2d(x, k, stride, padding),
                                   rtol=0, atol=0, msg=str((H, W, k, stride, padding)))


@pytest.mark.parametrize("offset", [0.0, -1e5, 1e5])
def test_large_values_and_float64(offset):
    g = torch.Generator().manual_seed(1)
    x = torch.randn(2, 4, 9, 8, generator=g, dtype=torch.float64) * 1e3 + offset
    out = max_pool2d(x, 3, 2, 1)
    assert out.dtype == torch.float64
    torch.testing.assert_close(out, F.max_pool2d(x, 3, 2, 1), rtol=0, atol=0)


def test_stride_left_out_is_kernel_size():
    x = torch.randn(1, 2, 7, 9, generator=torch.Generator().manual_seed(2))
    torch.testing.assert_close(max_pool2d(x, 3), F.max_pool2d(x, 3))
    torch.testing.assert_close(max_pool2d(x, 2, padding=1), F.max_pool2d(x, 2, padding=1))


@pytest.mark.parametrize("k,stride,padding", [(2, None, 0), (3, 1, 1), (3, 2, 1), (4, 3, 2)])
def test_gradients_agree(k, stride, padding):
    g = torch.Generator().manual_seed(3)
    a = (torch.randn(2, 3, 8, 7, generator=g) - 1).requires_grad_()
    b = a.detach().clone().requires_grad_()
    out = max_pool2d(a, k, stride, padding)
    up = torch.randn(out.shape, generator=g)
    out.backward(up)
    F.max_pool2d(b, k, stride, padding).backward(up)
    torch.testing.assert_close(a.grad, b.grad, rtol=1e-6, atol=1e-6)

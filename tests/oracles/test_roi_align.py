"""RoIAlign against a brute force that follows torchvision's CPU kernel (roi_align_kernel.cpp, aligned=True,
a fixed sampling_ratio) line by line, in float64 Python; and against torchvision itself where it is installed."""
import importlib

import pytest
import torch

from reference.roi_align import roi_align


def bilinear(v, H, W, y, x):
    if y < -1.0 or y > H or x < -1.0 or x > W:
        return 0.0
    y, x = max(y, 0.0), max(x, 0.0)
    y_low, x_low = int(y), int(x)
    if y_low >= H - 1:
        y_high = y_low = H - 1
        y = float(y_low)
    else:
        y_high = y_low + 1
    if x_low >= W - 1:
        x_high = x_low = W - 1
        x = float(x_low)
    else:
        x_high = x_low + 1
    ly, lx = y - y_low, x - x_low
    hy, hx = 1.0 - ly, 1.0 - lx
    return hy * hx * v[y_low][x_low] + hy * lx * v[y_low][x_high] + ly * hx * v[y_high][x_low] \
        + ly * lx * v[y_high][x_high]


def brute_force(inp, rois, output_size, spatial_scale, s):
    N, C, H, W = inp.shape
    ph, pw = output_size
    out = torch.zeros(len(rois), C, ph, pw, dtype=torch.float64)
    for k, (b, x1, y1, x2, y2) in enumerate(rois.tolist()):
        start_w, start_h = x1 * spatial_scale - 0.5, y1 * spatial_scale - 0.5
        bin_w = (x2 * spatial_scale - 0.5 - start_w) / pw
        bin_h = (y2 * spatial_scale - 0.5 - start_h) / ph
        for c in range(C):
            v = inp[int(b), c].tolist()
            for p in range(ph):
                for q in range(pw):
                    total = 0.0
                    for iy in range(s):
                        y = start_h + p * bin_h + (iy + 0.5) * bin_h / s
                        for ix in range(s):
                            total += bilinear(v, H, W, y, start_w + q * bin_w + (ix + 0.5) * bin_w / s)
                    out[k, c, p, q] = total / (s * s)
    return out


def random_case(seed, N, C, H, W, K, scale):
    g = torch.Generator().manual_seed(seed)
    inp = torch.randn(N, C, H, W, generator=g, dtype=torch.float64)
    b = torch.randint(0, N, (K, 1), generator=g).double()
    lo = torch.rand(K, 2, generator=g, dtype=torch.float64) * torch.tensor([W + 4.0, H + 4.0]) - 2
    size = torch.rand(K, 2, generator=g, dtype=torch.float64) * torch.tensor([W + 2.0, H + 2.0])
    return inp, torch.cat([b, lo / scale, (lo + size) / scale], 1)


@pytest.mark.parametrize("N,C,H,W,K", [(1, 1, 1, 1, 3), (1, 2, 1, 6, 4), (2, 3, 5, 7, 6), (3, 2, 8, 4, 5)])
@pytest.mark.parametrize("output_size,s", [((1, 1), 1), ((2, 3), 2), ((3, 2), 3)])
@pytest.mark.parametrize("scale", [1.0, 0.25])
def test_agrees_with_a_brute_force_of_torchvisions_kernel(N, C, H, W, K, output_size, s, scale):
    inp, rois = random_case(N * 100 + H * 10 + W, N, C, H, W, K, scale)
    got = roi_align(inp, rois, output_size, scale, s)
    torch.testing.assert_close(got, brute_force(inp, rois, output_size, scale, s), rtol=1e-12, atol=1e-12)


def test_border_rules_on_exact_coordinates():
    """Samples within one pixel outside take the edge; farther ones are 0 and still count."""
    x = torch.arange(12.0, dtype=torch.float64).view(1, 1, 3, 4)
    rois = torch.tensor([[0.0, -2.0, -2.0, 2.0, 2.0], [0.0, 2.0, 1.0, 5.0, 3.5], [0.0, 1.0, 0.5, 3.0, 2.5],
                         [0.0, -1.0, 0.0, 0.0, 1.0]], dtype=torch.float64)
    for output_size, s in [((1, 1), 2), ((1, 2), 1), ((2, 2), 2), ((2, 2), 1)]:
        torch.testing.assert_close(roi_align(x, rois, output_size, 1.0, s), brute_force(x, rois, output_size, 1.0, s))


def test_gradient_is_the_transpose_of_the_sampling():
    """RoIAlign is linear in the features: the gradient of <out, u> is what the brute force spreads back."""
    inp, rois = random_case(7, 2, 2, 4, 5, 3, 0.5)
    u = torch.randn(3, 2, 2, 2, generator=torch.Generator().manual_seed(8), dtype=torch.float64)
    leaf = inp.clone().requires_grad_()
    (roi_align(leaf, rois, (2, 2), 0.5, 2) * u).sum().backward()
    want = torch.zeros_like(inp)
    for i in range(inp.numel()):                          # brute force is linear: probe each feature
        e = torch.zeros(inp.numel(), dtype=torch.float64)
        e[i] = 1.0
        want.view(-1)[i] = (brute_force(e.view_as(inp), rois, (2, 2), 0.5, 2) * u).sum()
    torch.testing.assert_close(leaf.grad, want)


def test_float32_and_prompt_examples():
    x = torch.arange(12.0).view(1, 1, 3, 4)
    torch.testing.assert_close(roi_align(x, torch.tensor([[0.0, 1.0, 0.5, 3.0, 2.5]]), (2, 2)),
                               torch.tensor([[[[3.0, 4.0], [7.0, 8.0]]]]))
    torch.testing.assert_close(roi_align(x, torch.tensor([[0.0, 2.0, 1.0, 5.0, 3.5]]), (1, 2), sampling_ratio=1),
                               torch.tensor([[[[9.25, 10.0]]]]))
    torch.testing.assert_close(roi_align(x, torch.tensor([[0.0, -2.0, -2.0, 2.0, 2.0]]), (1, 1)),
                               torch.tensor([[[[0.625]]]]))
    assert roi_align(x, torch.zeros(0, 5), (2, 3)).shape == (0, 1, 2, 3)


def test_agrees_with_torchvision_where_installed():
    try:
        ops = importlib.import_module("torchvision.ops")
    except Exception as e:          # not installed, or a build whose compiled ops do not match torch
        pytest.skip(f"torchvision unavailable: {e}")
    inp, rois = random_case(9, 2, 3, 6, 7, 8, 0.5)
    for s in (1, 2, 3):
        want = ops.roi_align(inp, rois, (3, 2), spatial_scale=0.5, sampling_ratio=s, aligned=True)
        torch.testing.assert_close(roi_align(inp, rois, (3, 2), 0.5, s), want)

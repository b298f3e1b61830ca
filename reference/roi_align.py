import torch


def _weights(coord: torch.Tensor, size: int) -> torch.Tensor:
    """(K, P) sample coordinates on an axis of `size` pixels -> (K, P, size) bilinear weights."""
    inside = (coord >= -1.0) & (coord <= size)           # beyond one pixel outside the map: 0
    c = coord.clamp(0, size - 1)                         # within it: the edge pixel's value
    low = c.floor()
    frac = c - low                                       # weight of the pixel after `low`
    low = low.long()
    high = (low + 1).clamp(max=size - 1)
    w = torch.zeros(*coord.shape, size, dtype=coord.dtype, device=coord.device)
    w.scatter_add_(-1, low[..., None], (1 - frac)[..., None])
    w.scatter_add_(-1, high[..., None], frac[..., None])
    return w * inside[..., None]


def roi_align(input: torch.Tensor, rois: torch.Tensor, output_size: tuple[int, int], spatial_scale: float = 1.0,
              sampling_ratio: int = 2) -> torch.Tensor:
    N, C, H, W = input.shape
    ph, pw = output_size
    s = sampling_ratio
    r = rois.detach().to(input.dtype)                    # no gradient into the boxes, as torchvision
    # aligned=True: pixel i covers [i, i + 1), its centre is i + 0.5, so continuous x sits at x - 0.5
    x1, y1, x2, y2 = (r[:, 1:] * spatial_scale - 0.5).unbind(1)
    # sample i of bin p lies at start + (p + (i + 0.5) / s) * bin = start + (p·s + i + 0.5) / (bins·s) * extent
    fy = (torch.arange(ph * s, dtype=r.dtype, device=r.device) + 0.5) / (ph * s)
    fx = (torch.arange(pw * s, dtype=r.dtype, device=r.device) + 0.5) / (pw * s)
    wy = _weights(y1[:, None] + fy * (y2 - y1)[:, None], H)         # (K, ph·s, H)
    wx = _weights(x1[:, None] + fx * (x2 - x1)[:, None], W)         # (K, pw·s, W)
    # bilinear sampling is separable: averaging the s·s samples of a bin averages the weights per axis
    wy = wy.view(-1, ph, s, H).mean(2)                   # (K, ph, H)
    wx = wx.view(-1, pw, s, W).mean(2)                   # (K, pw, W)
    feats = input[r[:, 0].long()]                        # (K, C, H, W): each box's own image
    return torch.einsum("kph,kchw,kqw->kcpq", wy, feats, wx)

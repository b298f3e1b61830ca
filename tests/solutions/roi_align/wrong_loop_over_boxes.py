import torch

EXPECT = {
    'no loop': '',
}


def bilinear_weights(coord, size):
    inside = (coord >= -1) & (coord <= size)
    c = coord.clamp(0, size - 1)
    low = c.floor().long()
    high = (low + 1).clamp(max=size - 1)
    frac = c - low
    w = torch.zeros(len(coord), size, dtype=coord.dtype, device=coord.device)
    w[torch.arange(len(coord)), low] += 1 - frac
    w[torch.arange(len(coord)), high] += frac
    return w * inside[:, None]


def roi_align(input, rois, output_size, spatial_scale=1.0, sampling_ratio=2):
    N, C, H, W = input.shape
    ph, pw = output_size
    s = sampling_ratio
    out = []
    for roi in rois.detach():                            # one box at a time
        x1, y1, x2, y2 = (roi[1:] * spatial_scale - 0.5).tolist()
        ty = (torch.arange(ph * s, dtype=input.dtype, device=input.device) + 0.5) / (ph * s)
        tx = (torch.arange(pw * s, dtype=input.dtype, device=input.device) + 0.5) / (pw * s)
        wy = bilinear_weights(y1 + ty * (y2 - y1), H).view(ph, s, H).mean(1)
        wx = bilinear_weights(x1 + tx * (x2 - x1), W).view(pw, s, W).mean(1)
        out.append(wy @ input[int(roi[0])] @ wx.T)
    return torch.stack(out) if out else input.new_zeros(0, C, ph, pw)

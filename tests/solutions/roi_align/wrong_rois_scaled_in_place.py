import torch

EXPECT = {
    'inputs unchanged': 'an input modified in place: work on new tensors',
}


def _weights(coord, size):
    inside = (coord >= -1.0) & (coord <= size)
    c = coord.clamp(0, size - 1)
    low = c.floor()
    frac = c - low
    low = low.long()
    high = (low + 1).clamp(max=size - 1)
    w = torch.nn.functional.one_hot(low, size).to(c.dtype) * (1 - frac)[..., None] \
        + torch.nn.functional.one_hot(high, size).to(c.dtype) * frac[..., None]
    return w * inside[..., None]


def roi_align(input, rois, output_size, spatial_scale=1.0, sampling_ratio=2):
    N, C, H, W = input.shape
    ph, pw = output_size
    s = sampling_ratio
    boxes = rois[:, 1:]
    boxes.mul_(spatial_scale).sub_(0.5)                  # scales the caller's boxes
    x1, y1, x2, y2 = boxes.detach().unbind(1)
    fy = (torch.arange(ph * s, dtype=input.dtype, device=input.device) + 0.5) / (ph * s)
    fx = (torch.arange(pw * s, dtype=input.dtype, device=input.device) + 0.5) / (pw * s)
    wy = _weights(y1[:, None] + fy * (y2 - y1)[:, None], H).view(-1, ph, s, H).mean(2)
    wx = _weights(x1[:, None] + fx * (x2 - x1)[:, None], W).view(-1, pw, s, W).mean(2)
    return torch.einsum("kph,kchw,kqw->kcpq", wy, input[rois[:, 0].long()], wx)

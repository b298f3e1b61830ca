import torch

EXPECT = {
    'quantise: no loop': '',
}


def quantise(w, group_size):
    out, n = w.shape
    q = torch.empty(out, n, dtype=torch.uint8, device=w.device)
    scale = torch.empty(out, n // group_size, dtype=w.dtype, device=w.device)
    zero = torch.empty(out, n // group_size, dtype=torch.uint8, device=w.device)
    for j in range(n // group_size):
        g = w[:, j * group_size:(j + 1) * group_size]
        lo, hi = g.amin(1).clamp(max=0), g.amax(1).clamp(min=0)
        s = torch.where(hi > lo, (hi - lo) / 15, torch.ones_like(hi))
        z = torch.round(-lo / s)
        q[:, j * group_size:(j + 1) * group_size] = (torch.round(g / s[:, None]) + z[:, None]).clamp(0, 15)
        scale[:, j], zero[:, j] = s, z
    return q[:, 0::2] | (q[:, 1::2] << 4), scale, zero


def dequantise(packed, scale, zero, group_size):
    q = torch.stack([packed & 15, packed >> 4], dim=-1).reshape(packed.shape[0], -1).to(scale.dtype)
    s = scale.repeat_interleave(group_size, dim=1)
    z = zero.to(scale.dtype).repeat_interleave(group_size, dim=1)
    return (q - z) * s

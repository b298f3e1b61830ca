import torch

EXPECT = {
    'dequantise: values': 'q - zero computed in uint8, which wraps around below 0 (3 - 10 = 249): convert to a float first',
}


def quantise(w, group_size):
    out, n = w.shape
    g = w.reshape(out, -1, group_size)
    lo = g.amin(-1).clamp(max=0)
    hi = g.amax(-1).clamp(min=0)
    scale = torch.where(hi > lo, (hi - lo) / 15, torch.ones_like(hi))
    zero = torch.round(-lo / scale)
    q = (torch.round(g / scale[..., None]) + zero[..., None]).clamp(0, 15).to(torch.uint8).reshape(out, n)
    return q[:, 0::2] | (q[:, 1::2] << 4), scale, zero.to(torch.uint8)


def dequantise(packed, scale, zero, group_size):
    q = torch.stack([packed & 15, packed >> 4], dim=-1).reshape(packed.shape[0], -1)
    z = zero.repeat_interleave(group_size, dim=1)
    return (q - z).to(scale.dtype) * scale.repeat_interleave(group_size, dim=1)    # uint8 - uint8

import torch

EXPECT = {
    'quantise: dtype': 'scale and zero mixed up: return (packed, scale, zero) in that order',
    "quantise: every weight within half a step, read back by the prompt's packing": '',
}


def quantise(w, group_size):
    out, n = w.shape
    g = w.reshape(out, -1, group_size)
    lo = g.amin(-1).clamp(max=0)
    hi = g.amax(-1).clamp(min=0)
    scale = torch.where(hi > lo, (hi - lo) / 15, torch.ones_like(hi))
    zero = torch.round(-lo / scale)
    q = (torch.round(g / scale[..., None]) + zero[..., None]).clamp(0, 15).to(torch.uint8).reshape(out, n)
    return q[:, 0::2] | (q[:, 1::2] << 4), zero.to(torch.uint8), scale


def dequantise(packed, scale, zero, group_size):
    q = torch.stack([packed & 15, packed >> 4], dim=-1).reshape(packed.shape[0], -1).to(scale.dtype)
    s = scale.repeat_interleave(group_size, dim=1)
    z = zero.to(scale.dtype).repeat_interleave(group_size, dim=1)
    return (q - z) * s

import torch

EXPECT = {
    'quantise: values': 'groups along the wrong dim: a group is group_size consecutive weights of a ROW (along the input dim), scale (out, in // group_size)',
    "quantise: every weight within half a step, read back by the prompt's packing": '',
}


def quantise(w, group_size):
    out, n = w.shape
    g = w.reshape(out // group_size, group_size, n)          # groups of rows, one per column
    lo = g.amin(dim=1).clamp(max=0)
    hi = g.amax(dim=1).clamp(min=0)
    scale = torch.where(hi > lo, (hi - lo) / 15, torch.ones_like(hi))
    zero = torch.round(-lo / scale)
    q = (torch.round(g / scale[:, None]) + zero[:, None]).clamp(0, 15).to(torch.uint8).reshape(out, n)
    return q[:, 0::2] | (q[:, 1::2] << 4), scale, zero.to(torch.uint8)


def dequantise(packed, scale, zero, group_size):
    q = torch.stack([packed & 15, packed >> 4], dim=-1).reshape(packed.shape[0], -1).to(scale.dtype)
    s = scale.repeat_interleave(group_size, dim=1)
    z = zero.to(scale.dtype).repeat_interleave(group_size, dim=1)
    return (q - z) * s

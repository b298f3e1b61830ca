import torch


def quantise(w, group_size):
    out, n = w.shape
    g = w.view(out, -1, group_size)
    min_neg = torch.minimum(g.min(dim=-1).values, torch.zeros((), dtype=w.dtype, device=w.device))
    max_pos = torch.maximum(g.max(dim=-1).values, torch.zeros((), dtype=w.dtype, device=w.device))
    scale = (max_pos - min_neg) / 15
    scale[scale == 0] = 1.0
    zero = (0 - torch.round(min_neg / scale)).clamp(0, 15)
    q = torch.clamp(torch.round(g / scale.unsqueeze(-1)) + zero.unsqueeze(-1), 0, 15).to(torch.uint8)
    q = q.view(out, n // 2, 2)
    packed = q[..., 0] + q[..., 1] * 16
    return packed, scale, zero.to(torch.uint8)


def dequantise(packed, scale, zero, group_size):
    out, half = packed.shape
    p = packed.to(torch.int32)
    q = torch.empty(out, 2 * half, dtype=torch.int32, device=packed.device)
    q[:, 0::2] = p % 16
    q[:, 1::2] = p // 16
    s = scale.repeat_interleave(group_size, dim=1)
    z = zero.to(torch.int32).repeat_interleave(group_size, dim=1)
    return (q - z).to(scale.dtype) * s

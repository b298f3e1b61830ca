import math

import torch


def apply_rope(x, positions, base):
    D = x.size(-1)
    inv_freq = torch.exp(-math.log(base) * torch.arange(0, D, 2, device=x.device).float() / D)
    freqs = torch.einsum("s,f->sf", positions.float(), inv_freq)
    emb = torch.cat((freqs, freqs), dim=-1)
    x1, x2 = x[..., : D // 2], x[..., D // 2:]
    rotated = torch.cat((-x2, x1), dim=-1)
    return (x.float() * emb.cos() + rotated.float() * emb.sin()).type_as(x)


def linear_scaled_rope(x, positions, factor, theta=10000.0):
    return apply_rope(x, positions.float() / factor, theta)


def ntk_scaled_rope(x, positions, factor, theta=10000.0):
    D = x.size(-1)
    return apply_rope(x, positions, theta * factor ** (D / (D - 2)))

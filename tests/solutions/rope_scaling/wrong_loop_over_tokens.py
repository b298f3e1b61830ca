import torch

EXPECT = {
    'linear_scaled_rope: no loop': '',
    'ntk_scaled_rope: no loop': '',
}


def rope(x, positions, base):
    D = x.shape[-1]
    out = torch.empty_like(x)
    for s in range(x.shape[-2]):                                           # one token at a time
        inv_freq = base ** (-torch.arange(0, D, 2, device=x.device, dtype=torch.float32) / D)
        angle = positions[s].float() * inv_freq
        c, n = torch.cat([angle, angle]).cos(), torch.cat([angle, angle]).sin()
        xs = x[..., s, :]
        out[..., s, :] = (xs * c + torch.cat([-xs[..., D // 2:], xs[..., :D // 2]], -1) * n).to(x.dtype)
    return out


def linear_scaled_rope(x, positions, factor, theta=10000.0):
    return rope(x, positions.float() / factor, theta)


def ntk_scaled_rope(x, positions, factor, theta=10000.0):
    D = x.shape[-1]
    return rope(x, positions, theta * factor ** (D / (D - 2)))

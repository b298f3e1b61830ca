import torch

EXPECT = {
    'ntk_scaled_rope: values': 'base changed with the wrong exponent: base = theta · factor^(D / (D - 2))',
}


def rope(x, positions, base):
    D = x.shape[-1]
    inv_freq = base ** (-torch.arange(0, D, 2, device=x.device, dtype=torch.float32) / D)
    angles = positions.float()[:, None] * inv_freq
    angles = torch.cat([angles, angles], dim=-1)
    rotated = torch.cat([-x[..., D // 2:], x[..., :D // 2]], dim=-1)
    return (x * angles.cos() + rotated * angles.sin()).to(x.dtype)


def linear_scaled_rope(x, positions, factor, theta=10000.0):
    return rope(x, positions.float() / factor, theta)


def ntk_scaled_rope(x, positions, factor, theta=10000.0):
    return rope(x, positions, theta * factor)

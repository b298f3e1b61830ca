import torch

EXPECT = {
    'linear_scaled_rope: float16': 'angles computed in half precision (position × frequency is too coarse)',
    'linear_scaled_rope: bfloat16': 'angles computed in half precision (position × frequency is too coarse)',
    'ntk_scaled_rope: float16': 'angles computed in half precision (position × frequency is too coarse)',
    'ntk_scaled_rope: bfloat16': 'angles computed in half precision (position × frequency is too coarse)',
}


def rope(x, positions, base):
    D = x.shape[-1]
    inv_freq = base ** (-torch.arange(0, D, 2, device=x.device, dtype=x.dtype) / D)
    angles = positions.to(x.dtype)[:, None] * inv_freq                   # in x's dtype
    angles = torch.cat([angles, angles], dim=-1)
    rotated = torch.cat([-x[..., D // 2:], x[..., :D // 2]], dim=-1)
    return x * angles.cos() + rotated * angles.sin()


def linear_scaled_rope(x, positions, factor, theta=10000.0):
    return rope(x, positions.float() / factor, theta)


def ntk_scaled_rope(x, positions, factor, theta=10000.0):
    D = x.shape[-1]
    return rope(x, positions, theta * factor ** (D / (D - 2)))

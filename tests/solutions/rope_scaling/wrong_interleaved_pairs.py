import torch

EXPECT = {
    'linear_scaled_rope: values': 'RoPE pairs interleaved dims (2i, 2i+1); rotate-half pairs dim i with i + D/2',
    'ntk_scaled_rope: values': 'RoPE pairs interleaved dims (2i, 2i+1); rotate-half pairs dim i with i + D/2',
}


def rope(x, positions, base):
    D = x.shape[-1]
    inv_freq = base ** (-torch.arange(0, D, 2, device=x.device, dtype=torch.float32) / D)
    angles = positions.float()[:, None] * inv_freq
    cos, sin = angles.cos().repeat_interleave(2, -1), angles.sin().repeat_interleave(2, -1)
    rotated = torch.stack([-x[..., 1::2], x[..., 0::2]], dim=-1).flatten(-2)   # pairs (2i, 2i+1)
    return (x * cos + rotated * sin).to(x.dtype)


def linear_scaled_rope(x, positions, factor, theta=10000.0):
    return rope(x, positions.float() / factor, theta)


def ntk_scaled_rope(x, positions, factor, theta=10000.0):
    D = x.shape[-1]
    return rope(x, positions, theta * factor ** (D / (D - 2)))

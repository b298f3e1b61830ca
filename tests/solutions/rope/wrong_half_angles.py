import torch

EXPECT = {
    'float16': 'angles computed in half precision (position × frequency is too coarse)',
    'bfloat16': 'angles computed in half precision (position × frequency is too coarse)',
}


def apply_rope(x, positions, theta=10000.0):
    D = x.shape[-1]
    inv_freq = theta ** (-torch.arange(0, D, 2, device=x.device, dtype=x.dtype) / D)
    ang = positions.to(x.dtype)[:, None] * inv_freq          # in float16, position × frequency is coarse
    ang = torch.cat([ang, ang], -1)
    rotated = torch.cat([-x[..., D // 2:], x[..., :D // 2]], -1)
    return x * ang.cos() + rotated * ang.sin()

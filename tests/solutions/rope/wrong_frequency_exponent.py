import torch

EXPECT = {
    'values': 'frequencies theta^(-i/D) instead of theta^(-2i/D)',
}


def apply_rope(x, positions, theta=10000.0):
    D = x.shape[-1]
    inv_freq = theta ** (-torch.arange(D // 2, device=x.device).float() / D)
    ang = positions.float()[:, None] * inv_freq
    ang = torch.cat([ang, ang], -1)
    rotated = torch.cat([-x[..., D // 2:], x[..., :D // 2]], -1)
    return (x * ang.cos() + rotated * ang.sin()).to(x.dtype)

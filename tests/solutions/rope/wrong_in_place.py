import torch

EXPECT = {
    'inputs unchanged': '',
}


def apply_rope(x, positions, theta=10000.0):
    D = x.shape[-1]
    inv_freq = theta ** (-torch.arange(0, D, 2, device=x.device).float() / D)
    ang = positions.float()[:, None] * inv_freq
    ang = torch.cat([ang, ang], -1)
    rotated = torch.cat([-x[..., D // 2:], x[..., :D // 2]], -1)
    x.mul_(ang.cos().to(x.dtype))                      # reuses x's memory: the caller's x changes
    return x + rotated * ang.sin().to(x.dtype)

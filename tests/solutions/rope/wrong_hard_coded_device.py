import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def apply_rope(x, positions, theta=10000.0):
    D = x.shape[-1]
    inv_freq = 1.0 / theta ** (torch.arange(0, D, 2).float() / D)     # made on the CPU
    ang = positions.float()[:, None] * inv_freq
    ang = torch.cat([ang, ang], -1)
    x1, x2 = x[..., : D // 2], x[..., D // 2 :]
    return (x * ang.cos() + torch.cat([-x2, x1], -1) * ang.sin()).to(x.dtype)

import torch

EXPECT = {
    'values': 'positions ignored (the tokens assumed to sit at 0..S-1)',
}


def apply_rope(x, positions, theta=10000.0):
    S, D = x.shape[-2], x.shape[-1]
    inv_freq = theta ** (-torch.arange(0, D, 2, device=x.device).float() / D)
    pos = torch.arange(S, device=x.device).float()       # assumes the tokens sit at 0..S-1
    ang = torch.outer(pos, inv_freq)
    ang = torch.cat([ang, ang], -1)
    rotated = torch.cat([-x[..., D // 2:], x[..., :D // 2]], -1)
    return (x * ang.cos() + rotated * ang.sin()).to(x.dtype)

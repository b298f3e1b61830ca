import torch

EXPECT = {"check": "speed"}


def apply_rope(x, positions, theta=10000.0):
    D = x.shape[-1]
    out = torch.empty_like(x)
    for s in range(x.shape[-2]):                       # one token at a time
        p = positions[s].item()
        inv_freq = theta ** (-torch.arange(0, D, 2, device=x.device).float() / D)
        ang = torch.cat([p * inv_freq, p * inv_freq])
        xs = x[..., s, :]
        rot = torch.cat([-xs[..., D // 2:], xs[..., :D // 2]], -1)
        out[..., s, :] = (xs * ang.cos() + rot * ang.sin()).to(x.dtype)
    return out

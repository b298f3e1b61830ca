import torch

EXPECT = {
    'no loop': '',
}


def apply_rope(x, positions, theta=10000.0):
    D = x.shape[-1]
    inv_freq = theta ** (-torch.arange(0, D, 2, device=x.device).float() / D)
    out = []
    for s in range(x.shape[-2]):                       # one token at a time
        ang = positions[s].float() * inv_freq
        ang = torch.cat([ang, ang])
        xs = x[..., s, :]
        rot = torch.cat([-xs[..., D // 2:], xs[..., :D // 2]], -1)
        out.append((xs * ang.cos() + rot * ang.sin()).to(x.dtype))
    return torch.stack(out, dim=-2)

import torch

EXPECT = {
    'values': 'RoPE pairs interleaved dims (2i, 2i+1); rotate-half pairs dim i with i + D/2',
}


def apply_rope(x, positions, theta=10000.0):
    D = x.shape[-1]
    inv_freq = 1.0 / theta ** (torch.arange(0, D, 2, device=x.device).float() / D)
    ang = positions.float()[:, None] * inv_freq                # (S, D/2)
    cos = ang.cos().repeat_interleave(2, dim=-1)
    sin = ang.sin().repeat_interleave(2, dim=-1)
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    rotated = torch.stack([-x_odd, x_even], dim=-1).flatten(-2)   # pairs (2i, 2i+1)
    return (x * cos + rotated * sin).to(x.dtype)

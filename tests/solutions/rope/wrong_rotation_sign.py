import torch

EXPECT = {
    'values': 'rotation the wrong way (rotate_half sign on the wrong half)',
}


def rotate_half(x):
    h = x.shape[-1] // 2
    return torch.cat([x[..., h:], -x[..., :h]], dim=-1)      # sign on the wrong half


def apply_rope(x, positions, theta=10000.0):
    D = x.shape[-1]
    inv_freq = 1.0 / theta ** (torch.arange(0, D, 2, device=x.device).float() / D)
    freqs = torch.outer(positions.float(), inv_freq)
    emb = torch.cat([freqs, freqs], dim=-1)
    return (x * emb.cos() + rotate_half(x) * emb.sin()).to(x.dtype)

import torch


def apply_rope(x, positions, theta=10000.0):
    D = x.shape[-1]
    freqs = 1.0 / theta ** (torch.arange(D // 2, device=x.device).float() * 2 / D)
    angles = positions.float()[:, None] * freqs
    rot = torch.polar(torch.ones_like(angles), angles)            # e^{i·angle}, (S, D/2)
    xf = x.float()
    z = torch.complex(xf[..., : D // 2], xf[..., D // 2 :]) * rot  # pair (i, i + D/2) as one complex number
    return torch.cat([z.real, z.imag], dim=-1).to(x.dtype)

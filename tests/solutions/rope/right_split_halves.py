import math

import torch


def apply_rope(x: torch.Tensor, positions: torch.Tensor, theta: float = 10000.0) -> torch.Tensor:
    half = x.shape[-1] // 2
    i = torch.arange(half, device=x.device, dtype=torch.float32)
    freq = torch.exp(-math.log(theta) * 2 * i / x.shape[-1])
    ang = torch.outer(positions.float(), freq)           # (S, D/2)
    cos, sin = ang.cos(), ang.sin()
    a, b = x[..., :half].float(), x[..., half:].float()
    out = torch.cat([a * cos - b * sin, b * cos + a * sin], dim=-1)
    return out.to(x.dtype)

import torch


def apply_rope(x: torch.Tensor, positions: torch.Tensor, theta: float = 10000.0) -> torch.Tensor:
    D = x.shape[-1]
    # angles in float32 whatever x's dtype: position × frequency loses too much in half precision
    inv_freq = theta ** (-torch.arange(0, D, 2, device=x.device, dtype=torch.float32) / D)   # (D/2,)
    angles = positions.to(torch.float32)[:, None] * inv_freq                                   # (S, D/2)
    angles = torch.cat([angles, angles], dim=-1)            # (S, D): dims i and i + D/2 share an angle
    x1, x2 = x.chunk(2, dim=-1)
    rotated = torch.cat([-x2, x1], dim=-1)                  # each pair (a, b) turned 90°: (-b, a)
    return (x * angles.cos() + rotated * angles.sin()).to(x.dtype)

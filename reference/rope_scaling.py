import torch


def _rope(x: torch.Tensor, positions: torch.Tensor, inv_freq: torch.Tensor) -> torch.Tensor:
    """Rotate-half RoPE with the given frequencies; angles in float32 whatever x's dtype."""
    angles = positions.to(torch.float32)[:, None] * inv_freq        # (S, D/2)
    angles = torch.cat([angles, angles], dim=-1)                      # dims i and i + D/2 share an angle
    x1, x2 = x.chunk(2, dim=-1)
    return (x * angles.cos() + torch.cat([-x2, x1], dim=-1) * angles.sin()).to(x.dtype)


def _inv_freq(D: int, theta: float, device) -> torch.Tensor:
    return theta ** (-torch.arange(0, D, 2, device=device, dtype=torch.float32) / D)    # (D/2,)


def linear_scaled_rope(x: torch.Tensor, positions: torch.Tensor, factor: float, theta: float = 10000.0) -> torch.Tensor:
    # squeeze the positions back into the trained range; the frequencies stay as they were
    return _rope(x, positions.to(torch.float32) / factor, _inv_freq(x.shape[-1], theta, x.device))


def ntk_scaled_rope(x: torch.Tensor, positions: torch.Tensor, factor: float, theta: float = 10000.0) -> torch.Tensor:
    D = x.shape[-1]
    # a larger base slows the low frequencies by ~factor and leaves the highest one (i = 0) alone
    base = theta * factor ** (D / (D - 2))
    return _rope(x, positions, _inv_freq(D, base, x.device))

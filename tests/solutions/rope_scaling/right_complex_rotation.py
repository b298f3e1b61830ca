import torch


def rotate(x, angles):
    """Pair (x[i], x[i + D/2]) as the complex number x[i] + 1j·x[i + D/2], turned by e^(1j·angle)."""
    half = x.shape[-1] // 2
    z = torch.complex(x[..., :half].float(), x[..., half:].float())
    z = z * torch.polar(torch.ones_like(angles), angles)
    return torch.cat([z.real, z.imag], dim=-1).to(x.dtype)


def linear_scaled_rope(x, positions, factor, theta=10000.0):
    """Hugging Face's form: the frequencies divided by factor (the same angles as p / factor)."""
    D = x.shape[-1]
    inv_freq = 1.0 / theta ** (torch.arange(0, D, 2, dtype=torch.float32, device=x.device) / D) / factor
    return rotate(x, torch.outer(positions.float(), inv_freq))


def ntk_scaled_rope(x, positions, factor, theta=10000.0):
    """base^(-2i/D) written as theta^(-2i/D) · factor^(-2i/(D-2)): the factor's share per frequency."""
    D = x.shape[-1]
    i = torch.arange(D // 2, dtype=torch.float32, device=x.device)
    inv_freq = theta ** (-2 * i / D) * factor ** (-2 * i / (D - 2))
    return rotate(x, torch.outer(positions.float(), inv_freq))

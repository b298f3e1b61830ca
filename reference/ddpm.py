import math

import torch
import torch.nn.functional as F


def linear_betas(T: int, beta_start: float = 1e-4, beta_end: float = 0.02) -> torch.Tensor:
    return torch.linspace(beta_start, beta_end, T, dtype=torch.float64).float()     # (T,)


def cosine_betas(T: int, s: float = 0.008, max_beta: float = 0.999) -> torch.Tensor:
    u = torch.arange(T + 1, dtype=torch.float64) / T
    f = torch.cos((u + s) / (1 + s) * math.pi / 2) ** 2       # (T + 1,) alpha_bar up to the factor f(0)
    return (1 - f[1:] / f[:-1]).clamp(max=max_beta).float()    # beta_t = 1 - alpha_bar_t / alpha_bar_{t-1}


def _at(values: torch.Tensor, t: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """values[t] shaped (B, 1, ..., 1) to broadcast against x (B, ...)."""
    return values[t].to(x.dtype).reshape(-1, *[1] * (x.dim() - 1))


def q_sample(x0: torch.Tensor, t: torch.Tensor, noise: torch.Tensor, betas: torch.Tensor) -> torch.Tensor:
    alpha_bar = torch.cumprod(1 - betas, dim=0)                # (T,)
    ab = _at(alpha_bar, t, x0)
    return ab.sqrt() * x0 + (1 - ab).sqrt() * noise


def ddpm_loss(eps_model, x0: torch.Tensor, t: torch.Tensor, noise: torch.Tensor,
              betas: torch.Tensor) -> torch.Tensor:
    x_t = q_sample(x0, t, noise, betas)
    return F.mse_loss(eps_model(x_t, t), noise)                # the model predicts the noise


def p_sample(x_t: torch.Tensor, t: torch.Tensor, eps: torch.Tensor, betas: torch.Tensor,
             noise: torch.Tensor) -> torch.Tensor:
    alpha_bar = torch.cumprod(1 - betas, dim=0)
    alpha_bar_prev = torch.cat([alpha_bar.new_ones(1), alpha_bar[:-1]])    # alpha_bar_{-1} = 1
    beta, ab, ab_prev = _at(betas, t, x_t), _at(alpha_bar, t, x_t), _at(alpha_bar_prev, t, x_t)
    mean = (x_t - beta / (1 - ab).sqrt() * eps) / (1 - beta).sqrt()
    var = beta * (1 - ab_prev) / (1 - ab)                      # posterior variance: 0 at t = 0
    return mean + var.sqrt() * noise

import math

import torch


def linear_betas(T: int, beta_start: float = 1e-4, beta_end: float = 0.02) -> torch.Tensor:
    return torch.linspace(beta_start, beta_end, steps=T)


def cosine_betas(T: int, s: float = 0.008, max_beta: float = 0.999) -> torch.Tensor:
    steps = torch.linspace(0, 1, T + 1, dtype=torch.float64)
    alpha_bar = torch.cos((steps + s) / (1 + s) * (math.pi / 2)).pow(2)
    alpha_bar = alpha_bar / alpha_bar[0]
    betas = 1 - alpha_bar[1:] / alpha_bar[:-1]
    return torch.minimum(betas, torch.full_like(betas, max_beta)).to(torch.float32)


def _per_sample(v, t, x):
    out = torch.gather(v.to(x.dtype), 0, t)
    while out.dim() < x.dim():
        out = out.unsqueeze(-1)
    return out


def q_sample(x0, t, noise, betas):
    alphas_cumprod = (1.0 - betas).cumprod(0)
    a = _per_sample(alphas_cumprod, t, x0)
    return a ** 0.5 * x0 + (1.0 - a) ** 0.5 * noise


def ddpm_loss(eps_model, x0, t, noise, betas):
    x_t = q_sample(x0, t, noise, betas)
    return torch.nn.functional.mse_loss(eps_model(x_t, t), noise, reduction="mean")


def p_sample(x_t, t, eps, betas, noise):
    alphas_cumprod = (1.0 - betas).cumprod(0)
    prev = torch.nn.functional.pad(alphas_cumprod[:-1], (1, 0), value=1.0)
    b = _per_sample(betas, t, x_t)
    a_bar = _per_sample(alphas_cumprod, t, x_t)
    a_bar_prev = _per_sample(prev, t, x_t)
    mean = (x_t - b * eps / (1.0 - a_bar) ** 0.5) / (1.0 - b) ** 0.5
    variance = (1.0 - a_bar_prev) / (1.0 - a_bar) * b
    return mean + variance ** 0.5 * noise

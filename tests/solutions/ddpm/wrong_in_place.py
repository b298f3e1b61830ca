import math

import torch
import torch.nn.functional as F

EXPECT = {
    'q_sample: inputs unchanged': 'an input modified in place: work on new tensors',
    'p_sample: inputs unchanged': 'an input modified in place: work on new tensors',
}


def linear_betas(T, beta_start=1e-4, beta_end=0.02):
    return torch.linspace(beta_start, beta_end, T)


def cosine_betas(T, s=0.008, max_beta=0.999):
    u = torch.arange(T + 1, dtype=torch.float64) / T
    f = torch.cos((u + s) / (1 + s) * math.pi / 2) ** 2
    return (1 - f[1:] / f[:-1]).clamp(max=max_beta).float()


def q_sample(x0, t, noise, betas):
    ab = torch.cumprod(1 - betas, 0)[t].to(x0.dtype).reshape(-1, *[1] * (x0.dim() - 1))
    noise *= (1 - ab).sqrt()                       # scales the caller's noise in place
    return ab.sqrt() * x0 + noise


def ddpm_loss(eps_model, x0, t, noise, betas):
    ab = torch.cumprod(1 - betas, 0)[t].to(x0.dtype).reshape(-1, *[1] * (x0.dim() - 1))
    return F.mse_loss(eps_model(ab.sqrt() * x0 + (1 - ab).sqrt() * noise, t), noise)


def p_sample(x_t, t, eps, betas, noise):
    betas = betas.to(x_t.dtype)
    ab = torch.cumprod(1 - betas, 0)
    ab_prev = torch.cat([ab.new_ones(1), ab[:-1]])
    shape = (-1, *[1] * (x_t.dim() - 1))
    beta, a, a_prev = betas[t].reshape(shape), ab[t].reshape(shape), ab_prev[t].reshape(shape)
    x_t -= beta / (1 - a).sqrt() * eps             # edits x_t in place
    return x_t / (1 - beta).sqrt() + (beta * (1 - a_prev) / (1 - a)).sqrt() * noise

import math

import torch


def linear_betas(T, beta_start=1e-4, beta_end=0.02):
    if T == 1:
        return torch.tensor([beta_start], dtype=torch.float32)
    i = torch.arange(T, dtype=torch.float64)
    return (beta_start + (beta_end - beta_start) * i / (T - 1)).float()


def cosine_betas(T, s=0.008, max_beta=0.999):
    def f(u):
        return math.cos((u + s) / (1 + s) * math.pi / 2) ** 2
    return torch.tensor([min(1 - f((i + 1) / T) / f(i / T), max_beta) for i in range(T)], dtype=torch.float32)


def alpha_bar_at(betas, t, like):
    log_ab = torch.cumsum(torch.log1p(-betas.double()), 0)      # log of the cumulative product
    shape = [len(t)] + [1] * (like.dim() - 1)
    return log_ab.exp()[t].view(shape).to(like.dtype)


def q_sample(x0, t, noise, betas):
    ab = alpha_bar_at(betas, t, x0)
    return torch.sqrt(ab) * x0 + torch.sqrt(1 - ab) * noise


def ddpm_loss(eps_model, x0, t, noise, betas):
    pred = eps_model(q_sample(x0, t, noise, betas), t)
    return ((pred - noise) ** 2).mean()


def p_sample(x_t, t, eps, betas, noise):
    # the diffusers way: predict x0, then the posterior mean of q(x_{t-1} | x_t, x0)
    ab = alpha_bar_at(betas, t, x_t)
    ab_prev = torch.where((t > 0).view(ab.shape), alpha_bar_at(betas, (t - 1).clamp(min=0), x_t),
                          torch.ones_like(ab))
    alpha = ab / ab_prev
    x0_hat = (x_t - torch.sqrt(1 - ab) * eps) / torch.sqrt(ab)
    mean = (torch.sqrt(ab_prev) * (1 - alpha) * x0_hat + torch.sqrt(alpha) * (1 - ab_prev) * x_t) / (1 - ab)
    std = torch.sqrt((1 - ab_prev) / (1 - ab) * (1 - alpha))
    return mean + std * noise

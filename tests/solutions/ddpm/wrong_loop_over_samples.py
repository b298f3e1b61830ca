import math

import torch
import torch.nn.functional as F

EXPECT = {
    'q_sample: no loop': '',
    'ddpm_loss: no loop': '',
    'p_sample: no loop': '',
}


def linear_betas(T, beta_start=1e-4, beta_end=0.02):
    return torch.linspace(beta_start, beta_end, T)


def cosine_betas(T, s=0.008, max_beta=0.999):
    u = torch.arange(T + 1, dtype=torch.float64) / T
    f = torch.cos((u + s) / (1 + s) * math.pi / 2) ** 2
    return (1 - f[1:] / f[:-1]).clamp(max=max_beta).float()


def q_sample(x0, t, noise, betas):
    ab = torch.cumprod(1 - betas.to(x0.dtype), 0)
    rows = [ab[t[i]].sqrt() * x0[i] + (1 - ab[t[i]]).sqrt() * noise[i] for i in range(len(t))]
    return torch.stack(rows)


def ddpm_loss(eps_model, x0, t, noise, betas):
    return F.mse_loss(eps_model(q_sample(x0, t, noise, betas), t), noise)


def p_sample(x_t, t, eps, betas, noise):
    betas = betas.to(x_t.dtype)
    ab = torch.cumprod(1 - betas, 0)
    out = []
    for i, step in enumerate(t.tolist()):
        beta, a = betas[step], ab[step]
        a_prev = ab[step - 1] if step > 0 else torch.ones_like(a)
        mean = (x_t[i] - beta / (1 - a).sqrt() * eps[i]) / (1 - beta).sqrt()
        out.append(mean + (beta * (1 - a_prev) / (1 - a)).sqrt() * noise[i])
    return torch.stack(out)

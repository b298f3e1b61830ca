import math

import torch
import torch.nn.functional as F
from torch.distributions import Normal, kl_divergence


def reparameterize(mu, logvar, generator=None):
    u1 = torch.rand(mu.shape, generator=generator, dtype=mu.dtype, device=mu.device)
    u2 = torch.rand(mu.shape, generator=generator, dtype=mu.dtype, device=mu.device)
    radius = torch.sqrt(-2.0 * torch.log1p(-u1))          # 1 - u1 is in (0, 1]: never log(0)
    eps = radius * torch.cos(2.0 * math.pi * u2)
    std = torch.exp(0.5 * logvar)
    return mu + std * eps


def vae_loss(x_logits, x, mu, logvar):
    dims = tuple(range(1, x_logits.dim()))
    recon = F.binary_cross_entropy_with_logits(x_logits, x, reduction="none").sum(dim=dims)
    posterior = Normal(mu, torch.exp(0.5 * logvar))
    prior = Normal(torch.zeros_like(mu), torch.ones_like(mu))
    kl = kl_divergence(posterior, prior).sum(dim=1)
    return (recon + kl).mean(), recon, kl

import torch
import torch.nn.functional as F


def reparameterize(mu: torch.Tensor, logvar: torch.Tensor,
                   generator: torch.Generator | None = None) -> torch.Tensor:
    eps = torch.randn(mu.shape, generator=generator, dtype=mu.dtype, device=mu.device)   # the only randomness
    return mu + (0.5 * logvar).exp() * eps          # a function of mu and logvar: gradients reach both


def vae_loss(x_logits: torch.Tensor, x: torch.Tensor, mu: torch.Tensor,
             logvar: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # -log p(x | z) of a Bernoulli decoder, from logits (stable), summed over each sample's data
    recon = F.binary_cross_entropy_with_logits(x_logits, x, reduction="none").flatten(1).sum(1)   # (B,)
    kl = -0.5 * (1 + logvar - mu ** 2 - logvar.exp()).sum(1)      # KL(N(mu, sigma²) || N(0, I)), (B,)
    return (recon + kl).mean(), recon, kl

import torch
import torch.nn.functional as F

EXPECT = {
    'reparameterize: inputs unchanged': 'an input modified in place: work on new tensors',
}


def reparameterize(mu, logvar, generator=None):
    eps = torch.randn(mu.shape, generator=generator, dtype=mu.dtype, device=mu.device)
    std = logvar.mul_(0.5).exp_()                    # turns the caller's logvar into sigma
    return mu + std * eps


def vae_loss(x_logits, x, mu, logvar):
    recon = F.binary_cross_entropy_with_logits(x_logits, x, reduction="none").flatten(1).sum(1)
    kl = -0.5 * (1 + logvar - mu ** 2 - logvar.exp()).sum(1)
    return (recon + kl).mean(), recon, kl

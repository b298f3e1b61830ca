import torch
import torch.nn.functional as F

EXPECT = {
    'reparameterize: generator': '',
}


def reparameterize(mu, logvar, generator=None):
    eps = torch.randn_like(mu)                       # torch's global RNG: the generator is ignored
    return mu + torch.exp(0.5 * logvar) * eps


def vae_loss(x_logits, x, mu, logvar):
    recon = F.binary_cross_entropy_with_logits(x_logits, x, reduction="none").flatten(1).sum(1)
    kl = -0.5 * (1 + logvar - mu ** 2 - logvar.exp()).sum(1)
    return (recon + kl).mean(), recon, kl

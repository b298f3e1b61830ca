import torch
import torch.nn.functional as F

EXPECT = {
    'vae_loss: no loop': '',
}


def reparameterize(mu, logvar, generator=None):
    eps = torch.randn(mu.shape, generator=generator, dtype=mu.dtype, device=mu.device)
    return mu + torch.exp(0.5 * logvar) * eps


def vae_loss(x_logits, x, mu, logvar):
    recons, kls = [], []
    for i in range(x_logits.shape[0]):
        recons.append(F.binary_cross_entropy_with_logits(x_logits[i], x[i], reduction="sum"))
        kls.append(-0.5 * torch.sum(1 + logvar[i] - mu[i] ** 2 - logvar[i].exp()))
    recon, kl = torch.stack(recons), torch.stack(kls)
    return (recon + kl).mean(), recon, kl

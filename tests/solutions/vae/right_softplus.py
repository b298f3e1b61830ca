import torch
import torch.nn.functional as F


def reparameterize(mu, logvar, generator=None):
    eps = torch.empty_like(mu).normal_(generator=generator)
    return torch.addcmul(mu, torch.exp(logvar * 0.5), eps)


def vae_loss(x_logits, x, mu, logvar):
    B = x_logits.shape[0]
    # -[x log s(l) + (1 - x) log(1 - s(l))] = softplus(l) - x l, finite for any l
    recon = (F.softplus(x_logits) - x * x_logits).reshape(B, -1).sum(-1)
    kl = 0.5 * (mu.pow(2) + logvar.exp() - 1.0 - logvar).sum(-1)
    return torch.mean(recon + kl), recon, kl

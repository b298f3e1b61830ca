import torch
import torch.nn.functional as F


def sgns_loss(W_in, W_out, center, context, negatives):
    v = W_in.index_select(0, center)                                   # (B, D)
    u = W_out.index_select(0, context)                                 # (B, D)
    n = W_out.index_select(0, negatives.reshape(-1)).view(*negatives.shape, -1)   # (B, K, D)
    pos = torch.bmm(u.unsqueeze(1), v.unsqueeze(2)).reshape(-1)
    neg = torch.bmm(n, v.unsqueeze(2)).squeeze(2)
    # -log σ(x) = softplus(-x)
    return (F.softplus(-pos) + F.softplus(neg).sum(1)).sum() / len(center)


def sample_negatives(counts, batch_size, k, generator=None):
    cdf = torch.cumsum(counts.double().pow(0.75), 0)
    u = torch.rand(batch_size, k, generator=generator, dtype=torch.float64, device=counts.device) * cdf[-1]
    return torch.searchsorted(cdf, u, right=True)                     # a zero-width bin is never hit

import torch
import torch.nn.functional as F


def infonce_loss(a, b, temperature=0.07):
    # as open_clip's ClipLoss: a logit scale 1 / τ, logits per side, labels on the diagonal
    a = F.normalize(a, dim=-1)
    b = F.normalize(b, dim=-1)
    logit_scale = 1.0 / temperature
    logits_per_a = logit_scale * a @ b.T
    logits_per_b = logit_scale * b @ a.T
    labels = torch.arange(logits_per_a.shape[0], device=a.device, dtype=torch.long)
    return (F.cross_entropy(logits_per_a, labels) + F.cross_entropy(logits_per_b, labels)) / 2

import math

import torch


def clip_grad_norm(grads, max_norm, eps=1e-6):
    sq = 0.0
    for g in grads:
        sq += (g.double() ** 2).sum().item()
    total = math.sqrt(sq)
    if total > max_norm:
        c = max_norm / (total + eps)
        for g in grads:
            g *= c
    return torch.tensor(total, dtype=grads[0].dtype, device=grads[0].device)

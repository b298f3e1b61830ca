import math

import torch

EXPECT = {
    'no loop': '',
}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    sq = 0.0
    for g in grads:
        for x in g.reshape(-1).tolist():
            sq += x * x
    total_norm = math.sqrt(sq)
    if total_norm > max_norm:
        for g in grads:
            g.mul_(max_norm / (total_norm + eps))
    return torch.tensor(total_norm, dtype=grads[0].dtype, device=grads[0].device)

import torch

EXPECT = {"check": "values", "mistake": "per-tensor norm"}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    norms = []
    for g in grads:
        n = g.norm()
        norms.append(n)
        if n > max_norm:
            g.mul_(max_norm / (n + eps))
    return torch.stack(norms).norm()

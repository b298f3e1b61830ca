import torch

EXPECT = {
    'values': 'per-tensor norm: each tensor clipped by its own norm instead of the global norm',
    'global norm at most max_norm afterwards': '',
    'one scale factor for all tensors': '',
}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    norms = []
    for g in grads:
        n = g.norm()
        norms.append(n)
        if n > max_norm:
            g.mul_(max_norm / (n + eps))
    return torch.stack(norms).norm()

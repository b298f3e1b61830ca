import torch

EXPECT = {
    'banned calls': '',
}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    params = []
    for g in grads:
        p = torch.nn.Parameter(torch.empty_like(g))
        p.grad = g
        params.append(p)
    # max_norm = inf only measures the global norm (the factor is clamped to 1); scale with our own eps
    total_norm = torch.nn.utils.clip_grad_norm_(params, float("inf"))
    scale = (max_norm / (total_norm + eps)).clamp(max=1.0)
    for g in grads:
        g.mul_(scale)
    return total_norm

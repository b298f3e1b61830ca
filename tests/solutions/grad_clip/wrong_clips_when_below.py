import torch

EXPECT = {
    'values': 'clipping when below max_norm (scaled up): scale only when total_norm > max_norm',
}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    total_norm = torch.sqrt(sum(g.pow(2).sum() for g in grads))
    clip_coef = max_norm / (total_norm + eps)
    for g in grads:
        g.mul_(clip_coef)
    return total_norm

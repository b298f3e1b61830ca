import torch


def clip_grad_norm(grads, max_norm, eps=1e-6):
    flat = torch.cat([g.reshape(-1) for g in grads])
    total = flat.norm(p=2)
    coef = max_norm / (total + eps)
    if coef < 1:
        for g in grads:
            g.mul_(coef)
    return total

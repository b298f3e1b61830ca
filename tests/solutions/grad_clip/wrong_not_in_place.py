import torch

EXPECT = {"check": "values", "mistake": "not in place"}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    total_norm = torch.stack([g.norm() for g in grads]).norm()
    coef = torch.clamp(max_norm / (total_norm + eps), max=1.0)
    for i in range(len(grads)):
        grads[i] = grads[i] * coef
    return total_norm

import torch

EXPECT = {
    'values': 'not in place: the gradients in `grads` must be scaled themselves (g.mul_), not replaced',
    'global norm at most max_norm afterwards': '',
}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    total_norm = torch.stack([g.norm() for g in grads]).norm()
    coef = torch.clamp(max_norm / (total_norm + eps), max=1.0)
    for i in range(len(grads)):
        grads[i] = grads[i] * coef
    return total_norm

import math

import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    total = math.sqrt(sum((g.double() ** 2).sum().item() for g in grads))
    if total > max_norm:
        for g in grads:
            g.mul_(max_norm / (total + eps))
    return torch.tensor(total, dtype=grads[0].dtype)       # on the CPU, whatever the gradients' device

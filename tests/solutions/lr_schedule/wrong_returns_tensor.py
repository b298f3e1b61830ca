import math

import torch

EXPECT = {
    'dtype': '',
}


def lr_at(step, max_lr, min_lr, warmup_steps, total_steps):
    step = torch.tensor(float(step))
    if step < warmup_steps:
        return max_lr * step / warmup_steps
    if step > total_steps:
        return torch.tensor(min_lr)
    progress = (step - warmup_steps) / (total_steps - warmup_steps)
    return min_lr + 0.5 * (max_lr - min_lr) * (1 + torch.cos(math.pi * progress))

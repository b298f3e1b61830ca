import math

EXPECT = {
    'values': 'cosine over total_steps instead of total_steps - warmup_steps (progress = step / total_steps)',
    'warmup rises linearly from 0 to max_lr': '',
}


def lr_at(step, max_lr, min_lr, warmup_steps, total_steps):
    if step < warmup_steps:
        return max_lr * step / warmup_steps
    if step > total_steps:
        return min_lr
    coeff = 0.5 * (1.0 + math.cos(math.pi * step / total_steps))
    return min_lr + coeff * (max_lr - min_lr)

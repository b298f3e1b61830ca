import math

EXPECT = {"check": "values", "mistake": "cosine over total_steps"}


def lr_at(step, max_lr, min_lr, warmup_steps, total_steps):
    if step < warmup_steps:
        return max_lr * step / warmup_steps
    if step > total_steps:
        return min_lr
    coeff = 0.5 * (1.0 + math.cos(math.pi * step / total_steps))
    return min_lr + coeff * (max_lr - min_lr)

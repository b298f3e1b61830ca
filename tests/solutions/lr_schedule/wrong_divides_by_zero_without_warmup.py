import math

EXPECT = {
    'runs': 'divides by warmup_steps when it is 0 (no warmup): compute the warmup rate only when step < warmup_steps',
}


def lr_at(step, max_lr, min_lr, warmup_steps, total_steps):
    warmup_frac = step / warmup_steps
    if warmup_frac < 1:
        return max_lr * warmup_frac
    if step > total_steps:
        return min_lr
    progress = (step - warmup_steps) / (total_steps - warmup_steps)
    return min_lr + (max_lr - min_lr) * 0.5 * (1 + math.cos(math.pi * progress))

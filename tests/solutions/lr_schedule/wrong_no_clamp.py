import math

EXPECT = {
    'values': 'not clamped after total_steps (the cosine comes back up)',
    'cosine falls to min_lr and stays there': '',
}


def lr_at(step, max_lr, min_lr, warmup_steps, total_steps):
    if step < warmup_steps:
        return max_lr * step / warmup_steps
    decay_ratio = (step - warmup_steps) / (total_steps - warmup_steps)
    return min_lr + 0.5 * (max_lr - min_lr) * (1 + math.cos(math.pi * decay_ratio))

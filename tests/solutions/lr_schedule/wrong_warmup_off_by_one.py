import math

EXPECT = {
    'values': 'warmup off by one: (step + 1) / warmup_steps (step 0 must give 0)',
    'warmup rises linearly from 0 to max_lr': '',
}


def lr_at(step, max_lr, min_lr, warmup_steps, total_steps):
    if step < warmup_steps:
        return max_lr * (step + 1) / warmup_steps
    if step > total_steps:
        return min_lr
    ratio = (step - warmup_steps) / (total_steps - warmup_steps)
    return min_lr + 0.5 * (max_lr - min_lr) * (1 + math.cos(math.pi * ratio))

import math

EXPECT = {
    'no loop': '',
}


def lr_at(step, max_lr, min_lr, warmup_steps, total_steps):
    # replay the schedule from the start, as a scheduler object would
    lr = 0.0
    for s in range(min(step, total_steps) + 1):
        if s < warmup_steps:
            lr = max_lr * s / warmup_steps
        else:
            progress = (s - warmup_steps) / (total_steps - warmup_steps)
            lr = min_lr + 0.5 * (max_lr - min_lr) * (1 + math.cos(math.pi * progress))
    return lr

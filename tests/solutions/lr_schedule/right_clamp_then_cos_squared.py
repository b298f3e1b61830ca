import math


def lr_at(step, max_lr, min_lr, warmup_steps, total_steps):
    if step < warmup_steps:
        return step / warmup_steps * max_lr
    # past the end, the formula at total_steps already gives min_lr
    t = (min(step, total_steps) - warmup_steps) / (total_steps - warmup_steps)
    # 0.5 * (1 + cos(pi t)) == cos(pi t / 2) ** 2
    return min_lr + (max_lr - min_lr) * math.cos(math.pi * t / 2) ** 2

import math


def lr_at(step: int, max_lr: float, min_lr: float, warmup_steps: int, total_steps: int) -> float:
    if step < warmup_steps:
        return max_lr * step / warmup_steps          # linear from 0: step 0 takes no step at all
    if step > total_steps:
        return min_lr                                # the schedule is over: hold the floor
    progress = (step - warmup_steps) / (total_steps - warmup_steps)   # 0 -> 1 over the decay only
    return min_lr + 0.5 * (max_lr - min_lr) * (1.0 + math.cos(math.pi * progress))

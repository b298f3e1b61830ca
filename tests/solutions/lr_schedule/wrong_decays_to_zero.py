import math

EXPECT = {
    'values': 'cosine decays to 0 instead of min_lr',
    'cosine falls to min_lr and stays there': '',
}


def lr_at(step, max_lr, min_lr, warmup_steps, total_steps):
    if step < warmup_steps:
        return max_lr * step / warmup_steps
    if step > total_steps:
        return min_lr
    t = (step - warmup_steps) / (total_steps - warmup_steps)
    return max_lr * 0.5 * (1 + math.cos(math.pi * t))

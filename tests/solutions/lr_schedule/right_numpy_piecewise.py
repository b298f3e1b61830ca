import numpy as np


def lr_at(step, max_lr, min_lr, warmup_steps, total_steps):
    warm = max_lr * step / max(warmup_steps, 1)
    frac = np.clip((step - warmup_steps) / (total_steps - warmup_steps), 0.0, 1.0)
    cosine = min_lr + (max_lr - min_lr) * (np.cos(np.pi * frac) + 1) / 2
    return float(warm if step < warmup_steps else cosine)

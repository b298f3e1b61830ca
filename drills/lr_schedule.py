"""Warmup + cosine schedule 余弦退火

Write `lr_at(step, max_lr, min_lr, warmup_steps, total_steps)`: the learning rate at optimiser
step `step` (0-based) of a linear-warmup, cosine-decay schedule (GPT-2/3, LLaMA, nanoGPT):

- warmup, `step < warmup_steps`: rise linearly from 0,
      lr = max_lr * step / warmup_steps         (step 0 -> 0.0)
- decay, `warmup_steps <= step <= total_steps`: half a cosine from max_lr down to min_lr over the
  `total_steps - warmup_steps` steps that remain after warmup,
      progress = (step - warmup_steps) / (total_steps - warmup_steps)      # 0 -> 1
      lr = min_lr + 0.5 * (max_lr - min_lr) * (1 + cos(pi * progress))
  so lr == max_lr at step == warmup_steps and lr == min_lr at step == total_steps;
- after the schedule, `step > total_steps`: stay at min_lr.

`step`, `warmup_steps` and `total_steps` are ints with 0 <= warmup_steps < total_steps
(warmup_steps = 0: no warmup); `max_lr >= min_lr >= 0` are floats. Return a Python float.
A closed form: the same work at every step, no loop over the steps.

Example (max_lr=1.0, min_lr=0.1, warmup_steps=2, total_steps=6), steps 0 to 7:
    >>> [round(lr_at(s, 1.0, 0.1, 2, 6), 4) for s in range(8)]
    [0.0, 0.5, 1.0, 0.8682, 0.55, 0.2318, 0.1, 0.1]
"""
import math


def lr_at(step: int, max_lr: float, min_lr: float, warmup_steps: int, total_steps: int) -> float:
    # TODO: the three pieces: warmup, cosine decay, then hold at min_lr (about 6 lines)
    raise NotImplementedError

import math

import pytest
import torch

from reference.lr_schedule import lr_at


def closed_form(step, max_lr, min_lr, warmup, total):
    if step < warmup:
        return max_lr * step / warmup
    if step > total:
        return min_lr
    return min_lr + (max_lr - min_lr) * (1 + math.cos(math.pi * (step - warmup) / (total - warmup))) / 2


@pytest.mark.parametrize("max_lr,min_lr,warmup,total", [(1.0, 0.1, 2, 6), (6e-4, 6e-5, 100, 1000),
                                                         (3e-4, 0.0, 0, 50), (1.0, 1.0, 3, 4), (0.1, 0.01, 9, 10)])
def test_agrees_with_the_closed_form(max_lr, min_lr, warmup, total):
    for step in range(total + 5):
        assert math.isclose(lr_at(step, max_lr, min_lr, warmup, total),
                            closed_form(step, max_lr, min_lr, warmup, total), rel_tol=1e-12, abs_tol=1e-15)


@pytest.mark.parametrize("warmup,total", [(0, 10), (5, 20), (100, 1000)])
def test_decay_matches_torch_cosine_annealing(warmup, total):
    """After warmup the decay is torch's CosineAnnealingLR with T_max = total - warmup, eta_min = min_lr."""
    max_lr, min_lr = 0.5, 0.05
    opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=max_lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=total - warmup, eta_min=min_lr)
    for step in range(warmup, total + 1):
        assert math.isclose(lr_at(step, max_lr, min_lr, warmup, total), sched.get_last_lr()[0], rel_tol=1e-9,
                            abs_tol=1e-12)
        opt.step()
        sched.step()


def test_prompt_example():
    assert [round(lr_at(s, 1.0, 0.1, 2, 6), 4) for s in range(8)] == [0.0, 0.5, 1.0, 0.8682, 0.55, 0.2318, 0.1, 0.1]

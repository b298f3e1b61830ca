import torch

EXPECT = {"check": "values", "mistake": "scaled by (1 - p) instead"}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    mask = torch.empty_like(x).bernoulli_(1 - p, generator=generator)
    return x * mask * (1 - p)

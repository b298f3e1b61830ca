import torch

EXPECT = {
    'survivors x / (1 - p), the others 0': 'survivors scaled by (1 - p) instead of 1 / (1 - p)',
}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    mask = torch.empty_like(x).bernoulli_(1 - p, generator=generator)
    return x * mask * (1 - p)

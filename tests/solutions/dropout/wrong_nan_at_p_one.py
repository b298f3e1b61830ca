import torch

EXPECT = {
    'zeros when p = 1': 'p = 1 gives NaN (x * 0 / (1 - p) is 0/0): return zeros',
}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    keep = torch.empty_like(x).bernoulli_(1 - p, generator=generator)
    return x * keep / (1 - p)                    # p = 1: 0 / 0

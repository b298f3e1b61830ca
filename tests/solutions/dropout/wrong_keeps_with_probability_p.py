import torch

EXPECT = {
    'frequencies': 'elements kept with probability p: p is the probability of DROPPING one (keep with probability 1 - p)',
}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    if p == 1:
        return torch.zeros_like(x)
    keep = torch.rand(x.shape, generator=generator, device=x.device) < p    # keeps with probability p
    return x * keep / (1 - p)

import torch

EXPECT = {
    'generator': '',
}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    if p == 1:
        return torch.zeros_like(x)
    keep = (torch.rand_like(x) > p).to(x.dtype)
    return x * keep / (1 - p)

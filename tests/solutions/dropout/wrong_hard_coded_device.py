import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    if p == 1:
        return torch.zeros_like(x)
    keep = torch.rand(x.shape, generator=generator) >= p
    return x * keep / (1 - p)

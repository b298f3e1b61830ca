import torch

EXPECT = {
    'runs': 'p = 1 divides by zero: return zeros',
}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    scale = 1.0 / (1.0 - p)                      # p = 1: a Python float division by zero
    keep = torch.rand(x.shape, generator=generator, device=x.device) >= p
    return x * keep * scale

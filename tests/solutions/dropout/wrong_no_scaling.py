import torch

EXPECT = {"check": "values", "mistake": "not scaled"}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    keep = torch.rand(x.shape, generator=generator, device=x.device) >= p
    return x * keep

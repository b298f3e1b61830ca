import torch

EXPECT = {
    'identity when training=False or p = 0': '`training` ignored: with training=False dropout is the identity',
}


def dropout(x, p, training=True, generator=None):
    if p == 1:
        return torch.zeros_like(x)
    keep = torch.rand(x.shape, generator=generator, device=x.device) > p
    return x * keep / (1 - p)

import torch

EXPECT = {
    'no loop': '',
}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    if p == 1:
        return torch.zeros_like(x)
    if x.dim() <= 1:
        keep = torch.rand(x.shape, generator=generator, device=x.device) >= p
        return x * keep / (1 - p)
    return torch.stack([dropout(row, p, training, generator) for row in x])

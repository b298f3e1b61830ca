import torch

EXPECT = {
    'frequencies': "one mask shared by every row: each element is dropped on its own (a mask of x's whole shape)",
}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    if p == 1:
        return torch.zeros_like(x)
    keep = torch.rand(x.shape[-1:], generator=generator, device=x.device) >= p   # one mask, broadcast over rows
    return x * keep / (1 - p)

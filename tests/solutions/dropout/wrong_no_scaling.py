import torch

EXPECT = {
    'survivors x / (1 - p), the others 0': 'survivors not scaled (divide them by 1 - p so that the expected output is x)',
}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    keep = torch.rand(x.shape, generator=generator, device=x.device) >= p
    return x * keep

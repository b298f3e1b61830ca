import torch

EXPECT = {
    'inputs unchanged': 'dropout that edits x in place',
}


def dropout(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    if p == 1:
        return x.zero_()
    keep = torch.rand(x.shape, generator=generator, device=x.device) >= p
    return x.mul_(keep).div_(1 - p)              # in place: the caller's x changes

import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def pca(x, k):
    xc = x - x.mean(0)
    _, S, Vh = torch.linalg.svd(xc, full_matrices=False)
    comps = Vh[:k]
    signs = torch.ones(k, dtype=x.dtype)
    signs[comps.gather(1, comps.abs().argmax(1, keepdim=True))[:, 0] < 0] = -1.0
    return comps * signs[:, None], S[:k] ** 2 / (x.shape[0] - 1)

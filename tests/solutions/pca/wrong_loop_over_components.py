import torch

EXPECT = {
    'no loop': '',
}


def pca(x, k):
    xc = x - x.mean(0)
    _, S, Vh = torch.linalg.svd(xc, full_matrices=False)
    comps = []
    for i in range(k):
        v = Vh[i]
        if v[v.abs().argmax()] < 0:
            v = -v
        comps.append(v)
    return torch.stack(comps), S[:k] ** 2 / (x.shape[0] - 1)

import torch

EXPECT = {
    'values': 'data not centred: subtract the column means before the SVD',
    'explained variance is the variance along each component': '',
}


def pca(x, k):
    _, S, Vh = torch.linalg.svd(x, full_matrices=False)
    comps = Vh[:k]
    big = comps.abs().argmax(1, keepdim=True)
    comps = comps * comps.gather(1, big).sign()
    return comps, S[:k] ** 2 / (x.shape[0] - 1)

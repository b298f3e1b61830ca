import torch

EXPECT = {
    'values': 'sign left to the SVD: flip each component so that its entry of largest magnitude is positive',
    "sign convention: each component's largest entry is positive": '',
}


def pca(x, k):
    xc = x - x.mean(0)
    _, S, Vh = torch.linalg.svd(xc, full_matrices=False)
    return Vh[:k], S[:k] ** 2 / (x.shape[0] - 1)

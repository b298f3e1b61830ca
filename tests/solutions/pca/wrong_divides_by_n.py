import torch

EXPECT = {
    'values': 'variance divided by n: the explained variance is the unbiased S² / (n - 1)',
    'explained variance is the variance along each component': 'variance divided by n: the explained variance is the unbiased S² / (n - 1)',
}


def pca(x, k):
    xc = x - x.mean(0)
    _, S, Vh = torch.linalg.svd(xc, full_matrices=False)
    comps = Vh[:k]
    big = comps.abs().argmax(1, keepdim=True)
    comps = comps * comps.gather(1, big).sign()
    return comps, S[:k] ** 2 / x.shape[0]

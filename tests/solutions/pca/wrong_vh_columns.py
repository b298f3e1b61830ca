import torch

EXPECT = {
    'values': 'components taken from the columns of Vh: torch.linalg.svd returns Vh = Vᵀ, whose ROWS are the directions',
    'components are orthonormal': '',
    "sign convention: each component's largest entry is positive": '',
    'explained variance is the variance along each component': '',
}


def pca(x, k):
    xc = x - x.mean(0)
    U, S, V = torch.linalg.svd(xc, full_matrices=False)   # read as V: its columns taken as the directions
    comps = V[:, :k].T
    big = comps.abs().argmax(1, keepdim=True)
    comps = comps * comps.gather(1, big).sign()
    return comps, S[:k] ** 2 / (x.shape[0] - 1)

import torch


def pca(x, k):
    n = x.shape[0]
    xc = x - x.mean(dim=0, keepdim=True)
    cov = xc.T @ xc / (n - 1)
    evals, evecs = torch.linalg.eigh(cov)               # ascending
    evals, evecs = evals.flip(0)[:k], evecs.flip(1)[:, :k]
    comps = evecs.T                                     # (k, d)
    idx = comps.abs().argmax(dim=1)
    signs = torch.where(comps[torch.arange(k, device=x.device), idx] < 0, -1.0, 1.0).to(x.dtype)
    return comps * signs[:, None], evals

import torch


def pca(x, k):
    xc = x - x.mean(0)
    U, S, _ = torch.linalg.svd(xc.T, full_matrices=True)     # xcᵀ = U S Vᵀ: the directions are U's columns
    comps = U[:, :k].T.contiguous()
    pivot = torch.gather(comps, 1, comps.abs().max(dim=1).indices.unsqueeze(1))
    comps = comps / pivot.sign()
    var = S[:k].square() / (len(x) - 1)
    return comps, var

import math

import torch


def gini(counts):
    total = counts.sum(-1)
    squares = (counts * counts).sum(-1)
    return torch.where(total > 0, (total * total - squares) / torch.where(total > 0, total * total, 1.0), 0.0)


def entropy(counts):
    total = counts.sum(-1)
    # n · H = n log n - Σ c log c  (nats), then divided by n log 2
    c_log_c = torch.where(counts > 0, counts * torch.log(torch.where(counts > 0, counts, 1.0)), 0.0).sum(-1)
    n_log_n = torch.where(total > 0, total * torch.log(torch.where(total > 0, total, 1.0)), 0.0)
    return torch.where(total > 0, (n_log_n - c_log_c) / (torch.where(total > 0, total, 1.0) * math.log(2)), 0.0)


def best_split(X, y, criterion="gini"):
    impurity = {"gini": gini, "entropy": entropy}[criterion]
    n, d = X.shape
    Xd = X.double().T                                                   # (d, n)
    order = Xd.argsort(dim=1)
    xs = Xd.gather(1, order)
    C = int(y.max()) + 1
    labels = y[order]                                                   # (d, n) labels in sorted order
    onehot = torch.zeros(d, n, C, dtype=torch.float64, device=X.device).scatter_(2, labels[..., None], 1.0)
    left = onehot.cumsum(1)[:, :-1]                                     # (d, n-1, C)
    total = onehot[0].sum(0)
    right = total - left
    k = torch.arange(1, n, device=X.device, dtype=torch.float64)
    gain = impurity(total) - (k * impurity(left) + (n - k) * impurity(right)) / n
    gain = gain.masked_fill(xs[:, 1:] == xs[:, :-1], float("-inf"))     # (d, n-1)
    candidates = gain >= gain.max() - 1e-9
    f = int(candidates.any(1).nonzero().min())
    i = int(candidates[f].nonzero().min())
    return f, float((xs[f, i] + xs[f, i + 1]) / 2), float(gain[f, i])

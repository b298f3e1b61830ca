import torch


def gini(counts):
    n = counts.sum(-1)
    safe = torch.where(n > 0, n, torch.ones_like(n))
    return torch.where(n > 0, 1 - (counts ** 2).sum(-1) / safe ** 2, torch.zeros_like(n))


def entropy(counts):
    n = counts.sum(-1, keepdim=True)
    p = counts / n.clamp_min(1e-30)
    return -torch.special.xlogy(p, p).sum(-1) / torch.log(torch.tensor(2.0, dtype=counts.dtype))


def best_split(X, y, criterion="gini"):
    impurity = gini if criterion == "gini" else entropy
    n = X.shape[0]
    onehot = (y[:, None] == torch.arange(int(y.max()) + 1, device=y.device)).double()   # (n, C)
    parent = impurity(onehot.sum(0))
    found = []                                          # (decrease, feature, threshold) of each feature's cuts
    for j in range(X.shape[1]):
        col = X[:, j].double()
        values = torch.unique(col)
        if len(values) < 2:
            continue
        thresholds = (values[:-1] + values[1:]) / 2
        goes_left = (col[None, :] <= thresholds[:, None]).double()                    # (T, n)
        left = goes_left @ onehot
        right = onehot.sum(0) - left
        share = goes_left.sum(1) / n
        decrease = parent - share * impurity(left) - (1 - share) * impurity(right)
        found += [(decrease[t].item(), j, thresholds[t].item()) for t in range(len(thresholds))]
    top = max(dec for dec, _, _ in found)
    j, t, dec = min((j, t, dec) for dec, j, t in found if dec >= top - 1e-9)     # lowest feature, then threshold
    return j, t, dec

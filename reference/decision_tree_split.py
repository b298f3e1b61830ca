import torch


def gini(counts: torch.Tensor) -> torch.Tensor:
    n = counts.sum(-1, keepdim=True)
    p = counts / torch.where(n > 0, n, 1)                      # an empty node: p = 0, not 0 / 0
    return torch.where(n[..., 0] > 0, 1 - (p * p).sum(-1), 0)


def entropy(counts: torch.Tensor) -> torch.Tensor:
    n = counts.sum(-1, keepdim=True)
    p = counts / torch.where(n > 0, n, 1)
    return (p * torch.log2(1 / torch.where(p > 0, p, 1))).sum(-1)     # 0 · log 0 = 0


def best_split(X: torch.Tensor, y: torch.Tensor, criterion: str = "gini") -> tuple[int, float, float]:
    n, d = X.shape
    impurity = gini if criterion == "gini" else entropy
    onehot = torch.nn.functional.one_hot(y, int(y.max()) + 1).double()      # (n, C)
    xs, order = X.double().sort(0)                                          # each column sorted: (n, d)
    left = onehot[order].cumsum(0)[:-1]                                     # (n-1, d, C): counts of the i+1 smallest
    right = onehot.sum(0) - left
    n_left = torch.arange(1, n, dtype=torch.float64, device=X.device)[:, None]
    child = (n_left * impurity(left) + (n - n_left) * impurity(right)) / n  # children weighted by their sizes
    decrease = impurity(onehot.sum(0)) - child                              # (n-1, d)
    decrease = torch.where(xs[1:] > xs[:-1], decrease, -torch.inf)          # only between distinct values
    tied = decrease >= decrease.max() - 1e-9
    first = int(tied.T.flatten().nonzero()[0])          # feature-major, thresholds ascending: lowest of both
    f, i = divmod(first, n - 1)
    return f, ((xs[i, f] + xs[i + 1, f]) / 2).item(), decrease[i, f].item()

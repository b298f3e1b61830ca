import torch


def kmeans_pp_init(x, k, generator=None):
    n = x.shape[0]
    chosen = torch.empty(k, dtype=torch.long, device=x.device)
    chosen[0] = torch.randint(0, n, (), generator=generator, device=x.device)
    nearest_sq = torch.cdist(x, x[chosen[:1]]).squeeze(1) ** 2
    for j in range(1, k):
        cum = nearest_sq.double().cumsum(0)
        u = torch.rand((), generator=generator, device=x.device, dtype=torch.float64) * cum[-1]
        i = torch.searchsorted(cum, u[None], right=True)
        i = torch.minimum(i, (nearest_sq > 0).nonzero()[-1])      # u rounded up to the total: the last positive
        chosen[j] = i[0]
        nearest_sq = torch.minimum(nearest_sq, ((x - x[i]) ** 2).sum(1))
    return chosen


def assign(x, c):
    d = (x * x).sum(1, keepdim=True) - 2 * x @ c.T + (c * c).sum(1)
    return d.argmin(1)


def lloyd(x, centroids, max_iters=100):
    k = centroids.shape[0]
    c = centroids.clone()
    labels = assign(x, c)
    it = 0
    while it < max_iters:
        it += 1
        onehot = torch.nn.functional.one_hot(labels, k).to(x.dtype)        # (n, k)
        counts = onehot.sum(0)
        filled = counts > 0
        c[filled] = (onehot.T @ x)[filled] / counts[filled, None]
        new_labels = assign(x, c)
        if (new_labels == labels).all():
            break
        labels = new_labels
    return c, labels


def kmeans(x, k, max_iters=100, generator=None):
    return lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters)

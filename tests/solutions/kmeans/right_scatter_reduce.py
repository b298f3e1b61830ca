import torch


def kmeans_pp_init(x, k, generator=None):
    n = x.shape[0]
    first = torch.multinomial(torch.ones(n, device=x.device), 1, generator=generator)
    seeds = first
    for _ in range(k - 1):
        dist2 = ((x[:, None, :] - x[seeds][None, :, :]) ** 2).sum(-1).min(dim=1).values     # (n,)
        probs = dist2 / dist2.sum()
        seeds = torch.cat([seeds, torch.multinomial(probs, 1, generator=generator)])
    return seeds


def lloyd(x, centroids, max_iters=100):
    k, d = centroids.shape
    n = x.shape[0]

    def nearest(c):
        return torch.cdist(x, c).argmin(dim=1)

    labels = nearest(centroids)
    for _ in range(max_iters):
        means = centroids.scatter_reduce(0, labels[:, None].expand(n, d), x, reduce="mean", include_self=False)
        centroids = means                      # include_self=False leaves rows with no point as they were
        new = nearest(centroids)
        if torch.equal(new, labels):
            break
        labels = new
    return centroids, labels


def kmeans(x, k, max_iters=100, generator=None):
    seeds = kmeans_pp_init(x, k, generator=generator)
    return lloyd(x, x[seeds].clone(), max_iters=max_iters)

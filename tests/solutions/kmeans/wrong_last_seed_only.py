import torch

EXPECT = {
    'kmeans_pp_init: seeds are distinct points': '',
    'kmeans_pp_init: frequencies': 'D² measured to the most recent seed instead of the nearest seed so far',
}


def kmeans_pp_init(x, k, generator=None):
    n = x.shape[0]
    seeds = torch.randint(n, (1,), generator=generator, device=x.device)
    for _ in range(k - 1):
        d2 = ((x - x[seeds[-1]]) ** 2).sum(dim=1)            # distance to the newest seed
        seeds = torch.cat([seeds, torch.multinomial(d2, 1, generator=generator)])
    return seeds


def lloyd(x, centroids, max_iters=100):
    k = centroids.shape[0]
    dist = lambda c: ((x[:, None] - c[None]) ** 2).sum(-1)
    labels = dist(centroids).argmin(1)
    for _ in range(max_iters):
        onehot = torch.nn.functional.one_hot(labels, k).to(x.dtype)
        counts = onehot.sum(0)[:, None]
        centroids = torch.where(counts > 0, onehot.T @ x / counts.clamp(min=1), centroids)
        new = dist(centroids).argmin(1)
        if (new == labels).all():
            break
        labels = new
    return centroids, labels


def kmeans(x, k, max_iters=100, generator=None):
    return lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters)

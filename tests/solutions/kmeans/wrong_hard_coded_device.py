import torch

EXPECT = {
    'lloyd: device (emulated)': 'tensor created on a hard-coded device',
    'kmeans: device (emulated)': 'tensor created on a hard-coded device',
}


def kmeans_pp_init(x, k, generator=None):
    n = x.shape[0]
    seeds = [torch.randint(n, (1,), generator=generator, device=x.device)]
    d2 = ((x - x[seeds[0]]) ** 2).sum(-1)
    for _ in range(k - 1):
        seeds.append(torch.multinomial(d2, 1, generator=generator))
        d2 = torch.minimum(d2, ((x - x[seeds[-1]]) ** 2).sum(-1))
    return torch.cat(seeds)


def lloyd(x, centroids, max_iters=100):
    k = centroids.shape[0]
    labels = ((x[:, None] - centroids[None]) ** 2).sum(-1).argmin(1)
    for _ in range(max_iters):
        sums = torch.zeros(k, x.shape[1], dtype=x.dtype).index_add_(0, labels, x)
        counts = torch.bincount(labels, minlength=k)[:, None]
        centroids = torch.where(counts > 0, sums / counts.clamp(min=1), centroids)
        new = ((x[:, None] - centroids[None]) ** 2).sum(-1).argmin(1)
        if torch.equal(new, labels):
            break
        labels = new
    return centroids, labels


def kmeans(x, k, max_iters=100, generator=None):
    return lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters)

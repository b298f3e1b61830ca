import torch

EXPECT = {
    'lloyd: values': 'centroids recomputed from a stale (old) assignment: update from the labels just computed',
    'lloyd: labels are the nearest returned centroids': '',
    'kmeans: labels are the nearest returned centroids': '',
}


def kmeans_pp_init(x, k, generator=None):
    n = x.shape[0]
    seeds = [torch.randint(n, (1,), generator=generator, device=x.device)]
    d2 = ((x - x[seeds[0]]) ** 2).sum(-1)
    for _ in range(k - 1):
        seeds.append(torch.multinomial(d2, 1, generator=generator))
        d2 = torch.minimum(d2, ((x - x[seeds[-1]]) ** 2).sum(-1))
    return torch.cat(seeds)


def assign(x, c):
    return ((x[:, None] - c[None]) ** 2).sum(-1).argmin(1)


def lloyd(x, centroids, max_iters=100):
    k = centroids.shape[0]
    labels = assign(x, centroids)
    for _ in range(max_iters):
        counts = torch.bincount(labels, minlength=k)[:, None]
        sums = torch.zeros_like(centroids).index_add_(0, labels, x)
        centroids = torch.where(counts > 0, sums / counts.clamp(min=1), centroids)
        new_labels = assign(x, centroids)
        if torch.equal(new_labels, labels):
            break
    return centroids, labels


def kmeans(x, k, max_iters=100, generator=None):
    return lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters)

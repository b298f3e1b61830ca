import torch

EXPECT = {
    'lloyd: values': 'labels returned from before the last update (when max_iters cuts the loop short, return the assignment of the centroids you return)',
    'lloyd: labels are the nearest returned centroids': '',
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
    c = centroids
    labels = torch.cdist(x, c).argmin(1)
    for _ in range(max_iters):
        labels = torch.cdist(x, c).argmin(1)
        counts = torch.bincount(labels, minlength=k)[:, None]
        sums = torch.zeros_like(c).index_add_(0, labels, x)
        new_c = torch.where(counts > 0, sums / counts.clamp(min=1), c)
        if torch.equal(new_c, c):
            break
        c = new_c
    return c, labels


def kmeans(x, k, max_iters=100, generator=None):
    return lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters)

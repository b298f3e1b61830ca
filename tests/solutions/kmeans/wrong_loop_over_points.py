import torch

EXPECT = {
    'lloyd: no loop': '',
    'kmeans: no loop': '',
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
        new_c = centroids.clone()
        for j in range(k):
            members = x[labels == j]
            if len(members):
                new_c[j] = members.mean(0)
        centroids = new_c
        new = torch.stack([((p - centroids) ** 2).sum(-1).argmin() for p in x])   # one point at a time
        if torch.equal(new, labels):
            break
        labels = new
    return centroids, labels


def kmeans(x, k, max_iters=100, generator=None):
    return lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters)

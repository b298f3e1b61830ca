import torch

EXPECT = {
    'kmeans_pp_init: frequencies': 'seeds drawn with probability proportional to the distance D instead of D²',
}


def kmeans_pp_init(x, k, generator=None):
    n = x.shape[0]
    idx = [torch.randint(n, (1,), generator=generator, device=x.device)]
    dist = (x - x[idx[0]]).norm(dim=1)
    for _ in range(k - 1):
        idx.append(torch.multinomial(dist, 1, generator=generator))
        dist = torch.minimum(dist, (x - x[idx[-1]]).norm(dim=1))
    return torch.cat(idx)


def lloyd(x, centroids, max_iters=100):
    k = centroids.shape[0]
    labels = torch.cdist(x, centroids).argmin(1)
    for _ in range(max_iters):
        counts = torch.bincount(labels, minlength=k)
        sums = torch.zeros_like(centroids).index_add(0, labels, x)
        centroids = torch.where(counts[:, None] > 0, sums / counts.clamp(min=1)[:, None], centroids)
        new = torch.cdist(x, centroids).argmin(1)
        if torch.equal(new, labels):
            break
        labels = new
    return centroids, labels


def kmeans(x, k, max_iters=100, generator=None):
    return lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters)

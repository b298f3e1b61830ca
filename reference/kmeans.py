import torch


def kmeans_pp_init(x: torch.Tensor, k: int, generator: torch.Generator | None = None) -> torch.Tensor:
    n = x.shape[0]
    seeds = [torch.randint(n, (1,), generator=generator, device=x.device)]       # the first: uniform
    d2 = ((x - x[seeds[0]]) ** 2).sum(-1)                                        # (n,) D² to the nearest seed
    for _ in range(k - 1):
        seeds.append(torch.multinomial(d2, 1, generator=generator))              # ∝ D²: a seed itself has 0
        d2 = torch.minimum(d2, ((x - x[seeds[-1]]) ** 2).sum(-1))
    return torch.cat(seeds)


def _nearest(x: torch.Tensor, centroids: torch.Tensor) -> torch.Tensor:
    d2 = ((x[:, None, :] - centroids[None, :, :]) ** 2).sum(-1)                  # (n, k), differences: no cancellation
    return d2.argmin(1)                                                          # ties: the first (smallest) index


def lloyd(x: torch.Tensor, centroids: torch.Tensor, max_iters: int = 100) -> tuple[torch.Tensor, torch.Tensor]:
    k = centroids.shape[0]
    labels = _nearest(x, centroids)
    for _ in range(max_iters):
        sums = torch.zeros_like(centroids).index_add_(0, labels, x)              # (k, d)
        counts = torch.bincount(labels, minlength=k).to(x.dtype)[:, None]        # (k, 1)
        centroids = torch.where(counts > 0, sums / counts.clamp(min=1), centroids)   # an empty cluster stays put
        new = _nearest(x, centroids)
        if torch.equal(new, labels):
            break
        labels = new
    return centroids, labels


def kmeans(x: torch.Tensor, k: int, max_iters: int = 100,
           generator: torch.Generator | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    return lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters)

"""K-means with k-means++ seeding  K均值聚类(k-means++初始化)

Write three functions. `x` is always a float tensor (n, d) of n points; results are on x's device,
float results in x's dtype. Distances are Euclidean. No Python loop over the points (a loop over
the k seeds, or over the iterations, is fine), and `x` is not modified in place.

`kmeans_pp_init(x, k, generator=None)` chooses k seeds among the points (k-means++):

- The first seed is drawn uniformly among the n points. Each next seed is drawn with probability
  proportional to D(i)², where D(i) is the distance from point i to the NEAREST seed chosen so far.
  (A point that coincides with a seed has D = 0: it is never drawn.)
- 1 <= k <= n, and x holds at least k distinct points.
- Returns a LongTensor (k,) of row indices of x, in the order drawn.
- Draw all randomness from `generator` (torch.randint(n, (1,), generator=generator,
  device=x.device), torch.multinomial(weights, 1, generator=generator)). Any way of drawing with
  these probabilities is right: it is graded statistically, by the frequencies of whole seed
  sequences over many draws; the same seeded generator must give the same seeds, and torch's
  global random state must be left alone.

`lloyd(x, centroids, max_iters=100)` runs Lloyd's algorithm from the given centroids (k, d):

    labels = the nearest centroid of every point
    repeat at most max_iters times:
        each centroid = the mean of the points labelled with it
                        (a centroid with no point keeps its place)
        new = the nearest centroid of every point
        stop if no label changed (new == labels); otherwise labels = new

- Ties: a point exactly as near to two centroids goes to the smaller centroid index.
- Returns (centroids (k, d), labels (n,) long). `labels` is always the nearest-centroid assignment
  of the centroids returned (also when max_iters stops the loop, and for max_iters=0).
- k may be anything >= 1 (even more than n); the centroids need not be points of x.

`kmeans(x, k, max_iters=100, generator=None)` is the whole algorithm:
`lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters)`. It is graded on properties (the
seeds are random): labels are the nearest centroids, each centroid is the mean of its cluster,
and all randomness comes from `generator`.

scikit-learn is not allowed: the drill is to write it.

Example:
    >>> x = torch.tensor([[0.0, 0.0], [1.0, 0.0], [10.0, 0.0], [11.0, 0.0]])
    >>> kmeans_pp_init(x, 2, generator=torch.Generator().manual_seed(0))
    tensor([0, 2])                     # first uniform; with seed 0 first, the second is 1, 2 or 3
                                       # with probabilities 1/222, 100/222, 121/222 (D² = 1, 100, 121)
    >>> lloyd(x, torch.tensor([[0.0, 0.0], [1.0, 0.0]]))
    (tensor([[ 0.5000,  0.0000],       # labels [0, 1, 1, 1] -> centroids 0 and 22/3 -> labels
             [10.5000,  0.0000]]),     # [0, 0, 1, 1] -> centroids 0.5 and 10.5 -> no change: stop
     tensor([0, 0, 1, 1]))
"""
import torch


def kmeans_pp_init(x: torch.Tensor, k: int, generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: first seed uniform; then keep D² to the nearest seed and draw ∝ D², k - 1 times (about 7 lines)
    raise NotImplementedError


def lloyd(x: torch.Tensor, centroids: torch.Tensor, max_iters: int = 100) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: nearest-centroid labels; update means (empty clusters stay); reassign; stop when
    # nothing changes (about 12 lines)
    raise NotImplementedError


def kmeans(x: torch.Tensor, k: int, max_iters: int = 100,
           generator: torch.Generator | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: seed with kmeans_pp_init, then run lloyd (about 1 line)
    raise NotImplementedError

"""The reference against scikit-learn's KMeans run from the same initial centroids (Lloyd to strict
convergence), a brute-force Lloyd over Python lists, and the k-means++ seeding distribution
enumerated by hand (sequence by sequence) against many of the reference's draws."""
import itertools
import math

import pytest
import torch

from grader.engine.stats import binomial_tail
from reference.kmeans import kmeans, kmeans_pp_init, lloyd


def brute_lloyd(points, centroids, max_iters):
    """Lloyd's algorithm with Python lists and loops, following the prompt line by line."""
    def nearest(c):
        out = []
        for p in points:
            d = [sum((a - b) ** 2 for a, b in zip(p, q)) for q in c]
            out.append(min(range(len(c)), key=lambda j: (d[j], j)))
        return out
    c = [list(q) for q in centroids]
    labels = nearest(c)
    for _ in range(max_iters):
        for j in range(len(c)):
            members = [p for p, l in zip(points, labels) if l == j]
            if members:
                c[j] = [sum(col) / len(members) for col in zip(*members)]
        new = nearest(c)
        if new == labels:
            break
        labels = new
    return c, labels


@pytest.mark.parametrize("n,d,k", [(1, 1, 1), (5, 2, 2), (20, 3, 4), (40, 2, 6), (12, 4, 12), (30, 1, 3)])
@pytest.mark.parametrize("max_iters", [0, 1, 3, 100])
@pytest.mark.parametrize("from_points", [True, False])
def test_lloyd_agrees_with_brute_force(n, d, k, max_iters, from_points):
    gen = torch.Generator().manual_seed(n * 7 + k)
    x = torch.randn(n, d, generator=gen, dtype=torch.float64) * 3
    c0 = x[torch.randperm(n, generator=gen)[:k]] if from_points and k <= n else \
        torch.randn(k, d, generator=gen, dtype=torch.float64) * 3
    c, labels = lloyd(x, c0, max_iters)
    want_c, want_labels = brute_lloyd(x.tolist(), c0.tolist(), max_iters)
    assert labels.tolist() == want_labels
    torch.testing.assert_close(c, torch.tensor(want_c, dtype=torch.float64), rtol=1e-12, atol=1e-12)


def test_lloyd_tie_rule_and_empty_cluster():
    x = torch.tensor([[0.0], [2.0], [4.0]])
    c, labels = lloyd(x, torch.tensor([[1.0], [3.0]]))
    assert labels.tolist() == [0, 0, 1] and c.flatten().tolist() == [1.0, 4.0]
    x = torch.tensor([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    c, labels = lloyd(x, torch.tensor([[0.0, 0.0], [1.0, 1.0], [100.0, 100.0]]))
    assert c[2].tolist() == [100.0, 100.0] and 2 not in labels.tolist()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("k", [2, 3, 5])
def test_lloyd_agrees_with_sklearn_from_the_same_centroids(seed, k):
    KMeans = pytest.importorskip("sklearn.cluster").KMeans
    gen = torch.Generator().manual_seed(seed)
    centres = torch.randn(k, 2, generator=gen, dtype=torch.float64) * 6
    x = centres[torch.randint(0, k, (60,), generator=gen)] + torch.randn(60, 2, generator=gen, dtype=torch.float64)
    c0 = x[torch.randperm(60, generator=gen)[:k]]
    c, labels = lloyd(x, c0, 300)
    km = KMeans(n_clusters=k, init=c0.numpy(), n_init=1, max_iter=300, tol=0.0, algorithm="lloyd").fit(x.numpy())
    assert labels.tolist() == km.labels_.tolist()
    torch.testing.assert_close(c, torch.from_numpy(km.cluster_centers_), rtol=1e-10, atol=1e-10)
    inertia = ((x - c[labels]) ** 2).sum().item()
    assert math.isclose(inertia, km.inertia_, rel_tol=1e-9)


def test_lloyd_objective_never_increases():
    gen = torch.Generator().manual_seed(3)
    x = torch.randn(50, 2, generator=gen, dtype=torch.float64)
    c0 = torch.randn(4, 2, generator=gen, dtype=torch.float64)
    last = math.inf
    for t in range(8):
        c, labels = lloyd(x, c0, t)
        objective = ((x - c[labels]) ** 2).sum().item()
        assert objective <= last + 1e-12
        last = objective


def seeding_distribution(points, k):
    """P(seed sequence) by enumeration: the first uniform, each next ∝ D² to the nearest seed."""
    n = len(points)
    d2 = [[sum((a - b) ** 2 for a, b in zip(p, q)) for q in points] for p in points]
    probs = {}
    for seq in itertools.permutations(range(n), k):
        p = 1.0 / n
        for j in range(1, k):
            near = [min(d2[i][s] for s in seq[:j]) for i in range(n)]
            p *= near[seq[j]] / sum(near)
        if p > 0:
            probs[seq] = p
    return probs


@pytest.mark.parametrize("points,k", [
    ([[0.0], [1.0], [3.0], [12.0]], 2),
    ([[0.0, 0.0], [0.0, 0.0], [10.0, 0.0], [9.0, 0.0], [0.0, 4.0], [5.0, 5.0]], 3),
    ([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0]], 3),
    ([[1.0, 2.0], [2.0, 1.0], [-1.0, 0.5], [0.0, 0.0], [3.0, 3.0]], 1),
])
def test_seeding_draws_fit_the_enumerated_distribution(points, k):
    probs = seeding_distribution(points, k)
    assert math.isclose(sum(probs.values()), 1.0, rel_tol=1e-12)
    x = torch.tensor(points)
    gen = torch.Generator().manual_seed(0)
    n_draws = 4000
    counts = {}
    for _ in range(n_draws):
        seq = tuple(kmeans_pp_init(x, k, gen).tolist())
        counts[seq] = counts.get(seq, 0) + 1
    assert set(counts) <= set(probs), set(counts) - set(probs)         # probability 0: never drawn
    for seq, p in probs.items():                                        # union bound: false fail <= 1e-6
        if p < 1:
            assert binomial_tail(counts.get(seq, 0), n_draws, p) >= 1e-6 / (2 * len(probs)), (seq, counts.get(seq), p)


def test_seeding_uses_only_its_generator():
    x = torch.randn(10, 2, generator=torch.Generator().manual_seed(1))
    state = torch.get_rng_state()
    a = kmeans_pp_init(x, 4, torch.Generator().manual_seed(5))
    b = kmeans_pp_init(x, 4, torch.Generator().manual_seed(5))
    assert torch.equal(a, b) and torch.equal(state, torch.get_rng_state())
    assert len(set(a.tolist())) == 4


def test_kmeans_is_seeding_then_lloyd():
    gen = torch.Generator().manual_seed(2)
    x = torch.randn(40, 3, generator=gen, dtype=torch.float64)
    c, labels = kmeans(x, 4, generator=torch.Generator().manual_seed(9))
    want = lloyd(x, x[kmeans_pp_init(x, 4, torch.Generator().manual_seed(9))])
    assert torch.equal(c, want[0]) and torch.equal(labels, want[1])

"""The reference against a brute force over Python lists that follows the prompt's rules line by line
(exact grid data full of distance and vote ties), and against scikit-learn's brute-force
KNeighborsClassifier on random data where no tie occurs; far from the origin it predicts as near it."""
import pytest
import torch

from reference.knn import knn_predict


def brute_knn(x_train, y_train, x_test, k):
    out = []
    for q in x_test:
        d2 = [sum((a - b) ** 2 for a, b in zip(q, p)) for p in x_train]
        nearest = sorted(range(len(x_train)), key=lambda i: (d2[i], i))[:k]
        votes = {}
        for i in nearest:
            votes[y_train[i]] = votes.get(y_train[i], 0) + 1
        best = max(votes.values())
        out.append(min(label for label, v in votes.items() if v == best))
    return out


@pytest.mark.parametrize("n,m,d", [(1, 3, 1), (6, 4, 2), (20, 10, 2), (40, 15, 3), (12, 12, 1)])
@pytest.mark.parametrize("radius", [1, 3])
@pytest.mark.parametrize("k", [1, 2, 3, 5, 40])
def test_agrees_with_brute_force_on_tied_grids(n, m, d, radius, k):
    k = min(k, n)
    gen = torch.Generator().manual_seed(n * 100 + m * 10 + d + radius)
    x_train = torch.randint(-radius, radius + 1, (n, d), generator=gen).float() * 0.5
    x_test = torch.randint(-radius, radius + 1, (m, d), generator=gen).float() * 0.5
    y_train = torch.randint(0, 4, (n,), generator=gen) * 2
    got = knn_predict(x_train, y_train, x_test, k)
    assert got.dtype == torch.long
    assert got.tolist() == brute_knn(x_train.tolist(), y_train.tolist(), x_test.tolist(), k)


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("k", [1, 3, 7])
def test_agrees_with_sklearn_without_ties(seed, k):
    KNeighborsClassifier = pytest.importorskip("sklearn.neighbors").KNeighborsClassifier
    gen = torch.Generator().manual_seed(seed)
    x_train = torch.randn(60, 3, generator=gen, dtype=torch.float64)
    y_train = torch.randint(0, 2, (60,), generator=gen)              # two classes, k odd or 1: no vote tie
    x_test = torch.randn(25, 3, generator=gen, dtype=torch.float64)
    clf = KNeighborsClassifier(n_neighbors=k, algorithm="brute").fit(x_train.numpy(), y_train.numpy())
    assert knn_predict(x_train, y_train, x_test, k).tolist() == clf.predict(x_test.numpy()).tolist()


def test_far_from_the_origin_predicts_as_near_it():
    gen = torch.Generator().manual_seed(3)
    x_train = torch.randint(-5, 6, (50, 2), generator=gen).float()
    x_test = torch.randint(-5, 6, (30, 2), generator=gen).float()
    y_train = torch.randint(0, 3, (50,), generator=gen)
    shift = torch.tensor([16384.0, -16384.0])
    near = knn_predict(x_train, y_train, x_test, 4)
    assert torch.equal(near, knn_predict(x_train + shift, y_train, x_test + shift, 4))
    assert near.tolist() == brute_knn(x_train.tolist(), y_train.tolist(), x_test.tolist(), 4)


def test_prompt_example():
    x_train = torch.tensor([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5.0, 5.0], [6.0, 5.0]])
    x_test = torch.tensor([[0.0, 0.0], [0.5, 0.5], [5.0, 4.0], [3.0, 3.0]])
    assert knn_predict(x_train, torch.tensor([0, 0, 1, 1, 2]), x_test, 2).tolist() == [0, 0, 1, 0]

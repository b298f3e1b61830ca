"""The reference against the definition (every (positive, negative) pair, ties one half, in Python) and
against scikit-learn's roc_auc_score (the trapezoidal area under the ROC curve), with and without ties."""
import itertools

import pytest
import torch

from reference.auc import roc_auc


def brute_auc(scores, labels):
    pos = [s for s, y in zip(scores, labels) if y == 1]
    neg = [s for s, y in zip(scores, labels) if y == 0]
    won = sum(1.0 if p > q else 0.5 if p == q else 0.0 for p, q in itertools.product(pos, neg))
    return won / (len(pos) * len(neg))


def sample(seed, n, values=None, p=0.5, dtype=torch.float64):
    g = torch.Generator().manual_seed(seed)
    scores = torch.randn(n, generator=g, dtype=dtype) if values is None else \
        torch.randint(0, values, (n,), generator=g).to(dtype)
    labels = (torch.rand(n, generator=g) < p).long()
    labels[0], labels[-1] = 1, 0
    return scores, labels


@pytest.mark.parametrize("n", [2, 3, 10, 57, 300])
@pytest.mark.parametrize("values", [None, 1, 2, 5])
@pytest.mark.parametrize("p", [0.1, 0.5, 0.9])
def test_agrees_with_the_pairs(n, values, p):
    scores, labels = sample(n * 13 + (values or 0), n, values, p)
    got = roc_auc(scores, labels)
    assert got.dtype == torch.float64 and got.dim() == 0
    assert abs(got.item() - brute_auc(scores.tolist(), labels.tolist())) < 1e-12


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("values", [None, 3, 20])
def test_agrees_with_sklearn(seed, values):
    roc_auc_score = pytest.importorskip("sklearn.metrics").roc_auc_score
    scores, labels = sample(seed, 500, values, 0.3)
    assert abs(roc_auc(scores, labels).item() - roc_auc_score(labels.numpy(), scores.numpy())) < 1e-12


def test_float32_and_edges():
    scores, labels = sample(1, 1000, 7, dtype=torch.float32)
    got = roc_auc(scores, labels)
    assert got.dtype == torch.float32
    assert abs(got.item() - brute_auc(scores.tolist(), labels.tolist())) < 1e-6
    assert roc_auc(torch.full((5,), 2.0), torch.tensor([1, 0, 1, 0, 0])).item() == 0.5
    assert roc_auc(torch.tensor([3.0, 1.0, 2.0, 0.0]), torch.tensor([1, 0, 1, 0])).item() == 1.0
    assert roc_auc(torch.tensor([0.1, 0.4, 0.35, 0.8, 0.4]), torch.tensor([0, 0, 1, 1, 1])).item() == 0.75


def test_large_input_without_the_pair_matrix():
    scores, labels = sample(2, 200_000, 1000, dtype=torch.float32)
    a = roc_auc(scores, labels).item()
    pos = scores[labels == 1].double()
    neg = scores[labels == 0].double().sort().values
    below = torch.searchsorted(neg, pos, right=False).double()
    ties = torch.searchsorted(neg, pos, right=True).double() - below
    assert abs(a - ((below + 0.5 * ties).sum() / (len(pos) * len(neg))).item()) < 1e-6

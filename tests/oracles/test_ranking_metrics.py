"""The reference against scikit-learn (dcg_score and ndcg_score, which average the DCG over every order
of tied scores; average_precision_score, whose precision-recall curve has one point per distinct
score) and against brute force written here: the mean DCG over every order of the ties, and the
reciprocal rank of the worst order of the ties."""
import itertools
import math

import pytest
import torch

from reference.ranking_metrics import average_precision, dcg_at_k, ndcg_at_k, reciprocal_rank

metrics = pytest.importorskip("sklearn.metrics")


def sample(seed, Q, n, values=None):
    g = torch.Generator().manual_seed(seed)
    scores = torch.randn(Q, n, generator=g, dtype=torch.float64) if values is None else \
        torch.randint(0, values, (Q, n), generator=g).double()
    relevance = torch.randint(0, 4, (Q, n), generator=g).double()
    labels = (torch.rand(Q, n, generator=g) < 0.3).long()
    labels[:, 0] = 1
    return relevance, scores, labels


def orders(scores):
    """Every ranking of the items consistent with the scores: each order of every tie group."""
    groups = [[i for i, s in enumerate(scores) if s == v] for v in sorted(set(scores), reverse=True)]
    for parts in itertools.product(*(itertools.permutations(g) for g in groups)):
        yield [i for part in parts for i in part]


def brute_dcg(relevance, scores, k):
    dcgs = [sum(relevance[i] / math.log2(r + 2) for r, i in enumerate(order[:k])) for order in orders(scores)]
    return sum(dcgs) / len(dcgs)


CASES = [(seed, Q, n, values) for seed, (Q, n, values) in enumerate(
    [(3, 2, None), (3, 5, 2), (4, 6, 3), (2, 7, None), (5, 4, 1), (3, 8, 4)])]


@pytest.mark.parametrize("seed, Q, n, values", CASES)
def test_dcg_is_the_mean_over_the_orders_of_the_ties(seed, Q, n, values):
    relevance, scores, _ = sample(seed, Q, n, values)
    for k in range(1, n + 1):
        got = dcg_at_k(relevance, scores, k)
        assert got.dtype == torch.float64 and got.shape == (Q,)
        for q in range(Q):
            assert abs(got[q].item() - brute_dcg(relevance[q].tolist(), scores[q].tolist(), k)) < 1e-12


@pytest.mark.parametrize("seed, Q, n, values", CASES + [(9, 4, 40, 5), (10, 3, 60, None)])
def test_dcg_and_ndcg_agree_with_sklearn(seed, Q, n, values):
    relevance, scores, _ = sample(seed, Q, n, values)
    relevance[0] = 0.0                                        # no relevant item: NDCG 0
    for k in sorted({1, 2, n // 2 or 1, n}):
        dcg, ndcg = dcg_at_k(relevance, scores, k), ndcg_at_k(relevance, scores, k)
        for q in range(Q):
            y, s = relevance[q:q + 1].numpy(), scores[q:q + 1].numpy()
            assert abs(dcg[q].item() - metrics.dcg_score(y, s, k=k)) < 1e-12
            assert abs(ndcg[q].item() - metrics.ndcg_score(y, s, k=k)) < 1e-12


@pytest.mark.parametrize("seed, Q, n, values", CASES + [(11, 4, 50, 6), (12, 3, 80, None)])
def test_average_precision_agrees_with_sklearn(seed, Q, n, values):
    _, scores, labels = sample(seed, Q, n, values)
    got = average_precision(labels, scores)
    for q in range(Q):
        assert abs(got[q].item() - metrics.average_precision_score(labels[q].numpy(), scores[q].numpy())) < 1e-12


@pytest.mark.parametrize("seed, Q, n, values", CASES)
def test_reciprocal_rank_is_that_of_the_worst_order_of_the_ties(seed, Q, n, values):
    _, scores, labels = sample(seed, Q, n, values)
    got = reciprocal_rank(labels, scores)
    for q in range(Q):
        y = labels[q].tolist()
        worst = min(1 / (1 + [y[i] for i in order].index(1)) for order in orders(scores[q].tolist()))
        assert abs(got[q].item() - worst) < 1e-12


def test_reciprocal_rank_with_one_relevant_item_agrees_with_sklearn():
    # with a single relevant item, label ranking average precision is 1 / |{j: score_j >= its score}|
    _, scores, _ = sample(13, 6, 9, 3)
    labels = torch.zeros(6, 9, dtype=torch.long)
    labels[torch.arange(6), torch.tensor([0, 3, 8, 2, 5, 7])] = 1
    for q in range(6):
        want = metrics.label_ranking_average_precision_score(labels[q:q + 1].numpy(), scores[q:q + 1].numpy())
        assert abs(reciprocal_rank(labels[q:q + 1], scores[q:q + 1]).item() - want) < 1e-12


def test_the_prompts_example_in_float32():
    relevance = torch.tensor([[3.0, 2.0, 3.0, 0.0, 1.0, 2.0]])
    scores = torch.tensor([[0.9, 0.8, 0.8, 0.7, 0.3, 0.1]])
    assert abs(dcg_at_k(relevance, scores, 3).item() - (3 + 2.5 * (1 / math.log2(3) + 0.5))) < 1e-5
    assert abs(dcg_at_k(relevance, scores, 2).item() - (3 + 2.5 / math.log2(3))) < 1e-5
    assert abs(ndcg_at_k(relevance, scores, 3).item() - 5.8273 / 5.8928) < 1e-4
    labels = torch.tensor([[1, 0, 1, 0, 0, 1], [0, 0, 1, 0, 0, 0]])
    ap, rr = average_precision(labels, scores.repeat(2, 1)), reciprocal_rank(labels, scores.repeat(2, 1))
    assert ap.dtype == rr.dtype == torch.float32
    assert torch.allclose(ap, torch.tensor([(1 + 2 / 3 + 0.5) / 3, 1 / 3]))
    assert torch.allclose(rr, torch.tensor([1.0, 1 / 3]))

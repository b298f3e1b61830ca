import itertools
import math

import pytest
import torch
import torch.nn.functional as F

from reference.triplet_loss import batch_hard_triplet_loss, contrastive_loss


def mined_by_brute_force(x, labels):
    """For each anchor with a triplet, its farthest positive and nearest negative, by Python loops."""
    rows = x.tolist()
    lab = labels.tolist()
    dist = lambda i, j: math.dist(rows[i], rows[j])
    anchors, positives, negatives = [], [], []
    for i in range(len(rows)):
        pos = [j for j in range(len(rows)) if lab[j] == lab[i] and j != i]
        neg = [k for k in range(len(rows)) if lab[k] != lab[i]]
        if pos and neg:
            anchors.append(i)
            positives.append(max(pos, key=lambda j: dist(i, j)))
            negatives.append(min(neg, key=lambda k: dist(i, k)))
    return anchors, positives, negatives


@pytest.mark.parametrize("N,D,classes", [(2, 3, 1), (5, 2, 3), (8, 4, 2), (12, 1, 4), (20, 6, 7)])
@pytest.mark.parametrize("margin", [0.05, 0.5, 2.0])   # torch asks margin > 0
def test_batch_hard_agrees_with_triplet_margin_loss_on_brute_force_mining(N, D, classes, margin):
    g = torch.Generator().manual_seed(N * 31 + D)
    x = torch.randn(N, D, generator=g, dtype=torch.float64)
    labels = torch.randint(0, classes, (N,), generator=g) * 3 + 1
    a, p, n = mined_by_brute_force(x, labels)
    got = batch_hard_triplet_loss(x, labels, margin)
    if not a:
        assert got.item() == 0.0
        return
    want = F.triplet_margin_loss(x[a], x[p], x[n], margin=margin, eps=0.0)
    torch.testing.assert_close(got, want, rtol=1e-12, atol=1e-12)


def test_batch_hard_gradients_agree():
    g = torch.Generator().manual_seed(3)
    x = torch.randn(10, 5, generator=g, dtype=torch.float64)
    labels = torch.tensor([0, 0, 0, 1, 1, 2, 2, 2, 2, 3])
    a, p, n = mined_by_brute_force(x, labels)
    x1, x2 = x.clone().requires_grad_(), x.clone().requires_grad_()
    batch_hard_triplet_loss(x1, labels, 1.5).backward()
    F.triplet_margin_loss(x2[a], x2[p], x2[n], margin=1.5, eps=0.0).backward()
    torch.testing.assert_close(x1.grad, x2.grad)


def test_batch_hard_is_the_max_over_all_triplets_per_anchor():
    """Batch-hard is the worst triplet of each anchor: the max of its hinge over every (p, n)."""
    g = torch.Generator().manual_seed(5)
    x = torch.randn(7, 3, generator=g, dtype=torch.float64)
    labels = torch.tensor([4, 4, 9, 9, 9, 1, 4])
    hinges = []
    for i in range(7):
        worst = [max(0.0, torch.dist(x[i], x[j]).item() - torch.dist(x[i], x[k]).item() + 0.7)
                 for j, k in itertools.product(range(7), range(7))
                 if j != i and labels[j] == labels[i] and labels[k] != labels[i]]
        if worst:
            hinges.append(max(worst))
    assert batch_hard_triplet_loss(x, labels, 0.7).item() == pytest.approx(sum(hinges) / len(hinges), rel=1e-12)


def test_batch_hard_without_triplets_is_zero_with_a_gradient():
    x = torch.randn(4, 3, requires_grad=True)
    loss = batch_hard_triplet_loss(x, torch.tensor([0, 1, 2, 3]))
    loss.backward()
    assert loss.item() == 0.0 and torch.equal(x.grad, torch.zeros(4, 3))


@pytest.mark.parametrize("N,D", [(1, 3), (6, 2), (17, 8)])
@pytest.mark.parametrize("margin", [0.5, 1.0, 3.0])
def test_contrastive_agrees_with_closed_form(N, D, margin):
    g = torch.Generator().manual_seed(N + D)
    x1 = torch.randn(N, D, generator=g, dtype=torch.float64)
    x2 = x1 + torch.randn(N, D, generator=g, dtype=torch.float64)
    same = torch.rand(N, generator=g) < 0.5
    total = 0.0
    for u, v, s in zip(x1.tolist(), x2.tolist(), same.tolist()):
        d = math.dist(u, v)
        total += d * d if s else max(0.0, margin - d) ** 2
    assert contrastive_loss(x1, x2, same, margin).item() == pytest.approx(total / N, rel=1e-12, abs=1e-15)


def test_contrastive_dissimilar_pairs_match_hinge_embedding_loss_squared():
    """F.hinge_embedding_loss on distances gives max(0, margin - d) for y = -1: its square per pair is ours."""
    g = torch.Generator().manual_seed(9)
    x1, x2 = torch.randn(12, 4, generator=g, dtype=torch.float64), torch.randn(12, 4, generator=g, dtype=torch.float64)
    d = F.pairwise_distance(x1, x2, eps=0.0)
    hinge = F.hinge_embedding_loss(d, -torch.ones(12, dtype=torch.float64), margin=2.5, reduction="none")
    got = contrastive_loss(x1, x2, torch.zeros(12, dtype=torch.bool), 2.5)
    torch.testing.assert_close(got, (hinge ** 2).mean())


def test_prompt_examples():
    x = torch.tensor([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0], [4.0, 1.0], [2.0, 4.0]])
    torch.testing.assert_close(batch_hard_triplet_loss(x, torch.tensor([0, 0, 1, 1, 2]), 2.0),
                               torch.tensor(2.2120), atol=1e-4, rtol=0)
    a = torch.tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]])
    b = torch.tensor([[3.0, 4.0], [1.0, 1.5], [2.0, 1.5]])
    torch.testing.assert_close(contrastive_loss(a, b, torch.tensor([True, False, False]), 1.0),
                               torch.tensor(8.4167), atol=1e-4, rtol=0)

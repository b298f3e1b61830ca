import math

import pytest
import torch
import torch.nn.functional as F

from reference.infonce import infonce_loss


def closed_form(a, b, tau) -> float:
    """Both directions of InfoNCE in float64 Python: -log of the softmax weight of the diagonal."""
    unit = lambda rows: [[x / math.sqrt(sum(y * y for y in r)) for x in r] for r in rows]
    A, B = unit(a.tolist()), unit(b.tolist())
    N = len(A)
    s = [[sum(x * y for x, y in zip(A[i], B[j])) / tau for j in range(N)] for i in range(N)]

    def ce(rows):
        total = 0.0
        for i, row in enumerate(rows):
            m = max(row)
            total += m + math.log(sum(math.exp(v - m) for v in row)) - row[i]
        return total / N
    return (ce(s) + ce([list(col) for col in zip(*s)])) / 2


@pytest.mark.parametrize("N,D", [(1, 3), (2, 1), (5, 8), (33, 16)])
@pytest.mark.parametrize("tau", [0.01, 0.07, 0.5, 2.0])
def test_agrees_with_closed_form_and_cross_entropy(N, D, tau):
    g = torch.Generator().manual_seed(N * D)
    a = torch.randn(N, D, generator=g, dtype=torch.float64) * 3
    b = a + torch.randn(N, D, generator=g, dtype=torch.float64)
    got = infonce_loss(a, b, tau)
    assert got.item() == pytest.approx(closed_form(a, b, tau), rel=1e-9, abs=1e-9)
    logits = F.normalize(a, dim=1) @ F.normalize(b, dim=1).T / tau
    labels = torch.arange(N)
    want = (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2
    torch.testing.assert_close(got, want)


def test_gradients_agree():
    g = torch.Generator().manual_seed(0)
    x, y = torch.randn(6, 4, generator=g, dtype=torch.float64), torch.randn(6, 4, generator=g, dtype=torch.float64)
    a1, b1, a2, b2 = (t.clone().requires_grad_() for t in (x, y, x, y))
    infonce_loss(a1, b1, 0.2).backward()
    logits = F.normalize(a2, dim=1) @ F.normalize(b2, dim=1).T / 0.2
    ((F.cross_entropy(logits, torch.arange(6)) + F.cross_entropy(logits.T, torch.arange(6))) / 2).backward()
    torch.testing.assert_close(a1.grad, a2.grad)
    torch.testing.assert_close(b1.grad, b2.grad)


def test_one_pair_is_zero_and_small_tau_stays_finite():
    assert infonce_loss(torch.randn(1, 5), torch.randn(1, 5)).item() == 0.0
    a = torch.randn(64, 16)
    loss = infonce_loss(a, a, 0.01)
    assert torch.isfinite(loss) and loss.item() < 1e-3


def test_float32_matches_float64():
    g = torch.Generator().manual_seed(1)
    a, b = torch.randn(9, 7, generator=g), torch.randn(9, 7, generator=g)
    got = infonce_loss(a, b, 0.07)
    assert got.dtype == torch.float32
    torch.testing.assert_close(got.double(), infonce_loss(a.double(), b.double(), 0.07), rtol=1e-5, atol=1e-5)


def test_prompt_example():
    a = torch.tensor([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]])
    b = torch.tensor([[2.0, 1.0], [0.0, 1.0], [-1.0, 1.0]])
    torch.testing.assert_close(infonce_loss(a, b, 0.5), torch.tensor(1.0701), atol=1e-4, rtol=0)

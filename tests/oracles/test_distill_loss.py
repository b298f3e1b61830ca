import math

import pytest
import torch
import torch.nn.functional as F

from reference.distill_loss import distill_loss


def log_softmax(row):
    m = max(row)
    lse = m + math.log(sum(math.exp(x - m) for x in row))
    return [x - lse for x in row]


def closed_form(s, t, y, T, alpha) -> float:
    """Hinton's loss in float64 Python: α T² mean KL(p_t ‖ q_s) + (1 - α) mean CE."""
    soft = hard = 0.0
    for srow, trow, label in zip(s.tolist(), t.tolist(), y.tolist()):
        log_q = log_softmax([x / T for x in srow])
        log_p = log_softmax([x / T for x in trow])
        soft += sum(math.exp(lp) * (lp - lq) for lp, lq in zip(log_p, log_q))
        hard -= log_softmax(srow)[label]
    n = len(y)
    return alpha * T * T * soft / n + (1 - alpha) * hard / n


@pytest.mark.parametrize("N,C", [(1, 2), (4, 5), (16, 100)])
@pytest.mark.parametrize("T", [0.5, 1.0, 2.0, 8.0])
@pytest.mark.parametrize("alpha", [0.0, 0.5, 1.0])
def test_agrees_with_closed_form_and_kl_div(N, C, T, alpha):
    g = torch.Generator().manual_seed(N * C)
    s, t = 3 * torch.randn(N, C, generator=g, dtype=torch.float64), 3 * torch.randn(N, C, generator=g, dtype=torch.float64)
    y = torch.randint(0, C, (N,), generator=g)
    got = distill_loss(s, t, y, T, alpha)
    assert got.item() == pytest.approx(closed_form(s, t, y, T, alpha), rel=1e-9, abs=1e-9)
    # the usual library form: probabilities as the target, batchmean
    want = alpha * T * T * F.kl_div(F.log_softmax(s / T, 1), F.softmax(t / T, 1), reduction="batchmean") + \
        (1 - alpha) * F.cross_entropy(s, y)
    torch.testing.assert_close(got, want)


def test_gradients_agree():
    g = torch.Generator().manual_seed(0)
    s, t, y = torch.randn(5, 6, generator=g), torch.randn(5, 6, generator=g), torch.randint(0, 6, (5,), generator=g)
    a, b = s.clone().requires_grad_(), s.clone().requires_grad_()
    distill_loss(a, t, y, 3.0, 0.4).backward()
    (0.4 * 9 * F.kl_div(F.log_softmax(b / 3, 1), F.softmax(t / 3, 1), reduction="batchmean")
     + 0.6 * F.cross_entropy(b, y)).backward()
    torch.testing.assert_close(a.grad, b.grad)


def test_far_apart_logits_stay_finite():
    s = torch.tensor([[1000.0, -1000.0, 0.0]])
    t = torch.tensor([[-1000.0, 1000.0, 0.0]])
    loss = distill_loss(s, t, torch.tensor([0]), temperature=1.0, alpha=1.0)
    assert loss.item() == pytest.approx(2000.0, rel=1e-5)


def test_prompt_example():
    s = torch.tensor([[2.0, 0.0, -1.0], [0.5, 0.5, 0.0]])
    t = torch.tensor([[3.0, 1.0, -2.0], [0.0, 2.0, 0.0]])
    torch.testing.assert_close(distill_loss(s, t, torch.tensor([0, 1])), torch.tensor(0.4179), atol=1e-4, rtol=0)

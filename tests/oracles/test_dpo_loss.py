import math

import pytest
import torch
import torch.nn.functional as F

from reference.dpo_loss import dpo_loss


def trl_sigmoid_dpo(pi_c, pi_r, ref_c, ref_r, beta):
    """TRL DPOTrainer.dpo_loss, loss_type="sigmoid", label_smoothing=0 (written out here)."""
    logits = (pi_c - pi_r) - (ref_c - ref_r)
    losses = -F.logsigmoid(beta * logits)
    return losses.mean(), beta * (pi_c - ref_c).detach(), beta * (pi_r - ref_r).detach()


def brute_force(pi_c, pi_r, ref_c, ref_r, beta):
    """-log sigmoid per pair in float64 Python, stable form."""
    losses = []
    for a, b, c, d in zip(pi_c.tolist(), pi_r.tolist(), ref_c.tolist(), ref_r.tolist()):
        z = beta * ((a - c) - (b - d))
        losses.append(max(-z, 0.0) + math.log1p(math.exp(-abs(z))))
    return sum(losses) / len(losses)


@pytest.mark.parametrize("B", [1, 3, 64])
@pytest.mark.parametrize("beta", [0.01, 0.1, 0.5, 1.0])
@pytest.mark.parametrize("size", [5.0, 300.0])
def test_agrees_with_trl_sigmoid_loss(B, beta, size):
    g = torch.Generator().manual_seed(B)
    ref_c, ref_r = -size * torch.rand(B, generator=g), -size * torch.rand(B, generator=g)
    pi_c, pi_r = ref_c + 10 * torch.randn(B, generator=g), ref_r + 10 * torch.randn(B, generator=g)
    got = dpo_loss(pi_c, pi_r, ref_c, ref_r, beta)
    want = trl_sigmoid_dpo(pi_c, pi_r, ref_c, ref_r, beta)
    for a, b in zip(got, want):
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-5 * max(1.0, beta * size / 50))
    assert got[0].item() == pytest.approx(brute_force(pi_c, pi_r, ref_c, ref_r, beta), rel=1e-5, abs=1e-5)


def test_gradients_agree():
    g = torch.Generator().manual_seed(0)
    x = [-50 + 5 * torch.randn(6, generator=g) for _ in range(4)]
    a = [t.clone().requires_grad_() for t in x]
    b = [t.clone().requires_grad_() for t in x]
    dpo_loss(*a, 0.3)[0].backward()
    trl_sigmoid_dpo(*b, 0.3)[0].backward()
    for ta, tb in zip(a, b):
        torch.testing.assert_close(ta.grad, tb.grad)


def test_huge_margins_stay_finite():
    loss, _, _ = dpo_loss(torch.tensor([-2500.0]), torch.tensor([-100.0]), torch.tensor([-500.0]),
                          torch.tensor([-100.0]))
    assert loss.item() == pytest.approx(200.0)


def test_prompt_example():
    loss, cr, rr = dpo_loss(torch.tensor([-10.0, -8.0]), torch.tensor([-12.0, -7.0]),
                            torch.tensor([-11.0, -8.0]), torch.tensor([-11.0, -8.0]))
    torch.testing.assert_close(loss, torch.tensor(0.6713), atol=1e-4, rtol=0)
    torch.testing.assert_close(cr, torch.tensor([0.1, 0.0]))
    torch.testing.assert_close(rr, torch.tensor([-0.1, 0.1]))

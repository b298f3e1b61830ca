"""The reference against the DPO loss of Rafailov et al., "Direct Preference Optimization" (2023),
evaluated pair by pair in float64 Python: with implicit rewards r = beta * (log pi(y) - log pi_ref(y))
for the chosen and the rejected response, the loss is the batch mean of -log sigmoid(r_chosen -
r_rejected). The rewards are returned too. Gradients are checked against that formula's derivative:
with z = r_chosen - r_rejected, d(-log sigmoid(z))/dz = -sigmoid(-z), so over a batch of B the
policy's chosen log-prob gets -beta sigmoid(-z) / B, its rejected one +beta sigmoid(-z) / B, and the
reference model's the opposite signs."""
import math

import pytest
import torch

from reference.dpo_loss import dpo_loss


def log_sigmoid(z: float) -> float:
    """log(1 / (1 + e^-z)) without overflow at any |z|."""
    return -(max(-z, 0.0) + math.log1p(math.exp(-abs(z))))


def dpo_by_the_paper(pi_c, pi_r, ref_c, ref_r, beta):
    """(mean loss, chosen rewards, rejected rewards), all float64, from the paper's formula."""
    chosen = [beta * (a - c) for a, c in zip(pi_c.tolist(), ref_c.tolist())]
    rejected = [beta * (b - d) for b, d in zip(pi_r.tolist(), ref_r.tolist())]
    losses = [-log_sigmoid(rc - rr) for rc, rr in zip(chosen, rejected)]
    f64 = lambda v: torch.tensor(v, dtype=torch.float64)
    return f64(math.fsum(losses) / len(losses)), f64(chosen), f64(rejected)


def dpo_gradients(pi_c, pi_r, ref_c, ref_r, beta):
    """d(mean loss)/d each of the four inputs, float64, from the derivative in the module docstring."""
    B = len(pi_c)
    zs = [beta * ((a - c) - (b - d)) for a, b, c, d in zip(pi_c.tolist(), pi_r.tolist(), ref_c.tolist(),
                                                              ref_r.tolist())]
    g = torch.tensor([beta * math.exp(log_sigmoid(-z)) / B for z in zs], dtype=torch.float64)
    return -g, g, g, -g


@pytest.mark.parametrize("B", [1, 3, 64])
@pytest.mark.parametrize("beta", [0.01, 0.1, 0.5, 1.0])
@pytest.mark.parametrize("size", [5.0, 300.0])
def test_agrees_with_the_paper_formula(B, beta, size):
    g = torch.Generator().manual_seed(B)
    ref_c, ref_r = -size * torch.rand(B, generator=g), -size * torch.rand(B, generator=g)
    pi_c, pi_r = ref_c + 10 * torch.randn(B, generator=g), ref_r + 10 * torch.randn(B, generator=g)
    got = dpo_loss(pi_c, pi_r, ref_c, ref_r, beta)
    want = dpo_by_the_paper(pi_c, pi_r, ref_c, ref_r, beta)
    assert [t.shape for t in got] == [torch.Size([]), torch.Size([B]), torch.Size([B])]
    for a, b in zip(got, want):
        torch.testing.assert_close(a.double(), b, rtol=1e-5, atol=1e-5 * max(1.0, beta * size / 50))


def test_gradients_agree():
    g = torch.Generator().manual_seed(0)
    x = [-50 + 5 * torch.randn(6, generator=g) for _ in range(4)]
    a = [t.clone().requires_grad_() for t in x]
    loss, chosen, rejected = dpo_loss(*a, 0.3)
    assert not chosen.requires_grad and not rejected.requires_grad      # rewards are detached, for logging
    loss.backward()
    for ta, want in zip(a, dpo_gradients(*x, 0.3)):
        torch.testing.assert_close(ta.grad, want.float())


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

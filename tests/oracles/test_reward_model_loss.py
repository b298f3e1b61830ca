import math

import pytest
import torch
import torch.nn.functional as F

from reference.reward_model_loss import reward_model_loss


def closed_form(r_chosen, r_rejected, margin) -> float:
    """-log sigmoid(z) = max(-z, 0) + log1p(e^-|z|) per pair in float64 Python, averaged."""
    margin = [0.0] * len(r_chosen) if margin is None else margin.tolist()
    losses = []
    for c, r, m in zip(r_chosen.tolist(), r_rejected.tolist(), margin):
        z = c - r - m
        losses.append(max(-z, 0.0) + math.log1p(math.exp(-abs(z))))
    return sum(losses) / len(losses)


@pytest.mark.parametrize("B", [1, 2, 7, 256])
@pytest.mark.parametrize("spread", [0.1, 3.0, 100.0])
@pytest.mark.parametrize("with_margin", [False, True])
def test_agrees_with_bce_with_logits(B, spread, with_margin):
    g = torch.Generator().manual_seed(B)
    c, r = spread * torch.randn(B, generator=g), spread * torch.randn(B, generator=g) + 1.0
    margin = torch.rand(B, generator=g) * 2 if with_margin else None
    got = reward_model_loss(c, r, margin)
    # "chosen wins" is a binary event with probability sigmoid(gap): BCE against the label 1
    gap = c - r - (margin if with_margin else 0.0)
    want = F.binary_cross_entropy_with_logits(gap, torch.ones(B))
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-6 * max(1.0, spread))
    assert got.item() == pytest.approx(closed_form(c, r, margin), rel=1e-5, abs=1e-6 * max(1.0, spread))


def test_default_margin_is_none():
    c, r = torch.tensor([0.3, -1.0]), torch.tensor([0.0, 2.0])
    torch.testing.assert_close(reward_model_loss(c, r), reward_model_loss(c, r, None))
    torch.testing.assert_close(reward_model_loss(c, r), reward_model_loss(c, r, torch.zeros(2)))


def test_gradients_agree():
    g = torch.Generator().manual_seed(0)
    c, r, m = torch.randn(5, generator=g), torch.randn(5, generator=g), torch.rand(5, generator=g)
    a = [c.clone().requires_grad_(), r.clone().requires_grad_()]
    b = [c.clone().requires_grad_(), r.clone().requires_grad_()]
    reward_model_loss(a[0], a[1], m).backward()
    F.binary_cross_entropy_with_logits(b[0] - b[1] - m, torch.ones(5)).backward()
    for ta, tb in zip(a, b):
        torch.testing.assert_close(ta.grad, tb.grad)


def test_huge_gaps_stay_finite():
    loss = reward_model_loss(torch.tensor([250.0, -100.0]), torch.tensor([50.0, 100.0]))
    assert loss.item() == pytest.approx(100.0)


def test_float64_and_dtype():
    c, r = torch.randn(4, dtype=torch.float64), torch.randn(4, dtype=torch.float64)
    assert reward_model_loss(c, r).dtype == torch.float64


def test_prompt_example():
    c, r = torch.tensor([1.0, 0.5, 2.0]), torch.tensor([0.0, 1.5, -1.0])
    torch.testing.assert_close(reward_model_loss(c, r), torch.tensor(0.5584), atol=1e-4, rtol=0)
    torch.testing.assert_close(reward_model_loss(c, r, torch.tensor([0.5, 0.0, 1.0])), torch.tensor(0.6381),
                               atol=1e-4, rtol=0)

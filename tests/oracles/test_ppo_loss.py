import math

import pytest
import torch

from reference.ppo_loss import ppo_loss


def brute_force(logp_new, logp_old, advantages, mask, clip_eps) -> float:
    """The PPO-clip objective token by token in float64 Python, negated, averaged over real tokens."""
    total, count = 0.0, 0
    for ln, lo, a, m in zip(logp_new.flatten().tolist(), logp_old.flatten().tolist(),
                            advantages.flatten().tolist(), mask.flatten().tolist()):
        if not m:
            continue
        ratio = math.exp(ln - lo)
        clipped = min(max(ratio, 1 - clip_eps), 1 + clip_eps)
        total += -min(ratio * a, clipped * a)
        count += 1
    return total / count


@pytest.mark.parametrize("B,S", [(1, 1), (2, 5), (4, 16), (3, 100)])
@pytest.mark.parametrize("drift", [0.05, 0.5, 2.0])
@pytest.mark.parametrize("clip_eps", [0.1, 0.2, 0.3])
def test_agrees_with_brute_force(B, S, drift, clip_eps):
    g = torch.Generator().manual_seed(B * S)
    logp_old = -3 * torch.rand(B, S, generator=g)
    logp_new = logp_old + drift * torch.randn(B, S, generator=g)
    advantages = torch.randn(B, S, generator=g) * 2
    mask = torch.rand(B, S, generator=g) < 0.7
    mask[:, 0] = True
    got = ppo_loss(logp_new, logp_old, advantages, mask, clip_eps)
    assert got.item() == pytest.approx(brute_force(logp_new, logp_old, advantages, mask, clip_eps), rel=1e-5,
                                       abs=1e-6)


def test_gradient_vanishes_past_the_clip_range():
    """The clipped tokens that the advantage favours give no gradient; the others do."""
    logp_old = torch.zeros(4)
    logp_new = torch.tensor([0.5, 0.5, -0.5, -0.5], requires_grad=True)     # ratios 1.65, 1.65, 0.61, 0.61
    advantages = torch.tensor([1.0, -1.0, 1.0, -1.0])
    ppo_loss(logp_new, logp_old, advantages, torch.ones(4, dtype=torch.bool)).backward()
    ratio = math.exp(0.5)
    torch.testing.assert_close(logp_new.grad, torch.tensor([0.0, ratio / 4, -1 / ratio / 4, 0.0]))


def test_prompt_example():
    loss = ppo_loss(torch.tensor([[-0.5, -2.3, -3.0]]), torch.tensor([[-1.0, -2.0, -0.5]]),
                    torch.tensor([[1.0, -1.0, 2.0]]), torch.tensor([[True, True, False]]))
    torch.testing.assert_close(loss, torch.tensor(-0.2))
